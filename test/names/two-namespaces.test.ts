/**
 * Issue 25, category 5: WCF publishes DataContracts of one class name in several namespaces. Each is a record of its
 * own, keyed apart in the spec (the second `Address2`, `xmlName: Address`), with its own namespace and TypeScript
 * name, and each field refers to the right one (test/fixtures/import/TwoAddresses.wsdl). Imported, generated,
 * type-checked, and called: the client's request and the mock's answer carry each Address's fields in its own
 * namespace, and the values come back as sent.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatProblem, importWsdl } from '../../generator/import/index.js';
import { parseXml } from '../../generator/import/xml.js';
import { readSoapRequest } from '../client/support/xml-tree.js';
import { typecheckDir } from '../helpers/typecheck.js';
import { fromRoot } from '../helpers/paths.js';
import { generateService, type GeneratedService } from '../mock/support/generated-service.js';

const WSDL = 'test/fixtures/import/TwoAddresses.wsdl';
const OUT = 'names-two-namespaces';
const SPEC = `test/.tmp/${OUT}.yaml`;
const A = 'http://schemas.datacontract.org/2004/07/A';
const B = 'http://schemas.datacontract.org/2004/07/B';
const TEMPURI = 'http://tempuri.org/';

const imported = importWsdl(readFileSync(fromRoot(WSDL), 'utf8'), WSDL);
const draft = parse(imported.yaml) as {
  records: Record<string, { xmlName?: string; namespace?: string; fields: Array<{ name: string; type: string }> }>;
  operations: Array<{ params: Array<{ name: string; type: string }>; result: { type: string } }>;
};

describe('import: one type name in two namespaces', () => {
  it('drafts two records, each in its own namespace, the second keyed apart with its XML name', () => {
    const rows = Object.entries(draft.records).map(([key, r]) => ({
      key,
      xmlName: r.xmlName,
      namespace: r.namespace,
      fields: r.fields.map((f) => `${f.name}: ${f.type}`),
    }));
    expect(rows).toEqual([
      { key: 'Address', xmlName: undefined, namespace: A, fields: ['City: string', 'Street: string'] },
      {
        key: 'Address2',
        xmlName: 'Address',
        namespace: B,
        fields: ['Country: string', 'Line1: string', 'PostCode: int'],
      },
      {
        key: 'Parcel',
        xmlName: undefined,
        namespace: B,
        fields: ['Destination: Address2', 'Sender: Address', 'Weight: double'],
      },
    ]);
    expect(draft.operations[0]!.params.map((p) => `${p.name}: ${p.type}`)).toEqual([
      'origin: Address',
      'parcel: Parcel',
    ]);
    expect(draft.operations[0]!.result.type).toBe('Address2');
  });

  it('reports no type as drafted as another', () => {
    expect(imported.problems.map(formatProblem).filter((p) => /second type|drafted as the first/.test(p))).toEqual([]);
  });
});

interface Address {
  City?: string | null;
  Street?: string | null;
}
interface Address2 {
  Country?: string | null;
  Line1?: string | null;
  PostCode?: number;
}
interface Parcel {
  Destination?: Address2 | null;
  Sender?: Address | null;
  Weight?: number;
}
type ShipParams = { origin?: Address | null; parcel?: Parcel | null };

describe('generated from the draft', () => {
  let generated: GeneratedService;
  const requests: string[] = [];
  const answers: string[] = [];
  const received: ShipParams[] = [];

  beforeAll(async () => {
    mkdirSync(fromRoot('test/.tmp'), { recursive: true });
    writeFileSync(fromRoot(SPEC), imported.yaml);
    generated = await generateService(SPEC, OUT);
  });
  afterAll(() => {
    rmSync(fromRoot(SPEC), { force: true });
    rmSync(fromRoot('test/.tmp', OUT), { recursive: true, force: true });
  });

  it('declares each Address under its own TypeScript name and type-checks', () => {
    expect(generated.model.records.map((r) => [r.name, r.xmlName, r.namespace?.uri])).toEqual([
      ['Address', 'Address', A],
      ['Address2', 'Address', B],
      ['Parcel', 'Parcel', B],
    ]);
    const types = readFileSync(fromRoot('test/.tmp', OUT, 'client', 'types.ts'), 'utf8');
    expect(types).toMatch(/export interface Address \{/);
    expect(types).toMatch(/export interface Address2 \{/);
    expect(typecheckDir(fromRoot('test/.tmp', OUT)).diagnostics).toEqual([]);
  });

  it('the generated WSDL declares each Address under its XML name in its own namespace', () => {
    const wsdl = parseXml(readFileSync(fromRoot('test/.tmp', OUT, 'wsdl', 'ShippingService.wsdl'), 'utf8'));
    const schemas = wsdl.children.find((c) => c.name === 'types')!.children;
    const declared = schemas.map((s) => [
      s.attrs.get('targetNamespace'),
      s.children.filter((c) => c.name === 'complexType').map((c) => c.attrs.get('name')),
    ]);
    expect(declared).toEqual(
      expect.arrayContaining([
        [A, ['Address']],
        [B, expect.arrayContaining(['Address', 'Parcel'])],
      ]),
    );
  });

  it('a call to the generated mock carries each Address in its namespace, and the values round-trip', async () => {
    const { createMockService } = generated.mock as {
      createMockService: (o: object) => { handle(r: Request): Promise<Response> };
    };
    const service = createMockService({
      handlers: {
        ship: (params: ShipParams) => {
          received.push(params);
          return { ...params.parcel!.Destination!, PostCode: 1 + (params.parcel!.Destination!.PostCode ?? 0) };
        },
      },
    });
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(await request.clone().text());
      const response = await service.handle(request);
      answers.push(await response.clone().text());
      return response;
    };
    const Client = generated.client['ShippingServiceClient'] as new (o: object) => {
      ship(p: ShipParams): Promise<Address2 | null>;
    };
    const client = new Client({ baseUrl: 'http://mock.test', fetch });
    const params: ShipParams = {
      origin: { City: 'Óbuda', Street: 'Fő utca 1' },
      parcel: {
        Destination: { Country: 'NL', Line1: 'Dam 1', PostCode: 1012 },
        Sender: { City: 'Pest', Street: null },
        Weight: 2.5,
      },
    };
    const result = await client.ship(params);

    expect(received).toEqual([params]);
    expect(result).toEqual({ Country: 'NL', Line1: 'Dam 1', PostCode: 1013 });
    const xsiNil = 'xsi:nil="true"';
    expect(readSoapRequest(requests[0]!).body).toBe(
      `<Ship xmlns="${TEMPURI}">` +
        `<origin><City xmlns="${A}">Óbuda</City><Street xmlns="${A}">Fő utca 1</Street></origin>` +
        `<parcel><Destination xmlns="${B}"><Country>NL</Country><Line1>Dam 1</Line1><PostCode>1012</PostCode></Destination>` +
        `<Sender xmlns="${B}"><City xmlns="${A}">Pest</City><Street xmlns="${A}" ${xsiNil}/></Sender><Weight xmlns="${B}">2.5</Weight></parcel>` +
        `</Ship>`,
    );
    expect(readSoapRequest(answers[0]!).body).toBe(
      `<ShipResponse xmlns="${TEMPURI}"><ShipResult><Country xmlns="${B}">NL</Country><Line1 xmlns="${B}">Dam 1</Line1><PostCode xmlns="${B}">1013</PostCode></ShipResult></ShipResponse>`,
    );
  });
});
