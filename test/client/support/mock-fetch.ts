/**
 * A fetch that answers a generated client from a generated mock service in process, keeping what went over the wire:
 * every request body and every answer, and the SOAP Body element of each request and of each 200 answer for the
 * schema checks a test makes at its end.
 */
import { expect, it } from 'vitest';
import { soapBodyElement } from '../../helpers/soap-body.js';

/** What a generated mock service takes (createMockService's result). */
export interface MockService {
  handle(request: Request): Promise<Response>;
}

/** A SOAP Body element, and what it was, as the schema checks list them. */
export interface WireEntry {
  readonly what: string;
  readonly xml: string;
}

export interface MockFetch {
  readonly fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** The request bodies, in order. */
  readonly sent: string[];
  /** The answers' bodies, in order. */
  readonly answers: string[];
}

/**
 * @param service - the mock that answers
 * @param style - the style, named in each wire entry
 * @param wire - where the Body elements go
 */
export function mockFetch(service: MockService, style: string, wire: WireEntry[]): MockFetch {
  const sent: string[] = [];
  const answers: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = await request.clone().text();
    sent.push(body);
    wire.push({ what: `request ${style} ${body.slice(0, 80)}`, xml: soapBodyElement(body) });
    const response = await service.handle(request);
    const text = await response.clone().text();
    answers.push(text);
    if (response.status === 200)
      wire.push({ what: `answer ${style} ${text.slice(0, 80)}`, xml: soapBodyElement(text) });
    return response;
  };
  return { fetch, sent, answers };
}

/** A call of a generated client and its exact wire: the parameters' markup sent, the result read, the answer's markup. */
export interface WireRow {
  readonly op: string;
  readonly params: unknown;
  /** The request wrapper's content ('' for an empty wrapper). */
  readonly sent: string;
  readonly result: unknown;
  /** The response wrapper's content. */
  readonly answer: string;
}

/**
 * One test per SOAP style and row: the call returns the row's result, and the wrapper `<Op xmlns="ns">` sent and the
 * `<OpResponse xmlns="ns">` answered hold exactly the row's markup.
 * @param ns - the operations' namespace
 * @param rows - the calls
 * @param clientFor - a client of the style, answered through a recording fetch (a new mock each test)
 */
export function itHasExactWire(
  ns: string,
  rows: readonly WireRow[],
  clientFor: (style: 'soap11' | 'soap12') => { client: object; sent: readonly string[]; answers: readonly string[] },
): void {
  for (const style of ['soap11', 'soap12'] as const) {
    for (const row of rows) {
      it(`${row.op} in ${style}: exact wire, both ways`, async () => {
        const { client: c, sent, answers } = clientFor(style);
        const method = (c as Record<string, (p: unknown) => Promise<unknown>>)[row.op]!;
        expect(await method.call(c, row.params)).toEqual(row.result);
        const op = row.op[0]!.toUpperCase() + row.op.slice(1);
        expect(sent[0]).toContain(
          row.sent === '' ? `<${op} xmlns="${ns}"/>` : `<${op} xmlns="${ns}">${row.sent}</${op}>`,
        );
        expect(answers[0]).toContain(`<${op}Response xmlns="${ns}">${row.answer}</${op}Response>`);
      });
    }
  }
}
