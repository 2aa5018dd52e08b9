/**
 * The text of a document that is made a part at a time. The XML reader reads it and the body decoder (charset.ts)
 * makes it, so it lives below both, and a transport can hold one without depending on either.
 */

/**
 * A document's text, made a part at a time when the reader comes to it (e.g. from the chunks of a response's bytes).
 * The reader asks for consecutive windows, each overlapping the last by what it has not read yet, and for the text
 * before its window only to describe an error.
 */
export interface TextSource {
  /** The length of the whole text. */
  readonly length: number;
  /** The text from `start` to `end`, `0 <= start <= end <= length`. */
  text(start: number, end: number): string;
}

/**
 * The whole text of a body held either way. A source is turned into one string here, which for a large body costs
 * about as much as decoding it: read a source with the XML reader where that will do.
 * @param body - the text, or a source of it
 */
export function textOf(body: string | TextSource): string {
  return typeof body === 'string' ? body : body.text(0, body.length);
}
