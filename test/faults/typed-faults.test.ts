/**
 * Typed SOAP faults on the wire (issue 25, wsdl:fault), from test/faults/faults.yaml: a mock handler's MockFault with a
 * declared fault is written as its detail element, exactly, in SOAP 1.1 (`<detail>`) and SOAP 1.2 (`<soap:Detail>`),
 * and as HTTP 500 text over HTTP POST; the client reads such a detail into `fault.fault` (prefixes declared on the
 * Envelope included), leaves an undeclared one as text, and an undecodable declared one as text with its
 * SvcDecodeError as `cause`; the generated code type-checks with a consumer narrowing a caught error.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import { wsdlDocument } from '../../generator/emit/wsdl/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { rejected } from '../helpers/failures.js';
import { startNodeSoapServer } from '../helpers/node-soap-server.js';
import { typecheckDir } from '../helpers/typecheck.js';
import { ROOT } from '../mock/support/generated-service.js';

const SPEC = 'test/faults/faults.yaml';
const OUT = join(ROOT, 'test', '.tmp', 'typed-faults');
const NS = 'http://crowd.example/';
const FAULTS_NS = 'http://crowd.example/faults';
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const ENVELOPE_ATTRS = `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"`;

type Style = 'soap11' | 'soap12' | 'httpPost';
interface Client {
  authenticate(p: unknown): Promise<unknown>;
  findUser(p: unknown): Promise<unknown>;
}
interface Fault extends Error {
  code: string;
  reason: string;
  detail: string | undefined;
  fault: unknown;
  status: number;
}

let client: Record<string, unknown>;
let mockModule: Record<string, unknown>;

beforeAll(async () => {
  await generate({ spec: SPEC, out: OUT, cwd: ROOT });
  [client, mockModule] = await Promise.all([
    import(join(OUT, 'client', 'index.ts')),
    import(join(OUT, 'mock', 'index.ts')),
  ]);
}, 120_000);

function clientOf(style: Style, answer: (request: Request) => Promise<Response>): Client {
  const Ctor = client['CrowdClient'] as new (o: Record<string, unknown>) => Client;
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => answer(new Request(input, init));
  return new Ctor({ baseUrl: 'http://crowd.test', style, fetch });
}

/** A client whose every call is answered with `body`, HTTP 500, in the style's content type. */
function answering(style: 'soap11' | 'soap12', body: string): Client {
  const type = style === 'soap11' ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8';
  return clientOf(style, async () => new Response(body, { status: 500, headers: { 'Content-Type': type } }));
}

function fault11(detail: string, envelope = ''): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP11}"${envelope}><soap:Body><soap:Fault>` +
    `<faultcode>soap:Server</faultcode><faultstring>refused</faultstring><detail>${detail}</detail></soap:Fault>` +
    '</soap:Body></soap:Envelope>'
  );
}

function fault12(detail: string, envelope = ''): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12}"${envelope}><soap:Body><soap:Fault>` +
    '<soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">refused' +
    `</soap:Text></soap:Reason><soap:Detail>${detail}</soap:Detail></soap:Fault></soap:Body></soap:Envelope>`
  );
}

const FAULTS = { soap11: fault11, soap12: fault12 } as const;

describe('the client reads a typed fault detail', () => {
  const rows: ReadonlyArray<{
    name: string;
    op: 'authenticate' | 'findUser';
    detail: string;
    envelope?: string;
    fault: unknown;
    text: string;
  }> = [
    {
      name: 'a declared fault in the service namespace',
      op: 'findUser',
      detail: `<InvalidAuthentication xmlns="${NS}"><Reason>no &lt;way&gt;</Reason><Attempts>3</Attempts></InvalidAuthentication>`,
      fault: { name: 'InvalidAuthentication', value: { Reason: 'no <way>', Attempts: 3 } },
      text: `<InvalidAuthentication xmlns="${NS}"><Reason>no &lt;way&gt;</Reason><Attempts>3</Attempts></InvalidAuthentication>`,
    },
    {
      name: 'a declared fault of its own element name and namespace, its prefix declared on the Envelope',
      op: 'findUser',
      envelope: ` xmlns:f="${FAULTS_NS}"`,
      detail: '<f:ObjectNotFoundException><f:Entity>user b</f:Entity></f:ObjectNotFoundException>',
      fault: { name: 'ObjectNotFound', value: { Entity: 'user b' } },
      text: '<f:ObjectNotFoundException><f:Entity>user b</f:Entity></f:ObjectNotFoundException>',
    },
    {
      name: 'the first declared element after an undeclared one',
      op: 'authenticate',
      detail: `<Trace xmlns="urn:x">t</Trace><InvalidAuthentication xmlns="${NS}"><Attempts>1</Attempts></InvalidAuthentication>`,
      fault: { name: 'InvalidAuthentication', value: { Reason: undefined, Attempts: 1 } },
      text: `<Trace xmlns="urn:x">t</Trace><InvalidAuthentication xmlns="${NS}"><Attempts>1</Attempts></InvalidAuthentication>`,
    },
    {
      name: 'a fault another operation declares (text only)',
      op: 'authenticate',
      detail: `<ObjectNotFoundException xmlns="${FAULTS_NS}"><Entity>x</Entity></ObjectNotFoundException>`,
      fault: undefined,
      text: `<ObjectNotFoundException xmlns="${FAULTS_NS}"><Entity>x</Entity></ObjectNotFoundException>`,
    },
    {
      name: 'the declared element name in another namespace (text only)',
      op: 'findUser',
      detail: '<InvalidAuthentication xmlns="urn:other"><Attempts>1</Attempts></InvalidAuthentication>',
      fault: undefined,
      text: '<InvalidAuthentication xmlns="urn:other"><Attempts>1</Attempts></InvalidAuthentication>',
    },
    { name: 'a text detail', op: 'findUser', detail: 'plain words', fault: undefined, text: 'plain words' },
  ];
  for (const style of ['soap11', 'soap12'] as const) {
    it.each(rows)(`${style}: $name`, async ({ op, detail, envelope, fault, text }) => {
      const error = await rejected<Fault>(answering(style, FAULTS[style](detail, envelope))[op]({ user: 'u' }));
      expect(error.name).toBe('SvcSoapFault');
      expect([error.code, error.reason, error.detail, error.status]).toEqual([
        style === 'soap11' ? 'soap:Server' : 'soap:Receiver',
        'refused',
        text,
        500,
      ]);
      expect(error.fault).toEqual(fault);
      expect(error.cause).toBeUndefined();
      // The service's data stays out of logs, as a service error's result does.
      expect(Object.keys(error)).not.toContain('fault');
    });

    it(`${style}: a declared element that does not decode stays text, its SvcDecodeError the cause`, async () => {
      const detail = `<InvalidAuthentication xmlns="${NS}"><Attempts>three</Attempts></InvalidAuthentication>`;
      const error = await rejected<Fault>(answering(style, FAULTS[style](detail)).findUser({ user: 'u' }));
      expect([error.name, error.detail, error.fault]).toEqual(['SvcSoapFault', detail, undefined]);
      expect((error.cause as Error).name).toBe('SvcDecodeError');
      expect((error.cause as Error).message).toMatch(/Attempts/);
    });
  }

  it('the guard tells the operation’s typed faults apart', async () => {
    const isFindUserFault = client['isFindUserFault'] as (e: unknown) => boolean;
    const isAuthenticateFault = client['isAuthenticateFault'] as (e: unknown) => boolean;
    const typed = await rejected(
      answering(
        'soap11',
        fault11(`<ObjectNotFoundException xmlns="${FAULTS_NS}"><Entity>x</Entity></ObjectNotFoundException>`),
      ).findUser({ user: 'u' }),
    );
    const text = await rejected(answering('soap11', fault11('words')).findUser({ user: 'u' }));
    expect([
      isFindUserFault(typed),
      isAuthenticateFault(typed),
      isFindUserFault(text),
      isFindUserFault(new Error()),
    ]).toEqual([true, false, false, false]);
  });
});

describe('the mock answers a handler’s typed fault', () => {
  type Handler = (params: Record<string, unknown>) => unknown;
  const MockFault = () =>
    mockModule['MockFault'] as new (code: string, message: string, detail?: string, fault?: unknown) => Error;
  const service = (findUser: Handler) =>
    (mockModule['createMockService'] as (o: Record<string, unknown>) => { handle(r: Request): Promise<Response> })({
      handlers: { findUser },
    });

  const notFound: Handler = () => {
    throw new (MockFault())('Client', 'no such user', undefined, {
      name: 'ObjectNotFound',
      value: { Entity: 'b & c' },
    });
  };
  const wire: ReadonlyArray<{ style: Style; status: number; body: string }> = [
    {
      style: 'soap11',
      status: 500,
      body:
        `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP11}" ${ENVELOPE_ATTRS}><soap:Body><soap:Fault>` +
        '<faultcode>soap:Client</faultcode><faultstring>no such user</faultstring><detail>' +
        `<op:ObjectNotFoundException xmlns:op="${FAULTS_NS}" xmlns="${NS}" xmlns:ns1="${FAULTS_NS}"><ns1:Entity>b &amp; c</ns1:Entity>` +
        '</op:ObjectNotFoundException></detail></soap:Fault></soap:Body></soap:Envelope>',
    },
    {
      style: 'soap12',
      status: 500,
      body:
        `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12}" ${ENVELOPE_ATTRS}><soap:Body><soap:Fault>` +
        '<soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">no such user' +
        '</soap:Text></soap:Reason><soap:Detail>' +
        `<op:ObjectNotFoundException xmlns:op="${FAULTS_NS}" xmlns="${NS}" xmlns:ns1="${FAULTS_NS}"><ns1:Entity>b &amp; c</ns1:Entity>` +
        '</op:ObjectNotFoundException></soap:Detail></soap:Fault></soap:Body></soap:Envelope>',
    },
    // ASMX answers an exception over HTTP POST with its message as text: no detail there.
    { style: 'httpPost', status: 500, body: 'no such user' },
  ];
  it.each(wire)(
    '$style: exactly as ASMX and WCF write it, read back typed by the client',
    async ({ style, status, body }) => {
      const mock = service(notFound);
      let answered: { status: number; body: string } | undefined;
      const c = clientOf(style, async (request) => {
        const response = await mock.handle(request);
        answered = { status: response.status, body: await response.clone().text() };
        return response;
      });
      const error = await rejected<Fault>(c.findUser({ user: 'b' }));
      expect(answered).toEqual({ status, body });
      if (style === 'httpPost') expect(error.name).toBe('SvcHttpError');
      else expect(error.fault).toEqual({ name: 'ObjectNotFound', value: { Entity: 'b & c' } });
    },
  );

  it('the element in the service namespace takes it as its default namespace', async () => {
    const mock = service(() => {
      throw new (MockFault())('Server', 'locked', undefined, {
        name: 'InvalidAuthentication',
        value: { Reason: 'locked', Attempts: 5 },
      });
    });
    const error = await rejected<Fault>(clientOf('soap11', (r) => mock.handle(r)).findUser({ user: 'a' }));
    expect(error.detail).toBe(
      `<InvalidAuthentication xmlns="${NS}"><Reason>locked</Reason><Attempts>5</Attempts></InvalidAuthentication>`,
    );
    expect(error.fault).toEqual({ name: 'InvalidAuthentication', value: { Reason: 'locked', Attempts: 5 } });
  });

  const mistakes: ReadonlyArray<{ name: string; args: [string, string, string | undefined, unknown]; reason: string }> =
    [
      {
        name: 'a fault the operation does not declare',
        args: ['Client', 'x', undefined, { name: 'Nope', value: {} }],
        reason:
          "the mock's handler for FindUser threw a MockFault that cannot be written: FindUser does not declare the fault Nope (it declares InvalidAuthentication, ObjectNotFound)",
      },
      {
        name: 'a typed fault beside a detail text',
        args: ['Client', 'x', 'text', { name: 'ObjectNotFound', value: { Entity: 'e' } }],
        reason:
          "the mock's handler for FindUser threw a MockFault that cannot be written: it has both a detail text and the typed fault ObjectNotFound",
      },
    ];
  it.each(mistakes)('a handler’s mistake is a Server fault saying so: $name', async ({ args, reason }) => {
    const mock = service(() => {
      throw new (MockFault())(...args);
    });
    const error = await rejected<Fault>(clientOf('soap12', (r) => mock.handle(r)).findUser({ user: 'a' }));
    expect([error.code, error.reason, error.detail, error.fault]).toEqual([
      'soap:Receiver',
      reason,
      undefined,
      undefined,
    ]);
  });

  it('a value the record’s writer refuses is a Server fault too', async () => {
    const mock = service(() => {
      throw new (MockFault())('Client', 'x', undefined, { name: 'InvalidAuthentication', value: { Attempts: 'many' } });
    });
    const error = await rejected<Fault>(clientOf('soap11', (r) => mock.handle(r)).findUser({ user: 'a' }));
    expect(error.code).toBe('soap:Server');
    expect(error.reason).toMatch(
      /^the mock's handler for FindUser threw a MockFault that cannot be written: .*Attempts/,
    );
  });
});

describe('node-soap serving the generated WSDL answers a typed fault the client reads', () => {
  // node-soap writes a thrown { Fault } as it is given: SOAP 1.1's parts, or SOAP 1.2's (Code, Reason, Detail).
  const details = {
    InvalidAuthentication: { attributes: { xmlns: NS }, Reason: 'r', Attempts: 2 },
  };
  const thrown = {
    soap11: { Fault: { faultcode: 'soap:Server', faultstring: 'gone', detail: details, statusCode: 500 } },
    soap12: {
      Fault: { Code: { Value: 'soap:Receiver' }, Reason: { Text: 'gone' }, Detail: details, statusCode: 500 },
    },
  };
  // node-soap 1.x writes a SOAP 1.2 Detail's content with the envelope's prefix, so the element is soap:Invalid...,
  // in the envelope namespace: not the declared element, so the client keeps it as text (never a crash).
  const rows = [
    {
      style: 'soap11' as const,
      sent: `<InvalidAuthentication xmlns="${NS}"><Reason>r</Reason><Attempts>2</Attempts></InvalidAuthentication>`,
      fault: { name: 'InvalidAuthentication', value: { Reason: 'r', Attempts: 2 } },
    },
    {
      style: 'soap12' as const,
      sent: `<soap:InvalidAuthentication xmlns="${NS}"><soap:Reason>r</soap:Reason><soap:Attempts>2</soap:Attempts></soap:InvalidAuthentication>`,
      fault: undefined,
    },
  ];
  it.each(rows)('$style', async ({ style, sent, fault }) => {
    const wsdl = wsdlDocument(parseSpec(readFileSync(SPEC, 'utf8'), SPEC));
    const server = await startNodeSoapServer({
      wsdl,
      path: '/Crowd.asmx',
      service: {
        Crowd: {
          [style === 'soap11' ? 'CrowdSoap' : 'CrowdSoap12']: {
            FindUser: () => {
              throw thrown[style];
            },
          },
        },
      },
    });
    try {
      const Ctor = client['CrowdClient'] as new (o: Record<string, unknown>) => Client;
      const c = new Ctor({ baseUrl: `${server.url}/Crowd.asmx`, style });
      const error = await rejected<Fault>(c.findUser({ user: 'u' }));
      expect(server.responses[0]!.body).toContain(sent);
      expect([error.name, error.reason, error.status, error.detail]).toEqual(['SvcSoapFault', 'gone', 500, sent]);
      expect(error.fault).toEqual(fault);
    } finally {
      await server.close();
    }
  });
});

describe('the generated code', () => {
  it('type-checks with a consumer narrowing a caught error to the operation’s typed faults', () => {
    writeFileSync(
      join(OUT, 'consumer.ts'),
      [
        "import { CrowdClient, isFindUserFault, type FindUserFault, type TypedSoapFault } from './client/index.js';",
        "import { MockFault } from './mock/index.js';",
        'export async function entity(client: CrowdClient): Promise<string | null | undefined> {',
        '  try {',
        "    await client.findUser({ user: 'u' });",
        '    return undefined;',
        '  } catch (error) {',
        '    if (!isFindUserFault(error)) throw error;',
        '    const fault: FindUserFault = error.fault;',
        '    const typed: TypedSoapFault = fault;',
        "    return fault.name === 'ObjectNotFound' ? fault.value.Entity : String(typed.name) + fault.value.Attempts;",
        '  }',
        '}',
        "export const answer = new MockFault<FindUserFault>('Client', 'x', undefined, { name: 'ObjectNotFound', value: { Entity: 'e' } });",
        '',
      ].join('\n'),
    );
    expect(typecheckDir(OUT).diagnostics).toEqual([]);
  }, 120_000);
});
