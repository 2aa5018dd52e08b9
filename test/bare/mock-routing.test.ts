/**
 * How the mock engine routes bare requests (templates/runtime/mock-core.ts), in process on a hand-built service: two
 * bare operations that share a parameter element, one that has an element of its own, and a wrapped one. The action
 * names the operation; without one (SOAP 1.2), only an element of exactly one bare operation does.
 */
import { describe, expect, it } from 'vitest';
import { readInt, readString } from '../../templates/runtime/codec/decode.js';
import { MockCore, type MockOperation } from '../../templates/runtime/mock/core.js';
import { escapeXmlText } from '../../templates/runtime/codec/xml-writer.js';

const NS = 'http://bare.example/';
const text = (name: string, value: unknown, attrs: string) =>
  `<${name}${attrs}>${escapeXmlText(String(value))}</${name}>`;
const id = { name: 'id', required: true, nillable: false, read: readInt, form: undefined };
const bare = (name: string, params: MockOperation['params']): MockOperation => ({
  name,
  params,
  resultElement: `${name}Result`,
  httpPostRoot: undefined,
  bare: true,
  write: text,
});

const core = new MockCore({
  path: '/Bare.asmx',
  namespace: NS,
  styles: ['soap11', 'soap12'],
  operations: [
    bare('Open', [id]),
    bare('Shut', [id]),
    bare('Rename', [id, { name: 'title', required: true, nillable: false, read: readString, form: undefined }]),
    { name: 'Wrapped', params: [id], resultElement: 'WrappedResult', httpPostRoot: undefined, write: text },
  ],
  invoke: (operation, params) => `${operation}:${JSON.stringify(params)}`,
});

async function call(body: string, action?: string): Promise<{ status: number; text: string }> {
  const contentType = `application/soap+xml; charset=utf-8${action === undefined ? '' : `; action="${NS}${action}"`}`;
  const envelope = `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body>${body}</soap:Body></soap:Envelope>`;
  const response = await core.handle(
    new Request('http://mock.test/Bare.asmx', {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body: envelope,
    }),
  );
  return { status: response.status, text: await response.text() };
}

describe('routing bare requests', () => {
  it('by the action, also where the element is shared', async () => {
    const answer = await call(`<id xmlns="${NS}">1</id>`, 'Shut');
    expect(answer.text).toContain(`<ShutResult xmlns="${NS}">Shut:{"id":1}</ShutResult>`);
  });

  it('without action, by an element only one bare operation has', async () => {
    const answer = await call(`<title xmlns="${NS}">t</title><id xmlns="${NS}">2</id>`);
    expect(answer.text).toContain(`<RenameResult xmlns="${NS}">Rename:{"id":2,"title":"t"}</RenameResult>`);
  });

  it('without action, not by an element several bare operations have: a Client fault', async () => {
    const answer = await call(`<id xmlns="${NS}">3</id>`);
    expect(answer.status).toBe(500);
    expect(answer.text).toContain('soap:Sender');
    expect(answer.text).toContain(
      'the SOAP Body starts with &lt;id&gt;, a parameter of several operations: name the operation in the action parameter of the Content-Type',
    );
  });

  it('a wrapped operation beside them, by its element', async () => {
    const answer = await call(`<Wrapped xmlns="${NS}"><id>4</id></Wrapped>`);
    expect(answer.text).toContain(
      `<WrappedResponse xmlns="${NS}"><WrappedResult>Wrapped:{"id":4}</WrappedResult></WrappedResponse>`,
    );
  });

  it('a bare element under the action of a wrapped operation: a Client fault naming both', async () => {
    const answer = await call(`<title xmlns="${NS}">t</title><id xmlns="${NS}">2</id>`, 'Wrapped');
    expect(answer.status).toBe(500);
    expect(answer.text).toContain(
      'names operation Wrapped, but the SOAP Body holds &lt;title&gt;, a parameter of Rename',
    );
  });
});
