/**
 * User text (file values, file names, parameters) in the simulator's messages and state. Every answer is XML, and XML
 * 1.0 cannot carry some characters (C0 controls other than tab and line ends, U+FFFE, U+FFFF, unpaired surrogates):
 * an answer quoting one raw cannot be written at all, and a value holding one, once stored, would spoil every later
 * answer that shows it. So such values are refused where they come in, and messages show them escaped.
 */
import { codePointName, indexOfNonXmlChar } from '#generated/runtime/codec/xml-chars.js';

// JSON.stringify already escapes C0 controls and unpaired surrogates; these it leaves raw. C1 controls are legal XML
// but garble a log or a terminal.
const LEFT_RAW_BY_JSON = /[\u007f-\u009f\ufffe\uffff]/g;

/**
 * `text` quoted for a message on one line, as JSON writes a string (`"a\"b"`, `"\f"`, `"\ud800"`), with U+FFFE,
 * U+FFFF and the C1 controls also escaped (`"\uffff"`): whatever a caller sent, the message can be written as XML.
 */
export function quote(text: string): string {
  return JSON.stringify(text).replace(LEFT_RAW_BY_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `text` as it may appear unquoted in a message: each character XML cannot carry replaced by its name in brackets
 * (`[U+FFFF]`). For text that is normally plain, such as a test's own message for a failed request.
 */
export function xmlSafeText(text: string): string {
  if (indexOfNonXmlChar(text) < 0) return text;
  let out = '';
  for (const ch of text) out += indexOfNonXmlChar(ch) < 0 ? ch : `[${codePointName(ch.codePointAt(0)!)}]`;
  return out;
}
