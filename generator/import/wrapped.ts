/**
 * A wrapped operation (ASMX's default): one element each way, of a type of its own, named after the operation. Its
 * parameters are the request wrapper's children; of the response wrapper's, the first is the result and the others
 * out parameters.
 */
import { NS } from '../emit/wsdl/namespaces.js';
import type { DraftField, DraftParam, DraftResult } from './draft.js';
import { withForm, withNamespace } from './forms.js';
import type { BodyPart, DraftedMessages } from './messages.js';
import { listBounds } from './occurrence.js';
import type { Problems } from './problems.js';
import { qnameAttr, xsdDocumentation } from './read-wsdl.js';
import type { PlannedType, TypePlanner } from './schema.js';
import { kids, type XmlElement } from './xml.js';

/**
 * A wrapped operation's parameters, result and outputs: the children of its request element, and of its response
 * element the result (first) and the out parameters. Reports and returns undefined for what it cannot draft.
 */
export function draftWrapped(
  types: TypePlanner,
  problems: Problems,
  name: string,
  request: BodyPart,
  response: BodyPart,
  tns: string,
): DraftedMessages | undefined {
  const inParticles = wrapperParticles(types, problems, request);
  const outParticles = wrapperParticles(types, problems, response);
  const params = wrappedParams(types, name, request, inParticles);
  // A repeated first element (`maxOccurs="5"`) is no one value a result can be: the operation returns nothing and
  // has it as an output, a list without a container, as an out parameter of an array type is written.
  const repeatedFirst = outParticles[0]?.name === 'element' && repeats(outParticles[0]);
  const first = repeatedFirst ? undefined : outParticles[0];
  const rest = outParticles.slice(repeatedFirst ? 0 : 1);
  const answer = wrappedResult(types, problems, name, response, tns, first, rest.length > 0);
  if (!answer) return undefined;
  const outputs = wrappedOutputs(types, name, response, tns, rest);
  return {
    params,
    ...answer,
    outputs,
    namespace: request.element.ns !== tns ? request.element.ns : undefined,
  };
}

/**
 * The particles of a wrapper element's type, in order: its elements (a reference read as the element it names) and
 * its choices. A wrapper extending a named type has the base's particles first, each base's before its own.
 * Anything else in the wrapper is reported and left out.
 */
function wrapperParticles(types: TypePlanner, problems: Problems, w: BodyPart): XmlElement[] {
  const ct = kids(w.node, NS.xsd, 'complexType')[0];
  if (!ct) return [];
  const out: XmlElement[] = [];
  const wrapper = w.node.attrs.get('name');
  /** The particles of a complex type's content (`holder`: it, or an extension), declared in `file` for `ns`. */
  const content = (holder: XmlElement, file: string, ns: string, bases: readonly string[]): void => {
    for (const c of holder.children) {
      if (c.ns !== NS.xsd || c.name === 'annotation') continue;
      if (c.name === 'complexContent' && holder === ct) {
        // A wrapper extending a named type: the base's elements (in the base's namespace), then its own.
        const extension = kids(c, NS.xsd, 'extension')[0];
        const base = extension ? qnameAttr(extension, 'base') : undefined;
        const declared = base ? types.complexType(base) : undefined;
        if (!extension || !base || !declared || bases.includes(`{${base.ns}}${base.local}`)) {
          problems.add(
            file,
            c,
            's:complexContent',
            `in the wrapper ${wrapper}: not an extension of a named complex type the WSDL declares; left out`,
          );
          continue;
        }
        inherited(declared.node, declared.file, base.ns, [...bases, `{${base.ns}}${base.local}`]);
        content(extension, file, ns, bases);
        continue;
      }
      if (c.name !== 'sequence') {
        problems.add(file, c, `s:${c.name}`, `in the wrapper ${wrapper}: not mapped; left out`);
        continue;
      }
      for (const p of c.children) {
        if (p.ns !== NS.xsd || p.name === 'annotation') continue;
        if (p.name === 'choice') out.push(p);
        else if (p.name === 'element') {
          // A reference to another namespace's element is a parameter, result or output in that namespace, its own;
          // so is a qualified local element of a base type of another namespace.
          const element = types.particle(p, file, true);
          if (element && ns !== w.element.ns && element === p && types.operationForm(p) === undefined)
            types.inheritedFrom(p, ns);
          if (element) out.push(element);
        } else problems.add(file, p, `s:${p.name}`, `in the wrapper ${wrapper}: not mapped; left out`);
      }
    }
  };
  /** A base type's content: its own base's first (complexContent), then its sequence. */
  const inherited = (node: XmlElement, file: string, ns: string, bases: readonly string[]): void => {
    const extension = kids(kids(node, NS.xsd, 'complexContent')[0] ?? node, NS.xsd, 'extension')[0];
    const base = extension ? qnameAttr(extension, 'base') : undefined;
    const declared = base ? types.complexType(base) : undefined;
    if (extension && base && declared && !bases.includes(`{${base.ns}}${base.local}`)) {
      inherited(declared.node, declared.file, base.ns, [...bases, `{${base.ns}}${base.local}`]);
      content(extension, file, ns, bases);
    } else content(node, file, ns, bases);
  };
  content(ct, w.file, w.element.ns, []);
  return out;
}

/** The request wrapper's particles as parameters; one that cannot be drafted is left out (reported where declared). */
function wrappedParams(
  types: TypePlanner,
  name: string,
  request: BodyPart,
  inParticles: readonly XmlElement[],
): DraftParam[] {
  const params: DraftParam[] = [];
  for (const p of inParticles) {
    if (p.name === 'choice') {
      // A choice in the wrapper: a parameter sent as one of its alternatives' elements.
      const f = types.choiceField(
        name,
        p,
        request.file,
        params.map((x) => x.name),
        [],
        false,
        false,
      );
      if (f)
        params.push({ name: f.name, type: f.type, ...(f.optional ? { optional: true as const } : {}), doc: f.doc });
      continue;
    }
    const pName = p.attrs.get('name');
    const planned = types.particleType(p, request.file, true);
    if (!planned || pName === undefined) continue;
    const form = types.operationForm(p);
    const foreign = types.foreignOf(p);
    // ASMX's `[XmlElement] string[] name`: the parameter's own element, repeated in the wrapper, none for no items.
    const repeated = repeats(p);
    const nillable = p.attrs.get('nillable') === 'true';
    const param: DraftParam = {
      name: pName,
      type: repeated
        ? {
            list: planned.ref,
            ...(nillable !== planned.reference ? { nillableItems: nillable } : {}),
            container: false,
            ...listBounds(p),
          }
        : planned.ref,
      // A repeated one too: its caller may leave it out (spec-format.md, repeated parameters).
      ...(p.attrs.get('minOccurs') === '0' ? { optional: true as const } : {}),
      ...(!repeated && nillable ? { nillable: true as const } : {}),
      ...(form ? { form } : {}),
      ...(foreign !== undefined ? { namespace: foreign } : {}),
      ...(!repeated && planned.pattern !== undefined ? { pattern: planned.pattern } : {}),
      doc: xsdDocumentation(p),
    };
    if (repeated) types.patternNotKept(planned, p, request.file, `the items of ${pName}`);
    types.settleLater(param, planned.ref, p, request.file, `the parameter ${name}.${pName}`);
    params.push(param);
  }
  return params;
}

/**
 * The result from the response wrapper's first particle (`first`; void without one), with its type. A choice there
 * is reported and undefined returned: the operation is left out. `withOutputs`: out parameters follow it.
 */
function wrappedResult(
  types: TypePlanner,
  problems: Problems,
  name: string,
  response: BodyPart,
  tns: string,
  first: XmlElement | undefined,
  withOutputs: boolean,
): { readonly result: DraftResult; readonly resultType: PlannedType | undefined } | undefined {
  let result: DraftResult = 'void';
  let resultType: PlannedType | undefined;
  if (first?.name === 'choice') {
    problems.add(
      response.file,
      first,
      's:choice',
      `the result of ${name} is a choice, which the format's results cannot be (a choice is a field or a parameter); the operation is left out`,
    );
    return undefined;
  }
  if (first) {
    resultType = types.particleType(first, response.file, true);
    if (resultType) types.patternNotKept(resultType, first, response.file, `the result of ${name}`);
    const element = first.attrs.get('name') ?? '';
    const form = types.operationForm(first);
    if (resultType) {
      const minZero = first.attrs.get('minOccurs') === '0';
      const nillable = first.attrs.get('nillable') === 'true';
      const nullable = resultType.reference ? minZero || nillable : nillable || minZero;
      // Beside outputs, the result is read and written as they are.
      const own = withOutputs ? outputNamespace(types, response, tns, first) : types.foreignOf(first);
      if (nullable || element !== `${name}Result` || form || own !== undefined) {
        const full = {
          type: resultType.ref,
          ...(nullable ? { nullable: true as const } : {}),
          ...(element !== `${name}Result` ? { element } : {}),
          ...(form ? { form } : {}),
          ...(own !== undefined ? { namespace: own } : {}),
        };
        types.settleLater(full, resultType.ref, first, response.file, `the result of ${name}`);
        result = full;
      } else result = resultType.ref;
    }
  }
  return { result, resultType };
}

/** The response wrapper's particles after the result (`rest`) as out parameters. */
function wrappedOutputs(
  types: TypePlanner,
  name: string,
  response: BodyPart,
  tns: string,
  rest: readonly XmlElement[],
): DraftField[] {
  const outputs: DraftField[] = [];
  for (const p of rest) {
    if (p.name === 'choice') {
      const f = types.choiceField(
        name,
        p,
        response.file,
        outputs.map((x) => x.name),
        [],
        false,
      );
      if (f) outputs.push(f);
      continue;
    }
    const f = types.field(p, response.file, true);
    if (!f) continue;
    const form = types.operationForm(p);
    const own = outputNamespace(types, response, tns, p);
    const output = form ? withForm(f, form) : own !== undefined ? withNamespace(f, own) : f;
    types.settleLater(output, output.type, p, response.file, `the output ${name}.${f.name}`);
    outputs.push(output);
  }
  return outputs;
}

/**
 * The namespace an output is written and read in, when not the service's. Outputs are written and read in the
 * service namespace (the client's and mock's convention for the children of <OpResponse>, and so the result beside
 * them): an element of another namespace, a reference's or a qualified local element of an operation of a namespace
 * of its own (edialog-sdk's uri:udf... outputs), gets that as its own.
 */
function outputNamespace(types: TypePlanner, response: BodyPart, tns: string, p: XmlElement): string | undefined {
  const ns = types.foreignOf(p) ?? response.element.ns;
  return ns !== tns ? ns : undefined;
}

/** Whether an element particle may occur more than once. */
function repeats(el: XmlElement): boolean {
  const max = el.attrs.get('maxOccurs');
  return max === 'unbounded' || (max !== undefined && Number(max) > 1);
}
