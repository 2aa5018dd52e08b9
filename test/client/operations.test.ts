/**
 * Every operation in every style against a real HTTP server on loopback: the exact request on the wire (method,
 * path, headers, envelope, element order and spelling, form fields, the computed key) and the decoding of a
 * realistic response of its result type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient } from '../../generated/client/index.js';
import { OPERATIONS, type OperationCase } from './support/payer-operations.js';
import { RESULTS } from './support/payer-results.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { NS, resultResponse, type StyleName } from './support/responses.js';
import { hmacHex, parseSoapCall } from './support/wire.js';

const PAYER = 'MyPayer';
const API_KEY = 'test-api-key-not-a-secret';
const NOW = 1521234048.9; // floored on the wire
const TIMESTAMP = '1521234048';
const PATH = '/v5/PayerFunctions.asmx';

const STYLES: readonly StyleName[] = ['soap11', 'soap12', 'httpPost'];
const ENVELOPE_NS = {
  soap11: 'http://schemas.xmlsoap.org/soap/envelope/',
  soap12: 'http://www.w3.org/2003/05/soap-envelope',
};
const CONTENT_TYPE = {
  soap11: 'text/xml; charset=utf-8',
  soap12: 'application/soap+xml; charset=utf-8',
  httpPost: 'application/x-www-form-urlencoded',
};

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});

function client(style: StyleName): PayerClient {
  return new PayerClient({ baseUrl: server.url, payerName: PAYER, apiKey: API_KEY, style, now: () => NOW });
}

async function call(c: PayerClient, op: OperationCase): Promise<unknown> {
  const method = (c as unknown as Record<string, (p: unknown) => Promise<unknown>>)[op.method];
  expect(method, `PayerClient.${op.method}`).toBeTypeOf('function');
  return method!.call(c, op.input);
}

/** The parameters the request must carry, in order: credentials as the client fills them in, then the rest. */
function expectedParams(op: OperationCase): Array<[string, string]> {
  const key = hmacHex(API_KEY, `${PAYER}${TIMESTAMP}${op.eat}`);
  return op.params.map((name) => {
    if (name === 'payerName') return [name, PAYER];
    if (name === 'timestamp' || name === 'timeStamp') return [name, TIMESTAMP];
    if (name === 'key') return [name, key];
    const text = op.wire[name];
    if (text === undefined) throw new Error(`the table gives no wire text for ${op.name}.${name}`);
    return [name, text];
  });
}

describe.each(STYLES)('%s', (style) => {
  it.each(OPERATIONS.map((op) => [op.name, op] as const))(
    '%s: request on the wire and decoded result',
    async (_name, op) => {
      const result = RESULTS[op.result];
      expect(result, `a response fixture for ${op.result}`).toBeDefined();
      server.respond(resultResponse(style, op.name, result!.fields, op.root));
      const before = server.requests.length;

      const decoded = await call(client(style), op);

      expect(server.requests.length).toBe(before + 1);
      const req = server.requests.at(-1)!;
      expect(req.method).toBe('POST');
      expect(req.path).toBe(style === 'httpPost' ? `${PATH}/${op.name}` : PATH);
      expect(req.headers['content-type']).toBe(CONTENT_TYPE[style]);
      expect(Number(req.headers['content-length'])).toBe(req.bodyBytes);
      if (style === 'soap11') expect(req.headers['soapaction']).toBe(`"${NS}${op.name}"`);
      else expect(req.headers['soapaction']).toBeUndefined();

      if (style === 'httpPost') {
        expect([...new URLSearchParams(req.body).entries()]).toEqual(expectedParams(op));
      } else {
        const soap = parseSoapCall(req.body);
        expect(soap.envelopeNamespace).toBe(ENVELOPE_NS[style]);
        expect(soap.operation).toBe(op.name);
        expect(soap.operationNamespace).toBe(NS);
        // Unprefixed children inherit the operation's default namespace: qualified, as elementFormDefault requires.
        expect(soap.children).toEqual(expectedParams(op));
      }

      expect(decoded).toEqual(result!.decoded);
    },
  );
});

describe('HTTP POST roots', () => {
  it.each(OPERATIONS.filter((op) => op.rootShown).map((op) => [op.name, op] as const))(
    '%s rejects a different root',
    async (_n, op) => {
      server.respond(resultResponse('httpPost', op.name, RESULTS[op.result]!.fields, 'SomethingElse'));
      await expect(call(client('httpPost'), op)).rejects.toMatchObject({ name: 'SvcDecodeError' });
    },
  );

  it('ProcessMultiCurrencyPaymentFileAsync, whose root is not shown, accepts any root', async () => {
    const op = OPERATIONS.find((o) => !o.rootShown)!;
    server.respond(resultResponse('httpPost', op.name, RESULTS[op.result]!.fields, 'AnyRootAtAll'));
    await expect(call(client('httpPost'), op)).resolves.toEqual(RESULTS[op.result]!.decoded);
  });
});

it('covers all 19 operations of the document, each once', () => {
  expect(new Set(OPERATIONS.map((o) => o.name)).size).toBe(19);
  const methods = Object.getOwnPropertyNames(PayerClient.prototype).filter(
    (m) => m !== 'constructor' && m !== 'waitForProcessingRequest',
  );
  expect(methods.sort()).toEqual(OPERATIONS.map((o) => o.method).sort());
});
