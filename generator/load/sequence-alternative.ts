/**
 * A sequence of elements as one alternative of a choice (`xs:sequence` inside `xs:choice`, chromedata's `(modelYear,
 * makeName, modelName) | (vin, reducingStyleId?) | styleId`). XML Schema chooses the alternative by the first element
 * on the wire, so the first member names it and must be there: an optional first element would make the choice
 * depend on what follows, which the readers do not look ahead for.
 */
import type { ChoiceAlternative, ListType, ScalarType, SequenceMember, TypeModel } from '../model/types.js';
import type { SpecPath } from './locate.js';
import type { RawAlternative, RawSequenceAlternative } from './schema.js';

type RawTypeRef = RawSequenceAlternative['sequence'][number]['type'];

/** What resolving a sequence alternative needs from the resolver. */
export interface SequenceContext {
  readonly report: (path: SpecPath, message: string) => void;
  readonly typeOf: (t: RawTypeRef, path: SpecPath) => TypeModel | undefined;
  /** Whether the choice types a record field that does not repeat: the one place a sequence alternative may stand. */
  readonly allowed: boolean;
}

/** The alternative a raw sequence stands for, or undefined (reported) when it cannot be one. */
export function sequenceAlternative(
  a: RawSequenceAlternative,
  at: SpecPath,
  context: SequenceContext,
): ChoiceAlternative | undefined {
  const { report } = context;
  if (!context.allowed) {
    report(
      [...at, 'sequence'],
      "only a choice typing a record field (not repeated) can have a sequence as an alternative: the record's reader finds the sequence's elements among its own",
    );
    return undefined;
  }
  const members: SequenceMember[] = [];
  const seen = new Set<string>();
  let complete = true;
  a.sequence.forEach((m, i) => {
    const path: SpecPath = [...at, 'sequence', i];
    if (seen.has(m.name)) report([...path, 'name'], `duplicate element <${m.name}> in this sequence`);
    seen.add(m.name);
    if (i === 0 && m.optional)
      report(
        [...path, 'optional'],
        'the first element of a sequence alternative chooses it on the wire and cannot be optional',
      );
    const type = context.typeOf(m.type, [...path, 'type']);
    if (!type || type.kind === 'choice') {
      complete = false;
      return;
    }
    members.push({
      kind: 'member',
      name: m.name,
      type: type as ScalarType | ListType,
      optional: m.optional ?? false,
      doc: m.doc,
    });
  });
  if (!complete) return undefined;
  const first = members[0]!;
  return { kind: 'alternative', name: first.name, type: first.type, doc: a.doc, sequence: members };
}

/** The element names of a raw alternative: its own, or its sequence's. */
export function rawAlternativeNames(a: RawAlternative): string[] {
  return 'sequence' in a ? a.sequence.map((m) => m.name) : [a.name];
}

/** The element names of an alternative: its own, or each of its sequence's. */
export function alternativeElements(a: ChoiceAlternative): ReadonlyArray<{ readonly name: string }> {
  return a.sequence ?? [a];
}
