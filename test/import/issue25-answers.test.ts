/**
 * Issue 25, two shapes of answers from the corpus, each in a hand-written WSDL (test/fixtures/import/issue25/) taken
 * through import, generation, a type-check and calls of the generated client to the generated mock, each answer
 * validated against the WSDL's own schema with libxml2:
 *
 * - e-Dialog's (edialog-sdk): an operation whose wrappers are in a schema namespace of their own, qualified, so its
 *   result and out parameters are elements of that namespace. The client and the mock write and read outputs (and a
 *   result beside them) in the service namespace, so the answer held `{uri:sdk.example}udfValueList` where the schema
 *   wants `{uri:udf.sdk.example}udfValueList`. The import now gives each such element its namespace as its own
 *   (`namespace:`), which both sides honour; a record of the service namespace inside one stays in the service's.
 * - OpenTravel's (whl-travel): a choice between a sequence (Success, Warnings?, the data?) and Errors. It was left out
 *   ("only elements are mapped as the alternatives of a choice"), so every answer missed its required child. The
 *   sequence now stands in the choice as its first element, the rest of it following as optional fields
 *   (docs/wsdl-import.md says why): both kinds of answer are valid and read back exactly.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyElement, elementsOf } from './support/envelope-elements.js';
import { fromRoot } from '../helpers/paths.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { roundTrips, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';
import { exampleValue } from '../../generator/emit/examples.js';
import type { ChoiceType } from '../../generator/model/types.js';

const DIR = 'test/fixtures/import/issue25';
const FIXTURES = {
  'op-outputs': `${DIR}/OutputsOfOperationNamespace.wsdl`,
  'choice-sequence': `${DIR}/ChoiceOfSequence.wsdl`,
};
let trips: Record<keyof typeof FIXTURES, RoundTrip>;
const mocks: MockService[] = [];

beforeAll(async () => {
  trips = await roundTrips(FIXTURES, 'issue25-answers');
}, 180_000);
afterAll(async () => Promise.all(mocks.map((m) => m.close())));

it('generates clients and mocks that type-check', () => {
  expect(Object.fromEntries(Object.entries(trips).map(([name, t]) => [name, t.diagnostics]))).toEqual({
    'op-outputs': [],
    'choice-sequence': [],
  });
});

describe("outputs of an operation's own namespace (edialog-sdk)", () => {
  const UDF = 'uri:udf.sdk.example';
  const SDK = 'uri:sdk.example';
  const answer = { count: 3, udfValueList: [{ udfValue: ['red', 'green'] }, { udfValue: [] }], owner: { name: 'Zoë' } };

  it('are drafted with that namespace as their own, the result beside them too', () => {
    expect(trips['op-outputs'].yaml).toContain(`result: { type: int, element: count, namespace: ${UDF} }`);
    expect(trips['op-outputs'].yaml).toContain(
      `- { name: owner, type: Owner, optional: false, nillable: false, namespace: ${UDF} }`,
    );
    expect(trips['op-outputs'].yaml).toMatch(new RegExp(`name: udfValueList,\\n.*\\n\\s+namespace: ${UDF}\\n`));
  });

  it('of the service namespace are drafted without one', () => {
    const count = trips['op-outputs'].generated.model.operations.find((o) => o.name === 'countUdfs')!;
    expect(
      count.result.kind === 'outputs'
        ? count.result.struct.fields.map((f) => [f.name, f.namespace])
        : count.result.kind,
    ).toEqual([
      ['count', undefined],
      ['owner', undefined],
    ]);
  });

  it('are answered in it, a record of the service namespace inside in its own, valid, and read back exactly', async () => {
    const { client, mock, exchanges } = trips['op-outputs'].connect({ listUdfs: () => answer });
    mocks.push(mock);
    await expect(client['listUdfs']!({ kind: 'mailing' })).resolves.toEqual(answer);
    expect(elementsOf(exchanges[0]!.response, ['count', 'udfValue', 'name'])).toEqual([
      `{${UDF}}listUdfsResponse`,
      `  {${UDF}}count`,
      `  {${UDF}}udfValueList`,
      `    {${UDF}}udfValue`,
      `    {${UDF}}udfValue`,
      `  {${UDF}}udfValueList`,
      `  {${UDF}}owner`,
      `    {${SDK}}name`,
    ]);
    const wsdl = readFileSync(fromRoot(`${DIR}/OutputsOfOperationNamespace.wsdl`), 'utf8');
    const errors = await validateAll(extractSchemas(wsdl), {
      request: bodyElement(exchanges[0]!.request),
      answer: bodyElement(exchanges[0]!.response),
    });
    expect([...errors].filter(([, e]) => e.length > 0)).toEqual([]);
  });
});

describe('a sequence as an alternative of a choice (whl-travel)', () => {
  it('is drafted as its first element in the choice, the rest as optional fields after it, nothing reported', () => {
    const model = trips['choice-sequence'].generated.model;
    const record = model.records.find((r) => r.name === 'NationListRS')!;
    expect(
      record.fields.map((f) => [
        f.name,
        f.type.kind === 'choice' ? f.type.alternatives.map((a) => a.name).join('|') : f.type.kind,
        f.optional,
      ]),
    ).toEqual([
      ['Item', 'Success|Errors', false],
      ['Warnings', 'record', true],
      ['Countries', 'primitive', true],
      ['EchoToken', 'primitive', true],
    ]);
    expect(record.fields[2]!.doc).toBe(
      'The countries. Sent only with Success (in the sequence that is one alternative of Item; absent with the others).',
    );
    // Each field of the sequence names the alternative it goes with (onlyWith), which client and readers check.
    expect(record.fields.map((f) => f.onlyWith && `${f.onlyWith.choice.name}.${f.onlyWith.alternative}`)).toEqual([
      undefined,
      'Item.Success',
      'Item.Success',
      undefined,
    ]);
    expect(trips['choice-sequence'].importRun.stderr).toMatch(/^Wrote [^\n]*\n$/);
  });

  it.each([
    ['the sequence', { Item: { Success: {} }, Warnings: { Warning: ['late'] }, Countries: 'FR', EchoToken: 't1' }],
    ['the sequence, its optional elements absent', { Item: { Success: {} } }],
    ['the other alternative', { Item: { Errors: { Error: ['no such language'] } }, EchoToken: 't2' }],
  ])('answers %s valid, read back exactly', async (_what, answer) => {
    const { client, mock, exchanges } = trips['choice-sequence'].connect({ nationList: () => answer });
    mocks.push(mock);
    await expect(client['nationList']!({ language: 'en' })).resolves.toEqual(answer);
    const wsdl = readFileSync(fromRoot(`${DIR}/ChoiceOfSequence.wsdl`), 'utf8');
    const errors = await validateAll(extractSchemas(wsdl), { answer: bodyElement(exchanges[0]!.response) });
    expect([...errors].filter(([, e]) => e.length > 0)).toEqual([]);
  });
});

/**
 * Equifax's PhoneNumber, which requests carry: (AreaCode, Number) | PhoneNumber, drafted as the choice of AreaCode and
 * PhoneNumber with Number after it. What the TypeScript type allows beyond the schema, Number beside PhoneNumber, was
 * sent as it came (invalid); it is refused before sending, and by either reader (onlyWith).
 */
describe('a sequence as an alternative of a choice, sent (equifax-canada)', () => {
  const wsdl = () => readFileSync(fromRoot(`${DIR}/ChoiceOfSequence.wsdl`), 'utf8');

  it.each([
    ['the sequence', { Item: { AreaCode: '514' }, Number: '5550100' }],
    ['the other alternative', { Item: { PhoneNumber: '5145550100' } }],
  ])('%s is sent valid and read by the mock exactly', async (_what, phone) => {
    let received: unknown;
    const { client, mock, exchanges } = trips['choice-sequence'].connect({
      nationList: (p: { phone: unknown }) => ((received = p.phone), { Item: { Success: {} } }),
    });
    mocks.push(mock);
    await client['nationList']!({ language: 'en', phone });
    expect(received).toEqual(phone);
    const errors = await validateAll(extractSchemas(wsdl()), { request: bodyElement(exchanges[0]!.request) });
    expect([...errors].filter(([, e]) => e.length > 0)).toEqual([]);
  });

  it('a member of the sequence beside the other alternative is refused before sending', async () => {
    const { client, mock, exchanges } = trips['choice-sequence'].connect({
      nationList: () => ({ Item: { Success: {} } }),
    });
    mocks.push(mock);
    await expect(
      client['nationList']!({ language: 'en', phone: { Item: { PhoneNumber: '5145550100' }, Number: '5550100' } }),
    ).rejects.toThrow(
      'NationList: phone.Number is sent only with phone.Item.AreaCode (it belongs to the sequence that is that alternative of the choice); leave it out',
    );
    expect(exchanges).toEqual([]);
  });

  it('the mock answers a request holding one beside the other alternative with a Client fault', async () => {
    const { mock } = trips['choice-sequence'].connect({ nationList: () => ({ Item: { Success: {} } }) });
    mocks.push(mock);
    const request = (phone: string) =>
      new Request('http://mock.test/Travel.asmx', {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', SOAPAction: '"http://example.org/travel/NationList"' },
        body: `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><NationList xmlns="http://example.org/travel/"><language>en</language><phone>${phone}</phone></NationList></soap:Body></soap:Envelope>`,
      });
    expect((await mock.handle(request('<AreaCode>514</AreaCode><Number>5550100</Number>'))).status).toBe(200);
    const refused = await mock.handle(request('<PhoneNumber>5145550100</PhoneNumber><Number>5550100</Number>'));
    expect(refused.status).toBe(500);
    expect(await refused.text()).toMatch(/soap:Client[\s\S]*PhoneType: &lt;Number&gt; belongs with &lt;AreaCode&gt;/);
  });

  it('the client refuses an answer holding one beside the other alternative', async () => {
    const generated = trips['choice-sequence'].generated.client;
    const Ctor = Object.entries(generated).find(([k]) => k.endsWith('Client'))![1] as new (
      o: Record<string, unknown>,
    ) => Record<string, (p: unknown) => Promise<unknown>>;
    const answer = (result: string) =>
      new Response(
        `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><NationListResponse xmlns="http://example.org/travel/"><NationListResult>${result}</NationListResult></NationListResponse></soap:Body></soap:Envelope>`,
        { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } },
      );
    const call = (result: string) =>
      new Ctor({ baseUrl: 'http://mock.test', fetch: async () => answer(result) })['nationList']!({ language: 'en' });
    await expect(call('<Success/><Countries>FR</Countries>')).resolves.toEqual({
      Item: { Success: {} },
      Countries: 'FR',
    });
    await expect(call('<Errors><Error>e</Error></Errors><Countries>FR</Countries>')).rejects.toThrow(
      'NationListRS: <Countries> belongs with <Success> (a sequence that is one alternative of a choice), which is not there',
    );
  });
});

describe('the example answers of a sequence as the second alternative', () => {
  it('leave out its fields, as the example picks the first alternative', () => {
    const record = trips['choice-sequence'].generated.model.records.find((r) => r.name === 'NationListRS')!;
    const item = {
      ...record.fields[0]!,
      type: {
        kind: 'choice' as const,
        alternatives: [...(record.fields[0]!.type as ChoiceType).alternatives].reverse(),
      },
    };
    const reordered = {
      ...record,
      fields: [
        item,
        ...record.fields
          .slice(1)
          .map((f) => (f.onlyWith ? { ...f, onlyWith: { choice: item, alternative: 'Success' } } : f)),
      ],
    };
    expect(exampleValue({ kind: 'record', record: reordered })).not.toMatch(/Warnings|Countries/);
    expect(exampleValue({ kind: 'record', record })).toMatch(/Warnings[\s\S]*Countries/);
  });
});
