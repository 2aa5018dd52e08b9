/**
 * Issue 17, item 6, in the spec format: what the loader makes of `responseHeaders` (headers an operation's answers
 * carry), of a SOAP header without a client option (only answered, never sent) and of `anyAttribute`; and what it
 * refuses, each with its path and message.
 */
import { describe, expect, it } from 'vitest';
import { SpecError } from '../../generator/load/errors.js';
import { parseSpec } from '../../generator/load/load.js';
import { thrown } from '../helpers/failures.js';

const FILE = 'reports.yaml';

const BASE = `specVersion: 1
service:
  name: Reports
  title: Reports
  version: v1
  path: /Reports.asmx
  namespace: { uri: 'http://reports.example/' }
  client: ReportsClient
soapHeaders:
  - { element: Session, type: Session, option: session, required: false }
  - { element: ServerInfo, type: ServerInfo }
records:
  Session:
    fields:
      - { name: Id, type: string }
  ServerInfo:
    anyAttribute: true
    fields:
      - { name: Version, type: string }
  Derived:
    extends: ServerInfo
    fields:
      - { name: Extra, type: int }
operations:
  - name: Open
    params: []
    result: string
    responseHeaders: [ServerInfo, { element: Session, required: true }]
  - name: Close
    params: []
    result: void
`;

/** BASE with `from` (which must occur exactly once) replaced by `to`. */
function change(from: string, to: string): string {
  expect(BASE.split(from).length - 1, `"${from}" occurs once`).toBe(1);
  return BASE.replace(from, to);
}

function messagesOf(text: string): string[] {
  return thrown(() => parseSpec(text, FILE), SpecError).issues.map((i) => `${i.path}: ${i.message}`);
}

describe('responseHeaders and headers without an option', () => {
  const model = parseSpec(BASE, FILE);
  const [open, close] = model.operations;

  it('lists the answered headers in the order the operation gives, each required or not', () => {
    expect(open!.responseHeaders.map((h) => [h.element, h.record.name, h.required])).toEqual([
      ['ServerInfo', 'ServerInfo', false],
      ['Session', 'Session', true],
    ]);
    expect(close!.responseHeaders).toEqual([]);
  });

  it('sends only the headers that have a client option, by default', () => {
    expect(model.soapHeaders.map((h) => h.element)).toEqual(['Session']);
    expect(open!.headers.map((h) => h.element)).toEqual(['Session']);
  });

  it('keeps anyAttribute on the record that declares it', () => {
    const records = new Map(model.records.map((r) => [r.name, r]));
    expect(records.get('ServerInfo')!.anyAttribute).toBe(true);
    expect(records.get('Session')!.anyAttribute).toBeUndefined();
    expect(records.get('Derived')!.base?.anyAttribute).toBe(true);
  });

  it.each([
    [
      'an unknown header',
      change('responseHeaders: [ServerInfo,', 'responseHeaders: [ServerInf,'),
      'operations[0].responseHeaders[0]: unknown SOAP header "ServerInf"; expected one of soapHeaders: "Session", "ServerInfo" (did you mean "ServerInfo"?)',
    ],
    [
      'a header listed twice',
      change('{ element: Session, required: true }', 'ServerInfo'),
      'operations[0].responseHeaders[1]: SOAP header "ServerInfo" is listed twice',
    ],
    [
      'a header without an option among the headers sent',
      change('    result: void\n', '    result: void\n    headers: [ServerInfo]\n'),
      'operations[1].headers[0]: SOAP header "ServerInfo" has no client option (soapHeaders), so the client cannot send it; give it an option, or list it under responseHeaders',
    ],
    [
      'required on a header without an option',
      change('{ element: ServerInfo, type: ServerInfo }', '{ element: ServerInfo, type: ServerInfo, required: true }'),
      'soapHeaders[1].required: a header without a client option is never sent, so required means nothing here (say it in responseHeaders)',
    ],
  ])('refuses %s', (_, text, message) => {
    expect(messagesOf(text)).toEqual([message]);
  });
});
