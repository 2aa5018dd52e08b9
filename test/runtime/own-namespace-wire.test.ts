/**
 * The runtime's framing of a parameter or result element in a namespace of its own (`OperationWire.paramNamespaces`,
 * `resultNamespace`: an element reference to another schema): the element takes a prefix bound to its namespace, what
 * it holds keeps the default namespace, or takes the service's where the operation has a namespace of its own; a nil
 * one too. Each row is what the client sends (buildSoapEnvelope) or the mock answers (soapResultReply), exactly.
 */
import { describe, expect, it } from 'vitest';
import { buildSoapEnvelope, type NestedValue } from '../../templates/runtime/codec/xml-writer.js';
import { soapResultReply } from '../../templates/runtime/mock/response.js';
import type { MockOperation } from '../../templates/runtime/mock/operation.js';

const SERVICE = 'http://svc.example/';
const OPERATION = 'http://op.example/';
const OWN = 'http://own.example/';

/** The Body's content of an envelope. */
function body(envelope: string): string {
  return envelope.slice(envelope.indexOf('<soap:Body>') + '<soap:Body>'.length, envelope.indexOf('</soap:Body>'));
}

const nested = (element: string): NestedValue => ({ element, form: undefined });

describe('the client: a parameter of a namespace of its own', () => {
  const rows: ReadonlyArray<{ kind: string; namespace: string; value: string | NestedValue; want: string }> = [
    {
      kind: 'a text, escaped',
      namespace: SERVICE,
      value: 'a & b',
      want: `<Find xmlns="${SERVICE}"><own:Filter xmlns:own="${OWN}">a &amp; b</own:Filter></Find>`,
    },
    {
      kind: 'a record, its members in the default namespace',
      namespace: SERVICE,
      value: nested('<Filter><Code>x</Code></Filter>'),
      want: `<Find xmlns="${SERVICE}"><own:Filter xmlns:own="${OWN}"><Code>x</Code></own:Filter></Find>`,
    },
    {
      kind: "a record of an operation of a namespace of its own, its members in the service's",
      namespace: OPERATION,
      value: nested('<Filter><Code>x</Code></Filter>'),
      want: `<Find xmlns="${OPERATION}"><own:Filter xmlns:own="${OWN}" xmlns="${SERVICE}"><Code>x</Code></own:Filter></Find>`,
    },
    {
      kind: 'a nil one (an empty element)',
      namespace: SERVICE,
      value: nested('<Filter xsi:nil="true"/>'),
      want: `<Find xmlns="${SERVICE}"><own:Filter xmlns:own="${OWN}" xsi:nil="true"/></Find>`,
    },
  ];
  it.each(rows)('$kind', ({ namespace, value, want }) => {
    expect(
      body(buildSoapEnvelope('1.1', namespace, 'Find', [['Filter', value]], '', SERVICE, [], { Filter: OWN })),
    ).toBe(want);
  });

  it('leaves the other parameters where they were', () => {
    const sent = body(
      buildSoapEnvelope(
        '1.2',
        SERVICE,
        'Find',
        [
          ['Filter', 'f'],
          ['limit', '1'],
          ['plain', '2'],
        ],
        '',
        SERVICE,
        ['limit'],
        { Filter: OWN },
      ),
    );
    expect(sent).toBe(
      `<Find xmlns="${SERVICE}"><own:Filter xmlns:own="${OWN}">f</own:Filter><limit xmlns="">1</limit><plain>2</plain></Find>`,
    );
  });
});

describe('the mock: a result of a namespace of its own', () => {
  const op = (over: Partial<MockOperation> = {}): MockOperation => ({
    name: 'Latest',
    params: [],
    resultElement: 'Stamp',
    httpPostRoot: undefined,
    resultNamespace: OWN,
    write: (name, value, attrs) => `<${name}${attrs}><Code>${String(value)}</Code></${name}>`,
    ...over,
  });
  const rows: ReadonlyArray<{ kind: string; op: MockOperation; namespace: string; value: unknown; want: string }> = [
    {
      kind: 'a value, what it holds in the default namespace',
      op: op(),
      namespace: SERVICE,
      value: 'v',
      want: `<LatestResponse xmlns="${SERVICE}"><own:Stamp xmlns:own="${OWN}"><Code>v</Code></own:Stamp></LatestResponse>`,
    },
    {
      kind: "a value of an operation of a namespace of its own, what it holds in the service's",
      op: op(),
      namespace: OPERATION,
      value: 'v',
      want: `<LatestResponse xmlns="${OPERATION}"><own:Stamp xmlns:own="${OWN}" xmlns="${SERVICE}"><Code>v</Code></own:Stamp></LatestResponse>`,
    },
    {
      kind: 'a null of a nullable value type, nil',
      op: op({ result: 'nullable', nilResult: true }),
      namespace: SERVICE,
      value: null,
      want: `<LatestResponse xmlns="${SERVICE}"><own:Stamp xmlns:own="${OWN}" xsi:nil="true" /></LatestResponse>`,
    },
  ];
  it.each(rows)('$kind', ({ op: operation, namespace, value, want }) => {
    const reply = soapResultReply('soap11', operation, namespace, value, SERVICE);
    expect(body(String(reply.body))).toBe(want);
  });
});
