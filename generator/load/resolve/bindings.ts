/**
 * The service's bindings (`service.bindings`) and an operation's: HTTP POST and HTTP GET carry the same form (in the
 * body, in the query string), so both take the same checks, and answer with the same root (`httpPostRoot`).
 */
import type { BindingName, HttpPostRootModel, ParameterModel, ResultModel, TypeModel } from '../../model/types.js';
import { capitalise } from '../../model/text.js';
import { describeType } from '../describe-type.js';
import type { SpecPath } from '../locate.js';
import type { ResolvableSpec } from '../salvage.js';
import type { RawOperation } from '../schema.js';
import type { OperationsContext, Report } from './context.js';
import { defaultItemElement } from './type-refs.js';

/**
 * Without a list, the three bindings ASMX enables by default; HTTP GET is off by default (web.config), so only
 * listed.
 */
export function serviceBindings(raw: ResolvableSpec): BindingName[] {
  return (['soap11', 'soap12', 'httpPost', 'httpGet'] as const).filter(
    (b) => raw.service.bindings?.includes(b) ?? b !== 'httpGet',
  );
}

/** An operation as it is in each form binding, with the root of their answer (none with a problem reported). */
export function operationBindings(
  ox: OperationsContext,
  op: RawOperation,
  path: SpecPath,
  params: readonly ParameterModel[],
  result: ResultModel | undefined,
): { httpPost: boolean; httpGet: boolean; httpPostRoot: HttpPostRootModel | undefined } {
  const bindingReport: Report = ox.bindingsKnown ? ox.report : () => undefined;
  const form = { ox, op, path, params, bindingReport };
  const httpPost = formBinding(form, 'httpPost', 'HTTP POST', op.httpPost);
  const httpGet = formBinding(form, 'httpGet', 'HTTP GET', op.httpGet);
  const httpPostRoot = httpPostRootOf(form, result, httpPost || httpGet);
  return { httpPost, httpGet, httpPostRoot };
}

/** An operation where its form bindings are checked; problems of bindings set aside are not reported. */
interface FormSite {
  readonly ox: OperationsContext;
  readonly op: RawOperation;
  readonly path: SpecPath;
  readonly params: readonly ParameterModel[];
  readonly bindingReport: Report;
}

/** Whether the operation has the form binding (the service's, unless `flag` turns it off); what it cannot carry. */
function formBinding(
  { ox, op, path, params, bindingReport }: FormSite,
  binding: 'httpPost' | 'httpGet',
  title: string,
  flag: boolean | undefined,
): boolean {
  const serviceHas = ox.bindings.includes(binding);
  if (flag === true && !serviceHas) {
    bindingReport(
      [...path, binding],
      `the service has no ${title} binding (service.bindings), so the operation cannot have one`,
      true,
    );
  }
  const has = serviceHas && flag !== false;
  if (has && op.outputs !== undefined) {
    bindingReport(
      [...path, 'outputs'],
      `out parameters are SOAP only: ASMX's ${title} binding returns one value; add ${binding}: false to the operation`,
      true,
    );
  }
  if (has) {
    params.forEach((p) => {
      if (p.role || formType(p.type)) return;
      const j = op.params.findIndex((e) => (typeof e === 'string' ? e : e.name) === p.name);
      bindingReport(
        [...path, 'params', j],
        `parameter "${p.name}" is ${describeType(p.type)}, which ASMX's ${title} binding cannot carry (only XML Schema types, enums and lists of them); add ${binding}: false to the operation, or leave ${binding} out of service.bindings`,
      );
    });
  }
  return has;
}

/**
 * The root of the form bindings' answer: HTTP GET answers the same document as HTTP POST. Asked for only where the
 * operation has one of them.
 */
function httpPostRootOf(
  { ox, op, path, bindingReport }: FormSite,
  result: ResultModel | undefined,
  hasForm: boolean,
): HttpPostRootModel | undefined {
  const rawRoot = op.httpPostRoot;
  if (!hasForm) {
    if (rawRoot !== undefined) {
      const serviceHasForm = ox.bindings.includes('httpPost') || ox.bindings.includes('httpGet');
      // Names the form bindings the service has, which the operation opts out of; or that the service has none.
      const forms = (['httpPost', 'httpGet'] as const).filter((b) => ox.bindings.includes(b));
      const why = serviceHasForm
        ? `the operation has no ${forms.map((b) => (b === 'httpPost' ? 'HTTP POST' : 'HTTP GET')).join(' or ')} binding (${forms.map((b) => `${b}: false`).join(', ')})`
        : 'the service has no HTTP POST binding (service.bindings)';
      bindingReport([...path, 'httpPostRoot'], `${why}, so an HTTP POST root means nothing here`, true);
    }
    return { kind: 'unbound' };
  }
  if (result?.kind === 'void') {
    if (rawRoot !== undefined)
      bindingReport(
        [...path, 'httpPostRoot'],
        'a void operation answers HTTP POST with an empty body: there is no root',
        true,
      );
    return { kind: 'empty' };
  }
  if (rawRoot === undefined) return result?.kind === 'value' ? conventionalRoot(result.type) : undefined;
  if (typeof rawRoot === 'string') return { kind: 'shown', name: rawRoot };
  const d = ox.decision(rawRoot.decision, [...path, 'httpPostRoot', 'decision']);
  return d ? { kind: 'notShown', assumed: rawRoot.assumed, decision: d } : undefined;
}

/** The root ASMX gives an HTTP POST response: the type's name, the XML Schema type's name, or ArrayOfX. */
function conventionalRoot(type: TypeModel): HttpPostRootModel {
  if (type.kind === 'list') return { kind: 'convention', name: `ArrayOf${capitalise(type.itemElement)}` };
  // XML content is written as it is: its root is whatever the service returns. A DataSet is a class's content, under
  // the class's name.
  if (type.kind === 'primitive' && type.name === 'xml' && !type.dataSet) return { kind: 'any' };
  return { kind: 'convention', name: defaultItemElement(type) };
}

/** Whether ASMX's HTTP POST binding can carry a parameter of this type: XML Schema types, enums and lists of them. */
function formType(type: TypeModel): boolean {
  if (type.kind === 'list') return type.item.kind !== 'list' && formType(type.item);
  return type.kind === 'enum' || (type.kind === 'primitive' && type.name !== 'xml');
}
