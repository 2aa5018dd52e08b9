/**
 * A bare operation (ASMX's ParameterStyle = Bare, a WCF MessageContract): its parameters, result and outputs are its
 * message parts, not the children of wrapper elements.
 */
import type { DraftField, DraftParam, DraftResult } from './draft.js';
import type { BodyPart, DraftedMessages } from './messages.js';
import type { Problems } from './problems.js';
import { xsdDocumentation } from './read-wsdl.js';
import type { PlannedType, TypePlanner } from './schema.js';

/**
 * A bare operation's parameters, result and outputs from its message parts: each input part is a parameter named as
 * its element (the name on the wire); the first output part is the result, the others out parameters. Every element
 * must be in one namespace, the operation's. Reports and returns undefined for what it cannot draft whole.
 */
export function draftBare(
  types: TypePlanner,
  problems: Problems,
  name: string,
  inParts: readonly BodyPart[],
  outParts: readonly BodyPart[],
  tns: string,
): DraftedMessages | undefined {
  const namespace = (inParts[0] ?? outParts[0])?.element.ns ?? tns;
  const stray = [...inParts, ...outParts].find((p) => p.element.ns !== namespace);
  if (stray) {
    problems.add(
      stray.file,
      stray.part,
      'wsdl:part',
      `the elements of ${name}'s parts are in more than one namespace (${namespace}, ${stray.element.ns}), which a bare operation of the format cannot say; the operation is left out`,
    );
    return undefined;
  }
  const params = bareParams(types, problems, name, inParts);
  if (!params) return undefined;
  const answer = bareAnswer(types, problems, name, outParts);
  if (!answer) return undefined;
  return { params, ...answer, namespace: namespace !== tns ? namespace : undefined };
}

/** Each input part as a parameter; undefined (reported) when one cannot be drafted. */
function bareParams(
  types: TypePlanner,
  problems: Problems,
  name: string,
  inParts: readonly BodyPart[],
): DraftParam[] | undefined {
  const params: DraftParam[] = [];
  for (const p of inParts) {
    const planned = types.inlineRecordType(p.element) ?? types.particleType(p.node, p.file);
    if (!planned) {
      problems.add(
        p.file,
        p.part,
        'wsdl:part',
        `the parameter ${p.element.local} of ${name} cannot be drafted (why is reported where its element is declared); the operation is left out`,
      );
      return undefined;
    }
    // A top-level element has no minOccurs: a reference type may be sent nil or left out, as ASMX passes null.
    params.push({
      name: p.element.local,
      type: planned.ref,
      ...(planned.reference ? { optional: true as const } : {}),
      ...(p.node.attrs.get('nillable') === 'true' ? { nillable: true as const } : {}),
      ...(planned.pattern !== undefined ? { pattern: planned.pattern } : {}),
      doc: xsdDocumentation(p.node),
    });
  }
  return params;
}

/**
 * The first output part as the result, the others as out parameters (void and none without output parts); undefined
 * (reported) when one cannot be drafted.
 */
function bareAnswer(
  types: TypePlanner,
  problems: Problems,
  name: string,
  outParts: readonly BodyPart[],
): Pick<DraftedMessages, 'result' | 'resultType' | 'outputs'> | undefined {
  let result: DraftResult = 'void';
  let resultType: PlannedType | undefined;
  const outputs: DraftField[] = [];
  const [first, ...rest] = outParts;
  if (first) {
    resultType = types.inlineRecordType(first.element) ?? types.particleType(first.node, first.file);
    if (resultType) types.patternNotKept(resultType, first.node, first.file, `the result of ${name}`);
    if (!resultType) {
      problems.add(
        first.file,
        first.part,
        'wsdl:part',
        `the result ${first.element.local} of ${name} cannot be drafted (why is reported where its element is declared); the operation is left out`,
      );
      return undefined;
    }
    const element = first.element.local;
    const nullable = first.node.attrs.get('nillable') === 'true';
    result =
      nullable || element !== `${name}Result`
        ? {
            type: resultType.ref,
            ...(nullable ? { nullable: true as const } : {}),
            ...(element !== `${name}Result` ? { element } : {}),
          }
        : resultType.ref;
    for (const p of rest) {
      const f = types.field(p.node, p.file);
      if (!f) {
        problems.add(
          p.file,
          p.part,
          'wsdl:part',
          `the out parameter ${p.element.local} of ${name} cannot be drafted (why is reported where its element is declared); the operation is left out`,
        );
        return undefined;
      }
      outputs.push(f);
    }
  }
  return { result, resultType, outputs };
}
