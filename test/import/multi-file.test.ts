/**
 * Issue 17, item 8: the documents a WSDL reaches by location (`wsdl:import`, `xs:import` / `xs:include`) are read from
 * the folder of the first file or the origin of its URL, at most DOCUMENT_LIMITS of them; what lies elsewhere or
 * beyond the limits is refused, each refusal a problem at the reference's place. Real directories under test/.tmp and
 * a loopback HTTP server; the end-to-end proof with a WCF service is in end-to-end.test.ts.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem, importWsdl, readWsdlSource } from '../../generator/import/index.js';
import { DOCUMENT_LIMITS } from '../../generator/import/read-wsdl.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';

const TMP = 'test/.tmp/import-multi-file';
const TNS = 'http://example.org/multi/';

/** A WSDL of one operation, Ping, whose elements are in `tns` and whose types section holds `imports`. */
function wsdlText(imports: string, extra = ''): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:tns="${TNS}" targetNamespace="${TNS}">
  ${extra}
  <wsdl:types>
    <s:schema elementFormDefault="qualified" targetNamespace="${TNS}">
      ${imports}
      <s:element name="Ping"><s:complexType><s:sequence><s:element minOccurs="0" name="text" type="s:string"/></s:sequence></s:complexType></s:element>
      <s:element name="PingResponse"><s:complexType><s:sequence><s:element minOccurs="0" name="PingResult" type="s:string"/></s:sequence></s:complexType></s:element>
    </s:schema>
  </wsdl:types>
  <wsdl:message name="PingSoapIn"><wsdl:part name="parameters" element="tns:Ping"/></wsdl:message>
  <wsdl:message name="PingSoapOut"><wsdl:part name="parameters" element="tns:PingResponse"/></wsdl:message>
  <wsdl:portType name="PingSoap"><wsdl:operation name="Ping"><wsdl:input message="tns:PingSoapIn"/><wsdl:output message="tns:PingSoapOut"/></wsdl:operation></wsdl:portType>
  <wsdl:binding name="PingSoap" type="tns:PingSoap">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>
    <wsdl:operation name="Ping"><soap:operation soapAction="${TNS}Ping" style="document"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="Pinger"><wsdl:port name="PingSoap" binding="tns:PingSoap"><soap:address location="http://localhost/Pinger.asmx"/></wsdl:port></wsdl:service>
</wsdl:definitions>
`;
}

/** A schema of namespace `ns` declaring the simple type `name`, importing `imports`. */
function schemaText(ns: string, imports = '', annotation = ''): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<s:schema xmlns:s="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified" targetNamespace="${ns}">
  ${imports}${annotation}
</s:schema>
`;
}

const importOf = (ns: string, location: string) => `<s:import namespace="${ns}" schemaLocation="${location}"/>`;

let lastDraft = '';

/** Writes `files` into a fresh folder `name` under TMP and imports its `main.wsdl`; the problems as formatted. */
function importFolder(name: string, files: Record<string, string>): string[] {
  const dir = `${TMP}/${name}`;
  mkdirSync(fromRoot(dir, 'sub'), { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(fromRoot(dir, file), text);
  const wsdl = `${dir}/sub/main.wsdl`;
  const { problems, yaml } = importWsdl(files['sub/main.wsdl']!, wsdl, {
    readFile: (p) => readFileSync(fromRoot(p), 'utf8'),
  });
  lastDraft = yaml;
  return problems.map(formatProblem);
}

beforeAll(() => {
  rmSync(fromRoot(TMP), { recursive: true, force: true });
});
afterAll(() => {
  rmSync(fromRoot(TMP), { recursive: true, force: true });
});

describe('from a file', () => {
  it('follows a wsdl:import of a WSDL in the same folder, and its schema imports, by relative location', () => {
    const files = {
      'sub/main.wsdl': `<?xml version="1.0"?>
<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:i0="${TNS}" targetNamespace="urn:outer">
  <wsdl:import namespace="${TNS}" location="contract.wsdl"/>
  <wsdl:service name="Pinger"><wsdl:port name="PingSoap" binding="i0:PingSoap"><soap:address location="http://localhost/Pinger.svc"/></wsdl:port></wsdl:service>
</wsdl:definitions>`,
      'sub/contract.wsdl': wsdlText(importOf('urn:a', 'a.xsd')).replace(/<wsdl:service[\s\S]*<\/wsdl:service>/, ''),
      'sub/a.xsd': schemaText(
        'urn:a',
        '',
        '<s:simpleType name="Code"><s:restriction base="s:string"><s:enumeration value="X"/></s:restriction></s:simpleType>',
      ),
    };
    const problems = importFolder('wsdl-import', files);
    // Read: the type of a.xsd is there (and unused), the operation of contract.wsdl is drafted.
    expect(lastDraft).toContain(`namespace: { uri: ${TNS} }`);
    expect(lastDraft).toMatch(/^  - name: Ping$/m);
    expect(problems).toEqual([
      `${TMP}/wsdl-import/sub/a.xsd:3:3: s:simpleType Code: the type Code is left out: no operation the draft keeps uses it`,
    ]);
  });

  it(`reads at most ${DOCUMENT_LIMITS.documents} documents: the reference to one more is refused, at its place`, () => {
    const files: Record<string, string> = { 'sub/main.wsdl': wsdlText(importOf('urn:s1', 's1.xsd')) };
    for (let i = 1; i <= DOCUMENT_LIMITS.documents; i++) {
      files[`sub/s${i}.xsd`] = schemaText(`urn:s${i}`, importOf(`urn:s${i + 1}`, `s${i + 1}.xsd`));
    }
    const problems = importFolder('count', files);
    const last = DOCUMENT_LIMITS.documents - 1;
    expect(problems).toEqual([
      `${TMP}/count/sub/s${last}.xsd:3:3: s:import: s${last + 1}.xsd is not read: a WSDL reaches at most ${DOCUMENT_LIMITS.documents} documents`,
    ]);
  });

  it('reads at most 16 MiB in all: the document past it is refused, at the reference', () => {
    const big = schemaText(
      'urn:big',
      '',
      `<s:annotation><s:documentation>${'x'.repeat(DOCUMENT_LIMITS.characters)}</s:documentation></s:annotation>`,
    );
    const problems = importFolder('size', {
      'sub/main.wsdl': wsdlText(importOf('urn:big', 'big.xsd')),
      'sub/big.xsd': big,
    });
    expect(problems).toEqual([
      `${TMP}/size/sub/main.wsdl:6:7: s:import: big.xsd is not read: the documents of a WSDL hold at most 16 MiB in all`,
    ]);
  });

  it('refuses a location outside the folder of the first file, relative or as a file: URL; a file: URL inside is read', () => {
    const outside = pathToFileURL(fromRoot(TMP, 'escape', 'out.xsd')).href;
    const inside = pathToFileURL(fromRoot(TMP, 'escape', 'sub', 'in.xsd')).href;
    const files = {
      'sub/main.wsdl': wsdlText(
        [importOf('urn:out', '../out.xsd'), importOf('urn:out2', outside), importOf('urn:in', inside)].join('\n      '),
      ),
      'out.xsd': schemaText('urn:out'),
      'sub/in.xsd': schemaText(
        'urn:in',
        '',
        '<s:simpleType name="Inside"><s:restriction base="s:string"><s:enumeration value="Y"/></s:restriction></s:simpleType>',
      ),
    };
    const problems = importFolder('escape', files);
    expect(problems).toEqual([
      `${TMP}/escape/sub/in.xsd:3:3: s:simpleType Inside: the type Inside is left out: no operation the draft keeps uses it`,
      `${TMP}/escape/sub/main.wsdl:6:7: s:import: ../out.xsd is outside the folder of ${TMP}/escape/sub/main.wsdl; it is not read`,
      `${TMP}/escape/sub/main.wsdl:7:7: s:import: ${outside} is outside the folder of ${TMP}/escape/sub/main.wsdl; it is not read`,
    ]);
  });
});

describe('from a URL', () => {
  let server: http.Server;
  let base = '';
  const requested: string[] = [];
  const documents = new Map<string, string>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requested.push(req.url ?? '');
      const text = documents.get(req.url ?? '');
      if (text === undefined) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'text/xml' }).end(text);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('follows a relative query location (?xsd=xsd0) on the same origin; refuses another origin without asking it', async () => {
    const elsewhere = `http://localhost:${new URL(base).port}/other.xsd`;
    documents.set(
      '/Svc.svc?wsdl',
      wsdlText([importOf('urn:a', '?xsd=xsd0'), importOf('urn:b', elsewhere)].join('\n      ')),
    );
    documents.set(
      '/Svc.svc?xsd=xsd0',
      schemaText(
        'urn:a',
        '',
        '<s:simpleType name="Fetched"><s:restriction base="s:string"><s:enumeration value="Z"/></s:restriction></s:simpleType>',
      ),
    );
    documents.set('/other.xsd', schemaText('urn:b'));
    const url = `${base}/Svc.svc?wsdl`;
    const source = await readWsdlSource(url, repoRoot);
    const { problems } = importWsdl(source.text, source.shown, { readFile: source.readFile });
    expect(problems.map(formatProblem)).toEqual([
      `${url}:7:7: s:import: ${elsewhere} is not on the origin of ${url} (${base}); it is not read`,
      `${base}/Svc.svc?xsd=xsd0:3:3: s:simpleType Fetched: the type Fetched is left out: no operation the draft keeps uses it`,
    ]);
    expect(requested).toEqual(['/Svc.svc?wsdl', '/Svc.svc?xsd=xsd0']);
  });
});
