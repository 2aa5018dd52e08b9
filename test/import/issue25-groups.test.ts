/**
 * Issue 25: named model groups (`s:group ref`), attribute groups (`s:attributeGroup ref`) and `s:all`, in the shapes
 * real schemas use them (test/fixtures/import/issue25/Groups.wsdl: an OpenTravel-like attribute group with a nested
 * one of another namespace, used by two types; a named group of a sequence with a nested group, used by two types,
 * once as the whole content; a group repeated around one element; a group of a choice; an s:all record). Each was
 * reported and left out. Now each is read where its reference stands, and the import reports nothing; the draft is
 * generated, type-checked, and its client and mock talk to each other, what they send valid against the fixture's
 * own schema (libxml2). The elements of an s:all are written in the order declared and read in any order.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { XmlReader } from '../../templates/runtime/codec/xml-reader.js';
import { fromRoot } from '../helpers/paths.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { bodyContent, roundTrips, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';

const WSDL = 'test/fixtures/import/issue25/Groups.wsdl';
const TNS = 'http://example.org/travel/';
const wsdlText = readFileSync(fromRoot(WSDL), 'utf8');
let trip: RoundTrip;
const mocks: MockService[] = [];

beforeAll(async () => {
  trip = (await roundTrips({ groups: WSDL }, 'issue25-groups')).groups;
}, 180_000);
afterAll(async () => Promise.all(mocks.map((m) => m.close())));

const REQUEST = {
  Traveller: { Name: 'Ada', Email: 'ada@example.org', City: 'London', Country: 'UK', Age: 36 },
  Agent: { Name: 'Acme', City: 'Paris', IATA: '123' },
  Preferences: { Seat: 'aisle', Meal: 'veg', Newsletter: true },
  EchoToken: 'e1',
  Version: '1.5',
  PrimaryLangID: 'en',
};
const ANSWER = {
  Confirmation: 'C-1',
  Note: ['late arrival', 'quiet room'],
  Item: { Fax: '+44 1' },
  Preferences: { Meal: 'fish' },
  Version: '1.5',
  PrimaryLangID: 'en',
  Status: 'OK',
};

describe('the import', () => {
  it('reports nothing: every group, attribute group and s:all is mapped', () => {
    expect(trip.importRun.stderr).toMatch(/^Wrote [^\n]*\n$/);
    expect(trip.yaml).toContain('# Every construct of the WSDL was mapped.');
  });

  it('drafts each group where its reference stands, with its occurrence', () => {
    const fields = (name: string) =>
      trip.generated.model.records
        .find((r) => r.name === name)!
        .fields.map((f) => `${f.name}:${f.type.kind}${f.optional ? '?' : ''}${f.attribute ? '@' : ''}`);
    expect({
      BookingRQ: fields('BookingRQ'),
      BookingRS: fields('BookingRS'),
      Traveller: fields('Traveller'),
      Agent: fields('Agent'),
      Preferences: fields('Preferences'),
    }).toEqual({
      // The attribute group, and the one of another namespace it references.
      BookingRQ: [
        'Traveller:record',
        'Agent:record?',
        'Preferences:record?',
        'EchoToken:primitive?@',
        'TimeStamp:primitive?@',
        'Version:primitive@',
        'PrimaryLangID:primitive?@',
      ],
      // A group repeated around one element: a list without a container; a group of a choice: a choice.
      BookingRS: [
        'Confirmation:primitive',
        'Note:list',
        'Item:choice',
        'Preferences:record?',
        'EchoToken:primitive?@',
        'TimeStamp:primitive?@',
        'Version:primitive@',
        'PrimaryLangID:primitive?@',
        'Status:primitive?@',
      ],
      // PartyGroup (with AddressGroup nested) in a sequence, and as the whole content.
      Traveller: ['Name:primitive', 'Email:primitive?', 'City:primitive', 'Country:primitive?', 'Age:primitive'],
      Agent: ['Name:primitive', 'Email:primitive?', 'City:primitive', 'Country:primitive?', 'IATA:primitive?@'],
      // s:all: each element at most once.
      Preferences: ['Seat:primitive?', 'Meal:primitive', 'Newsletter:primitive?'],
    });
    expect(trip.yaml).toContain('- { name: Note, type: { list: string, nillableItems: false, container: false } }');
  });
});

describe('the generated client and mock', () => {
  it("type-check, and send every group's elements and attributes, both ways, in the order declared", async () => {
    expect(trip.diagnostics).toEqual([]);
    const received: unknown[] = [];
    const { client, mock, exchanges } = trip.connect({ book: (p: unknown) => (received.push(p), ANSWER) });
    mocks.push(mock);
    await expect(client['book']!({ request: REQUEST })).resolves.toEqual(ANSWER);
    expect(received).toEqual([{ request: REQUEST }]);
    const [exchange] = exchanges;
    expect(exchange!.status).toBe(200);
    expect(bodyContent(exchange!.request, 'Book')).toBe(
      '<request EchoToken="e1" Version="1.5" PrimaryLangID="en">' +
        '<Traveller><Name>Ada</Name><Email>ada@example.org</Email><City>London</City><Country>UK</Country><Age>36</Age></Traveller>' +
        '<Agent IATA="123"><Name>Acme</Name><City>Paris</City></Agent>' +
        '<Preferences><Seat>aisle</Seat><Meal>veg</Meal><Newsletter>true</Newsletter></Preferences></request>',
    );
    expect(bodyContent(exchange!.response, 'BookResult')).toBe(
      '<Confirmation>C-1</Confirmation><Note>late arrival</Note><Note>quiet room</Note><Fax>+44 1</Fax><Preferences><Meal>fish</Meal></Preferences>',
    );
    expect(exchange!.response).toMatch(/<BookResult Version="1.5" PrimaryLangID="en" Status="OK">/);
  });

  it('read the elements of an s:all in any order: the mock a request, the client an answer', async () => {
    const received: unknown[] = [];
    const { mock } = trip.connect({ book: (p: unknown) => (received.push(p), ANSWER) });
    mocks.push(mock);
    const reordered = '<Newsletter>false</Newsletter><Meal>veg</Meal><Seat>window</Seat>';
    const requestBody = `<Book xmlns="${TNS}"><request Version="2"><Traveller><Name>Bo</Name><City>Oslo</City><Age>7</Age></Traveller><Preferences>${reordered}</Preferences></request></Book>`;
    const response = await mock.handle(soapRequest(requestBody));
    expect(response.status).toBe(200);
    expect(received).toEqual([
      {
        request: {
          Traveller: { Name: 'Bo', City: 'Oslo', Age: 7 },
          Preferences: { Seat: 'window', Meal: 'veg', Newsletter: false },
          Version: '2',
        },
      },
    ]);

    const answerBody = `<BookResponse xmlns="${TNS}"><BookResult Version="3"><Confirmation>C-2</Confirmation><Phone>1</Phone><Preferences><Meal>fish</Meal><Seat>aisle</Seat></Preferences></BookResult></BookResponse>`;
    const client = clientAnswering(envelope(answerBody));
    await expect(
      client['book']!({ request: { Traveller: { Name: 'Bo', City: 'Oslo', Age: 7 }, Version: '2' } }),
    ).resolves.toEqual({
      Confirmation: 'C-2',
      Note: [],
      Item: { Phone: '1' },
      Preferences: { Seat: 'aisle', Meal: 'fish' },
      Version: '3',
    });

    // Both reordered documents are valid: s:all allows any order (so the reads above are of valid messages).
    const failures = [
      ...(await validateAll(extractSchemas(wsdlText), { request: requestBody, answer: answerBody })),
    ].filter(([, e]) => e.length > 0);
    expect(failures).toEqual([]);
  });

  it("what both sides sent is valid against the fixture's own schema (libxml2)", async () => {
    const { client, mock, exchanges } = trip.connect({ book: () => ANSWER });
    mocks.push(mock);
    await client['book']!({ request: REQUEST });
    await client['book']!({ request: { Traveller: REQUEST.Traveller, Version: '1' } });
    const documents = Object.fromEntries(
      exchanges.flatMap((e, i) => [
        [`request${i}`, bodyElement(e.request)],
        [`answer${i}`, bodyElement(e.response)],
      ]),
    );
    expect(Object.keys(documents)).toHaveLength(4);
    const failures = [...(await validateAll(extractSchemas(wsdlText), documents))].filter(
      ([, errors]) => errors.length > 0,
    );
    expect(failures).toEqual([]);
  });
});

/** Problems the import reports for the fixture changed by `edits` (text -> replacement), as `line:column construct: message`. */
function problemsAfter(...edits: Array<[string, string]>): string[] {
  let text = wsdlText;
  for (const [from, to] of edits) {
    if (!text.includes(from)) throw new Error(`not in the fixture: ${from}`);
    text = text.replace(from, to);
  }
  return importWsdl(text, WSDL).problems.map((p) => `${p.line}:${p.column} ${p.construct}: ${p.message}`);
}

/** The 1-based line of the fixture holding `text` (its first occurrence). */
const lineOf = (text: string) => wsdlText.slice(0, wsdlText.indexOf(text)).split('\n').length;

const ADDRESS_END = '          <s:element minOccurs="0" maxOccurs="1" name="Country" type="s:string" />\n';
const LANGUAGE_GROUP = '<s:attributeGroup name="LanguageGroup">';
const REMARKS =
  '<s:group name="Remarks"><s:sequence><s:element name="Remark" type="s:string" /></s:sequence></s:group>';
const NOTE_REF = '<s:group minOccurs="0" maxOccurs="unbounded" ref="tns:NoteGroup" />';
const CONFIRMATION = '<s:element minOccurs="1" maxOccurs="1" name="Confirmation" type="s:string" />';
/** An edit putting `particle` right after BookingRS's first element, and where it then stands. */
const afterConfirmation = (particle: string): [string, string] => [CONFIRMATION, CONFIRMATION + particle];
const ADDED = `${lineOf(CONFIRMATION)}:${11 + CONFIRMATION.length}`;

describe('what cannot be read is reported where it stands, and nothing else', () => {
  it.each<[string, Array<[string, string]>, string[]]>([
    [
      'a group containing itself (through a nested one): reported once per type reading it, not looped on',
      [[ADDRESS_END, `${ADDRESS_END}          <s:group ref="tns:PartyGroup" />\n`]],
      [
        `${lineOf(ADDRESS_END) + 1}:11 s:group ref: in Traveller: the group PartyGroup contains itself; this reference is left out`,
        `${lineOf(ADDRESS_END) + 1}:11 s:group ref: in Agent: the group PartyGroup contains itself; this reference is left out`,
      ],
    ],
    [
      'an attribute group containing itself',
      [[`${LANGUAGE_GROUP}\n`, `${LANGUAGE_GROUP}<s:attributeGroup ref="tns:TravelStdAttributes" />\n`]],
      [
        `${lineOf(LANGUAGE_GROUP)}:46 s:attributeGroup ref: in BookingRQ: the attribute group TravelStdAttributes contains itself; this reference is left out`,
        `${lineOf(LANGUAGE_GROUP)}:46 s:attributeGroup ref: in BookingRS: the attribute group TravelStdAttributes contains itself; this reference is left out`,
      ],
    ],
    [
      'a group of another namespace (its elements would be in that namespace)',
      [[LANGUAGE_GROUP, REMARKS + LANGUAGE_GROUP], afterConfirmation('<s:group ref="o:Remarks" />')],
      [
        `${ADDED} s:group ref: in BookingRS: the group o:Remarks is of urn:example:common, not of http://example.org/travel/ where the reference stands; the format has no way to put a record's fields in a namespace of their own, so its elements are left out`,
      ],
    ],
    [
      'a group no schema declares',
      [afterConfirmation('<s:group ref="tns:Nowhere" />')],
      [
        `${ADDED} s:group ref: in BookingRS: the group reference tns:Nowhere names {http://example.org/travel/}Nowhere, which no schema of the WSDL declares; its elements are left out`,
      ],
    ],
    [
      'an attribute group reference with an undeclared prefix',
      [['<s:attributeGroup ref="o:LanguageGroup" />', '<s:attributeGroup ref="zz:LanguageGroup" />']],
      [
        `${lineOf('<s:attributeGroup ref="o:LanguageGroup" />')}:9 s:attributeGroup ref: in BookingRQ: the prefix of the attribute group reference zz:LanguageGroup is not declared; its attributes are left out`,
        `${lineOf('<s:attributeGroup ref="o:LanguageGroup" />')}:9 s:attributeGroup ref: in BookingRS: the prefix of the attribute group reference zz:LanguageGroup is not declared; its attributes are left out`,
        // Nothing references it any more.
        `${lineOf(LANGUAGE_GROUP)}:7 s:attributeGroup LanguageGroup: the attribute group LanguageGroup is left out: no type the draft keeps uses it`,
      ],
    ],
    [
      'a group of several elements repeated as a whole',
      [
        [
          '<s:group ref="tns:PartyGroup" />\n          <s:element minOccurs="1" maxOccurs="1" name="Age"',
          '<s:group maxOccurs="2" ref="tns:PartyGroup" />\n          <s:element minOccurs="1" maxOccurs="1" name="Age"',
        ],
      ],
      [
        `${lineOf('<s:group ref="tns:PartyGroup" />')}:11 s:group occurrence: in Traveller: the group PartyGroup of 3 particles occurs maxOccurs="2" as a whole, which the format cannot say; its elements are drafted as occurring once`,
      ],
    ],
    [
      'a group no type uses',
      [[LANGUAGE_GROUP, REMARKS + LANGUAGE_GROUP]],
      [`${lineOf(LANGUAGE_GROUP)}:7 s:group Remarks: the group Remarks is left out: no type the draft keeps uses it`],
    ],
    [
      'a group of a sequence of several elements as an alternative of a choice',
      [
        afterConfirmation(
          '<s:choice><s:element name="Email" type="s:string" /><s:group ref="tns:AddressGroup" /></s:choice>',
        ),
      ],
      [
        `${ADDED} s:choice: in BookingRS: the choice is left out, since not all of its alternatives can be mapped`,
        `${lineOf(CONFIRMATION)}:${11 + CONFIRMATION.length + 52} s:group in s:choice: in BookingRS: the group AddressGroup is an s:sequence; only elements, and groups of alternatives occurring once, are mapped as the alternatives of a choice`,
      ],
    ],
    [
      'a group of a choice repeated, as an alternative of a choice',
      [
        afterConfirmation(
          '<s:choice><s:element name="Email" type="s:string" /><s:group maxOccurs="2" ref="tns:ContactChoice" /></s:choice>',
        ),
      ],
      [
        `${ADDED} s:choice: in BookingRS: the choice is left out, since not all of its alternatives can be mapped`,
        `${lineOf(CONFIRMATION)}:${11 + CONFIRMATION.length + 52} s:group in s:choice: in BookingRS: the group ContactChoice occurs maxOccurs="2"; only elements, and groups of alternatives occurring once, are mapped as the alternatives of a choice`,
      ],
    ],
    [
      'what an attribute group or a group cannot hold',
      [
        ['<s:attributeGroup ref="o:LanguageGroup" />', '<s:attributeGroup ref="o:LanguageGroup" /><s:sequence />'],
        [
          ADDRESS_END,
          `${ADDRESS_END}        </s:sequence>\n      </s:group>\n      <s:group name="Bad">\n        <s:element name="Bad" type="s:string" />\n        <s:sequence>\n`,
        ],
        [
          '<s:group ref="tns:PartyGroup" />\n          <s:element minOccurs="1" maxOccurs="1" name="Age"',
          '<s:group ref="tns:Bad" /><s:group ref="tns:PartyGroup" />\n          <s:element minOccurs="1" maxOccurs="1" name="Age"',
        ],
      ],
      [
        `${lineOf('<s:attributeGroup ref="o:LanguageGroup" />')}:51 s:sequence: in BookingRQ: not mapped; left out`,
        `${lineOf('<s:attributeGroup ref="o:LanguageGroup" />')}:51 s:sequence: in BookingRS: not mapped; left out`,
        `${lineOf(ADDRESS_END) + 4}:9 s:element: in Traveller: not mapped; left out`,
      ],
    ],
  ])('%s', (_, edits, expected) => {
    expect(problemsAfter(...edits)).toEqual(expected);
  });

  it.each<[string, Array<[string, string]>, string]>([
    [
      'a group of a choice, as alternatives of a choice',
      [
        [
          '<s:group ref="tns:ContactChoice" />',
          '<s:choice><s:element name="Email" type="s:string" /><s:group ref="tns:ContactChoice" /></s:choice>',
        ],
      ],
      '- { name: Fax, type: string }',
    ],
    [
      'a group of one element, as an alternative of a choice',
      [[NOTE_REF, '<s:choice><s:element name="Email" type="s:string" /><s:group ref="tns:NoteGroup" /></s:choice>']],
      '- { name: Note, type: string }',
    ],
    [
      'a group of a choice of one element, as that element',
      [['<s:element name="Fax" type="s:string" />\n', '']],
      '- { name: Phone, type: string, optional: false, nillable: false }',
    ],
    [
      'a group of one element, optional',
      [[NOTE_REF, '<s:group minOccurs="0" ref="tns:NoteGroup" />']],
      '- { name: Note, type: string, nillable: false }',
    ],
    [
      'an attribute group allowing any further attribute',
      [['<s:attributeGroup ref="o:LanguageGroup" />', '<s:attributeGroup ref="o:LanguageGroup" /><s:anyAttribute />']],
      'anyAttribute: true',
    ],
    [
      "an attribute group on text content (s:simpleContent, OpenTravel's FreeTextType)",
      [
        [
          'name="Age" type="s:int" />',
          'name="Age" type="s:int" /><s:element minOccurs="0" name="Remark" type="tns:FreeText" />',
        ],
        [
          '<s:complexType name="Preferences">',
          '<s:complexType name="FreeText"><s:simpleContent><s:extension base="s:string"><s:attributeGroup ref="o:LanguageGroup" /></s:extension></s:simpleContent></s:complexType><s:complexType name="Preferences">',
        ],
      ],
      '  FreeText:\n    fields:\n      - { name: Value, type: string, text: true }\n      - { name: PrimaryLangID, type: string, attribute: true }\n',
    ],
    [
      "a group of an s:all as a type's whole content",
      [
        ['<s:all>', '<s:group ref="tns:Prefs" /></s:complexType><s:group name="Prefs"><s:all>'],
        ['</s:all>\n      </s:complexType>', '</s:all></s:group>'],
      ],
      '- { name: Newsletter, type: boolean, optional: true }',
    ],
  ])('is read, nothing reported: %s', (_, edits, drafted) => {
    let text = wsdlText;
    for (const [from, to] of edits) {
      if (!text.includes(from)) throw new Error(`not in the fixture: ${from}`);
      text = text.replace(from, to);
    }
    const { problems, yaml } = importWsdl(text, WSDL);
    expect(problems).toEqual([]);
    expect(yaml).toContain(drafted);
  });
});

function envelope(body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
}

function soapRequest(body: string): Request {
  return new Request('http://mock.test/Travel.asmx', {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${TNS}Book"` },
    body: envelope(body),
  });
}

/** A client of the generated code whose every call is answered with `answer` (a SOAP 1.1 envelope). */
function clientAnswering(answer: string): Record<string, (params?: unknown) => Promise<unknown>> {
  const client = trip.generated.client;
  const name = Object.keys(client).find((k) => k.endsWith('Client') && typeof client[k] === 'function')!;
  const Ctor = client[name] as new (
    o: Record<string, unknown>,
  ) => Record<string, (params?: unknown) => Promise<unknown>>;
  const fetch = async () =>
    new Response(answer, { status: 200, headers: { 'Content-Type': 'text/xml; charset=utf-8' } });
  return new Ctor({ baseUrl: 'http://mock.test', style: 'soap11', fetch });
}

/** The Body's element of a SOAP message, standalone. */
function bodyElement(message: string): string {
  const reader = new XmlReader(message);
  reader.readRoot();
  while (reader.nextChild() && reader.localName !== 'Body') reader.skip();
  if (!reader.nextChild()) throw new Error(`an empty Body: ${message}`);
  return reader.readOuterXml();
}
