/**
 * Issue 25, category 2: an XmlNode parameter, as ASMX publishes one (`mixed="true"` around `s:any`, a parameter, not
 * a result). The client's codec wrote it with writeXmlContent without importing it: TS2304 on type-check, and a
 * ReferenceError when called. Now it type-checks, and the node goes on the wire as given, inside its element.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyContent, roundTrip, type RoundTrip } from './support/wsdl-round-trip.js';

const WSDL = 'test/fixtures/import/issue25/XmlNodeParam.wsdl';
let trip: RoundTrip;
const received: unknown[] = [];
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  trip = await roundTrip(WSDL, 'xml-node');
}, 120_000);
afterAll(async () => close?.());

describe('an XmlNode parameter (mixed content of s:any)', () => {
  it('is drafted as xml, and nothing is reported', () => {
    expect(trip.yaml).toContain('- { name: node, type: xml, optional: true }');
    expect(trip.importRun.stderr).not.toMatch(/:\d+:\d+: /);
  });

  it('generates a client and mock that type-check', () => {
    expect(trip.diagnostics).toEqual([]);
  });

  it.each([
    ['soap11', '<n:item xmlns:n="urn:x" code="7">text &amp; <b>more</b></n:item>'],
    ['soap12', 'only text'],
  ])('goes on the wire over %s as given, inside <node>, and reaches the handler', async (style, node) => {
    const { client, mock, exchanges } = trip.connect({ store: (p: unknown) => (received.push(p), 42) }, style);
    close = () => mock.close();
    await expect(client['store']!({ key: 'k1', node })).resolves.toBe(42);
    expect(bodyContent(exchanges[0]!.request, 'Store')).toBe(`<key>k1</key><node>${node}</node>`);
    expect(received.at(-1)).toEqual({ key: 'k1', node });
    await mock.close();
  });
});
