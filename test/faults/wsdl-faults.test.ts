/**
 * Typed SOAP faults in WSDLs (issue 25, wsdl:fault): the generated WSDL of test/faults/faults.yaml declares each fault
 * once (message, port type, SOAP 1.1 and 1.2 bindings, the detail element in the schema), libxml2 validates the
 * details the mock writes against its schema, node-soap reads it, and importing it gives the faults back; the importer
 * drafts the faults of real WSDLs one per detail element, shared by the operations (WCF's message per operation,
 * Crowd's and VirtualBox's shared messages), and says why it leaves one out.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { wsdlDocument } from '../../generator/emit/wsdl/index.js';
import { importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { createNodeSoapClient } from '../helpers/node-soap-client.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { ROOT } from '../mock/support/generated-service.js';

const SPEC = readFileSync(new URL('./faults.yaml', import.meta.url), 'utf8');
const WSDL = wsdlDocument(parseSpec(SPEC, 'faults.yaml'));
const NS = 'http://crowd.example/';
const FAULTS_NS = 'http://crowd.example/faults';

/** The lines of `text` from the one starting with `first` (after indentation) to the next at its indentation. */
function block(text: string, first: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === first);
  expect(start, first).toBeGreaterThanOrEqual(0);
  const indent = lines[start]!.length - lines[start]!.trimStart().length;
  const end = lines.findIndex((l, i) => i > start && l.length - l.trimStart().length === indent);
  return lines
    .slice(start, end + 1)
    .map((l) => l.slice(indent))
    .join('\n');
}

describe('the WSDL export', () => {
  it('declares each fault message once, naming its detail element', () => {
    expect(block(WSDL, '<wsdl:message name="ObjectNotFound">')).toBe(
      [
        '<wsdl:message name="ObjectNotFound">',
        '  <wsdl:part name="detail" element="s1:ObjectNotFoundException"/>',
        '</wsdl:message>',
      ].join('\n'),
    );
    expect(WSDL.match(/<wsdl:message name="InvalidAuthentication">/g)).toHaveLength(1);
    expect(WSDL).toContain('<s:element name="InvalidAuthentication" type="tns:AuthFailure"/>');
    expect(WSDL).toContain('<s:element name="ObjectNotFoundException" type="s1:NotFound"/>');
  });

  it('lists an operation’s faults in the SOAP port type and both SOAP bindings, not in HTTP POST', () => {
    const portType = block(WSDL, '<wsdl:portType name="CrowdSoap">');
    expect(block(portType.split('\n').slice(1).join('\n'), '<wsdl:operation name="FindUser">')).toBe(
      [
        '<wsdl:operation name="FindUser">',
        '  <wsdl:input message="tns:FindUserSoapIn"/>',
        '  <wsdl:output message="tns:FindUserSoapOut"/>',
        '  <wsdl:fault name="InvalidAuthentication" message="tns:InvalidAuthentication"/>',
        '  <wsdl:fault name="ObjectNotFound" message="tns:ObjectNotFound"/>',
        '</wsdl:operation>',
      ].join('\n'),
    );
    for (const prefix of ['soap', 'soap12']) {
      const binding = block(
        WSDL,
        `<wsdl:binding name="${prefix === 'soap' ? 'CrowdSoap' : 'CrowdSoap12'}" type="tns:CrowdSoap">`,
      );
      expect(binding).toContain(
        [
          '    <wsdl:fault name="ObjectNotFound">',
          `      <${prefix}:fault name="ObjectNotFound" use="literal"/>`,
          '    </wsdl:fault>',
        ].join('\n'),
      );
      expect(binding.match(/<wsdl:fault name=/g)).toHaveLength(3);
    }
    expect(block(WSDL, '<wsdl:portType name="CrowdHttpPost">')).not.toContain('wsdl:fault');
  });

  it('its schema validates the details the mock writes, and refuses a wrong one', async () => {
    const results = await validateAll(extractSchemas(WSDL), {
      notFound: `<op:ObjectNotFoundException xmlns:op="${FAULTS_NS}" xmlns="${NS}" xmlns:ns1="${FAULTS_NS}"><ns1:Entity>b &amp; c</ns1:Entity></op:ObjectNotFoundException>`,
      auth: `<InvalidAuthentication xmlns="${NS}"><Reason>locked</Reason><Attempts>5</Attempts></InvalidAuthentication>`,
      wrong: `<InvalidAuthentication xmlns="${NS}"><Attempts>many</Attempts></InvalidAuthentication>`,
    });
    expect(results.get('notFound')).toEqual([]);
    expect(results.get('auth')).toEqual([]);
    expect(results.get('wrong')!.join('\n')).toMatch(/Attempts/);
  });

  it('node-soap reads it and sees the faults of each operation', async () => {
    const dir = join(ROOT, 'test', '.tmp', 'wsdl-faults');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'Crowd.wsdl'), WSDL);
    const { client } = await createNodeSoapClient({
      wsdl: join(dir, 'Crowd.wsdl'),
      endpoint: 'http://127.0.0.1:9/Crowd.asmx',
      soapVersion: '1.1',
      service: 'Crowd',
      port: 'CrowdSoap',
    });
    // node-soap reads wsdl:fault without keeping it (its port type operations allow the element and skip it).
    const described = client.describe() as { Crowd: { CrowdSoap: Record<string, unknown> } };
    expect(Object.keys(described.Crowd.CrowdSoap)).toEqual(['Authenticate', 'FindUser', 'Ping']);
  });

  it('imports back to the same faults, each named after its detail element', () => {
    const draft = parse(importWsdl(WSDL, 'Crowd.wsdl').yaml) as Record<string, unknown>;
    expect(draft['faults']).toEqual({
      InvalidAuthentication: { type: 'AuthFailure' },
      ObjectNotFoundException: { type: 'NotFound', namespace: FAULTS_NS },
    });
    const ops = draft['operations'] as Array<{ name: string; faults?: string[] }>;
    expect(ops.map((o) => [o.name, o.faults])).toEqual([
      ['Authenticate', ['InvalidAuthentication']],
      ['FindUser', ['InvalidAuthentication', 'ObjectNotFoundException']],
      ['Ping', undefined],
    ]);
  });
});

describe('the importer', () => {
  const imported = (file: string) => {
    const result = importWsdl(readFileSync(file, 'utf8'), file);
    const draft = parse(result.yaml) as {
      faults?: Record<string, unknown>;
      operations: Array<{ name: string; faults?: string[] }>;
    };
    return { draft, problems: result.problems.filter((p) => p.construct === 'wsdl:fault') };
  };

  it('drafts one fault per detail element of WCF’s per-operation messages (rio2-security)', () => {
    const { draft, problems } = imported('test/fixtures/wsdl/rio2-security/rio2.wsdl');
    expect(draft.faults).toEqual({
      ServiceFault: {
        type: 'ServiceFault',
        namespace: 'http://www.adactus.co.uk/UISupportServices/ServiceData/v1.0.0.0',
      },
    });
    expect(draft.operations.map((o) => o.faults)).toEqual(draft.operations.map(() => ['ServiceFault']));
    expect(problems).toEqual([]);
  });

  it('drafts a shared message once, each operation listing what it declares (atlassian-crowd)', () => {
    const { draft, problems } = imported('test/fixtures/wsdl/atlassian-crowd/crowd.wsdl');
    const names = Object.keys(draft.faults ?? {});
    expect(names).toContain('InvalidAuthorizationTokenException');
    expect(names).toContain('RemoteException');
    const listed = draft.operations.flatMap((o) => o.faults ?? []);
    // Each declaration is shared: far fewer faults than the operations list.
    expect(listed.length).toBeGreaterThan(100);
    expect(new Set(listed)).toEqual(new Set(names));
    expect(problems).toEqual([]);
  });

  it('leaves out a fault whose detail is an operation’s own answer element, saying why (telkom-order)', () => {
    const { draft, problems } = imported('test/fixtures/wsdl/telkom-order/OrderContract.wsdl');
    expect(draft.faults).toBeUndefined();
    expect(problems.map((p) => p.message)).toEqual([
      "the fault ordersByParametersQueryFault of ordersByParametersQuery is left out: its detail element ordersByParametersQueryResponse is the body of an operation's input or output message; it is an SvcSoapFault, its detail as text",
    ]);
  });
});
