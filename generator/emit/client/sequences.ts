/**
 * A sequence that is an alternative of a choice (xs:sequence inside xs:choice), in the client's codec: written by the
 * runtime's sequenceWriter, read by the record's decoder among its own members (the first element starts the
 * alternative, the others join it), each element once and the required ones checked when the record ends.
 */
import type { WriterFunction } from 'ts-morph';
import type { ChoiceAlternative, SequenceMember, TypeModel } from '../../model/types.js';
import { arrayLiteral, call } from '../expressions.js';
import { tsLiteral } from '../ts-types.js';

/** The runtime writer of a sequence alternative: `sequenceWriter([['vin', writeXsString, false], ...])`. */
export function sequenceWriterOf(members: readonly SequenceMember[], writer: (t: TypeModel) => string): string {
  const entries = members.map((m) => arrayLiteral([tsLiteral(m.name), writer(m.type), String(m.optional)]));
  return call('sequenceWriter', [arrayLiteral(entries)]);
}

type Writer = Parameters<WriterFunction>[0];

/** The cases of a record decoder's member switch for a sequence alternative's elements, read into `local`. */
export function sequenceCases(
  w: Writer,
  parent: string,
  local: string,
  a: ChoiceAlternative,
  readerOf: (t: TypeModel) => string,
): void {
  for (const m of a.sequence ?? []) {
    w.writeLine(`case ${tsLiteral(m.name)}:`);
    w.indent(() => {
      w.write(
        `${local} = ${call('sequenceElement', ['r', tsLiteral(parent), local, tsLiteral(a.name), readerOf(m.type)])};`,
      );
      w.newLine();
      w.writeLine('break;');
    });
  }
}

/** Once the record is read: each sequence alternative it holds has its required elements. */
export function sequenceChecks(w: Writer, parent: string, local: string, t: TypeModel): void {
  if (t.kind !== 'choice') return;
  for (const a of t.alternatives) {
    const required = (a.sequence ?? []).slice(1).filter((m) => !m.optional);
    if (required.length === 0) continue;
    const names = arrayLiteral(required.map((m) => tsLiteral(m.name)));
    w.write(`${call('checkSequence', ['r', tsLiteral(parent), local, tsLiteral(a.name), names])};`);
    w.newLine();
  }
}

/** The runtime names reading a choice with sequence alternatives takes, its members' readers visited. */
export function sequenceImports(t: TypeModel, names: Set<string>, visit: (t: TypeModel) => void): void {
  if (t.kind !== 'choice') return;
  for (const a of t.alternatives.filter((x) => x.sequence)) {
    names.add('sequenceElement');
    if (a.sequence!.slice(1).some((m) => !m.optional)) names.add('checkSequence');
    for (const m of a.sequence!) visit(m.type);
  }
}
