/**
 * The contenders of the response benchmarks, each a function that handles one response and returns how many items
 * of its main list it decoded (so that a contender that fails, or decodes nothing, shows up instead of being timed
 * on an error path):
 *
 * - our whole call: the generated PayerClient with an in-process fetch that answers with the bytes as a stream of
 *   64 KiB chunks (as from a socket), with their Content-Length;
 * - our decoder alone: XmlReader, openSoapResult and the generated read<Result> on the response text;
 * - node-soap's whole call from the WSDL fixture, its network stubbed (see node-soap-client.ts);
 * - fast-xml-parser's XMLParser.parse on the same text, with default options and with SOAP-safe options.
 */
import { XMLParser } from 'fast-xml-parser';
import { readBalanceResult, readExpandedProcessPaymentResult, readFileResult } from '../../generated/client/codec.js';
import { PayerClient } from '../../generated/client/index.js';
import { openSoapResult } from '../../generated/runtime/codec/soap.js';
import { XmlReader } from '../../generated/runtime/codec/xml-reader.js';
import {
  FILE_NAME,
  REQUEST_ID,
  TOTAL_AMOUNT,
  countAt,
  expectedSoapAction,
  soapCallCount,
  stubbedSoapClient,
} from './node-soap-client.js';
import { NS, responseHeaders, type ResponseCase } from './responses.js';

export const BASE_URL = 'http://payer.example';
export const PAYER_NAME = 'MyPayer';
export const API_KEY = 'boguskey';

/** One way of handling a response; `run` returns the items decoded (sync or async). */
export interface Contender {
  readonly key: string;
  readonly label: string;
  readonly run: () => number | Promise<number>;
  /** A problem found with what the contender sent, if any (checked after its first call). */
  readonly checkRequest?: () => string | undefined;
}

type Operation = ResponseCase['operation'];

/**
 * The generated client over `fetch`. `throwOnServiceError: false` because the TestPaymentFile response carries
 * ValidationError with its line errors: by default that is thrown as SvcServiceError, an error path that the other
 * contenders do not take.
 */
export function ourClient(fetchImpl: typeof fetch, baseUrl = BASE_URL): PayerClient {
  return new PayerClient({
    baseUrl,
    payerName: PAYER_NAME,
    apiKey: API_KEY,
    fetch: fetchImpl,
    throwOnServiceError: false,
  });
}

/** Calls `operation` with the generated client and returns how many items its main list decoded to. */
export async function ourCallCount(client: PayerClient, operation: Operation): Promise<number> {
  switch (operation) {
    case 'GetBalances':
      return (await client.getBalances()).AccountInfos?.length ?? -1;
    case 'TestPaymentFile':
      return (
        (await client.testPaymentFile({ fileName: FILE_NAME, totalAmount: TOTAL_AMOUNT })).LineErrorsOrWarning
          ?.length ?? -1
      );
    case 'ProcessPaymentsAsyncResult':
      return (await client.processPaymentsAsyncResult({ requestId: REQUEST_ID })).linesResults?.length ?? -1;
  }
}

/** What an in-process fetch saw of the first request. */
interface Seen {
  url?: string;
  headers?: Headers;
  body?: string;
}

/** What a network read hands over at a time (undici's usual chunk size). */
const CHUNK_BYTES = 64 * 1024;

/**
 * The response body as a stream of chunks over the shared bytes, as it would arrive from a socket. (`new
 * Response(bytes)` would copy the whole body first, a copy no real exchange makes and the node-soap stub does not
 * pay either.)
 */
function bodyStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.byteLength) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(at, at + CHUNK_BYTES));
      at += CHUNK_BYTES;
    },
  });
}

/** An in-process fetch that answers every request with `bytes`, as a SOAP 1.1 200 response. */
export function stubFetch(bytes: Uint8Array, seen: Seen = {}): typeof fetch {
  const headers = responseHeaders(bytes.byteLength);
  return (async (input: string | URL | Request, init?: RequestInit) => {
    if (seen.url === undefined) {
      seen.url = input instanceof Request ? input.url : String(input);
      seen.headers = new Headers(init?.headers);
      seen.body = typeof init?.body === 'string' ? init.body : '';
    }
    return new Response(bodyStream(bytes), { status: 200, headers });
  }) as typeof fetch;
}

export function ourWholeCall(c: ResponseCase): Contender {
  const seen: Seen = {};
  const client = ourClient(stubFetch(c.bytes, seen));
  return {
    key: 'oursCall',
    label: 'ours, whole call (stub fetch)',
    run: () => ourCallCount(client, c.operation),
    checkRequest: () => requestProblem(c.operation, seen.url, seen.headers?.get('soapaction') ?? undefined, seen.body),
  };
}

const READERS: Record<Operation, (r: XmlReader) => unknown> = {
  GetBalances: readBalanceResult,
  TestPaymentFile: readFileResult,
  ProcessPaymentsAsyncResult: readExpandedProcessPaymentResult,
};

const OUR_LIST: Record<Operation, string> = {
  GetBalances: 'AccountInfos',
  TestPaymentFile: 'LineErrorsOrWarning',
  ProcessPaymentsAsyncResult: 'linesResults',
};

/** Decodes a response text as the client does once the body is in: reader, SOAP envelope, generated decoder. */
export function ourDecodeCount(operation: Operation, xml: string): number {
  const r = new XmlReader(xml);
  r.memberNamespace = NS;
  r.readRoot();
  openSoapResult(r, '1.1', NS, operation, `${operation}Result`);
  const result = READERS[operation](r) as Record<string, unknown>;
  const list = result[OUR_LIST[operation]];
  return Array.isArray(list) ? list.length : -1;
}

export function ourDecoder(c: ResponseCase): Contender {
  return { key: 'oursDecoder', label: 'ours, decoder alone', run: () => ourDecodeCount(c.operation, c.xml) };
}

export async function nodeSoapWholeCall(c: ResponseCase): Promise<Contender> {
  const { client, seen } = await stubbedSoapClient(c.bytes, `${BASE_URL}/v5/PayerFunctions.asmx`);
  return {
    key: 'nodeSoapCall',
    label: 'node-soap, whole call (stub HTTP)',
    run: () => soapCallCount(client, c.operation, PAYER_NAME, API_KEY),
    checkRequest: () => {
      const request = seen[0];
      const action = request?.headers['SOAPAction'];
      return requestProblem(c.operation, request?.url, typeof action === 'string' ? action : undefined, request?.body);
    },
  };
}

/** The three SOAP-safe options: keep text as text (no numbers from "0012"), keep whitespace, keep attributes. */
export const FXP_SOAP_SAFE = { parseTagValue: false, trimValues: false, ignoreAttributes: false } as const;

const FXP_LIST: Record<Operation, readonly string[]> = {
  GetBalances: ['GetBalancesResponse', 'GetBalancesResult', 'AccountInfos', 'SvcAccountInfo'],
  TestPaymentFile: ['TestPaymentFileResponse', 'TestPaymentFileResult', 'LineErrorsOrWarning', 'LineErrorOrWarning'],
  ProcessPaymentsAsyncResult: [
    'ProcessPaymentsAsyncResultResponse',
    'ProcessPaymentsAsyncResultResult',
    'linesResults',
    'ExpandedLineResult',
  ],
};

export function fastXmlParser(c: ResponseCase, soapSafe: boolean): Contender {
  const parser = new XMLParser(soapSafe ? FXP_SOAP_SAFE : {});
  const path = ['soap:Envelope', 'soap:Body', ...FXP_LIST[c.operation]];
  return {
    key: soapSafe ? 'fxpSoapSafe' : 'fxpDefault',
    label: soapSafe ? 'fast-xml-parser, SOAP-safe options' : 'fast-xml-parser, default options',
    run: () => countAt(parser.parse(c.xml) as unknown, path),
  };
}

/** All contenders for one response, in the order the summary lists them. */
export async function contendersFor(c: ResponseCase): Promise<Contender[]> {
  return [ourWholeCall(c), ourDecoder(c), await nodeSoapWholeCall(c), fastXmlParser(c, false), fastXmlParser(c, true)];
}

/** Whether a request went where ours goes, with the same SOAPAction and operation element; undefined when it did. */
function requestProblem(
  operation: string,
  url: string | undefined,
  action: string | undefined,
  body: string | undefined,
): string | undefined {
  if (url !== `${BASE_URL}/v5/PayerFunctions.asmx`) return `sent to ${String(url)}`;
  if (action !== expectedSoapAction(operation)) return `SOAPAction ${String(action)}`;
  if (body === undefined || !new RegExp(`<(\\w+:)?${operation}[ >]`).test(body))
    return 'no operation element in the body';
  return undefined;
}
