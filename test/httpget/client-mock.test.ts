/**
 * ASMX's fourth protocol, HTTP GET, end to end on test/fixtures/specs/almanac/almanac.yaml: the generated client calls
 * every operation with `style: 'httpGet'` against the generated mock on a real loopback server, and each request is
 * recorded as it crossed the wire (a GET with the form in the query string, no body). Also what the client refuses
 * before sending, and what the mock refuses, as ASMX would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateService, type GeneratedService } from '../mock/support/generated-service.js';

interface Day {
  Date: Date;
  Season: string;
  Note: string | null;
  Sequence: string;
  Temperature: number;
  Holiday: boolean;
  Tags: string[];
}
interface Client {
  echo(p: { text: string }): Promise<string>;
  describeDay(p: Record<string, unknown>): Promise<Day>;
  nextSequence(p: { sequence: string | bigint | number; step?: number }): Promise<string>;
  storeDay(p: { day: Day }): Promise<boolean>;
  forget(): Promise<undefined>;
}
interface Server {
  url: string;
  close(): Promise<void>;
}
interface Seen {
  method: string;
  url: string;
  body: string;
  contentType: string | null;
}

const PATH = '/Almanac.asmx';
let generated: GeneratedService;
let server: Server;
let noGet: Server;
const seen: Seen[] = [];

/** A fetch that records what is sent before handing it to the real one. */
const recording: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  seen.push({
    method: request.method,
    url: request.url,
    body: await request.clone().text(),
    contentType: request.headers.get('content-type'),
  });
  return fetch(request);
};

function client(style = 'httpGet', url = server.url): Client {
  const Ctor = generated.client['AlmanacClient'] as new (o: Record<string, unknown>) => Client;
  return new Ctor({ baseUrl: url, style, fetch: recording });
}

const handlers = {
  echo: ({ text }: { text: string }) => text,
  describeDay: (p: {
    date: Date;
    season: string;
    sequence: string;
    temperature: number;
    count: number;
    holiday: boolean;
    tags: string[];
    note: string | null;
  }) => ({
    Date: p.date,
    Season: p.season,
    Note: p.note,
    Sequence: p.sequence,
    Temperature: p.temperature * p.count,
    Holiday: p.holiday,
    Tags: p.tags,
  }),
  nextSequence: ({ sequence, step }: { sequence: string; step?: number }) =>
    (BigInt(sequence) + BigInt(step ?? 1)).toString(),
  storeDay: () => true,
  forget: () => undefined,
};

beforeAll(async () => {
  generated = await generateService('test/fixtures/specs/almanac/almanac.yaml', 'almanac-get');
  const start = generated.mock['startMockServer'] as (o: Record<string, unknown>) => Promise<Server>;
  server = await start({ handlers });
});
afterAll(async () => {
  await server?.close();
  await noGet?.close();
});

/** The last request sent, its query string decoded into [name, value] pairs. */
function lastSent(): { seen: Seen; path: string; query: [string, string][] } {
  const last = seen.at(-1)!;
  const url = new URL(last.url);
  return { seen: last, path: url.pathname, query: [...url.searchParams] };
}

describe('the client over HTTP GET against the mock', () => {
  it('sends a string as GET /Service.asmx/Operation?param=value, no body, and reads the root the mock answers', async () => {
    await expect(client().echo({ text: 'a b&c=d/é' })).resolves.toBe('a b&c=d/é');
    const { seen: s, path, query } = lastSent();
    expect([s.method, path, s.body, s.contentType]).toEqual(['GET', `${PATH}/Echo`, '', null]);
    expect(new URL(s.url).search).toBe('?text=a+b%26c%3Dd%2F%C3%A9');
    expect(query).toEqual([['text', 'a b&c=d/é']]);
  });

  it('sends numbers, a long beyond 2^53, a date, an enum, a boolean, a repeated field and a nil one, in order', async () => {
    const day = await client().describeDay({
      date: new Date('2024-02-29T12:30:00Z'),
      season: 'Winter',
      sequence: '9007199254740993',
      temperature: -2.5,
      count: 3,
      holiday: true,
      tags: ['leap', '', 'cold'],
      note: null,
    });
    expect(day).toEqual({
      Date: new Date('2024-02-29T12:30:00Z'),
      Season: 'Winter',
      Note: null,
      Sequence: '9007199254740993',
      Temperature: -7.5,
      Holiday: true,
      Tags: ['leap', '', 'cold'],
    });
    expect(lastSent().query).toEqual([
      ['date', '2024-02-29T12:30:00.000Z'],
      ['season', 'Winter'],
      ['sequence', '9007199254740993'],
      ['temperature', '-2.5'],
      ['count', '3'],
      ['holiday', 'true'],
      ['tags', 'leap'],
      ['tags', ''],
      ['tags', 'cold'],
    ]);
  });

  it('sends an empty string as an empty field, which the mock reads as ""', async () => {
    await expect(client().echo({ text: '' })).resolves.toBe('');
    expect(new URL(lastSent().seen.url).search).toBe('?text=');
  });

  it('leaves an optional parameter out, and sends it when given', async () => {
    await expect(client().nextSequence({ sequence: 9007199254740991n })).resolves.toBe('9007199254740992');
    expect(lastSent().query).toEqual([['sequence', '9007199254740991']]);
    await expect(client().nextSequence({ sequence: '10', step: 5 })).resolves.toBe('15');
    expect(lastSent().query).toEqual([
      ['sequence', '10'],
      ['step', '5'],
    ]);
  });

  it('calls a void operation with no query string and reads its empty answer', async () => {
    await expect(client().forget()).resolves.toBeUndefined();
    const { seen: s, path } = lastSent();
    expect([s.method, s.url.endsWith(`${PATH}/Forget`), path]).toEqual(['GET', true, `${PATH}/Forget`]);
  });

  it('refuses before sending an operation without the HTTP GET binding (a record parameter)', async () => {
    const before = seen.length;
    const day: Day = {
      Date: new Date(0),
      Season: 'Spring',
      Note: null,
      Sequence: '1',
      Temperature: 0,
      Holiday: false,
      Tags: [],
    };
    await expect(client().storeDay({ day })).rejects.toMatchObject({
      name: 'SvcRequestError',
      message: expect.stringMatching(/no HTTP GET binding/),
    });
    expect(seen.length).toBe(before);
  });

  it("refuses before sending a query string longer than ASP.NET's default maxQueryStringLength (2048)", async () => {
    const before = seen.length;
    // 'text=' is 5 characters: 2043 more make exactly 2048, which is sent; one more is refused.
    await expect(client().echo({ text: 'x'.repeat(2043) })).resolves.toBe('x'.repeat(2043));
    expect(new URL(lastSent().seen.url).search.length).toBe(2049);
    await expect(client().echo({ text: 'x'.repeat(2044) })).rejects.toMatchObject({
      name: 'SvcRequestError',
      message: expect.stringMatching(/2049 characters, more than ASP.NET's default maxQueryStringLength of 2048/),
    });
    expect(seen.length).toBe(before + 1);
  });

  it('answers the same result over HTTP GET as over HTTP POST and SOAP', async () => {
    const params = {
      date: new Date('2020-06-21T00:00:00Z'),
      season: 'Summer',
      sequence: '7',
      temperature: 21.25,
      count: 1,
      holiday: false,
      tags: ['x'],
      note: 'longest',
    };
    const answers = await Promise.all(
      ['soap11', 'soap12', 'httpPost', 'httpGet'].map((style) => client(style).describeDay(params)),
    );
    for (const a of answers) expect(a).toEqual(answers[3]);
  });
});

describe('the mock over HTTP GET', () => {
  const get = (query: string, op = 'Echo') => fetch(`${server.url}${PATH}/${op}${query}`);

  it('refuses a parameter it does not have, as ASMX does, with HTTP 500 text', async () => {
    const response = await get('?text=a&txet=b');
    expect([response.status, response.headers.get('content-type')]).toEqual([500, 'text/plain; charset=utf-8']);
    expect(await response.text()).toMatch(/txet/);
  });

  it("refuses a missing parameter with ASMX's message", async () => {
    const response = await get('');
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Missing parameter: text.');
  });

  it('refuses a value that does not decode (an enum the schema lacks, a long that is not one)', async () => {
    const base = 'date=2024-01-01T00:00:00Z&sequence=1&temperature=1&count=1&holiday=false&tags=a&note=n';
    const bad = await get(`?${base}&season=Monsoon`, 'DescribeDay');
    expect(bad.status).toBe(500);
    expect(await bad.text()).toMatch(/Monsoon/);
    const good = await get(`?${base}&season=Spring`, 'DescribeDay');
    expect(good.status).toBe(200);
    expect(await good.text()).toMatch(/<Day [^>]*xmlns="http:\/\/almanac\.example\/"/);
  });

  it('refuses GET for an operation without the binding', async () => {
    const response = await get('?day=x', 'StoreDay');
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('The operation StoreDay has no HTTP GET binding: call it with SOAP.');
  });

  it('keeps answering GET <path>?WSDL with the WSDL, which publishes the HttpGet binding', async () => {
    const response = await fetch(`${server.url}${PATH}?WSDL`);
    expect(response.status).toBe(200);
    const wsdl = await response.text();
    expect(wsdl).toContain('<wsdl:binding name="AlmanacHttpGet" type="tns:AlmanacHttpGet">');
    expect(wsdl).toContain('<http:binding verb="GET"/>');
  });

  it('validates the query string when asked, as ASP.NET validates Request.QueryString', async () => {
    const start = generated.mock['startMockServer'] as (o: Record<string, unknown>) => Promise<Server>;
    const strict = await start({ handlers, requestValidation: true });
    try {
      const response = await fetch(`${strict.url}${PATH}/Echo?text=%3Cscript%3E`);
      expect(response.status).toBe(500);
      expect(await response.text()).toMatch(
        /^System\.Web\.HttpRequestValidationException: A potentially dangerous Request\.QueryString value was detected from the client \(text="<script>"\)\.$/,
      );
      expect((await fetch(`${strict.url}${PATH}/Echo?text=a%20%3C%201`)).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('a mock whose service has no HTTP GET binding', () => {
  it('answers GET <path>/<Operation> as ASMX does with the protocol disabled, and the client refuses the style', async () => {
    // The same spec with HTTP GET left out of service.bindings.
    const { readFileSync, writeFileSync, mkdirSync } = await import('node:fs');
    const path = await import('node:path');
    const { ROOT } = await import('../mock/support/generated-service.js');
    const dir = path.join(ROOT, 'test', '.tmp', 'almanac-no-get-spec');
    mkdirSync(dir, { recursive: true });
    const spec = path.join(dir, 'almanac.yaml');
    writeFileSync(
      spec,
      readFileSync(path.join(ROOT, 'test/fixtures/specs/almanac/almanac.yaml'), 'utf8')
        .replace('bindings: [soap11, soap12, httpPost, httpGet]', 'bindings: [soap11, soap12, httpPost]')
        .replace('$schema: ../../../../spec/svc-spec.schema.json', '$schema: ../../../spec/svc-spec.schema.json')
        .replace(/\n {4}httpGet: false/, ''),
    );
    const without = await generateService(spec, 'almanac-no-get');
    const start = without.mock['startMockServer'] as (o: Record<string, unknown>) => Promise<Server>;
    noGet = await start({ handlers });
    const response = await fetch(`${noGet.url}${PATH}/Echo?text=a`);
    expect([response.status, response.headers.get('content-type')]).toEqual([500, 'text/plain; charset=utf-8']);
    expect(await response.text()).toBe("Request format is unrecognized for URL unexpectedly ending in '/Echo'.");
    expect((await fetch(`${noGet.url}${PATH}?WSDL`)).status).toBe(200);
    const Ctor = without.client['AlmanacClient'] as new (o: Record<string, unknown>) => Client;
    expect(() => new Ctor({ baseUrl: noGet.url, style: 'httpGet' })).toThrow(
      /style httpGet is not a binding of this service/,
    );
  });
});
