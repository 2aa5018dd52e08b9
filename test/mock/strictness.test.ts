/**
 * The generated payer mock's refusals and masks, in each style: only secrets are masked in a fault (the payer name and
 * timestamp are kept), a value XML cannot carry is refused before the simulator sees it, and `requestValidation`
 * refuses HTTP POST form values as ASP.NET does (and leaves SOAP alone).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PayerClient, type Style } from '../../generated/client/index.js';
import { DEFAULT_SCENARIO_YAML, MockFault, createMockService, parseScenario } from '../../generated/mock/index.js';

const ORIGIN = 'http://mock.test';
const PATH = '/v5/PayerFunctions.asmx';
const NS = 'http://svc.example/';
const STYLES: readonly Style[] = ['soap11', 'soap12', 'httpPost'];
const TEXT_PLAIN = 'text/plain; charset=utf-8';

type Service = ReturnType<typeof createMockService>;

/** A client of `service` that keeps the raw text of the last answer (the client masks its own errors, too). */
function clientOf(service: Service, style: Style): { client: PayerClient; lastText: () => string } {
  let last = '';
  const client = new PayerClient({
    baseUrl: ORIGIN,
    payerName: 'MyPayer',
    apiKey: 'boguskey',
    style,
    throwOnServiceError: false,
    fetch: async (input, init) => {
      const response = await service.handle(new Request(input, init));
      last = await response.clone().text();
      return response;
    },
  });
  return { client, lastText: () => last };
}

/** GetDynamicKeyOfSubPayer sent raw in a style, with a sub payer name given as markup (SOAP) or form-encoded text. */
function subPayerCall(style: Style, subPayer: string): Request {
  // The value is refused before the credentials are checked, so any key will do.
  const key = 'a'.repeat(64);
  if (style === 'httpPost') {
    return new Request(`${ORIGIN}${PATH}/GetDynamicKeyOfSubPayer`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `payerName=MyPayer&subPayerName=${subPayer}&timestamp=1521234048&key=${key}`,
    });
  }
  const soap11 = style === 'soap11';
  const envelopeNs = soap11 ? 'http://schemas.xmlsoap.org/soap/envelope/' : 'http://www.w3.org/2003/05/soap-envelope';
  const body =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelopeNs}"><soap:Body><GetDynamicKeyOfSubPayer xmlns="${NS}">` +
    `<payerName>MyPayer</payerName><subPayerName>${subPayer}</subPayerName><timestamp>1521234048</timestamp><key>${key}</key>` +
    '</GetDynamicKeyOfSubPayer></soap:Body></soap:Envelope>';
  const headers: Record<string, string> = soap11
    ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}GetDynamicKeyOfSubPayer"` }
    : { 'Content-Type': 'application/soap+xml; charset=utf-8' };
  return new Request(`${ORIGIN}${PATH}`, { method: 'POST', headers, body });
}

describe.each(STYLES)('the payer mock over %s', (style) => {
  const service = createMockService();
  const validating = createMockService({ requestValidation: true });
  // The same through the scenario, for a mock that stands for an ASP.NET host with its default settings.
  const validatingScenario = createMockService({
    scenario: parseScenario(
      DEFAULT_SCENARIO_YAML.replace('requestValidation: false', 'requestValidation: true'),
      'scenario',
    ),
  });
  const stamp = String(Math.floor(Date.now() / 1000));
  const thrower = createMockService({
    handlers: {
      getBalances: (_, context) => {
        throw new MockFault(
          'Client',
          `${context.principal} at ${context.credentials['timestamp']}: key ${context.credentials['signature']} of API key boguskey`,
        );
      },
    },
  });
  afterAll(async () => {
    await Promise.all([service.close(), validating.close(), validatingScenario.close(), thrower.close()]);
  });

  it('an injected fault keeps the payer name and timestamp, and masks the key', async () => {
    const { client, lastText } = clientOf(service, style);
    service.inject('GetBalances', { fault: 'Client', message: 'MyPayer is over its limit', detail: `since ${stamp}` });
    await expect(client.getBalances()).rejects.toThrow();
    expect(lastText()).toContain('MyPayer is over its limit');
    if (style !== 'httpPost') expect(lastText()).toContain(`since ${stamp}`);
    expect(lastText()).not.toContain('[redacted]');
  });

  it("a handler's MockFault keeps the payer name and timestamp, and masks the key and the API key", async () => {
    const { client, lastText } = clientOf(thrower, style);
    await expect(client.getBalances()).rejects.toThrow();
    expect(lastText()).toMatch(/MyPayer at \d{10}: key \[redacted\] of API key \[redacted\]/);
    expect(lastText()).not.toMatch(/[0-9a-f]{64}|boguskey/);
  });

  it('a sub payer name holding U+FFFF is refused before the simulator, naming the character', async () => {
    const response = await service.handle(subPayerCall(style, style === 'httpPost' ? 'X%EF%BF%BF' : 'X&#xFFFF;'));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('\uFFFF');
    if (style === 'httpPost') {
      expect(response.headers.get('content-type')).toBe(TEXT_PLAIN);
      expect(text).toBe('invalid value: it holds U+FFFF, a character XML cannot carry (at subPayerName)');
    } else {
      expect(text).toContain(style === 'soap11' ? 'soap:Client' : 'soap:Sender');
      expect(text).toContain('U+FFFF');
    }
  });

  it('requestValidation refuses a form value that looks like markup over HTTP POST only; off by default', async () => {
    const markup = style === 'httpPost' ? '%3Cscript%3Ex' : '&lt;script&gt;x';
    const refused = await validating.handle(subPayerCall(style, markup));
    const byScenario = await validatingScenario.handle(subPayerCall(style, markup));
    expect([byScenario.status, await byScenario.text()]).toEqual([refused.status, await refused.clone().text()]);
    const plain = await service.handle(subPayerCall(style, markup));
    // Past validation, the made-up key fails: the service's own answer (a 200 result with its error code).
    expect(plain.status).toBe(200);
    if (style === 'httpPost') {
      expect([refused.status, refused.headers.get('content-type')]).toEqual([500, TEXT_PLAIN]);
      expect(await refused.text()).toBe(
        'System.Web.HttpRequestValidationException: A potentially dangerous Request.Form value was detected from the client (subPayerName="<script>x").',
      );
    } else {
      expect(refused.status).toBe(200);
      expect(await refused.text()).toBe(await plain.text());
    }
  });
});
