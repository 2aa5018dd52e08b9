/**
 * node-soap (the `soap` package) as a contender: a client built from the generated WSDL
 * (generated/wsdl/PayerFunctions.wsdl), either over its real HTTP layer or with only the network replaced.
 *
 * The stub keeps node-soap's own HttpClient (request building, headers, the envelope-extracting regex over the
 * body in handleResponse) and replaces just the axios instance it calls, which is what does network I/O: the stub
 * answers with the response bytes decoded as UTF-8, as axios' Node adapter hands them over when, as node-soap asks,
 * `transformResponse` is the identity.
 */
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClientAsync, HttpClient, type Client } from 'soap';
import { NS, responseHeaders, type ResponseCase } from './responses.js';

export const PAYER_WSDL = fileURLToPath(new URL('../../generated/wsdl/PayerFunctions.wsdl', import.meta.url));

/**
 * node-soap adds a promise method named `<Op>` + this suffix next to each callback method. The default, `Async`,
 * would clash with the interface's own `*Async` operations (TestPaymentFile's promise method would be
 * TestPaymentFileAsync), so the bench names them `<Op>Promise`.
 */
export const PROMISE_SUFFIX = 'Promise';

/** What a stubbed exchange saw of the request, for the sanity check that node-soap sent what ours sends. */
export interface SeenRequest {
  url: string;
  headers: Record<string, unknown>;
  body: string;
}

/** The part of an axios request config that node-soap's HttpClient builds. */
interface AxiosLikeOptions {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, unknown>;
  readonly data: unknown;
  readonly transformResponse?: (data: unknown) => unknown;
}

/**
 * A node-soap client of `endpoint` (the WSDL's address is a placeholder) whose network answers every request with
 * `bytes`, and what it last sent.
 */
export async function stubbedSoapClient(
  bytes: Uint8Array,
  endpoint: string,
): Promise<{ client: Client; seen: SeenRequest[] }> {
  const seen: SeenRequest[] = [];
  const wire = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headers = responseHeaders(wire.byteLength);
  const request = (options: AxiosLikeOptions): Promise<unknown> => {
    if (seen.length === 0) seen.push({ url: options.url, headers: { ...options.headers }, body: String(options.data) });
    const text = wire.toString('utf8');
    const data = options.transformResponse ? options.transformResponse(text) : text;
    return Promise.resolve({ status: 200, statusText: 'OK', headers: { ...headers }, data, config: options });
  };
  const httpClient = new HttpClient({ request: request as never });
  const client = await createClientAsync(PAYER_WSDL, { httpClient, overridePromiseSuffix: PROMISE_SUFFIX }, endpoint);
  return { client, seen };
}

/** A node-soap client over its real HTTP layer (axios, Node's http agent) to `endpoint`. */
export function realSoapClient(endpoint: string): Promise<Client> {
  return createClientAsync(PAYER_WSDL, { overridePromiseSuffix: PROMISE_SUFFIX }, endpoint);
}

/** The same credentials the generated client sends: timestamp in Unix seconds, HMAC-SHA256 hex key. */
function credentials(payerName: string, apiKey: string, eatValue: string): { timestamp: string; key: string } {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = createHmac('sha256', apiKey).update(`${payerName}${timestamp}${eatValue}`, 'utf8').digest('hex');
  return { timestamp, key };
}

/** The call arguments of the bench's operations, signed as the generated client signs them. */
export const REQUEST_ID = '1234567890123456789';
export const FILE_NAME = 'payments-2026-11.csv';
export const TOTAL_AMOUNT = 1250.5;

type Call = (client: Client, payerName: string, apiKey: string) => Promise<unknown>;

const calls: Record<ResponseCase['operation'], Call> = {
  GetBalances: async (client, payerName, apiKey) => {
    const { timestamp, key } = credentials(payerName, apiKey, '');
    const [result] = (await client[`GetBalances${PROMISE_SUFFIX}`]({ payerName, timestamp, key })) as [unknown];
    return result;
  },
  TestPaymentFile: async (client, payerName, apiKey) => {
    const { timestamp, key } = credentials(payerName, apiKey, String(Math.trunc(TOTAL_AMOUNT)));
    const args = { payerName, timestamp, key, fileName: FILE_NAME, totalAmount: TOTAL_AMOUNT };
    const [result] = (await client[`TestPaymentFile${PROMISE_SUFFIX}`](args)) as [unknown];
    return result;
  },
  ProcessPaymentsAsyncResult: async (client, payerName, apiKey) => {
    const { timestamp, key } = credentials(payerName, apiKey, REQUEST_ID);
    const args = { payerName, requestId: REQUEST_ID, timeStamp: timestamp, key };
    const [result] = (await client[`ProcessPaymentsAsyncResult${PROMISE_SUFFIX}`](args)) as [unknown];
    return result;
  },
};

/** Where each operation's main list is in node-soap's result object: container, then item element. */
const LIST_PATH: Record<ResponseCase['operation'], readonly [string, string, string]> = {
  GetBalances: ['GetBalancesResult', 'AccountInfos', 'SvcAccountInfo'],
  TestPaymentFile: ['TestPaymentFileResult', 'LineErrorsOrWarning', 'LineErrorOrWarning'],
  ProcessPaymentsAsyncResult: ['ProcessPaymentsAsyncResultResult', 'linesResults', 'ExpandedLineResult'],
};

/** Calls `operation` with node-soap and returns how many items its main list decoded to. */
export async function soapCallCount(
  client: Client,
  operation: ResponseCase['operation'],
  payerName: string,
  apiKey: string,
): Promise<number> {
  const result = await calls[operation](client, payerName, apiKey);
  return countAt(result, LIST_PATH[operation]);
}

/** Items at a path of plain objects; one item that is not in an array (a parser's single child) counts as 1. */
export function countAt(value: unknown, path: readonly string[]): number {
  let at: unknown = value;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return -1;
    at = (at as Record<string, unknown>)[key];
  }
  if (Array.isArray(at)) return at.length;
  return at === undefined || at === null ? -1 : 1;
}

/** SOAPAction node-soap must send for `operation`: the same as ours. */
export function expectedSoapAction(operation: string): string {
  return `"${NS}${operation}"`;
}
