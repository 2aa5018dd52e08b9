/**
 * Issue 25, item 3, on test/fixtures/import/Exchanges.wsdl (hand-written in the shapes of Exchange Web Services'
 * schema): (a) a choice whose field xsd.exe names Item while one of its alternatives is <Item>, (b) a choice with an
 * alternative whose type is a list of choices, (c) a derived type with a choice of its own past its base's Item, (d)
 * SOAP headers whose elements have an inline type of attributes.
 * Each was a spec problem or a left-out header before; now each is imported, generated, type-checked and round
 * tripped between the generated client and mock in SOAP 1.1 and 1.2, the wire checked exactly and against the WSDL.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { XmlReader } from '../../templates/runtime/codec/xml-reader.js';
import { fromRoot } from '../helpers/paths.js';
import { typecheckDir } from '../helpers/typecheck.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { typeSummary } from './model-summary.js';
import { generatedFromWsdl } from './support/generated-from-wsdl.js';

const WSDL = 'test/fixtures/import/Exchanges.wsdl';
const OUT = 'test/.tmp/import-ews-shapes';
const NS = 'http://example.org/exchanges/';
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

beforeAll(async () => {
  ({ client, mock } = await generatedFromWsdl(WSDL, OUT));
});

describe('import: the shapes of EWS', () => {
  const imported = importWsdl(wsdlText, WSDL);
  const model = parseSpec(imported.yaml, 'Exchanges.yaml');
  const fields = (record: string) =>
    model.records
      .find((r) => r.name === record)!
      .ownFields.map((f) => [f.name, typeSummary(f.type), ...(f.attribute ? ['attribute'] : [])]);

  it('nothing is reported left out', () => {
    expect(imported.problems).toEqual([]);
  });

  it('(a) a choice with an alternative <Item> is the field Item, as xsd.exe names it', () => {
    expect(fields('SetItemFieldType')).toEqual([
      ['FieldURI', 'string'],
      [
        'Item',
        {
          choice: [
            { name: 'Item', type: 'record ItemType' },
            { name: 'Message', type: 'record MessageType' },
          ],
        },
      ],
    ]);
  });

  it("(c) the choice of a derived type is Item1, past its base's Item", () => {
    expect(fields('BaseEventType')).toEqual([
      ['Watermark', 'string'],
      [
        'Item',
        {
          choice: [
            { name: 'FolderId', type: 'string' },
            { name: 'ItemId', type: 'string' },
          ],
        },
      ],
    ]);
    expect(fields('MovedEventType')).toEqual([
      [
        'Item1',
        {
          choice: [
            { name: 'OldFolderId', type: 'string' },
            { name: 'OldItemId', type: 'string' },
          ],
        },
      ],
      ['OldParentFolderId', 'string'],
    ]);
  });

  it('(b) an alternative whose type is a list of choices holds the record xsd.exe makes of that type, its field Items', () => {
    expect(fields('FindItemParentType')).toEqual([
      [
        'Item',
        {
          choice: [
            { name: 'Items', type: 'record ArrayOfRealItemsType' },
            { name: 'Groups', type: { list: 'string', item: 'Group', nillableItems: false, container: true } },
          ],
        },
      ],
    ]);
    expect(fields('ArrayOfRealItemsType')).toEqual([
      [
        'Items',
        {
          list: {
            choice: [
              { name: 'Item', type: 'record ItemType' },
              { name: 'Message', type: 'record MessageType' },
            ],
          },
          item: 'Items',
          nillableItems: false,
          container: false,
        },
      ],
    ]);
  });

  it('(b) an alternative whose type is a list of lists stays a list', () => {
    const nested = wsdlText
      .replace('name="Groups" type="tns:ArrayOfGroupsType"', 'name="Groups" type="tns:ArrayOfArrayOfGroupsType"')
      .replace(
        '<s:complexType name="FindItemParentType">',
        '<s:complexType name="ArrayOfArrayOfGroupsType"><s:sequence><s:element minOccurs="0" maxOccurs="unbounded" name="ArrayOfGroupsType" type="tns:ArrayOfGroupsType" /></s:sequence></s:complexType>\n      <s:complexType name="FindItemParentType">',
      );
    const { yaml } = importWsdl(nested, WSDL);
    expect(yaml).toContain(
      'type: { list: { list: string, item: Group, nillableItems: false }, item: ArrayOfGroupsType, nillableItems: false }',
    );
    expect(yaml).not.toMatch(/^ {2}ArrayOfArrayOfGroupsType:/m);
  });

  it('(d) a header element of an inline type holds a record named after it', () => {
    expect(model.soapHeaders.map((h) => [h.element, h.record.name, h.option])).toEqual([
      ['RequestServerVersion', 'RequestServerVersion', 'requestServerVersion'],
    ]);
    for (const operation of model.operations.filter((o) => o.name !== 'FindItem')) {
      expect(operation.responseHeaders.map((h) => [h.element, h.record.name])).toEqual([
        ['ServerVersionInfo', 'ServerVersionInfo'],
      ]);
    }
    expect(fields('RequestServerVersion')).toEqual([['Version', 'enum ExchangeVersionType', 'attribute']]);
    expect(fields('ServerVersionInfo')).toEqual([
      ['MajorVersion', 'int', 'attribute'],
      ['Version', 'string', 'attribute'],
    ]);
  });

  it("(d) an inline header type is drafted when a type of its element's name is declared too: the record takes the name and a number", () => {
    // As Bing's SearchRequest element wraps its SearchRequest type: the inline record is keyed apart, not left out.
    const twin = wsdlText.replace(
      '<s:complexType name="ItemType">',
      '<s:complexType name="ServerVersionInfo"><s:sequence /></s:complexType>\n      <s:complexType name="ItemType">',
    );
    const { yaml, problems } = importWsdl(twin, WSDL);
    expect(yaml).toContain('  - element: ServerVersionInfo\n    type: ServerVersionInfo2\n');
    expect(yaml).toMatch(/^ {2}ServerVersionInfo2:$/m);
    expect(
      problems
        .filter((p) => p.message.includes('ServerVersionInfo'))
        .map((p) => `${p.line} ${p.construct}: ${p.message}`),
    ).toEqual([
      `${at(twin, '<s:complexType name="ServerVersionInfo">')} s:complexType ServerVersionInfo: the type ServerVersionInfo is left out: no operation the draft keeps uses it`,
    ]);
  });

  it('(c) a type extending itself (a broken schema) is drafted, not followed round for ever', () => {
    const loop = wsdlText.replace('<s:extension base="tns:BaseEventType">', '<s:extension base="tns:MovedEventType">');
    const yaml = importWsdl(loop, WSDL).yaml;
    expect(yaml).toContain(
      ['  MovedEventType:', '    extends: MovedEventType', '    fields:', '      - name: Item'].join('\n'),
    );
  });

  it('the generated client and mock type-check', () => {
    expect(typecheckDir(fromRoot(OUT)).diagnostics).toEqual([]);
  });
});

const byItem = { FieldURI: 'item:Subject', Item: { Item: { Subject: 'Hello' } } };
const byMessage = { FieldURI: 'message:From', Item: { Message: { Subject: 'Hi', From: 'ann@example.org' } } };
const moved = { Watermark: 'w1', Item: { ItemId: 'i1' }, Item1: { OldFolderId: 'f0' }, OldParentFolderId: 'p0' };
const INFO = { MajorVersion: 15, Version: 'V2017_07_11' };
const byItems = {
  Item: { Items: { Items: [{ Message: { Subject: 'Hi', From: 'ann@example.org' } }, { Item: { Subject: 'Hello' } }] } },
};
const byGroups = { Item: { Groups: ['g1', 'g2'] } };

describe('client and generated mock: round trips with the exact wire', () => {
  const sent: string[] = [];
  const answered: string[] = [];
  const received: unknown[] = [];
  let service: Service;

  beforeAll(() => {
    const handlers = {
      updateItem: ({ change }: { change: unknown }, context: { responseHeaders: Record<string, unknown> }) => {
        received.push(change);
        context.responseHeaders['ServerVersionInfo'] = INFO;
        return change;
      },
      findItem: ({ parent }: { parent: unknown }) => {
        received.push(parent);
        return parent;
      },
      moveEvent: ({ moved: m }: { moved: unknown }) => {
        received.push(m);
        return m;
      },
    };
    service = (mock['createMockService'] as (o: Record<string, unknown>) => Service)({ handlers });
  });
  afterAll(() => {
    received.length = 0;
  });

  function exchanges(style: Style): Client {
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(await request.clone().text());
      const response = await service.handle(request);
      answered.push(await response.clone().text());
      return response;
    };
    return new (client['ExchangesClient'] as ClientClass)({
      baseUrl: 'http://ews.test',
      style,
      fetch,
      requestServerVersion: { Version: 'Exchange2013' },
    });
  }

  it.each(SOAP_STYLES)(
    '%s: (a) and (d) a choice of <Item> or <Message> goes and comes back whole, with both headers',
    async (style) => {
      for (const change of [byItem, byMessage]) {
        sent.length = 0;
        answered.length = 0;
        received.length = 0;
        expect(await exchanges(style)['updateItemWithHeaders']!({ change })).toEqual({
          result: change,
          headers: { ServerVersionInfo: INFO },
        });
        expect(received).toEqual([change]);
        expect(headerOf(sent[0]!)).toBe(
          `<RequestServerVersion xmlns="${NS}" Version="Exchange2013"></RequestServerVersion>`,
        );
        expect(headerOf(answered[0]!)).toBe(
          `<ServerVersionInfo xmlns="${NS}" MajorVersion="15" Version="V2017_07_11"></ServerVersionInfo>`,
        );
      }
      sent.length = 0;
      await exchanges(style)['updateItem']!({ change: byItem });
      expect(bodyElement(sent[0]!)).toBe(
        `<UpdateItem xmlns="${NS}"><change><FieldURI>item:Subject</FieldURI><Item><Subject>Hello</Subject></Item></change></UpdateItem>`,
      );
    },
  );

  it.each(SOAP_STYLES)("%s: (c) the base's choice and the derived type's go and come back whole", async (style) => {
    sent.length = 0;
    received.length = 0;
    expect(await exchanges(style)['moveEvent']!({ moved })).toEqual(moved);
    expect(received).toEqual([moved]);
    expect(bodyElement(sent[0]!)).toBe(
      `<MoveEvent xmlns="${NS}"><moved><Watermark>w1</Watermark><ItemId>i1</ItemId><OldFolderId>f0</OldFolderId><OldParentFolderId>p0</OldParentFolderId></moved></MoveEvent>`,
    );
  });

  it.each(SOAP_STYLES)(
    '%s: (b) a list of choices inside a choice, and the other alternative, go and come back whole',
    async (style) => {
      sent.length = 0;
      received.length = 0;
      for (const parent of [byItems, byGroups]) expect(await exchanges(style)['findItem']!({ parent })).toEqual(parent);
      expect(received).toEqual([byItems, byGroups]);
      expect(sent.map(bodyElement)).toEqual([
        `<FindItem xmlns="${NS}"><parent><Items><Message><Subject>Hi</Subject><From>ann@example.org</From></Message><Item><Subject>Hello</Subject></Item></Items></parent></FindItem>`,
        `<FindItem xmlns="${NS}"><parent><Groups><Group>g1</Group><Group>g2</Group></Groups></parent></FindItem>`,
      ]);
    },
  );

  it('what both sides sent is valid against the WSDL the generator exports, and against the original (libxml2)', async () => {
    sent.length = 0;
    answered.length = 0;
    for (const style of SOAP_STYLES) {
      await exchanges(style)['updateItem']!({ change: byItem });
      await exchanges(style)['updateItem']!({ change: byMessage });
      await exchanges(style)['moveEvent']!({ moved });
      await exchanges(style)['findItem']!({ parent: byItems });
      await exchanges(style)['findItem']!({ parent: byGroups });
    }
    const documents = Object.fromEntries(
      [...sent, ...answered].flatMap((d, i) => [
        [`body${i}`, bodyElement(d)],
        ...(headerOf(d) ? [[`header${i}`, headerOf(d)!]] : []),
      ]),
    );
    // Every request's RequestServerVersion; ServerVersionInfo in the answers of UpdateItem, whose handler sets it.
    expect(Object.keys(documents).filter((k) => k.startsWith('header'))).toHaveLength(10 + 4);
    for (const wsdl of [readFileSync(fromRoot(OUT, 'wsdl', 'Exchanges.wsdl'), 'utf8'), wsdlText]) {
      const failures = [...(await validateAll(extractSchemas(wsdl), documents))].filter(
        ([, errors]) => errors.length > 0,
      );
      expect(failures).toEqual([]);
    }
  });
});

/** The first child of the Envelope's `part` (Header or Body), standalone, or undefined when there is none. */
function childOf(message: string, part: 'Header' | 'Body'): string | undefined {
  const reader = new XmlReader(message);
  reader.readRoot();
  while (reader.nextChild()) {
    if (reader.localName !== part) {
      reader.skip();
      continue;
    }
    return reader.nextChild() ? reader.readOuterXml() : undefined;
  }
  return undefined;
}

function headerOf(message: string): string | undefined {
  return childOf(message, 'Header');
}

function bodyElement(message: string): string {
  const element = childOf(message, 'Body');
  if (element === undefined) throw new Error(`an empty Body: ${message}`);
  return element;
}

/** The 1-based line of the first line of `text` holding `needle`, plus `after` lines. */
function at(text: string, needle: string, after = 0): number {
  return text.slice(0, text.indexOf(needle)).split('\n').length + after;
}
