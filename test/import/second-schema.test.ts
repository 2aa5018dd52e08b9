/**
 * Issue 29, item 2, on test/fixtures/import/Menagerie.wsdl (hand-written as ASMX publishes an `[XmlInclude]` type of
 * another XML namespace): Snake is declared in a second s:schema, imported into the first, and extends Animal of the
 * service namespace; nothing names it but xsi:type. It must be drafted with its base (an importer that looked for
 * derived types only in their base's own schema would leave it out, reporting only that nothing uses it), generated,
 * read from an answer ASMX writes, and round tripped between the generated client and the generated mock, its
 * inherited members in the service namespace and its own in the exotic one, as XmlSerializer writes them.
 */
import { readFileSync } from 'node:fs';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { XmlReader } from '../../templates/runtime/codec/xml-reader.js';
import { startRecordingServer, type RecordingServer } from '../client/support/recording-server.js';
import { soapBody } from '../client/support/xml-tree.js';
import { fromRoot } from '../helpers/paths.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { generatedFromWsdl, type GeneratedModules } from './support/generated-from-wsdl.js';

const WSDL = 'test/fixtures/import/Menagerie.wsdl';
const OUT = 'test/.tmp/import-menagerie';
const NS = 'http://example.org/menagerie/';
const EXOTIC = 'http://example.org/menagerie/exotic/';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const SOAP_STYLES = ['soap11', 'soap12'] as const;
type Style = (typeof SOAP_STYLES)[number];

type Client = Record<string, (params?: unknown) => Promise<unknown>>;
type ClientClass = new (options: Record<string, unknown>) => Client;
interface Service {
  handle(request: Request): Promise<Response>;
}

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

const kaa = { Name: 'Kaa', Legs: 0, Venomous: false, Species: 'python' };
const rex = { Name: 'Rex', Legs: 4 };

/** One element of a document: its name, its xsi:type resolved, and its children's names, each as `{uri}local`. */
interface Typed {
  readonly type: string | undefined;
  readonly children: string[];
}

/** The first element named `local` in `xml`, as {@link Typed}, read by saxes (not by the runtime under test). */
function typedElement(xml: string, local: string): Typed | undefined {
  const parser = new SaxesParser({ xmlns: true });
  let found: { type: string | undefined; children: string[]; depth: number } | undefined;
  let depth = 0;
  parser.on('opentag', (tag) => {
    depth++;
    if (found && depth === found.depth + 1) found.children.push(`{${tag.uri}}${tag.local}`);
    if (found || tag.local !== local) return;
    const type = Object.values(tag.attributes).find((a) => a.uri === XSI && a.local === 'type')?.value;
    const colon = type?.indexOf(':') ?? -1;
    const resolved =
      type === undefined
        ? undefined
        : `{${parser.resolve(colon < 0 ? '' : type.slice(0, colon)) ?? ''}}${type.slice(colon + 1)}`;
    found = { type: resolved, children: [], depth };
  });
  parser.on('closetag', () => depth--);
  parser.write(xml).close();
  return found && { type: found.type, children: found.children };
}

const SNAKE_ON_THE_WIRE: Typed = {
  type: `{${EXOTIC}}Snake`,
  children: [`{${NS}}Name`, `{${NS}}Legs`, `{${EXOTIC}}Venomous`, `{${EXOTIC}}Species`],
};

describe('import: a derived type in a second schema of another namespace', () => {
  it('is drafted with extends and its namespace, and nothing is reported left out', () => {
    const imported = importWsdl(wsdlText, WSDL);
    const model = parseSpec(imported.yaml, 'Menagerie.yaml');
    expect(
      Object.fromEntries(
        model.records.map((r) => [
          r.name,
          { base: r.base?.name, namespace: r.namespace?.uri, own: r.ownFields.map((f) => f.name) },
        ]),
      ),
    ).toEqual({
      Animal: { base: undefined, namespace: undefined, own: ['Name', 'Legs'] },
      Snake: { base: 'Animal', namespace: EXOTIC, own: ['Venomous', 'Species'] },
    });
    expect(imported.problems).toEqual([]);
  });
});

describe('the client reads the derived type as ASMX sends it', () => {
  it.each(SOAP_STYLES)(
    '%s: <GetAnimalResult xsi:type="s1:Snake"> is a Snake, its own members in its namespace',
    async (style) => {
      raw.respond(
        soapBody(
          style,
          `<GetAnimalResponse xmlns="${NS}"><GetAnimalResult xmlns:s1="${EXOTIC}" xsi:type="s1:Snake"><Name>Kaa</Name><Legs>0</Legs>` +
            `<s1:Venomous>false</s1:Venomous><s1:Species>python</s1:Species></GetAnimalResult></GetAnimalResponse>`,
        ),
      );
      const c = new (client['MenagerieClient'] as ClientClass)({ baseUrl: raw.url, style });
      expect(await c['getAnimal']!({ name: 'Kaa' })).toEqual(kaa);
    },
  );
});

describe('client and generated mock: the derived value round trips', () => {
  const fed: unknown[] = [];
  const sent: string[] = [];
  const answered: string[] = [];
  let service: Service;

  beforeAll(() => {
    const handlers = {
      getAnimal: ({ name }: { name?: string }) => (name === 'Kaa' ? kaa : rex),
      feed: ({ animal }: { animal: unknown }) => {
        fed.push(animal);
        return 'fed';
      },
    };
    service = (mock['createMockService'] as (o: Record<string, unknown>) => Service)({ handlers });
  });

  function menagerie(style: Style): Client {
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(await request.clone().text());
      const response = await service.handle(request);
      answered.push(await response.clone().text());
      return response;
    };
    return new (client['MenagerieClient'] as ClientClass)({ baseUrl: 'http://menagerie.test', style, fetch });
  }

  it.each(SOAP_STYLES)(
    '%s: the mock answers a Snake, which the client reads back whole, as it does the base type',
    async (style) => {
      answered.length = 0;
      expect(await menagerie(style)['getAnimal']!({ name: 'Kaa' })).toEqual(kaa);
      expect(typedElement(answered[0]!, 'GetAnimalResult')).toEqual(SNAKE_ON_THE_WIRE);
      expect(await menagerie(style)['getAnimal']!({ name: 'Rex' })).toEqual(rex);
    },
  );

  it.each(SOAP_STYLES)('%s: the client sends a Snake, which the mock reads back whole', async (style) => {
    fed.length = 0;
    sent.length = 0;
    expect(await menagerie(style)['feed']!({ animal: kaa })).toBe('fed');
    expect(typedElement(sent[0]!, 'animal')).toEqual(SNAKE_ON_THE_WIRE);
    expect(fed).toEqual([kaa]);
  });

  it('what both sides sent is valid against the WSDL the generator exports, and against the original (libxml2)', async () => {
    sent.length = 0;
    answered.length = 0;
    for (const style of SOAP_STYLES) {
      await menagerie(style)['getAnimal']!({ name: 'Kaa' });
      await menagerie(style)['feed']!({ animal: kaa });
    }
    const documents = Object.fromEntries([...sent, ...answered].map((d, i) => [`body${i}`, bodyElement(d)]));
    expect(Object.values(documents).filter((d) => /xsi:type="\w+:Snake"/.test(d))).toHaveLength(4);
    for (const wsdl of [readFileSync(fromRoot(OUT, 'wsdl', 'Menagerie.wsdl'), 'utf8'), wsdlText]) {
      const failures = [...(await validateAll(extractSchemas(wsdl), documents))].filter(
        ([, errors]) => errors.length > 0,
      );
      expect(failures).toEqual([]);
    }
  });
});

/** The Body's element of a SOAP message, standalone: the Envelope's xsi declaration, which it uses, taken along. */
function bodyElement(message: string): string {
  const reader = new XmlReader(message);
  reader.readRoot();
  while (reader.nextChild() && reader.localName !== 'Body') reader.skip();
  if (!reader.nextChild()) throw new Error(`an empty Body: ${message}`);
  const element = reader.readOuterXml();
  if (element.includes('xmlns:xsi=')) return element;
  return element.replace(/^<[^\s/>]+/, (tag) => `${tag} xmlns:xsi="${XSI}"`);
}
