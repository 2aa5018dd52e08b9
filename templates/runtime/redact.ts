/**
 * Keeping secrets out of errors. A client knows every secret it handles (the API key, the key it computed for a
 * request, secrets the service returned), but not what a misbehaving server will echo back: an HTML error page
 * or a SOAP fault that quotes the request puts the computed key into the text of the error we build from it, and
 * from there into logs (`message`, `stack`, `JSON.stringify`, `util.inspect`). So every error a call ends with is
 * passed through a {@link Redactor} that knows the secrets of that call.
 *
 * A secret is masked wherever a run of at least {@link MIN_FRAGMENT} of its characters appears, not only whole:
 * error texts are cut (an excerpt of 500 characters, a quoted value of 40), and a cut can keep most of a key. A
 * shorter secret is masked where it stands whole, as a token of its own.
 */
import { SvcError } from './errors.js';

/** What stands in place of a secret. */
export const REDACTED = '[redacted]';

/** Shortest run of a secret's characters that is masked on its own; shorter secrets are masked whole. */
export const MIN_FRAGMENT = 12;

/** How far down an error's `cause` chain secrets are masked. */
const MAX_CAUSE_DEPTH = 4;

/**
 * The forms a secret takes on the wire besides its own: XML-escaped and form-encoded, and XML-escaped twice, as an
 * echo of an XML request shows it in an HTML error page or in a fault detail kept as markup.
 */
function variants(secret: string): string[] {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const xml = escape(secret);
  const form = new URLSearchParams([['', secret]]).toString().slice(1);
  return [...new Set([secret, xml, escape(xml), form])];
}

/** True when `text[i]` is a letter or digit (false outside the text). */
function isWordChar(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const c = text.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c > 127;
}

export class Redactor {
  private readonly needles: readonly string[];

  /** @param secrets - the secrets to mask; empty strings are ignored */
  constructor(secrets: Iterable<string | undefined>) {
    const needles = new Set<string>();
    for (const s of secrets) {
      if (typeof s === 'string' && s !== '') for (const v of variants(s)) needles.add(v);
    }
    this.needles = [...needles];
  }

  /** True when there is nothing to mask. */
  get empty(): boolean {
    return this.needles.length === 0;
  }

  /** `text` with every secret, and every run of {@link MIN_FRAGMENT} or more of a secret's characters, masked. */
  text(text: string): string {
    if (this.needles.length === 0 || text === '') return text;
    const ranges: Array<[number, number]> = [];
    for (const needle of this.needles) {
      if (needle.length < MIN_FRAGMENT) {
        // A short secret is masked where it stands as a token of its own: inside a longer word ('key' in
        // 'monkey'... or a one-letter test key) it is not the secret, and masking it would garble the text.
        for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
          if (!isWordChar(text, at - 1) && !isWordChar(text, at + needle.length)) ranges.push([at, at + needle.length]);
        }
        continue;
      }
      // Windows of MIN_FRAGMENT characters at every offset of the secret: any longer run of its characters contains
      // windows covering all of it, so the union of the windows' hits covers every run.
      for (let offset = 0; offset + MIN_FRAGMENT <= needle.length; offset++) {
        const window = needle.slice(offset, offset + MIN_FRAGMENT);
        for (let at = text.indexOf(window); at >= 0; at = text.indexOf(window, at + 1))
          ranges.push([at, at + MIN_FRAGMENT]);
      }
    }
    if (ranges.length === 0) return text;
    ranges.sort((a, b) => a[0] - b[0]);
    let out = '';
    let cursor = 0;
    let [start, end] = ranges[0]!;
    for (const [s, e] of ranges) {
      if (s <= end) {
        end = Math.max(end, e);
        continue;
      }
      out += text.slice(cursor, start) + REDACTED;
      cursor = end;
      start = s;
      end = e;
    }
    return out + text.slice(cursor, start) + REDACTED + text.slice(end);
  }

  /**
   * Masks the secrets in an error thrown by the runtime, in place: its message and stack, every string property of
   * its own, and the messages and stacks down its `cause` chain. Anything that is not an {@link SvcError} (a
   * caller's abort reason, for one) is returned untouched.
   */
  error<E>(error: E): E {
    if (this.needles.length === 0 || !(error instanceof SvcError)) return error;
    this.scrub(error, 0);
    return error;
  }

  private scrub(error: Error, depth: number): void {
    const target = error as unknown as Record<string, unknown>;
    for (const key of ['message', 'stack', ...Object.keys(error)]) {
      const value = target[key];
      if (typeof value === 'string') {
        const masked = this.text(value);
        if (masked !== value)
          Object.defineProperty(error, key, {
            value: masked,
            writable: true,
            configurable: true,
            enumerable: Object.prototype.propertyIsEnumerable.call(error, key),
          });
      }
    }
    const cause = (error as { cause?: unknown }).cause;
    if (depth < MAX_CAUSE_DEPTH && cause instanceof Error) this.scrub(cause, depth + 1);
  }
}
