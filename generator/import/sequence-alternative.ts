/**
 * Drafts an `s:sequence` that is an alternative of an `s:choice` (chromedata's VehicleDescriptionRequest: `(modelYear,
 * makeName, modelName) | (vin, reducingStyleId?) | styleId`) as the format's sequence alternative, chosen on the wire
 * by its first element. What the format cannot say is reported at its place and the choice left out: a sequence in a
 * choice of a parameter, an output or a list's items (read by local name, where no record's reader finds its
 * elements), one that repeats, one whose first element may be absent (the choice would depend on what follows), and
 * a member that is not a plain element occurring at most once.
 */
import { NS } from '../emit/wsdl/namespaces.js';
import type { DraftList, DraftSequenceAlternative, DraftSequenceMember, DraftTypeRef } from './draft.js';
import { occurrenceOf } from './occurrence.js';
import { xsdDocumentation } from './read-wsdl.js';
import type { XmlElement } from './xml.js';

/** What drafting a sequence alternative needs from the schema drafter. */
export interface SequenceDrafter {
  report(file: string, at: XmlElement, construct: string, message: string): void;
  /** The type drafted for a member element, or undefined (reported). */
  memberType(el: XmlElement, file: string): DraftTypeRef | undefined;
}

/** The alternative `seq` stands for, or undefined (reported) where the format cannot say it. */
export function draftSequenceAlternative(
  owner: string,
  seq: XmlElement,
  file: string,
  allowed: boolean,
  drafter: SequenceDrafter,
): DraftSequenceAlternative | undefined {
  const refuse = (at: XmlElement, message: string): undefined => {
    drafter.report(file, at, 's:sequence in s:choice', `in ${owner}: ${message}; the choice is left out`);
    return undefined;
  };
  if (!allowed)
    return refuse(seq, 'a sequence is an alternative only of a choice of a record field that does not repeat');
  const occurrence = occurrenceOf(seq);
  if (occurrence.min !== 1 || occurrence.max !== 1)
    return refuse(seq, 'a sequence alternative that repeats or may be absent');
  const particles = seq.children.filter((x) => x.ns === NS.xsd && x.name !== 'annotation');
  const members: DraftSequenceMember[] = [];
  for (const [i, el] of particles.entries()) {
    const name = el.attrs.get('name');
    if (el.name !== 'element' || name === undefined)
      return refuse(el, `only local elements are drafted in a sequence alternative, not this s:${el.name}`);
    const { min, max } = occurrenceOf(el);
    if (max !== 1) return refuse(el, `the element ${name} of a sequence alternative repeats`);
    if (i === 0 && min === 0)
      return refuse(el, `the first element ${name} of a sequence alternative is optional, so it cannot choose it`);
    const type = drafter.memberType(el, file);
    if (type === undefined || (typeof type === 'object' && 'choice' in type)) return undefined;
    const doc = xsdDocumentation(el);
    members.push({
      name,
      type: type as string | DraftList,
      ...(min === 0 ? { optional: true as const } : {}),
      ...(doc !== undefined ? { doc } : {}),
    });
  }
  if (members.length < 2) return refuse(seq, 'a sequence of fewer than two elements');
  const doc = xsdDocumentation(seq);
  return { sequence: members, ...(doc !== undefined ? { doc } : {}) };
}
