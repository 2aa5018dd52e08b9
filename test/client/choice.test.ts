/**
 * Choices (xs:choice, issue 17 item 4) from the wire up: the reports fixture has a record holding one of two
 * alternatives, a list of alternatives in a container (SSRS's ParameterValues), a repeated choice without one, an
 * optional choice and a choice in an operation's wrapper. The client sends exactly the one alternative given and reads
 * whichever arrives, in document order; zero or two alternatives are refused on both sides; the mock serves all of it
 * in every style it offers, and the exported WSDL's schema (libxml2) accepts what both send and refuses two
 * alternatives. One generation for the whole file; the mock runs in process.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { typecheckDir } from '../helpers/typecheck.js';
import { extractSchema, validateAll } from '../helpers/xsd.js';
import { ROOT, generateService, type GeneratedService } from '../mock/support/generated-service.js';

const NS = 'http://example.org/reports/';
const OUT = join(ROOT, 'test', '.tmp', 'choices');

type Style = 'soap11' | 'soap12' | 'httpPost';
type Handlers = Record<string, (params: Record<string, unknown>) => unknown>;
interface Client {
  createSubscription(p: unknown): Promise<string>;
  getSubscription(p: { Id: string }): Promise<Record<string, unknown>>;
  moveItem(p: unknown): Promise<boolean>;
}
interface MockService {
  handle(request: Request): Promise<Response>;
}

let generated: GeneratedService;

beforeAll(async () => {
  generated = await generateService('test/fixtures/specs/choices/reports.yaml', 'choices');
});

/** A client whose requests go to `answer` (the mock's handle, or a fixed response), each body kept in `sent`. */
function clientFor(style: Style, answer: (request: Request) => Promise<Response>): { client: Client; sent: string[] } {
  const sent: string[] = [];
  const Ctor = generated.client['ReportsClient'] as new (o: Record<string, unknown>) => Client;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    sent.push(await request.clone().text());
    return answer(request);
  };
  return { client: new Ctor({ baseUrl: 'http://reports.test', style, fetch }), sent };
}

function mock(handlers: Handlers): MockService {
  return (generated.mock['createMockService'] as (o: Record<string, unknown>) => MockService)({ handlers });
}

/** A SOAP 1.1 response to `op` holding `content` in <OpResponse>. */
function soapResponse(op: string, content: string): () => Promise<Response> {
  const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><${op}Response xmlns="${NS}">${content}</${op}Response></soap:Body></soap:Envelope>`;
  return async () => new Response(body, { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } });
}

/** A SOAP 1.1 request to `op` with `content` as its parameters. */
function soapRequest(op: string, content: string): Request {
  const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><${op} xmlns="${NS}">${content}</${op}></soap:Body></soap:Envelope>`;
  return new Request('http://reports.test/Reports.asmx', {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}${op}"` },
  });
}

/** The children of a SOAP request's operation element, as markup. */
function params(envelope: string, op: string): string {
  const match = new RegExp(`<${op}[^>]*>([\\s\\S]*)</${op}>`).exec(envelope);
  if (!match) throw new Error(`no <${op}> in ${envelope}`);
  return match[1]!;
}

const SUBSCRIPTION = {
  Report: '/Sales',
  ParameterValues: [
    { ParameterFieldReference: { ParameterName: 'Region', FieldAlias: 'region' } },
    { ParameterValue: { Name: 'Year', Value: '2024' } },
    { ParameterFieldReference: { ParameterName: 'Month', FieldAlias: 'month' } },
  ],
  Events: [{ Snapshot: 3 }, { Schedule: 'nightly' }, { Snapshot: 4 }],
  Priority: { Label: 'high' },
};

const PLAN_BY_REFERENCE = { Source: { DataSourceReference: '/Data/Sales' }, Query: 'select 1' };
const PLAN_IN_FULL = {
  Source: { DataSourceDefinition: { ConnectString: 'Server=db', Enabled: true } },
  Query: 'select 1',
};

describe('the types', () => {
  it('accept one alternative and refuse none or two, in records, lists and parameters (strict consumer settings)', () => {
    // Each @ts-expect-error must meet an error: a union that let two alternatives through would fail the check. Only the
    // types file (it imports nothing) and this consumer are compiled, so the program stays small.
    const dir = join(ROOT, 'test', '.tmp', 'choices-types');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(OUT, 'client', 'types.ts'), join(dir, 'types.ts'));
    writeFileSync(
      join(dir, 'consumer.ts'),
      [
        "import type { DataRetrievalPlan, MoveItemParams, Subscription } from './types.js';",
        "export const one: DataRetrievalPlan = { Source: { DataSourceReference: '/x' } };",
        'export const items: Subscription = { Events: [{ Snapshot: 1 }, { Schedule: "s" }], ParameterValues: [{ ParameterValue: {} }] };',
        "export const target: MoveItemParams = { Item: '/a', Target: { FolderId: 1 } };",
        '// @ts-expect-error two alternatives',
        "export const two: DataRetrievalPlan = { Source: { DataSourceReference: '/x', DataSourceDefinition: { Enabled: true } } };",
        '// @ts-expect-error no alternative',
        'export const none: DataRetrievalPlan = { Source: {} };',
        '// @ts-expect-error two alternatives in a list item',
        'export const twoItems: Subscription = { Events: [{ Snapshot: 1, Schedule: "s" }] };',
        '// @ts-expect-error two alternatives of a parameter',
        "export const twoTargets: MoveItemParams = { Item: '/a', Target: { FolderId: 1, Folder: '/b' } };",
        '',
      ].join('\n'),
    );
    expect(typecheckDir(dir).diagnostics).toEqual([]);
  });
});

describe('the client sends exactly the alternative given', () => {
  const cases: ReadonlyArray<[string, unknown, string]> = [
    [
      'a reference',
      PLAN_BY_REFERENCE,
      '<Plan><DataSourceReference>/Data/Sales</DataSourceReference><Query>select 1</Query></Plan>',
    ],
    [
      'a definition',
      PLAN_IN_FULL,
      '<Plan><DataSourceDefinition><ConnectString>Server=db</ConnectString><Enabled>true</Enabled></DataSourceDefinition><Query>select 1</Query></Plan>',
    ],
  ];
  it.each(cases)('a record choice holding %s is that one element, where the choice is', async (_, plan, wire) => {
    const { client, sent } = clientFor(
      'soap11',
      soapResponse('CreateSubscription', '<CreateSubscriptionResult>s1</CreateSubscriptionResult>'),
    );
    expect(await client.createSubscription({ Subscription: { Events: [] }, Plan: plan })).toBe('s1');
    expect(params(sent[0]!, 'CreateSubscription')).toContain(wire);
  });

  it('lists of alternatives keep their order, with and without a container', async () => {
    const { client, sent } = clientFor(
      'soap11',
      soapResponse('CreateSubscription', '<CreateSubscriptionResult>s1</CreateSubscriptionResult>'),
    );
    await client.createSubscription({ Subscription: SUBSCRIPTION, Plan: PLAN_BY_REFERENCE });
    expect(params(sent[0]!, 'CreateSubscription')).toContain(
      '<Subscription><Report>/Sales</Report><ParameterValues>' +
        '<ParameterFieldReference><ParameterName>Region</ParameterName><FieldAlias>region</FieldAlias></ParameterFieldReference>' +
        '<ParameterValue><Name>Year</Name><Value>2024</Value></ParameterValue>' +
        '<ParameterFieldReference><ParameterName>Month</ParameterName><FieldAlias>month</FieldAlias></ParameterFieldReference>' +
        '</ParameterValues><Snapshot>3</Snapshot><Schedule>nightly</Schedule><Snapshot>4</Snapshot><Label>high</Label></Subscription>',
    );
  });

  it.each([
    [{ Folder: '/Archive' }, '<Item>/a</Item><Folder>/Archive</Folder>'],
    [{ FolderId: 7 }, '<Item>/a</Item><FolderId>7</FolderId>'],
    // A member given as undefined is not given.
    [{ Folder: undefined, FolderId: 8 }, '<Item>/a</Item><FolderId>8</FolderId>'],
  ])("a choice parameter %j is its alternative's element in the wrapper", async (target, wire) => {
    const { client, sent } = clientFor(
      'soap12',
      async () =>
        new Response(
          `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><MoveItemResponse xmlns="${NS}"><MoveItemResult>true</MoveItemResult></MoveItemResponse></soap:Body></soap:Envelope>`,
          { headers: { 'content-type': 'application/soap+xml; charset=utf-8' } },
        ),
    );
    expect(await client.moveItem({ Item: '/a', Target: target })).toBe(true);
    expect(params(sent[0]!, 'MoveItem')).toBe(wire);
  });
});

describe('the client refuses a choice that is not exactly one alternative, before sending anything', () => {
  const refused: ReadonlyArray<[string, () => unknown, RegExp]> = [
    [
      'no alternative',
      () => ({ Subscription: { Events: [] }, Plan: { Source: {} } }),
      /Plan\.Source must hold one of DataSourceDefinition, DataSourceReference, but holds none/,
    ],
    [
      'two alternatives',
      () => ({
        Subscription: { Events: [] },
        Plan: { Source: { DataSourceReference: '/x', DataSourceDefinition: { Enabled: true } } },
      }),
      /Plan\.Source must hold exactly one of DataSourceDefinition, DataSourceReference, but holds DataSourceReference and DataSourceDefinition/,
    ],
    [
      'an unknown alternative',
      () => ({ Subscription: { Events: [] }, Plan: { Source: { Reference: '/x' } } }),
      /Plan\.Source\.Reference is not an alternative of this choice/,
    ],
    [
      'a required choice left out',
      () => ({ Subscription: { Events: [] }, Plan: { Query: 'q' } }),
      /Plan\.Source is required/,
    ],
    [
      'a null alternative',
      () => ({ Subscription: { Events: [] }, Plan: { Source: { DataSourceReference: null } } }),
      /Plan\.Source\.DataSourceReference cannot be null/,
    ],
    [
      'two alternatives in a list item',
      () => ({ Subscription: { Events: [{ Snapshot: 1, Schedule: 'x' }] }, Plan: PLAN_BY_REFERENCE }),
      /Subscription\.Events\[0\] must hold exactly one of Schedule, Snapshot/,
    ],
    [
      'no alternative in a container item',
      () => ({ Subscription: { Events: [], ParameterValues: [{}] }, Plan: PLAN_BY_REFERENCE }),
      /Subscription\.ParameterValues\[0\] must hold one of ParameterValue, ParameterFieldReference, but holds none/,
    ],
  ];
  it.each(refused)('%s', async (_, args, message) => {
    const { client, sent } = clientFor(
      'soap11',
      soapResponse('CreateSubscription', '<CreateSubscriptionResult>s1</CreateSubscriptionResult>'),
    );
    await expect(client.createSubscription(args())).rejects.toMatchObject({ name: 'SvcRequestError', message });
    expect(sent).toEqual([]);
  });

  it('a choice parameter with two alternatives, or none', async () => {
    const { client, sent } = clientFor('soap11', soapResponse('MoveItem', '<MoveItemResult>true</MoveItemResult>'));
    await expect(client.moveItem({ Item: '/a', Target: { Folder: '/b', FolderId: 2 } })).rejects.toMatchObject({
      name: 'SvcRequestError',
      message: /Target must hold exactly one of Folder, FolderId/,
    });
    await expect(client.moveItem({ Item: '/a', Target: {} })).rejects.toMatchObject({
      name: 'SvcRequestError',
      message: /Target must hold one of Folder, FolderId, but holds none/,
    });
    await expect(client.moveItem({ Item: '/a' })).rejects.toMatchObject({ name: 'SvcRequestError', message: /Target/ });
    expect(sent).toEqual([]);
  });

  it('an operation with a choice parameter has no HTTP POST form, as one with a record has none', async () => {
    const { client, sent } = clientFor('httpPost', soapResponse('MoveItem', ''));
    await expect(client.moveItem({ Item: '/a', Target: { FolderId: 2 } })).rejects.toMatchObject({
      name: 'SvcRequestError',
      message: /no HTTP POST binding/,
    });
    expect(sent).toEqual([]);
  });
});

describe('the client reads whichever alternative arrives', () => {
  const result = (content: string) => `<GetSubscriptionResult>${content}</GetSubscriptionResult>`;

  it('in document order, in a container, repeated and alone', async () => {
    const { client } = clientFor(
      'soap11',
      soapResponse(
        'GetSubscription',
        result(
          '<Snapshot>9</Snapshot><ParameterValues><ParameterValue><Name>A</Name></ParameterValue><ParameterFieldReference><FieldAlias>f</FieldAlias></ParameterFieldReference><ParameterValue><Name>B</Name></ParameterValue></ParameterValues><Schedule>s</Schedule><Level>2</Level><Snapshot>1</Snapshot>',
        ),
      ),
    );
    expect(await client.getSubscription({ Id: '1' })).toEqual({
      Report: undefined,
      ParameterValues: [
        { ParameterValue: { Name: 'A', Value: undefined } },
        { ParameterFieldReference: { ParameterName: undefined, FieldAlias: 'f' } },
        { ParameterValue: { Name: 'B', Value: undefined } },
      ],
      Events: [{ Snapshot: 9 }, { Schedule: 's' }, { Snapshot: 1 }],
      Priority: { Level: 2 },
    });
  });

  const bad: ReadonlyArray<[string, string, RegExp]> = [
    [
      'two alternatives of a single choice',
      '<Level>2</Level><Label>x</Label>',
      /Subscription: <Label> follows <Level>, but a choice holds exactly one of its alternatives/,
    ],
    ['the same alternative twice', '<Label>y</Label><Label>x</Label>', /<Label> follows <Label>/],
    [
      'an element that is no alternative in a list of choices',
      '<ParameterValues><ParameterValue/><Other/></ParameterValues>',
      /<Other> is not one of the alternatives of this choice \(<ParameterValue>, <ParameterFieldReference>\)/,
    ],
    [
      'a nil item in a list of choices',
      '<ParameterValues><ParameterValue xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"/></ParameterValues>',
      /nil/,
    ],
  ];
  it.each(bad)('%s is a decode error, never a shorter result', async (_, content, message) => {
    const { client } = clientFor('soap11', soapResponse('GetSubscription', result(content)));
    await expect(client.getSubscription({ Id: '1' })).rejects.toMatchObject({ name: 'SvcDecodeError', message });
  });

  it('a required choice that is missing is a decode error', async () => {
    // DataRetrievalPlan is only a parameter here: read by the client's decoder as the mock reads requests.
    const service = mock({ createSubscription: () => 'never' });
    const answer = await service.handle(
      soapRequest('CreateSubscription', '<Subscription/><Plan><Query>q</Query></Plan>'),
    );
    expect(answer.status).toBe(500);
    expect(await answer.text()).toMatch(
      /<faultcode>soap:Client<\/faultcode><faultstring>[^<]*DataRetrievalPlan: one of &lt;DataSourceDefinition&gt;, &lt;DataSourceReference&gt; is required, but none is there/,
    );
  });
});

describe('the mock', () => {
  const styles: readonly Style[] = ['soap11', 'soap12', 'httpPost'];
  it.each(styles)('answers a result holding choices in %s, and the client reads them back equal', async (style) => {
    const service = mock({ getSubscription: ({ Id }) => ({ ...SUBSCRIPTION, Report: `/r/${String(Id)}` }) });
    const { client } = clientFor(style, (r) => service.handle(r));
    expect(await client.getSubscription({ Id: '5' })).toEqual({
      ...SUBSCRIPTION,
      Report: '/r/5',
      ParameterValues: [
        { ParameterFieldReference: { ParameterName: 'Region', FieldAlias: 'region' } },
        { ParameterValue: { Name: 'Year', Value: '2024' } },
        { ParameterFieldReference: { ParameterName: 'Month', FieldAlias: 'month' } },
      ],
    });
  });

  it.each(['soap11', 'soap12'] as const)(
    'gives handlers the choices of a %s request as the client sent them',
    async (style) => {
      const seen: unknown[] = [];
      const service = mock({
        createSubscription: (p) => (seen.push(p), 'sub-1'),
        moveItem: (p) => (seen.push(p), true),
      });
      const { client } = clientFor(style, (r) => service.handle(r));
      expect(await client.createSubscription({ Subscription: SUBSCRIPTION, Plan: PLAN_IN_FULL })).toBe('sub-1');
      expect(await client.moveItem({ Item: '/a', Target: { FolderId: 3 } })).toBe(true);
      expect(seen).toEqual([
        { Subscription: SUBSCRIPTION, Plan: PLAN_IN_FULL },
        { Item: '/a', Target: { FolderId: 3 } },
      ]);
    },
  );

  const refused: ReadonlyArray<[string, string, string, RegExp]> = [
    [
      'two alternatives of a choice parameter',
      'MoveItem',
      '<Item>/a</Item><Folder>/b</Folder><FolderId>1</FolderId>',
      /parameter "Target" is a choice of one of Folder, FolderId, but &lt;FolderId&gt; follows another of them/,
    ],
    [
      'no alternative of a choice parameter',
      'MoveItem',
      '<Item>/a</Item>',
      /required parameter "Folder \| FolderId" is missing/,
    ],
    [
      'two alternatives in a record',
      'CreateSubscription',
      '<Subscription/><Plan><DataSourceReference>/x</DataSourceReference><DataSourceDefinition><Enabled>true</Enabled></DataSourceDefinition></Plan>',
      /DataRetrievalPlan: &lt;DataSourceDefinition&gt; follows &lt;DataSourceReference&gt;/,
    ],
    [
      'an unknown item in a list of choices',
      'CreateSubscription',
      '<Subscription><ParameterValues><Value/></ParameterValues></Subscription><Plan><DataSourceReference>/x</DataSourceReference></Plan>',
      /&lt;Value&gt; is not one of the alternatives/,
    ],
  ];
  it.each(refused)('refuses %s with a Client fault', async (_, op, content, message) => {
    const service = mock({ createSubscription: () => 'never', moveItem: () => true });
    const answer = await service.handle(soapRequest(op, content));
    expect(answer.status).toBe(500);
    const text = await answer.text();
    expect(text).toContain('<faultcode>soap:Client</faultcode>');
    expect(text).toMatch(message);
  });

  it('refuses an HTTP POST form for an operation with a choice parameter', async () => {
    const service = mock({ moveItem: () => true });
    const answer = await service.handle(
      new Request('http://reports.test/Reports.asmx/MoveItem', {
        method: 'POST',
        body: 'Item=%2Fa&Folder=%2Fb',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(answer.status).toBe(500);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('answers a fault, not a crash, when a handler returns two alternatives', async () => {
    const service = mock({ getSubscription: () => ({ Events: [], Priority: { Level: 1, Label: 'x' } }) });
    const answer = await service.handle(soapRequest('GetSubscription', '<Id>1</Id>'));
    expect(answer.status).toBe(500);
    expect(await answer.text()).toContain('<faultcode>soap:Server</faultcode>');
  });
});

describe('the exported WSDL', () => {
  let xsd: string;
  beforeAll(() => {
    xsd = extractSchema(readFileSync(join(OUT, 'wsdl', 'Reports.wsdl'), 'utf8'));
  });

  it('declares each choice as s:choice with its occurrences', () => {
    expect(xsd).toMatch(
      /<s:complexType name="DataRetrievalPlan">\s*<s:sequence>\s*<s:choice minOccurs="1" maxOccurs="1">\s*<s:element minOccurs="1" maxOccurs="1" name="DataSourceDefinition" type="tns:DataSourceDefinition"\/>/,
    );
    expect(xsd).toMatch(
      /<s:complexType name="ArrayOfChoice">\s*<s:sequence>\s*<s:choice minOccurs="0" maxOccurs="unbounded">/,
    );
    expect(xsd).toMatch(
      /<s:element name="MoveItem">\s*<s:complexType>\s*<s:sequence>\s*<s:element minOccurs="0" maxOccurs="1" name="Item" type="s:string"\/>\s*<s:choice minOccurs="1" maxOccurs="1">/,
    );
  });

  it('validates what the client sends and the mock answers, and refuses two alternatives (libxml2)', async () => {
    const service = mock({ getSubscription: () => SUBSCRIPTION, createSubscription: () => 's', moveItem: () => true });
    const { client, sent } = clientFor('soap11', async (r) => {
      const answer = await service.handle(r);
      answers.push(await answer.clone().text());
      return answer;
    });
    const answers: string[] = [];
    await client.createSubscription({ Subscription: SUBSCRIPTION, Plan: PLAN_IN_FULL });
    await client.moveItem({ Item: '/a', Target: { Folder: '/b' } });
    await client.getSubscription({ Id: '1' });
    const body = (envelope: string) =>
      /<soap:Body>([\s\S]*)<\/soap:Body>/
        .exec(envelope)![1]!
        .replace(/^<(\w+)/, `<$1 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"`);
    const documents: Record<string, string> = {};
    sent.forEach((s, i) => (documents[`request ${i}`] = body(s)));
    answers.forEach((s, i) => (documents[`answer ${i}`] = body(s)));
    documents['two alternatives'] =
      `<MoveItem xmlns="${NS}"><Item>/a</Item><Folder>/b</Folder><FolderId>1</FolderId></MoveItem>`;
    documents['no alternative'] =
      `<CreateSubscription xmlns="${NS}"><Plan><Query>q</Query></Plan></CreateSubscription>`;
    const errors = await validateAll(xsd, documents);
    const valid = Object.fromEntries(
      [...errors].filter(([name]) => !['two alternatives', 'no alternative'].includes(name)),
    );
    expect(Object.keys(valid)).toHaveLength(6);
    expect(Object.values(valid).flat()).toEqual([]);
    expect(errors.get('two alternatives')!.join('\n')).toMatch(/FolderId/);
    expect(errors.get('no alternative')!.join('\n')).toMatch(/Query/);
  });
});

describe('the docs', () => {
  it('show the alternatives of each choice with their types', () => {
    const plan = readFileSync(join(OUT, 'docs', 'types', 'DataRetrievalPlan.md'), 'utf8');
    expect(plan).toContain(
      '| `Source` | one of `<DataSourceDefinition>` ([DataSourceDefinition](DataSourceDefinition.md)), `<DataSourceReference>` (`xs:string`) |',
    );
    expect(plan).toContain('always sent; exactly one alternative');
    const subscription = readFileSync(join(OUT, 'docs', 'types', 'Subscription.md'), 'utf8');
    expect(subscription).toContain('| `ParameterValues` | a list whose items are each one of `<ParameterValue>`');
    expect(subscription).toContain(
      '| `Events` | one of `<Schedule>` (`xs:string`), `<Snapshot>` (`xs:int`), repeated without a container, in document order |',
    );
    const move = readFileSync(join(OUT, 'docs', 'operations', 'MoveItem.md'), 'utf8');
    expect(move).toContain('| `Target` | one of `<Folder>` (`xs:string`), `<FolderId>` (`xs:int`) |');
  });
});
