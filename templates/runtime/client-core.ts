/**
 * The generic engine behind every generated client: fills in credentials, signs, frames the request in the chosen
 * style, sends it, and turns the answer into a decoded result or one of the typed errors. Generated code supplies
 * what differs per operation (encoder, decoder, element names); nothing here knows a particular service.
 */
import { SvcDecodeError, SvcError, SvcHttpError, SvcRequestError, SvcServiceError } from './errors.js';
import type { EncodedRequest } from './request.js';
import { hmacSha256Hex } from './signing.js';
import { openPlainRoot, openSoapResult, parseSoapFault } from './soap.js';
import { sendRequest } from './transport.js';
import { buildSoapEnvelope, encodeForm, soapAction } from './xml-writer.js';
import { XmlReader } from './xml-reader.js';

/** The three ASMX bindings. */
export type Style = 'soap11' | 'soap12' | 'httpPost';

export const STYLES: readonly Style[] = ['soap11', 'soap12', 'httpPost'];

/** What the signing function receives; `message` is principal + timestamp + eatValue. */
export interface CoreSignInput {
  readonly operation: string;
  readonly principal: string;
  readonly timestamp: string;
  readonly eatValue: string;
  readonly message: string;
}

export interface CoreOptions {
  readonly baseUrl: string;
  /** The service path from the spec, e.g. `/v5/Service.asmx`. */
  readonly path: string;
  readonly namespace: string;
  readonly style: Style;
  readonly principal: string;
  /** Computes the signature parameter. */
  readonly sign: (input: CoreSignInput) => string;
  readonly fetch: typeof fetch;
  /** Seconds since the Unix epoch (fractions are floored). */
  readonly now: () => number;
  readonly timeoutMs: number | undefined;
  readonly throwOnServiceError: boolean;
}

/** How a result reports a service error: the code field, what success is, and names for int codes. */
export interface ResultCheck {
  readonly codeField: string;
  readonly messageField: string | undefined;
  readonly success: string | number;
  readonly codeNames?: ReadonlyMap<number, string>;
}

/** The per-operation facts the engine needs; generated from the spec. */
export interface OperationBinding<R> {
  readonly name: string;
  /** The child of `<name>Response` holding the result in SOAP. */
  readonly resultElement: string;
  /** The HTTP POST root element, or undefined when the document does not show it (any root accepted). */
  readonly httpPostRoot: string | undefined;
  readonly decode: (r: XmlReader) => R;
  readonly check: ResultCheck | undefined;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
}

const CONTENT_TYPES: Readonly<Record<Style, string>> = {
  soap11: 'text/xml; charset=utf-8',
  soap12: 'application/soap+xml; charset=utf-8',
  httpPost: 'application/x-www-form-urlencoded',
};

/** Resolves the caller's options once: validated, with defaults applied. */
export function checkCoreOptions(options: CoreOptions): CoreOptions {
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new SvcRequestError('baseUrl must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SvcRequestError('baseUrl must be an absolute http(s) URL');
  if (!STYLES.includes(options.style)) throw new SvcRequestError(`style must be one of ${STYLES.join(', ')}`);
  if (typeof options.fetch !== 'function') throw new SvcRequestError('no fetch implementation: pass the fetch option');
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0)) throw new SvcRequestError('timeoutMs must be a positive number');
  return { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
}

export class ClientCore {
  constructor(readonly options: CoreOptions) {}

  /** Sends one operation and returns its decoded result, or throws a typed error. Never retries. */
  async call<R>(op: OperationBinding<R>, request: EncodedRequest, opts: CallOptions = {}): Promise<R> {
    const { style, namespace } = this.options;
    const fields = this.fillCredentials(op.name, request);
    const base = `${this.options.baseUrl}${this.options.path}`;
    const headers: Record<string, string> = { 'Content-Type': CONTENT_TYPES[style] };
    let url = base;
    let body: string;
    if (style === 'httpPost') {
      url = `${base}/${op.name}`;
      body = encodeForm(fields);
    } else {
      if (style === 'soap11') headers['SOAPAction'] = soapAction(namespace, op.name);
      body = buildSoapEnvelope(style === 'soap11' ? '1.1' : '1.2', namespace, op.name, fields);
    }

    const response = await sendRequest({
      fetch: this.options.fetch,
      url,
      headers,
      body,
      ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });

    if (response.status !== 200) {
      if (style !== 'httpPost') {
        const fault = parseSoapFault(response.text, response.status);
        if (fault) throw fault;
      }
      throw new SvcHttpError(response.status, response.text, response.contentType);
    }
    const result = this.decode(op, response.text);
    this.check(op, result);
    return result;
  }

  private fillCredentials(operation: string, request: EncodedRequest): Array<readonly [string, string]> {
    const { principal } = this.options;
    const stamp = this.options.now();
    if (typeof stamp !== 'number' || !Number.isFinite(stamp)) {
      throw new SvcRequestError(`the now option returned ${String(stamp)}, not a finite number of seconds`, { operation });
    }
    const timestamp = String(Math.floor(stamp));
    const eatValue = request.eat;
    let signature: string | undefined;
    return request.params.map(([name, value]) => {
      if (typeof value === 'string') return [name, value] as const;
      switch (value.credential) {
        case 'principal':
          return [name, principal] as const;
        case 'timestamp':
          return [name, timestamp] as const;
        case 'signature':
          signature ??= this.options.sign({ operation, principal, timestamp, eatValue, message: `${principal}${timestamp}${eatValue}` });
          return [name, signature] as const;
      }
    });
  }

  private decode<R>(op: OperationBinding<R>, text: string): R {
    const { style, namespace } = this.options;
    try {
      const reader = new XmlReader(text);
      reader.readRoot();
      if (style === 'httpPost') openPlainRoot(reader, namespace, op.httpPostRoot);
      else openSoapResult(reader, style === 'soap11' ? '1.1' : '1.2', namespace, op.name, op.resultElement);
      const result = op.decode(reader);
      // Read to the end of the root so that a truncated or ill-nested response is not taken for a complete one.
      while (reader.currentDepth > 0) {
        while (reader.nextChild()) reader.skip();
      }
      return result;
    } catch (error) {
      if (error instanceof SvcError) throw error;
      throw new SvcDecodeError(`${op.name}: the response could not be decoded: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }

  private check<R>(op: OperationBinding<R>, result: R): void {
    const check = op.check;
    if (!check || !this.options.throwOnServiceError || !isServiceError(check, result)) return;
    const fields = result as Record<string, unknown>;
    const code = fields[check.codeField];
    const message = check.messageField ? fields[check.messageField] : undefined;
    const name = typeof code === 'number' ? check.codeNames?.get(code) : undefined;
    throw new SvcServiceError(op.name, code as string | number, typeof message === 'string' ? message : undefined, result, name);
  }
}

/** True when the result carries an error code that is not the success code (a missing code is a success). */
export function isServiceError(check: ResultCheck | undefined, result: unknown): boolean {
  if (!check || result === null || typeof result !== 'object') return false;
  const code = (result as Record<string, unknown>)[check.codeField];
  return code !== undefined && code !== null && code !== check.success;
}

/** The default signature: lower-case hex HMAC-SHA256 of the message, keyed by the API key. */
export function hmacSigner(apiKey: string): (input: CoreSignInput) => string {
  return (input) => hmacSha256Hex(apiKey, input.message);
}
