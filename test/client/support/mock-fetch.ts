/**
 * A fetch that answers a generated client from a generated mock service in process, keeping what went over the wire:
 * every request body and every answer, and the SOAP Body element of each request and of each 200 answer for the
 * schema checks a test makes at its end.
 */
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
    if (response.status === 200) wire.push({ what: `answer ${style} ${text.slice(0, 80)}`, xml: soapBodyElement(text) });
    return response;
  };
  return { fetch, sent, answers };
}
