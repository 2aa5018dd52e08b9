/**
 * Issue 17, items 9 and 10, on test/fixtures/import/Zoo.wsdl (hand-written as ASMX publishes `[XmlInclude]` types and
 * an XmlElement result), generated once, in process, straight from the WSDL:
 *
 * - Derived types reached only through xsi:type (Dog, Cat, and Puppy extending Dog, named by no element) are drafted
 *   with `extends`; the generated client reads `<GetAnimalResult xsi:type="Dog">` as a Dog, from a raw answer and from
 *   node-soap serving the original WSDL, and sends a Puppy parameter with xsi:type, which node-soap reads; the
 *   generated mock answers a Dog (and a list of mixed animals) with xsi:type in every style, and reads one.
 * - XML content over HTTP POST (GetReport, `<mime:content part="Body" type="text/xml"/>`): the answer's root is the
 *   node itself, of any name and namespace, and the client returns its markup, as SOAP returns the content of the
 *   result element; the mock answers it so over HTTP POST and SOAP; the generated WSDL publishes it as ASMX does.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { startRecordingServer, type RecordingServer } from '../client/support/recording-server.js';
import { soapBody } from '../client/support/xml-tree.js';
import { rejected } from '../helpers/failures.js';
import { startNodeSoapServer, type NodeSoapServer } from '../helpers/node-soap-server.js';
import { fromRoot } from '../helpers/paths.js';
import { summarizeWsdl } from '../helpers/wsdl-compare.js';
import { generatedFromWsdl, type GeneratedModules } from './support/generated-from-wsdl.js';

const WSDL = 'test/fixtures/import/Zoo.wsdl';
const OUT = 'test/.tmp/import-zoo';
const NS = 'http://example.org/zoo/';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const STYLES = ['soap11', 'soap12', 'httpPost'] as const;
type Style = (typeof STYLES)[number];

type Client = Record<string, (params?: unknown) => Promise<unknown>>;
type ClientClass = new (options: Record<string, unknown>) => Client;
type ErrorClass = abstract new (...args: never[]) => Error;
interface MockServer {
  readonly url: string;
  close(): Promise<void>;
}
type StartMock = (options: Record<string, unknown>) => Promise<MockServer>;

const wsdlText = readFileSync(fromRoot(WSDL), 'utf8');
let client: Record<string, unknown>;
let mock: Record<string, unknown>;
let raw: RecordingServer;

beforeAll(async () => {
  let generated: GeneratedModules;
  [generated, raw] = await Promise.all([generatedFromWsdl(WSDL, OUT), startRecordingServer()]);
  ({ client, mock } = generated);
});
afterAll(async () => {
  await raw?.close();
});

function zooClient(baseUrl: string, style: Style): Client {
  return new (client['ZooClient'] as ClientClass)({ baseUrl, style });
}

const rex = { Name: 'Rex', Legs: 4, Breed: 'Collie' };
const tom = { Name: 'Tom', Legs: 4, Indoor: true };
const bit = { Name: 'Bit', Legs: 4, Breed: 'Pug', AgeWeeks: 9 };
const generic = { Name: 'Nemo', Legs: 0 };

describe('import: derived types reached only through xsi:type', () => {
  it('drafts every type extending a type in use, transitively, with extends, and reports nothing for them', () => {
    const imported = importWsdl(wsdlText, WSDL);
    const model = parseSpec(imported.yaml, 'Zoo.yaml');
    expect(
      Object.fromEntries(
        model.records.map((r) => [r.name, { base: r.base?.name, own: r.ownFields.map((f) => f.name) }]),
      ),
    ).toEqual({
      Animal: { base: undefined, own: ['Name', 'Legs'] },
      Cat: { base: 'Animal', own: ['Indoor'] },
      Puppy: { base: 'Dog', own: ['AgeWeeks'] },
      Dog: { base: 'Animal', own: ['Breed'] },
    });
    expect(imported.problems).toEqual([]);
  });
});

describe('the client reads a derived type sent with xsi:type', () => {
  const answer = (content: string) =>
    soapBody('soap11', `<GetAnimalResponse xmlns="${NS}">${content}</GetAnimalResponse>`);

  it('reads <GetAnimalResult xsi:type="Dog"> as a Dog, "Puppy" as a Puppy, none as an Animal', async () => {
    const c = zooClient(raw.url, 'soap11');
    raw.respond(
      answer('<GetAnimalResult xsi:type="Dog"><Name>Rex</Name><Legs>4</Legs><Breed>Collie</Breed></GetAnimalResult>'),
    );
    expect(await c['getAnimal']!({ name: 'Rex' })).toEqual(rex);
    raw.respond(
      answer(
        '<GetAnimalResult xmlns:q1="http://example.org/zoo/" xsi:type="q1:Puppy"><Name>Bit</Name><Legs>4</Legs><Breed>Pug</Breed><AgeWeeks>9</AgeWeeks></GetAnimalResult>',
      ),
    );
    expect(await c['getAnimal']!({ name: 'Bit' })).toEqual(bit);
    raw.respond(answer('<GetAnimalResult><Name>Nemo</Name><Legs>0</Legs><Breed>ignored</Breed></GetAnimalResult>'));
    expect(await c['getAnimal']!({ name: 'Nemo' })).toEqual(generic);
  });

  it('reads the HTTP POST root <Animal xsi:type="Cat"> as a Cat', async () => {
    raw.respond({
      status: 200,
      body: `<?xml version="1.0" encoding="utf-8"?><Animal xmlns:xsi="${XSI}" xsi:type="Cat" xmlns="${NS}"><Name>Tom</Name><Legs>4</Legs><Indoor>true</Indoor></Animal>`,
    });
    expect(await zooClient(raw.url, 'httpPost')['getAnimal']!({ name: 'Tom' })).toEqual(tom);
  });
});

describe('node-soap serving the original WSDL: derived types both ways', () => {
  let server: NodeSoapServer;
  const fed: unknown[] = [];
  beforeAll(async () => {
    const handlers = {
      GetAnimal: () => ({ GetAnimalResult: { attributes: { xsi_type: { type: 'Dog', xmlns: NS } }, ...rex } }),
      GetAnimals: () => ({
        GetAnimalsResult: {
          Animal: [
            { attributes: { xsi_type: { type: 'Cat', xmlns: NS } }, ...tom },
            { attributes: { xsi_type: { type: 'Puppy', xmlns: NS } }, ...bit },
            generic,
          ],
        },
      }),
      Feed: (args: { animal: unknown }) => {
        fed.push(args.animal);
        return { FeedResult: 'fed' };
      },
      GetReport: () => ({ GetReportResult: {} }),
    };
    server = await startNodeSoapServer({
      wsdl: wsdlText,
      path: '/Zoo.asmx',
      service: { Zoo: { ZooSoap: handlers } },
      nodeSoapOptions: { customDeserializer: { int: (t: string) => Number(t), boolean: (t: string) => t === 'true' } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['soap11', 'soap12'] as const)(
    '%s: the client reads the Dog, Cat and Puppy node-soap sends with xsi:type',
    async (style) => {
      const c = zooClient(server.url, style);
      expect(await c['getAnimal']!({ name: 'Rex' })).toEqual(rex);
      expect(await c['getAnimals']!()).toEqual([tom, bit, generic]);
    },
  );

  it.each(['soap11', 'soap12'] as const)(
    '%s: the client sends a Puppy as <animal xsi:type="Puppy">, which node-soap reads whole',
    async (style) => {
      fed.length = 0;
      const before = server.requests.length;
      expect(await zooClient(server.url, style)['feed']!({ animal: bit })).toBe('fed');
      expect(server.requests[before]!.body).toContain('<animal xsi:type="Puppy">');
      // node-soap keeps the xsi:type it read, and read AgeWeeks and Legs as Puppy's ints (its deserializer above).
      expect(fed).toEqual([{ attributes: { 'xsi:type': 'Puppy' }, ...bit }]);
    },
  );
});

describe('the mock answers and reads derived types', () => {
  let server: MockServer;
  const fed: unknown[] = [];
  beforeAll(async () => {
    const handlers = {
      getAnimal: ({ name }: { name?: string }) => ({ Rex: rex, Tom: tom, Bit: bit })[name ?? ''] ?? generic,
      getAnimals: () => [tom, bit, null, generic, rex],
      feed: ({ animal }: { animal: unknown }) => {
        fed.push(animal);
        return 'fed';
      },
    };
    server = await (mock['startMockServer'] as StartMock)({ port: 0, handlers });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(STYLES)('%s: a Dog, Cat, Puppy or Animal answered round trips, and a list of them', async (style) => {
    const c = zooClient(server.url, style);
    for (const animal of [rex, tom, bit, generic]) expect(await c['getAnimal']!({ name: animal.Name })).toEqual(animal);
    expect(await c['getAnimals']!()).toEqual([tom, bit, null, generic, rex]);
  });

  it('writes xsi:type on the element declared as the base type', async () => {
    const response = await fetch(`${server.url}/Zoo.asmx/GetAnimal`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Bit',
    });
    expect(await response.text()).toMatch(
      /^<\?xml[^>]*\?><Animal [^>]*xsi:type="Puppy"[^>]*><Name>Bit<\/Name><Legs>4<\/Legs><Breed>Pug<\/Breed><AgeWeeks>9<\/AgeWeeks><\/Animal>$/,
    );
  });

  it.each(['soap11', 'soap12'] as const)('%s: reads a parameter sent as a derived type', async (style) => {
    fed.length = 0;
    await zooClient(server.url, style)['feed']!({ animal: bit });
    await zooClient(server.url, style)['feed']!({ animal: tom });
    expect(fed).toEqual([bit, tom]);
  });

  it('refuses a value that no type extending the declared one fits, before sending', async () => {
    const SvcRequestError = client['SvcRequestError'] as ErrorClass;
    const error = await rejected(
      zooClient(server.url, 'soap11')['feed']!({ animal: { ...rex, Indoor: true } }),
      SvcRequestError,
    );
    expect(error.message).toMatch(/animal\.(Breed|Indoor).* is not a member of this record/);
  });
});

describe('XML content over HTTP POST: the node is the answer', () => {
  const ROOTS = [
    `<report xmlns="urn:reports" id="7">a &amp; b<line n="1"/><!-- kept --></report>`,
    `<r:summary xmlns:r="urn:other"><r:total>3</r:total></r:summary>`,
    `<DataSet xmlns="${NS}"><Table><Id>1</Id></Table></DataSet>`,
    '<empty/>',
  ];

  it.each(ROOTS)('the client returns the root %s whole, as sent', async (root) => {
    raw.respond({ status: 200, body: `<?xml version="1.0" encoding="utf-8"?>\n<!-- before -->${root}\n` });
    expect(await zooClient(raw.url, 'httpPost')['getReport']!()).toBe(root);
  });

  it('the client returns null for a nil root (the result is nullable) and refuses a document that is not one element', async () => {
    raw.respond({
      status: 200,
      body: `<?xml version="1.0" encoding="utf-8"?><GetReportResult xmlns:xsi="${XSI}" xsi:nil="true" xmlns="${NS}" />`,
    });
    expect(await zooClient(raw.url, 'httpPost')['getReport']!()).toBeNull();
    const SvcDecodeError = client['SvcDecodeError'] as ErrorClass;
    raw.respond({ status: 200, body: '<a/><b/>' });
    expect((await rejected(zooClient(raw.url, 'httpPost')['getReport']!(), SvcDecodeError)).message).toMatch(
      /second root element/,
    );
  });

  it('SOAP still returns the content of the result element', async () => {
    raw.respond(
      soapBody(
        'soap12',
        `<GetReportResponse xmlns="${NS}"><GetReportResult>${ROOTS[1]}</GetReportResult></GetReportResponse>`,
      ),
    );
    expect(await zooClient(raw.url, 'soap12')['getReport']!()).toBe(ROOTS[1]);
  });

  describe('the mock', () => {
    let server: MockServer;
    let answer: unknown;
    beforeAll(async () => {
      server = await (mock['startMockServer'] as StartMock)({ port: 0, handlers: { getReport: () => answer } });
    });
    afterAll(async () => {
      await server?.close();
    });

    it.each(STYLES.flatMap((style) => ROOTS.map((root) => [style, root] as const)))(
      '%s: answers %s, which the client gets back',
      async (style, root) => {
        answer = root;
        expect(await zooClient(server.url, style)['getReport']!()).toBe(root);
      },
    );

    it('over HTTP POST, the content is the document itself', async () => {
      answer = ROOTS[0];
      const response = await fetch(`${server.url}/Zoo.asmx/GetReport`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(`<?xml version="1.0" encoding="utf-8"?>${ROOTS[0]}`);
    });

    it('answers null as a nil root, and content that is not one element with an error, not a broken document', async () => {
      answer = null;
      expect(await zooClient(server.url, 'httpPost')['getReport']!()).toBeNull();
      const SvcHttpError = client['SvcHttpError'] as ErrorClass;
      for (const bad of ['two <a/><b/>', '<a/><b/>', '<p:a/>']) {
        answer = bad;
        const error = await rejected(zooClient(server.url, 'httpPost')['getReport']!(), SvcHttpError);
        expect(error.message).toMatch(/500/);
      }
    });
  });

  it('the generated WSDL publishes it as ASMX does: a Body part naming no element, described as text/xml content', () => {
    const wsdl = summarizeWsdl(readFileSync(fromRoot(OUT, 'wsdl', 'Zoo.wsdl'), 'utf8'));
    expect(wsdl.portTypes['ZooHttpPost']!['GetReport']!.output.parts).toEqual([{ name: 'Body' }]);
    expect(wsdl.bindings['ZooHttpPost']!.operations['GetReport']!.output).toEqual(['mime:content text/xml']);
    expect(wsdl.bindings['ZooHttpPost']!.operations['GetAnimal']!.output).toEqual(['mime:mimeXml Body']);
    // As the original: what our WSDL says of the operation's HTTP POST answer imports back the same.
    const original = summarizeWsdl(wsdlText);
    expect(wsdl.bindings['ZooHttpPost']!.operations['GetReport']!.output).toEqual(
      original.bindings['ZooHttpPost']!.operations['GetReport']!.output,
    );
  });
});
