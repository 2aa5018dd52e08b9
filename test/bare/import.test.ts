/**
 * Issue 17 item 5: a WSDL of bare operations (test/fixtures/import/Bare.wsdl, hand-written in the shape ASMX publishes
 * for `ParameterStyle = Bare`: several parts, parts of named types, no parts) imports into a draft whose operations
 * are all there, marked `parameterStyle: bare`, and which generates with zero edits (generated once). The generated
 * client then calls every operation against the generated mock in both SOAP versions, and the operations node-soap
 * can serve bare (one part each way) against node-soap serving the ORIGINAL WSDL. A WSDL whose parts name types (RPC
 * style) is reported, at the part, as not supported.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import { importWsdl } from '../../generator/import/index.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';
import { startNodeSoapServer, type NodeSoapServer } from '../helpers/node-soap-server.js';

const FILE = 'test/fixtures/import/Bare.wsdl';
const OUT = 'test/.tmp/bare-import';
const NS = 'http://ledger.example/';

interface Entry {
  Account: string;
  Amount: string;
  Tags: string[];
}
interface Client {
  postEntry(p: { entry: Entry }): Promise<number>;
  balance(p: { account: string; asOf: Date }): Promise<string>;
  findEntry(p: { number: number }): Promise<Entry | null>;
  splitAccount(p: { account: string }): Promise<{ SplitAccountResult: boolean; ledger: string; code: string }>;
  close(): Promise<undefined>;
  echo(p: { text: string }): Promise<string | null>;
}
interface Server {
  url: string;
  close(): Promise<void>;
}

const wsdl = readFileSync(fromRoot(FILE), 'utf8');
const imported = importWsdl(wsdl, FILE);
let clientModule: Record<string, unknown>;
let mock: Server;
let nodeSoap: NodeSoapServer;

const ENTRY: Entry = { Account: 'A-1', Amount: '10.25', Tags: ['x', 'y'] };

function client(url: string, style: string): Client {
  const Ctor = clientModule['LedgerClient'] as new (o: Record<string, unknown>) => Client;
  return new Ctor({ baseUrl: url, style });
}

beforeAll(async () => {
  const dir = fromRoot(OUT);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'Ledger.yaml'), imported.yaml);
  // The draft as it is: no edit between import and generation.
  await generate({ spec: `${OUT}/Ledger.yaml`, out: join(dir, 'out'), cwd: repoRoot });
  clientModule = (await import(join(dir, 'out', 'client', 'index.ts'))) as Record<string, unknown>;
  const mockModule = (await import(join(dir, 'out', 'mock', 'index.ts'))) as Record<string, unknown>;
  const start = mockModule['startMockServer'] as (o: Record<string, unknown>) => Promise<Server>;
  mock = await start({
    handlers: {
      postEntry: ({ entry }: { entry: Entry }) => entry.Tags.length,
      balance: ({ account, asOf }: { account: string; asOf: Date }) => `${account.length}.${asOf.getUTCFullYear()}`,
      findEntry: ({ number }: { number: number }) => (number === 0 ? null : ENTRY),
      splitAccount: ({ account }: { account: string }) => ({
        SplitAccountResult: account.includes('.'),
        ledger: account.split('.')[0],
        code: account.split('.')[1] ?? '',
      }),
      close: () => undefined,
      echo: ({ text }: { text: string }) => text,
    },
  });
  // node-soap routes a bare request by its first Body element and hands the handler the first part; a handler's value
  // is the content of the single answer part.
  nodeSoap = await startNodeSoapServer({
    wsdl,
    path: '/Ledger.asmx',
    nodeSoapOptions: { customDeserializer: { decimal: (text: string) => text } },
    service: {
      Ledger: {
        LedgerSoap: {
          PostEntry: (entry: { Tags: { string: string[] } }) => entry.Tags.string.length,
          FindEntry: (number: number) =>
            number === 0 ? null : { Account: ENTRY.Account, Amount: ENTRY.Amount, Tags: { string: ENTRY.Tags } },
          Echo: (args: { text: string }) => ({ EchoResult: args.text }),
        },
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await mock?.close();
  await nodeSoap?.close();
});

describe('importing bare operations', () => {
  it('drafts every operation, the bare ones marked, and reports nothing', () => {
    expect(imported.problems).toEqual([]);
    const ops = [...imported.yaml.matchAll(/^  - name: (\w+)\n((?: {4}.*\n)*)/gm)].map((m) => [
      m[1],
      /parameterStyle: bare/.test(m[2]!),
    ]);
    expect(ops).toEqual([
      ['PostEntry', true],
      ['Balance', true],
      ['FindEntry', true],
      ['SplitAccount', true],
      ['Close', true],
      ['Echo', false],
    ]);
    expect(imported.yaml).toContain('result: { type: decimal, element: Total }');
    expect(imported.yaml).toContain('result: { type: Entry, nullable: true }');
  });

  it('reports parts that name types (RPC style) as not supported, where they stand, and leaves the operation out', () => {
    const rpc = wsdl.replace(
      '<wsdl:part name="number" element="tns:number" />',
      '<wsdl:part name="number" type="s:int" />',
    );
    const { problems, yaml } = importWsdl(rpc, FILE);
    const line = rpc.split('\n').findIndex((l) => l.includes('<wsdl:part name="number" type="s:int" />')) + 1;
    expect(problems.map((p) => `${p.line} ${p.construct}: ${p.message}`)).toContainEqual(
      `${line} wsdl:part: the part number of FindEntry's input names a type (s:int), not an element (as RPC style does, though FindEntry is document style), which the format does not support (it has document/literal operations only); the operation is left out`,
    );
    expect(yaml).not.toContain('name: FindEntry');
  });
});

describe('the draft of a bare WSDL, generated as it is', () => {
  it.each(['soap11', 'soap12'])('calls every operation of the generated mock over %s', async (style) => {
    const c = client(mock.url, style);
    expect(await c.postEntry({ entry: ENTRY })).toBe(2);
    expect(await c.balance({ account: 'abc', asOf: new Date(Date.UTC(2024, 0, 1)) })).toBe('3.2024');
    expect(await c.findEntry({ number: 0 })).toBeNull();
    expect(await c.findEntry({ number: 1 })).toEqual(ENTRY);
    expect(await c.splitAccount({ account: 'main.42' })).toEqual({
      SplitAccountResult: true,
      ledger: 'main',
      code: '42',
    });
    expect(await c.close()).toBeUndefined();
    expect(await c.echo({ text: 'hi' })).toBe('hi');
  });

  it.each(['soap11', 'soap12'])(
    'calls node-soap serving the original WSDL over %s (one part each way)',
    async (style) => {
      const c = client(nodeSoap.url, style);
      const before = nodeSoap.requests.length;
      expect(await c.postEntry({ entry: ENTRY })).toBe(2);
      expect(await c.findEntry({ number: 1 })).toEqual(ENTRY);
      expect(await c.echo({ text: 'hi' })).toBe('hi');
      const sent = nodeSoap.requests.slice(before);
      expect(sent[0]!.body).toContain(
        `<soap:Body><entry xmlns="${NS}"><Account>A-1</Account><Amount>10.25</Amount><Tags><string>x</string><string>y</string></Tags></entry></soap:Body>`,
      );
      expect(sent[1]!.body).toContain(`<soap:Body><number xmlns="${NS}">1</number></soap:Body>`);
    },
  );
});
