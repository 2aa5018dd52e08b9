/**
 * The schema of the generated payer WSDL is a valid XML Schema for libxml2 (xmllint-wasm), and it says what the spec
 * says: for every operation, the SOAP body element (`<Op>` with example parameters), the response element and the
 * HTTP POST root, written from the model by this file (not by the runtime), validate, both with everything filled in
 * and with everything optional left out or nil; the wire of the generated client and mock validates too; and
 * deliberately wrong instances (a misspelt `timestamp`, a letter in a long, ...) fail with a message naming the
 * problem. All documents of a group go through one xmllint run, since each run compiles the schema again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { wsdlDocument } from '../../generator/emit/wsdl/index.js';
import type {
  FieldModel,
  OperationModel,
  PrimitiveName,
  ServiceModel,
  StructModel,
  TypeModel,
} from '../../generator/model/types.js';
import { loadSpec } from '../../generator/load/load.js';
import { PAYER_SPEC, fromRoot, repoRoot } from '../helpers/paths.js';
import { extractSchema, extractSchemas, validateAll, validateAgainst } from '../helpers/xsd.js';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** Example texts that XML Schema must accept for each type (at the edges where that is cheap: the largest long). */
const TEXT: Readonly<Record<Exclude<PrimitiveName, 'xml'>, string>> = {
  string: 'text &amp; &lt;more/&gt;',
  int: '-2147483648',
  long: '9223372036854775807',
  double: '-1.5E+308',
  boolean: 'true',
  dateTime: '2024-01-31T12:00:00.123Z',
  decimal: '79228162514264337593543950335.5',
  float: '1.5',
  short: '-32768',
  byte: '-128',
  unsignedByte: '255',
  unsignedShort: '65535',
  unsignedInt: '4294967295',
  unsignedLong: '18446744073709551615',
  base64Binary: 'AQID',
  guid: '00000000-0000-0000-0000-000000000001',
  char: '65',
  date: '2024-01-31',
  time: '12:00:00',
  duration: 'PT1H',
  integer: '-12345678901234567890123',
  nonNegativeInteger: '0',
  positiveInteger: '7',
  NMTOKEN: 'a.b-c:d',
  Name: 'a:b',
  NCName: 'a_b',
  language: 'en-GB',
  token: 'a b-c',
  anyURI: 'http://example.org/a%20b?c=d#e',
};

type Variant = 'full' | 'sparse';

/** Records nested deeper than this hold only their required members, and lists there are empty. */
const MAX_DEPTH = 4;

/**
 * An instance document written from the model alone: elements in the namespaces the spec says (an operation's own
 * for its wrapper and parameters, the service's for fields and items), `full` with every member present (lists with
 * two items, one nil where items may be), `sparse` with every optional member left out and every nillable one nil.
 */
class InstanceWriter {
  constructor(
    private readonly model: ServiceModel,
    private readonly variant: Variant,
  ) {}

  private get serviceNs(): string {
    return this.model.namespace.uri;
  }

  request(op: OperationModel): string {
    const ns = op.namespace ?? this.serviceNs;
    const params = op.params
      .filter((p) => this.variant === 'full' || !p.optional || p.default !== undefined)
      .map((p) =>
        this.variant === 'sparse' && p.nillable
          ? this.nil(p.name, ns, ns, p.type)
          : this.element(p.name, p.type, ns, ns, 0),
      )
      .join('');
    return this.root(op.name, ns, params);
  }

  response(op: OperationModel): string {
    const ns = op.namespace ?? this.serviceNs;
    const result = op.result;
    let content = '';
    if (result.kind === 'value') content = this.resultElement(result.element, result.type, result.nullable, ns);
    if (result.kind === 'outputs') {
      const [first, ...rest] = result.struct.fields;
      const fields = result.returned.kind === 'value' ? rest : result.struct.fields;
      if (result.returned.kind === 'value' && first)
        content += this.resultElement(first.name, first.type, result.returned.nullable, ns);
      content += fields.map((f) => this.field(f, ns, ns, 0)).join('');
    }
    return this.root(`${op.name}Response`, ns, content);
  }

  /** The HTTP POST document: the result's own content under the root the spec names. */
  httpPost(op: OperationModel, root: string): string {
    const ns = op.namespace ?? this.serviceNs;
    if (op.result.kind !== 'value') throw new Error(`${op.name} has no single result`);
    const type = op.result.type;
    const attrs = type.kind === 'record' ? this.attributes(type.record) : '';
    return `<${root} xmlns="${ns}" xmlns:xsi="${XSI}"${attrs}>${this.content(type, ns, 0)}</${root}>`;
  }

  private root(name: string, ns: string, content: string): string {
    return `<${name} xmlns="${ns}" xmlns:xsi="${XSI}">${content}</${name}>`;
  }

  private resultElement(name: string, type: TypeModel, nullable: boolean, ns: string): string {
    if (this.variant === 'sparse' && nullable) {
      // ASMX leaves a null reference out and sends a null value type (DateTime?) as nil.
      return isReference(type) ? '' : this.nil(name, ns, ns, type);
    }
    return this.element(name, type, ns, ns, 0);
  }

  private field(f: FieldModel, ns: string, parentNs: string, depth: number): string {
    if (f.attribute) return '';
    const type = f.type;
    if (type.kind === 'choice' && this.variant === 'sparse' && f.optional) return '';
    if (type.kind === 'list' && !type.container) {
      return this.variant === 'sparse'
        ? ''
        : this.items(type.itemElement, type.item, type.nillableItems, ns, parentNs, depth);
    }
    if (this.variant === 'sparse' && f.optional) return '';
    if (this.variant === 'sparse' && f.nillable) return this.nil(f.name, ns, parentNs, type);
    return this.element(f.name, type, ns, parentNs, depth);
  }

  private element(name: string, type: TypeModel, ns: string, parentNs: string, depth: number): string {
    // A choice is its alternative's element: the last one, so that a first-only reading would be caught.
    if (type.kind === 'choice')
      return this.element(type.alternatives.at(-1)!.name, type.alternatives.at(-1)!.type, ns, parentNs, depth);
    const xmlns = ns === parentNs ? '' : ` xmlns="${ns}"`;
    const attrs = type.kind === 'record' ? this.attributes(type.record) : '';
    return `<${name}${xmlns}${attrs}>${this.content(type, ns, depth)}</${name}>`;
  }

  /**
   * A nil element. XML Schema checks a nil element's attributes all the same, so a record's required attributes are
   * written on it too (ASMX declares a value-type attribute use="required", and a nil item without it is invalid).
   */
  private nil(name: string, ns: string, parentNs: string, type?: TypeModel): string {
    const attrs = type?.kind === 'record' ? this.attributes(type.record, true) : '';
    return `<${name}${ns === parentNs ? '' : ` xmlns="${ns}"`}${attrs} xsi:nil="true"/>`;
  }

  /** The content of an element of `type` whose own namespace is `ns` (children go in the service namespace). */
  private content(type: TypeModel, ns: string, depth: number): string {
    switch (type.kind) {
      case 'primitive':
        return type.name === 'xml' ? '<anything xmlns="urn:else">goes <here/></anything>' : TEXT[type.name];
      case 'enum':
        return escape(type.enum.values.at(-1)!);
      case 'list':
        return this.variant === 'sparse' || depth >= MAX_DEPTH
          ? ''
          : this.items(type.itemElement, type.item, type.nillableItems, this.serviceNs, ns, depth);
      case 'record':
        return this.record(type.record, ns, depth + 1);
      case 'choice':
        throw new Error('a choice has no element of its own');
    }
  }

  private items(name: string, item: TypeModel, nillable: boolean, ns: string, parentNs: string, depth: number): string {
    // Items of a list of choices: every alternative once, in reverse (any order is valid).
    if (item.kind === 'choice')
      return [...item.alternatives]
        .reverse()
        .map((a) => this.element(a.name, a.type, ns, parentNs, depth))
        .join('');
    const one = this.element(name, item, ns, parentNs, depth);
    return nillable ? `${one}${this.nil(name, ns, parentNs, item)}` : `${one}${one}`;
  }

  private record(s: StructModel, ns: string, depth: number): string {
    // Deep down (recursive types), only what must be there.
    const fields = depth >= MAX_DEPTH ? s.fields.filter((f) => !f.optional) : s.fields;
    return fields.map((f) => this.field(f, this.serviceNs, ns, depth)).join('');
  }

  private attributes(s: StructModel, requiredOnly = false): string {
    return s.fields
      .filter((f) => f.attribute && (!f.optional || (this.variant === 'full' && !requiredOnly)))
      .map((f) => ` ${f.name}="${this.content(f.type, this.serviceNs, 0)}"`)
      .join('');
  }
}

function isReference(type: TypeModel): boolean {
  return (
    type.kind === 'record' ||
    type.kind === 'list' ||
    (type.kind === 'primitive' && (type.name === 'string' || type.name === 'base64Binary' || type.name === 'xml'))
  );
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function httpPostRoot(op: OperationModel): string | undefined {
  const root = op.httpPostRoot;
  return root.kind === 'shown' || root.kind === 'convention'
    ? root.name
    : root.kind === 'notShown'
      ? root.assumed
      : undefined;
}

/** Every instance of a model: per operation, request and response in both variants, and the HTTP POST root. */
function instancesOf(model: ServiceModel): Record<string, string> {
  const docs: Record<string, string> = {};
  for (const variant of ['full', 'sparse'] as const) {
    const writer = new InstanceWriter(model, variant);
    for (const op of model.operations) {
      docs[`${op.name} request (${variant})`] = writer.request(op);
      docs[`${op.name} response (${variant})`] = writer.response(op);
      const root = httpPostRoot(op);
      if (op.httpPost && root !== undefined && variant === 'full')
        docs[`${op.name} HTTP POST root <${root}>`] = writer.httpPost(op, root);
    }
  }
  return docs;
}

interface WrongInstance {
  readonly name: string;
  readonly op: string;
  readonly edit: (xml: string) => string;
  readonly error: RegExp;
}

/** Requests that must fail, each a valid example with one thing changed. */
const WRONG_REQUESTS: readonly WrongInstance[] = [
  {
    name: 'timestamp where ProcessPaymentFileAsync spells timeStamp',
    op: 'ProcessPaymentFileAsync',
    edit: (xml) => xml.replace(/<timeStamp>([^<]*)<\/timeStamp>/, '<timestamp>$1</timestamp>'),
    error:
      /Element '\{http:\/\/svc\.example\/\}timestamp': This element is not expected\. Expected is \( \{http:\/\/svc\.example\/\}timeStamp \)/,
  },
  {
    name: 'timeStamp where TestPaymentFileAsync spells timestamp',
    op: 'TestPaymentFileAsync',
    edit: (xml) => xml.replace(/<timestamp>([^<]*)<\/timestamp>/, '<timeStamp>$1</timeStamp>'),
    error: /timeStamp': This element is not expected\. Expected is \( \{http:\/\/svc\.example\/\}timestamp \)/,
  },
  {
    name: 'a letter in the long requestId',
    op: 'GetProcessingRequestStatus',
    edit: (xml) => xml.replace(/<requestId>[^<]*<\/requestId>/, '<requestId>12a4</requestId>'),
    error: /requestId': '12a4' is not a valid value of the atomic type 'xs:long'/,
  },
  {
    name: 'a long beyond 2^63 - 1',
    op: 'ProcessPaymentsAsyncResult',
    edit: (xml) => xml.replace(/<requestId>[^<]*<\/requestId>/, '<requestId>9223372036854775808</requestId>'),
    error: /'9223372036854775808' is not a valid value of the atomic type 'xs:long'/,
  },
  {
    name: 'a decimal comma in the double totalAmount',
    op: 'TestPaymentFile',
    edit: (xml) => xml.replace(/<totalAmount>[^<]*<\/totalAmount>/, '<totalAmount>12,50</totalAmount>'),
    error: /totalAmount': '12,50' is not a valid value of the atomic type 'xs:double'/,
  },
  {
    name: 'changesSinceDate left out (the element is required; the client sends 0)',
    op: 'CreatePayeeStatusFile',
    edit: (xml) => xml.replace(/<changesSinceDate>[^<]*<\/changesSinceDate>/, ''),
    error: /Missing child element\(s\)\. Expected is \( \{http:\/\/svc\.example\/\}changesSinceDate \)/,
  },
  {
    name: 'parameters out of order',
    op: 'GetBalances',
    edit: (xml) => xml.replace(/(<timestamp>[^<]*<\/timestamp>)(<key>[^<]*<\/key>)/, '$2$1'),
    error:
      /Element '\{http:\/\/svc\.example\/\}key': This element is not expected\. Expected is \( \{http:\/\/svc\.example\/\}timestamp \)/,
  },
  {
    name: 'an unqualified parameter',
    op: 'GetDynamicKey',
    edit: (xml) => xml.replace(/<payerName>([^<]*)<\/payerName>/, '<payerName xmlns="">$1</payerName>'),
    error: /Element 'payerName': This element is not expected/,
  },
  {
    name: 'a nil timestamp (not nillable)',
    op: 'GetCustomFields',
    edit: (xml) => xml.replace(/<timestamp>[^<]*<\/timestamp>/, '<timestamp xsi:nil="true"/>'),
    error: /timestamp': The element is not 'nillable'/,
  },
];

/** Responses that must fail. */
const WRONG_RESPONSES: readonly WrongInstance[] = [
  {
    name: 'a requestStatus outside the enum',
    op: 'GetProcessingRequestStatus',
    edit: (xml) => xml.replace(/<requestStatus>[^<]*<\/requestStatus>/, '<requestStatus>Paused</requestStatus>'),
    error: /requestStatus': \[facet 'enumeration'\] The value 'Paused' is not an element of the set/,
  },
  {
    name: 'a nil LineErrorOrWarning item (the decision nil-list-items excludes it)',
    op: 'TestPaymentFile',
    edit: (xml) => xml.replace(/<LineErrorOrWarning>/, '<LineErrorOrWarning xsi:nil="true"/><LineErrorOrWarning>'),
    error: /LineErrorOrWarning': The element is not 'nillable'/,
  },
  {
    name: 'the result element twice',
    op: 'GetBalances',
    edit: (xml) => xml.replace(/(<GetBalancesResult>[\s\S]*<\/GetBalancesResult>)/, '$1$1'),
    error: /GetBalancesResult': This element is not expected/,
  },
  {
    name: 'an int errorCode in a (S) result',
    op: 'GetDynamicKey',
    edit: (xml) => xml.replace(/<errorCode>[^<]*<\/errorCode>/, '<errorCode>0</errorCode>'),
    error: /errorCode': \[facet 'enumeration'\] The value '0' is not an element of the set/,
  },
  {
    name: 'b of StatusFileResult left out (nillable, but required: a bool? is sent as nil)',
    op: 'CreatePayeeStatusFile',
    edit: (xml) => xml.replace(/<b>[^<]*<\/b>/, ''),
    error:
      /Element '\{http:\/\/svc\.example\/\}i': This element is not expected\. Expected is \( \{http:\/\/svc\.example\/\}b \)/,
  },
];

/** Specs with the shapes the payer lacks: attributes, extension, headers, other namespaces, guid, char, XML content. */
const OTHER_SPECS = [
  'test/client/fixtures/shapes.yaml',
  'test/client/fixtures/xsd-types.yaml',
  'test/mock/fixtures/op-namespace.yaml',
  'test/fixtures/wsdl/ssrs-execution/ReportExecutionService.yaml',
  'test/fixtures/wsdl/interhome/WebService.yaml',
];

let payer: ServiceModel;
let wsdl: string;
let xsd: string;
/**
 * The xmllint runs, started together in beforeAll (each in a worker of its own) and awaited by the tests: one for all
 * the payer's documents, one per other spec.
 */
let payerRun: Promise<Map<string, string[]>>;
let otherRuns: Map<string, Promise<Map<string, string[]>>>;

beforeAll(() => {
  payer = loadSpec(fromRoot(PAYER_SPEC), { cwd: repoRoot });
  wsdl = wsdlDocument(payer);
  xsd = extractSchema(wsdl);
  const wrong: Record<string, string> = {};
  const full = new InstanceWriter(payer, 'full');
  for (const [kind, rows] of [
    ['request', WRONG_REQUESTS],
    ['response', WRONG_RESPONSES],
  ] as const) {
    for (const row of rows) {
      const op = payer.operations.find((o) => o.name === row.op)!;
      const good = kind === 'request' ? full.request(op) : full.response(op);
      wrong[`${row.name}: valid`] = good;
      wrong[row.name] = row.edit(good);
      if (wrong[row.name] === good) throw new Error(`the edit of "${row.name}" changes nothing`);
    }
  }
  payerRun = validateAll(xsd, { ...instancesOf(payer), ...wrong, '<nothing/>': '<nothing/>' });
  otherRuns = new Map(
    OTHER_SPECS.map((file) => {
      const model = loadSpec(fromRoot(file), { cwd: repoRoot });
      return [file, validateAll(extractSchemas(wsdlDocument(model)), instancesOf(model))] as const;
    }),
  );
});

describe('the payer schema', () => {
  it('is one schema for the service namespace, which libxml2 compiles', async () => {
    expect(extractSchemas(wsdl).map((s) => s.targetNamespace)).toEqual([payer.namespace.uri]);
    // A document of no declared element fails validation, which needs a compiled schema; a bad schema throws.
    expect((await payerRun).get('<nothing/>')).toEqual([
      "Schemas validity error : Element 'nothing': No matching global declaration available for the validation root.",
    ]);
  });

  it("accepts every operation's request, response and HTTP POST root, full and sparse", async () => {
    const instances = instancesOf(payer);
    // 19 operations x (request, response) x (full, sparse) + 19 HTTP POST roots.
    expect(Object.keys(instances)).toHaveLength(payer.operations.length * 5);
    const errors = await payerRun;
    expect(
      Object.fromEntries(
        Object.keys(instances).flatMap((k) => (errors.get(k)!.length > 0 ? [[k, errors.get(k)]] : [])),
      ),
    ).toEqual({});
  });

  it.each([
    ...WRONG_REQUESTS.map((r) => ({ ...r, kind: 'request' })),
    ...WRONG_RESPONSES.map((r) => ({ ...r, kind: 'response' })),
  ])('refuses a $kind with $name', async ({ name, error }) => {
    const errors = await payerRun;
    expect(errors.get(`${name}: valid`)).toEqual([]);
    expect(errors.get(name)!.join('\n')).toMatch(error);
  });
});

describe('other specs: attributes, extension, headers, operations in their own namespace, guid and char, XML content', () => {
  it.each(OTHER_SPECS)('%s: every request, response and HTTP POST root validates', async (file) => {
    const errors = await otherRuns.get(file)!;
    expect(errors.size).toBeGreaterThan(0);
    expect(Object.fromEntries([...errors].filter(([, e]) => e.length > 0))).toEqual({});
  });
});

describe('the wire of the generated client and mock', () => {
  it('validates: every SOAP request body, SOAP response body and HTTP POST response the generated code sends', async () => {
    const client = (await import('../../generated/client/index.js')) as unknown as Record<string, unknown>;
    const mock = (await import('../../generated/mock/index.js')) as unknown as Record<string, unknown>;
    type Service = { handle(request: Request): Promise<Response> };
    const service = (mock['createMockService'] as (o: unknown) => Service)({ handlers: mock['exampleHandlers'] });
    const { payerName, apiKey } = mock['DEFAULT_PAYER'] as { payerName: string; apiKey: string };
    const docs: Record<string, string> = {};
    for (const style of ['soap11', 'httpPost'] as const) {
      let label = '';
      const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        const body = await request.clone().text();
        if (style === 'soap11') docs[`${label} request`] = soapBodyElement(body);
        const response = await service.handle(request);
        const text = await response.clone().text();
        docs[`${label} ${style} response`] =
          style === 'soap11' ? soapBodyElement(text) : text.replace(/^<\?xml[^>]*\?>/, '');
        return response;
      };
      const Client = client['PayerClient'] as new (o: unknown) => Record<string, (p: unknown) => Promise<unknown>>;
      const payerClient = new Client({
        baseUrl: 'http://mock.example',
        payerName,
        apiKey,
        style,
        fetch,
        throwOnServiceError: false,
      });
      for (const op of payer.operations) {
        label = op.name;
        await payerClient[op.methodName]!(clientArguments(op));
      }
    }
    expect(Object.keys(docs)).toHaveLength(payer.operations.length * 3);
    const errors = await validateAll(xsd, docs);
    expect(Object.fromEntries([...errors].filter(([, e]) => e.length > 0))).toEqual({});
  });
});

/** The one element in a SOAP envelope's Body, with the envelope's namespace declarations it may use. */
function soapBodyElement(envelope: string): string {
  const body = /<(\w+:)?Body[^>]*>([\s\S]*)<\/\1?Body>/.exec(envelope);
  if (!body) throw new Error(`no SOAP Body in ${envelope.slice(0, 200)}`);
  const declarations = [
    ...(/<(?:\w+:)?Envelope([^>]*)>/.exec(envelope)?.[1] ?? '').matchAll(/\s(xmlns:\w+)="([^"]*)"/g),
  ];
  const element = body[2]!.trim();
  const extra = declarations
    .filter(([, name]) => !new RegExp(`^<[^>]*\\s${name}=`).test(element))
    .map(([, name, value]) => ` ${name}="${value}"`)
    .join('');
  return element.replace(/^<([\w:.-]+)/, `<$1${extra}`);
}

/** Arguments the client accepts for `op`: an example of each parameter the caller passes. */
function clientArguments(op: OperationModel): Record<string, unknown> {
  const value = (type: TypeModel): unknown => {
    if (type.kind === 'enum') return type.enum.values[0];
    if (type.kind === 'list') return [value(type.item)];
    if (type.kind === 'record') return Object.fromEntries(type.record.fields.map((f) => [f.name, value(f.type)]));
    if (type.kind === 'choice') return { [type.alternatives[0]!.name]: value(type.alternatives[0]!.type) };
    switch (type.name) {
      case 'long':
        return '9223372036854775807';
      case 'double':
        return 1234.5;
      case 'dateTime':
        return new Date('2024-01-31T12:00:00Z');
      default:
        return 'text';
    }
  };
  return Object.fromEntries(op.inputParams.map((p) => [p.name, value(p.type)]));
}

describe('the WSDL 1.1 schema', () => {
  // The WSDL 1.1 schema (http://schemas.xmlsoap.org/wsdl/) is not shipped by any installed package (node-soap has
  // none) and nothing is downloaded by the tests; should a package bring one, the WSDL is validated against it.
  const found = findWsdlSchema();
  it.skipIf(found === undefined)(
    'validates the generated WSDL itself (skipped: no WSDL 1.1 schema in node_modules)',
    async () => {
      expect(await validateAgainst(found!, wsdl)).toEqual([]);
    },
  );
});

function findWsdlSchema(): string | undefined {
  const root = join(repoRoot, 'node_modules');
  for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.xsd')) continue;
    const text = readFileSync(join(root, entry), 'utf8');
    if (/targetNamespace\s*=\s*"http:\/\/schemas\.xmlsoap\.org\/wsdl\/"/.test(text)) return text;
  }
  return undefined;
}
