/**
 * ASP.NET's request validation, which a real ASMX service on ASP.NET 4 applies by default: a form value that looks
 * like markup or script (`<` followed by a letter, `!`, `/` or `?`; or `&#`) is refused with an
 * HttpRequestValidationException before the service runs, answered HTTP 500. The mock applies it to HTTP POST form
 * fields and HTTP GET query string fields when asked (the `requestValidation` option), so that a client's users see
 * what their real server will do with such values. SOAP bodies are not validated: ASP.NET validates Request.Form,
 * Request.QueryString and cookies, and a SOAP call reads none of them.
 */
import type { MockOperation } from './operation.js';
import { RequestFault, shortName } from './faults.js';
import type { ParamTable } from './request.js';
import { REDACTED, type Redactor } from '../redact.js';

/** The exception's full name, as ASP.NET's answer starts. */
export const REQUEST_VALIDATION_EXCEPTION = 'System.Web.HttpRequestValidationException';

/** Characters of the value shown before the dangerous spot, and from it. */
const BEFORE = 10;
const FROM = 20;

/**
 * Where `value` first looks like markup or script, as ASP.NET's CrossSiteScriptingValidation decides: a `<` followed
 * by an ASCII letter, `!`, `/` or `?`, or `&#`; -1 when nowhere. A `<` before a digit or a space (`a < b`, `<1`) is
 * harmless, and so is a `&` before anything but `#`.
 * @param value - a form value, decoded
 */
export function indexOfDangerous(value: string): number {
  for (let at = 0; at < value.length - 1; at++) {
    const c = value.charCodeAt(at);
    if (c !== LT && c !== AMP) continue;
    const next = value.charCodeAt(at + 1);
    if (c === AMP ? next === HASH : isAsciiLetter(next) || next === BANG || next === SLASH || next === QUESTION)
      return at;
  }
  return -1;
}

/**
 * Refuses the first form value that looks like markup or script, in the form's order, with ASP.NET's message: the
 * field's name and an excerpt around the spot, with secrets masked (the value of the signature is never shown).
 * @param fields - the form's fields in order, each with its values
 * @param op - the operation the form is for, which says which field is the signature
 * @param table - its parameter table
 * @param redactorOf - masks the secrets involved by the form's credentials (by role)
 * @param collection - where the fields came from, as ASP.NET names it: the body (`Form`) or the query string
 */
export function validateRequestForm(
  fields: ReadonlyMap<string, readonly string[]>,
  op: MockOperation,
  table: ParamTable,
  redactorOf: (credentials: Readonly<Record<string, string>>) => Redactor,
  collection: 'Form' | 'QueryString' = 'Form',
): void {
  for (const [name, values] of fields) {
    for (const value of values) {
      const at = indexOfDangerous(value);
      if (at < 0) continue;
      const index = table.exact.get(name);
      const role = index === undefined ? undefined : op.params[index]!.role;
      const shown = role === 'signature' ? REDACTED : redactorOf(credentialsOf(fields, op)).text(excerpt(value, at));
      throw new RequestFault(
        'Client',
        `${REQUEST_VALIDATION_EXCEPTION}: A potentially dangerous Request.${collection} value was detected from the client (${shortName(name)}="${shown}").`,
      );
    }
  }
}

/** The part of `value` around `at`, cut at a line end, with `...` where it was cut. */
function excerpt(value: string, at: number): string {
  const start = Math.max(0, at - BEFORE);
  let end = Math.min(value.length, at + FROM);
  const lineEnd = value.slice(at, end).search(/[\r\n]/);
  if (lineEnd >= 0) end = at + lineEnd;
  return `${start > 0 ? '...' : ''}${value.slice(start, end)}${end < value.length ? '...' : ''}`;
}

/** The text of each credential field of the form, by role, to know the secrets to mask. */
function credentialsOf(fields: ReadonlyMap<string, readonly string[]>, op: MockOperation): Record<string, string> {
  const credentials: Record<string, string> = {};
  for (const param of op.params) {
    const value = fields.get(param.name)?.[0];
    if (param.role !== undefined && value !== undefined) credentials[param.role] = value;
  }
  return credentials;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

const LT = 60;
const AMP = 38;
const HASH = 35;
const BANG = 33;
const SLASH = 47;
const QUESTION = 63;
