/**
 * Issue 25, item 2: a WSDL whose messages name elements no schema declares (portaplus-api, a ServiceStack WSDL whose
 * `wsdl:types` holds only the Serialization schema) is an import error naming them, with their places, rather than a
 * draft of no operation that generation refuses ("operations: must not be empty"). Hand-written in ServiceStack's shape.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGenerate } from '../../generator/commands/generate.js';
import { runImportWsdl } from '../../generator/commands/import-wsdl.js';
import { importWsdl, WsdlImportError } from '../../generator/import/index.js';
import { UNDECLARED_SHOWN } from '../../generator/import/undeclared.js';
import { fromRoot } from '../helpers/paths.js';

const TMP = 'test/.tmp/import-undeclared';
const TNS = 'http://schemas.servicestack.net/types';
const SERIALIZATION = 'http://schemas.microsoft.com/2003/10/Serialization/';

/**
 * A ServiceStack-shaped WSDL of `operations` (each message on a line of its own, the first part on line 8), whose
 * types declare the Serialization schema and, when `declared` says so, the elements of those operations.
 */
function wsdlText(operations: readonly string[], declared: (op: string) => boolean = () => false): string {
  const elements = operations
    .filter(declared)
    .flatMap((op) => [op, `${op}Response`])
    .map(
      (e) =>
        `<xs:element name="${e}"><xs:complexType><xs:sequence><xs:element minOccurs="0" name="Value" type="xs:string"/></xs:sequence></xs:complexType></xs:element>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions name="SyncReply" targetNamespace="${TNS}" xmlns:tns="${TNS}" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xs="http://www.w3.org/2001/XMLSchema">
<wsdl:types>
<xs:schema attributeFormDefault="qualified" elementFormDefault="qualified" targetNamespace="${SERIALIZATION}"><xs:element name="anyType" nillable="true" type="xs:anyType"/></xs:schema>
${elements === '' ? '' : `<xs:schema elementFormDefault="qualified" targetNamespace="${TNS}">${elements}</xs:schema>`}
</wsdl:types>
${operations.map((op) => `<wsdl:message name="${op}In"><wsdl:part name="par" element="tns:${op}"/></wsdl:message>\n<wsdl:message name="${op}Out"><wsdl:part name="par" element="tns:${op}Response"/></wsdl:message>`).join('\n')}
<wsdl:portType name="ISyncReply">${operations.map((op) => `<wsdl:operation name="${op}"><wsdl:input message="tns:${op}In"/><wsdl:output message="tns:${op}Out"/></wsdl:operation>`).join('')}</wsdl:portType>
<wsdl:binding name="BasicHttpBinding_ISyncReply" type="tns:ISyncReply"><soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>${operations.map((op) => `<wsdl:operation name="${op}"><soap:operation soapAction="${TNS}/${op}" style="document"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>`).join('')}</wsdl:binding>
<wsdl:service name="SyncReply"><wsdl:port name="BasicHttpBinding_ISyncReply" binding="tns:BasicHttpBinding_ISyncReply"><soap:address location="http://localhost/soap11"/></wsdl:port></wsdl:service>
</wsdl:definitions>
`;
}

const OPS = ['Authenticate', 'AddFeatures', 'Subscribed', 'GetTenant', 'SetTenant'];
/** Where the part of operation i's input or output message stands: the messages start on line 7, each on a line. */
const partAt = (i: number, io: 'In' | 'Out') =>
  `${7 + 2 * i + (io === 'Out' ? 1 : 0)}:${'<wsdl:message name="'.length + OPS[i]!.length + `${io}">`.length + 1}`;

beforeAll(() => {
  rmSync(fromRoot(TMP), { recursive: true, force: true });
  mkdirSync(fromRoot(TMP), { recursive: true });
});
afterAll(() => {
  rmSync(fromRoot(TMP), { recursive: true, force: true });
});

describe('messages naming elements no schema declares', () => {
  it.each([
    // [operations, the lines of the error]
    [
      ['Authenticate'],
      [
        `x.wsdl: no operation can be drafted: 2 elements its messages name are declared in no schema of the WSDL (the schemas it holds are of ${SERIALIZATION}):`,
        `  x.wsdl:${partAt(0, 'In')}: tns:Authenticate ({${TNS}}Authenticate)`,
        `  x.wsdl:${partAt(0, 'Out')}: tns:AuthenticateResponse ({${TNS}}AuthenticateResponse)`,
      ],
    ],
    [
      OPS,
      [
        `x.wsdl: no operation can be drafted: 10 elements its messages name are declared in no schema of the WSDL (the schemas it holds are of ${SERIALIZATION}):`,
        `  x.wsdl:${partAt(0, 'In')}: tns:Authenticate ({${TNS}}Authenticate)`,
        `  x.wsdl:${partAt(0, 'Out')}: tns:AuthenticateResponse ({${TNS}}AuthenticateResponse)`,
        `  x.wsdl:${partAt(1, 'In')}: tns:AddFeatures ({${TNS}}AddFeatures)`,
        `  x.wsdl:${partAt(1, 'Out')}: tns:AddFeaturesResponse ({${TNS}}AddFeaturesResponse)`,
        `  x.wsdl:${partAt(2, 'In')}: tns:Subscribed ({${TNS}}Subscribed)`,
        `  and ${10 - UNDECLARED_SHOWN} more`,
      ],
    ],
  ] as const)('%j: an import error naming the first of them, with their places', (operations, lines) => {
    expect(() => importWsdl(wsdlText(operations), 'x.wsdl')).toThrow(new WsdlImportError(lines.join('\n')));
  });

  it('one element shared by two messages is counted once; one undeclared is said in the singular', () => {
    const text = wsdlText(['Ping']).replace('element="tns:PingResponse"', 'element="tns:Ping"');
    expect(() => importWsdl(text, 'x.wsdl')).toThrow(
      new WsdlImportError(
        `x.wsdl: no operation can be drafted: 1 element its messages name is declared in no schema of the WSDL (the schemas it holds are of ${SERIALIZATION}):\n  x.wsdl:7:29: tns:Ping ({${TNS}}Ping)`,
      ),
    );
  });

  it('names the documents that could not be read, which may be where the elements are', () => {
    const imports = [0, 1, 2, 3, 4, 5]
      .map((n) => `<xs:import namespace="${TNS}" schemaLocation="http://sync.example/SyncReply.svc?xsd=xsd${n}"/>`)
      .join('');
    const text = wsdlText(['Ping']).replace('<xs:element name="anyType"', `${imports}<xs:element name="anyType"`);
    const message = (() => {
      try {
        importWsdl(text, `${TMP}/x.wsdl`);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    const lines = message.split('\n');
    expect(lines.slice(3, 4)).toEqual(['the WSDL names 6 documents that could not be read, which may declare them:']);
    const unread = (n: number) =>
      `http://sync.example/SyncReply.svc?xsd=xsd${n} is a URL, which a WSDL read from a file does not fetch, and no file beside it stands for it`;
    expect(lines.slice(4).map((l) => l.replace(/^ {2}\S+: s:import: /, '').replace(/ \(looked for.*$/, ''))).toEqual(
      [0, 1, 2, 3, 4].map(unread).concat('  and 1 more'),
    );
    expect(lines[4]).toMatch(new RegExp(`^  ${TMP}/x\\.wsdl:4:146: s:import: `));
  });

  it('while an operation is left to draft, an undeclared element stays a problem of its operation', () => {
    const { problems, yaml } = importWsdl(
      wsdlText(['Authenticate', 'Subscribed'], (op) => op === 'Subscribed'),
      'x.wsdl',
    );
    expect(yaml).toMatch(/^  - name: Subscribed$/m);
    expect(problems.filter((p) => p.construct === 'wsdl:part').map((p) => p.message)).toEqual([
      "the element Authenticate of Authenticate's input is not declared; the operation is left out",
      "the element AuthenticateResponse of Authenticate's output is not declared; the operation is left out",
    ]);
  });

  it('the real portaplus-api WSDL (excluded from the corpus test for this defect) is refused with the error', () => {
    const wsdl = 'test/fixtures/wsdl/portaplus-api/portaplusapi.wsdl';
    const readFile = (path: string) => readFileSync(fromRoot(path), 'utf8');
    expect(() => importWsdl(readFile(wsdl), wsdl, { schema: true, readFile })).toThrow(
      new WsdlImportError(
        [
          `${wsdl}: no operation can be drafted: 110 elements its messages name are declared in no schema of the WSDL (the schemas it holds are of ${SERIALIZATION}):`,
          `  ${wsdl}:67:9: tns:AuthenticateAccount ({${TNS}}AuthenticateAccount)`,
          `  ${wsdl}:70:9: tns:AuthenticateAccountResponse ({${TNS}}AuthenticateAccountResponse)`,
          `  ${wsdl}:72:9: tns:AddTenatFeatures ({${TNS}}AddTenatFeatures)`,
          `  ${wsdl}:75:9: tns:AddTenatFeaturesResponse ({${TNS}}AddTenatFeaturesResponse)`,
          `  ${wsdl}:77:9: tns:SubscribedTenants ({${TNS}}SubscribedTenants)`,
          `  and 105 more`,
        ].join('\n'),
      ),
    );
  });

  it('import-wsdl and generate --wsdl exit 2 with the error', async () => {
    writeFileSync(fromRoot(TMP, 'SyncReply.wsdl'), wsdlText(OPS));
    const wsdl = `${TMP}/SyncReply.wsdl`;
    const first = `no operation can be drafted: 10 elements its messages name are declared in no schema of the WSDL`;
    const imported = await runImportWsdl({ file: wsdl, cwd: fromRoot() });
    expect([imported.exitCode, imported.stdout, imported.stderr.split('\n')[0]]).toEqual([
      2,
      '',
      `${wsdl}: ${first} (the schemas it holds are of ${SERIALIZATION}):`,
    ]);
    const generated = await runGenerate({ wsdl, out: `${TMP}/out`, cwd: fromRoot() });
    expect([generated.exitCode, generated.stderr.split('\n')[0]]).toEqual([
      2,
      `${wsdl}: ${first} (the schemas it holds are of ${SERIALIZATION}):`,
    ]);
  });
});
