/**
 * The checks that only bare operations (document/literal not wrapped, ASMX's `ParameterStyle = Bare`) need, made once
 * every operation is resolved: their parameter, result and output elements are top-level elements of the schema, so
 * they share one name space with the other operations' elements; and nothing in their Body names them, so their
 * action must.
 */
import { isReferenceType } from '../model/reference-types.js';
import type { BindingName, OperationModel, SoapHeaderModel, TypeModel } from '../model/types.js';
import { describeType } from './describe-type.js';
import type { SpecPath } from './locate.js';

type Report = (path: SpecPath, message: string, key?: boolean) => void;

/** A top-level element of the schema an operation needs, with what it holds (elements of one name must agree). */
interface TopElement {
  readonly holds: string;
  readonly owner: string;
  readonly path: SpecPath;
}

/**
 * What a top-level element holds, as a text compared between its users: its type, nillable as the WSDL declares it
 * (a reference type always, a value type where null is allowed), so that the elements merged there agree here.
 */
function holding(type: TypeModel, nullable: boolean): string {
  return `${describeType(type)}${isReferenceType(type) || nullable ? ' (nillable)' : ''}`;
}

/** The top-level elements claimed so far, by `{namespace}name`: a second claim must hold the same thing. */
class TopElements {
  readonly #elements = new Map<string, TopElement>();

  constructor(private readonly report: Report) {}

  claim(namespace: string, name: string, element: TopElement): void {
    const key = `{${namespace}}${name}`;
    const known = this.#elements.get(key);
    if (known === undefined) this.#elements.set(key, element);
    else if (known.holds !== element.holds && known.owner !== element.owner) {
      this.report(
        element.path,
        `<${name}> is a top-level element of ${element.owner}, holding ${element.holds}, but also of ${known.owner}, holding ${known.holds}: in one namespace, an element name holds one thing (rename the parameter, or give the operation a namespace of its own)`,
      );
    } else if (known.holds !== element.holds) {
      this.report(
        element.path,
        `<${name}> is two top-level elements of ${element.owner}, holding ${known.holds} and ${element.holds}`,
      );
    }
  }
}

type Operations = ReadonlyArray<{ readonly op: OperationModel; readonly index: number }>;
/** Each operation's first Body element by action: operations that share an action are told apart by it. */
type Actions = Map<string, Array<{ readonly name: string; readonly first: string }>>;

/**
 * Reports what a bare operation cannot be: without a SOAP binding it means nothing; a list without container (items
 * repeated in the Body) is no element of its own; a top-level element of the same name in the same namespace as
 * another operation's must hold the same thing (an operation element never matches); and its action and first Body
 * element together must be no other operation's.
 * @param operations - the resolved operations with their index under `operations`
 * @param serviceNamespace - the service namespace, the default of operations' elements and actions
 * @param bindings - the service's bindings
 * @param headers - the service's SOAP headers, whose elements are top-level elements too
 */
export function checkBareOperations(
  operations: Operations,
  serviceNamespace: string,
  bindings: readonly BindingName[],
  headers: readonly SoapHeaderModel[],
  report: Report,
): void {
  if (!operations.some(({ op }) => op.bare)) return;
  const soap = bindings.includes('soap11') || bindings.includes('soap12');
  const elements = new TopElements(report);
  // Wrapped operations' elements first, so that a clash is reported where the bare operation names it.
  const actions = claimWrapped(operations, serviceNamespace, elements);
  claimRoots(operations, serviceNamespace, elements);
  for (const h of headers) {
    elements.claim(serviceNamespace, h.element, {
      holds: `the SOAP header ${h.element}`,
      owner: `the SOAP header ${h.element}`,
      path: ['soapHeaders'],
    });
  }
  for (const { op, index } of operations) {
    if (!op.bare) continue;
    const at: SpecPath = ['operations', index];
    if (!soap) {
      report(
        [...at, 'parameterStyle'],
        'the service has no SOAP binding (service.bindings), so a parameter style means nothing here',
        true,
      );
      continue;
    }
    const namespace = op.namespace ?? serviceNamespace;
    actionProblem(report, op, at, serviceNamespace, namespace, actions);
    claimParams(report, elements, op, at, namespace);
    claimAnswer(report, elements, op, at, serviceNamespace, namespace);
  }
}

/** Claims every wrapped operation's elements; gives every operation's action with its first Body element. */
function claimWrapped(operations: Operations, serviceNamespace: string, elements: TopElements): Actions {
  const actions: Actions = new Map();
  for (const { op, index } of operations) {
    const namespace = op.namespace ?? serviceNamespace;
    const action = actionOf(op, serviceNamespace);
    actions.set(action, [...(actions.get(action) ?? []), { name: op.name, first: firstElement(op, namespace) }]);
    if (op.bare) continue;
    const path: SpecPath = ['operations', index, 'name'];
    elements.claim(namespace, op.name, {
      holds: `the operation element of ${op.name}`,
      owner: `operation ${op.name}`,
      path,
    });
    elements.claim(namespace, `${op.name}Response`, {
      holds: `the response element of ${op.name}`,
      owner: `operation ${op.name}`,
      path,
    });
  }
  return actions;
}

/** Claims the root of each operation's HTTP POST answer that has a name. */
function claimRoots(operations: Operations, serviceNamespace: string, elements: TopElements): void {
  for (const { op, index } of operations) {
    const root = op.httpPostRoot;
    const name =
      root.kind === 'shown' || root.kind === 'convention'
        ? root.name
        : root.kind === 'notShown'
          ? root.assumed
          : undefined;
    if (name === undefined || op.result.kind !== 'value') continue;
    const path: SpecPath = ['operations', index, 'httpPostRoot'];
    elements.claim(op.namespace ?? serviceNamespace, name, {
      holds: holding(op.result.type, op.result.nullable),
      owner: `the HTTP POST answer of ${op.name}`,
      path,
    });
  }
}

function actionOf(op: OperationModel, serviceNamespace: string): string {
  return op.soapAction ?? `${serviceNamespace}${serviceNamespace.endsWith('/') ? '' : '/'}${op.name}`;
}

/** A bare operation whose action and first Body element are another operation's too. */
function actionProblem(
  report: Report,
  op: OperationModel,
  at: SpecPath,
  serviceNamespace: string,
  namespace: string,
  actions: Actions,
): void {
  const action = actionOf(op, serviceNamespace);
  const first = firstElement(op, namespace);
  const other = actions.get(action)?.find((o) => o.name !== op.name && o.first === first);
  if (other !== undefined) {
    const body = op.params[0] === undefined ? 'both Bodies are empty' : `both Bodies start with <${op.params[0].name}>`;
    report(
      [...at, 'soapAction'],
      `a bare operation is known by its SOAPAction, else by its Body's first element, but "${action}" is also the SOAPAction of ${other.name} and ${body}: nothing tells them apart`,
    );
  }
}

/** Claims a bare operation's parameter elements. */
function claimParams(report: Report, elements: TopElements, op: OperationModel, at: SpecPath, namespace: string): void {
  const owner = `operation ${op.name}`;
  op.params.forEach((p, j) => {
    const path: SpecPath = [...at, 'params', j];
    if (p.type.kind === 'list' && !p.type.container) {
      report(
        path,
        `parameter "${p.name}" is a list without container, which a bare operation cannot send as one element of the Body`,
      );
      return;
    }
    elements.claim(namespace, p.name, { holds: holding(p.type, p.nillable), owner, path });
  });
}

/** Claims a bare operation's result element and output elements. */
function claimAnswer(
  report: Report,
  elements: TopElements,
  op: OperationModel,
  at: SpecPath,
  serviceNamespace: string,
  namespace: string,
): void {
  const owner = `operation ${op.name}`;
  const result = op.result;
  const returned = result.kind === 'outputs' ? result.returned : result;
  if (returned.kind === 'value') {
    if (returned.type.kind === 'list' && !returned.type.container) {
      report(
        [...at, 'result'],
        'the result is a list without container, which a bare operation cannot answer as one element of the Body',
      );
    } else
      elements.claim(namespace, returned.element, {
        holds: holding(returned.type, returned.nullable),
        owner,
        path: [...at, 'result'],
      });
  }
  if (result.kind !== 'outputs') return;
  if (op.namespace !== undefined && op.namespace !== serviceNamespace) {
    report(
      [...at, 'outputs'],
      'out parameters of a bare operation with a namespace of its own are not supported: leave out its namespace, or the outputs',
    );
  }
  result.struct.fields.slice(returned.kind === 'value' ? 1 : 0).forEach((f, j) => {
    const path: SpecPath = [...at, 'outputs', j];
    if (f.type.kind === 'list' && !f.type.container) {
      report(
        path,
        `output "${f.name}" is a list without container, which a bare operation cannot answer as one element of the Body`,
      );
    } else elements.claim(namespace, f.name, { holds: holding(f.type, f.nillable), owner, path });
  });
}

/**
 * The first element of an operation's request Body, as `{namespace}name`: a wrapped operation's element, a bare one's
 * first parameter; '' for an empty Body.
 */
function firstElement(op: OperationModel, namespace: string): string {
  const name = op.bare ? op.params[0]?.name : op.name;
  return name === undefined ? '' : `{${namespace}}${name}`;
}
