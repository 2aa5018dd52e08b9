/**
 * What the mock refuses in a parameter's value before its handler runs: characters XML cannot carry (in every style),
 * and, with `requestValidation`, HTTP POST form values that ASP.NET's request validation refuses.
 */
import { describe, expect, it } from 'vitest';
import type { Style } from '../../templates/runtime/client/client-core.js';
import { MockAuth } from '../../templates/runtime/mock/auth.js';
import { indexOfDangerous } from '../../templates/runtime/mock/request-validation.js';
import { parseSoapFault } from '../../templates/runtime/codec/soap.js';
import {
  KEY,
  NS,
  ORIGIN,
  PATH,
  PAYER,
  STAMP,
  envelope,
  formCredentials,
  getThingBody,
  makeFixture,
} from './mock-fixture.js';

const FORM = 'application/x-www-form-urlencoded';
const TEXT_PLAIN = 'text/plain; charset=utf-8';

/** A GetThing call over HTTP POST with `extra` form fields after the required ones. */
function formCall(extra: string, credentials = formCredentials()): Request {
  return new Request(`${ORIGIN}${PATH}/GetThing`, {
    method: 'POST',
    headers: { 'Content-Type': FORM },
    body: `${credentials}&requestId=1&amount=2${extra}`,
  });
}

/** A GetThing call over SOAP with `params` (markup) after the required ones. */
function soapCall(style: 'soap11' | 'soap12', params: string): Request {
  const headers: Record<string, string> =
    style === 'soap11'
      ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}GetThing"` }
      : { 'Content-Type': 'application/soap+xml; charset=utf-8' };
  const body = envelope(
    getThingBody(`<requestId>1</requestId><amount>2</amount>${params}`),
    style === 'soap11' ? '1.1' : '1.2',
  );
  return new Request(`${ORIGIN}${PATH}`, { method: 'POST', headers, body });
}

async function plainError(response: Response): Promise<string> {
  expect(response.status).toBe(500);
  expect(response.headers.get('content-type')).toBe(TEXT_PLAIN);
  return response.text();
}

describe('a value holding a character XML cannot carry', () => {
  it.each([
    ['U+FFFF', '%EF%BF%BF', 'U+FFFF'],
    ['U+000C', '%0C', 'U+000C'],
    ['NUL', '%00', 'U+0000'],
    ['U+FFFE', '%EF%BF%BE', 'U+FFFE'],
  ])(
    'HTTP POST: %s is refused with 500 text naming the parameter and the character, before the handler',
    async (_, escaped, named) => {
      const fx = makeFixture();
      const text = await plainError(await fx.core.handle(formCall(`&note=X${escaped}`)));
      expect(text).toBe(`invalid value: it holds ${named}, a character XML cannot carry (at note)`);
      expect(fx.seen).toHaveLength(0);
    },
  );

  it('HTTP POST: in any item of a list, and in a credential that is not secret', async () => {
    const fx = makeFixture();
    expect(await plainError(await fx.core.handle(formCall('&tags=a&tags=b%EF%BF%BF')))).toBe(
      'invalid value: it holds U+FFFF, a character XML cannot carry (at tags)',
    );
    const payer = await plainError(
      await fx.core.handle(formCall('', `payerName=X%EF%BF%BF&timeStamp=${STAMP}&key=${KEY}`)),
    );
    expect(payer).toBe('invalid value: it holds U+FFFF, a character XML cannot carry (at payerName)');
    expect(fx.seen).toHaveLength(0);
  });

  it('HTTP POST: in the key, the value is not shown', async () => {
    const fx = makeFixture();
    const text = await plainError(
      await fx.core.handle(formCall('', `payerName=${PAYER}&timeStamp=${STAMP}&key=${KEY}%EF%BF%BF`)),
    );
    expect(text).toBe('Parameter key is not valid (the value of a credential is not shown).');
  });

  it('HTTP POST: characters XML can carry pass (tab, line ends, U+FFFD, an astral character)', async () => {
    const fx = makeFixture();
    const response = await fx.core.handle(formCall('&note=a%09b%0D%0Ac%EF%BF%BD%F0%9F%98%80'));
    expect(response.status).toBe(200);
    expect(fx.seen[0]?.params['note']).toBe('a\tb\r\nc\ufffd\u{1F600}');
  });

  it.each(['soap11', 'soap12'] as const)(
    '%s: a character reference to one is a Client fault naming it, before the handler',
    async (style) => {
      const fx = makeFixture();
      for (const [reference, named] of [
        ['&#xFFFF;', 'U+FFFF'],
        ['&#12;', 'U+000C'],
      ]) {
        const response = await fx.core.handle(soapCall(style, `<note>X${reference}</note>`));
        expect(response.status).toBe(500);
        const fault = parseSoapFault(await response.text(), 500);
        expect(fault?.code).toBe(style === 'soap11' ? 'soap:Client' : 'soap:Sender');
        expect(fault?.reason).toContain(named);
      }
      expect(fx.seen).toHaveLength(0);
    },
  );
});

describe("request validation (ASP.NET's, for HTTP POST forms)", () => {
  const dangerous: ReadonlyArray<readonly [string, string, string]> = [
    ['<script>', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', '<script>alert(1)</sc...'],
    ['<b', 'a%3Cb', 'a<b'],
    ['<!', '%3C!--', '<!--'],
    ['</', 'x%3C%2Fy', 'x</y'],
    ['<?', '%3C%3Fxml', '<?xml'],
    ['&#', 'caf%26%23233%3B', 'caf&#233;'],
    [
      'late in a long value',
      `${'a'.repeat(30)}%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E`,
      '...aaaaaaaaaa<img src=x onerror=a...',
    ],
  ];

  it.each(dangerous)(
    'with the option, %s is refused: 500 text/plain, HttpRequestValidationException, an excerpt',
    async (_, value, excerpt) => {
      const fx = makeFixture({ requestValidation: true });
      const text = await plainError(await fx.core.handle(formCall(`&note=${value}`)));
      expect(text).toBe(
        `System.Web.HttpRequestValidationException: A potentially dangerous Request.Form value was detected from the client (note="${excerpt}").`,
      );
      expect(fx.seen).toHaveLength(0);
    },
  );

  it.each([
    ['a < b', 'a%20%3C%20b'],
    ['<1', '%3C1'],
    ['a trailing <', 'abc%3C'],
    ['& alone', 'fish%20%26%20chips'],
    ['&amp;', '%26amp%3B'],
    ['> alone', 'a%3Eb'],
  ])('with the option, a harmless %s is accepted', async (_, value) => {
    const fx = makeFixture({ requestValidation: true });
    expect((await fx.core.handle(formCall(`&note=${value}`))).status).toBe(200);
    expect(fx.seen).toHaveLength(1);
  });

  it.each(dangerous)('without the option, %s is accepted', async (_, value) => {
    const fx = makeFixture();
    expect((await fx.core.handle(formCall(`&note=${value}`))).status).toBe(200);
    expect(fx.seen[0]?.params['note']).toBe(decodeURIComponent(value));
  });

  it.each(['soap11', 'soap12'] as const)(
    'with the option, %s is not validated: the same values are accepted',
    async (style) => {
      const fx = makeFixture({ requestValidation: true });
      for (const [, value] of dangerous) {
        const text = decodeURIComponent(value).replace(/&/g, '&amp;').replace(/</g, '&lt;');
        const response = await fx.core.handle(soapCall(style, `<note>${text}</note>`));
        expect(response.status).toBe(200);
      }
      expect(fx.seen.map((s) => s.params['note'])).toEqual(dangerous.map(([, value]) => decodeURIComponent(value)));
    },
  );

  it('masks secrets in the excerpt: the key field is never shown, the API key is masked, the payer is kept', async () => {
    const apiKey = 'the-api-key-of-the-payer';
    const fx = makeFixture({ requestValidation: true, auth: new MockAuth({ keys: { [PAYER]: apiKey } }) });
    const key = await plainError(
      await fx.core.handle(formCall('', `payerName=${PAYER}&timeStamp=${STAMP}&key=%3Cscript%3E${KEY}`)),
    );
    expect(key).toBe(
      'System.Web.HttpRequestValidationException: A potentially dangerous Request.Form value was detected from the client (key="[redacted]").',
    );
    const note = await plainError(await fx.core.handle(formCall(`&note=%3Cb%3E${apiKey}`)));
    expect(note).not.toContain(apiKey.slice(0, 12));
    expect(note).toContain('(note="<b>[redacted]');
    const payer = await plainError(await fx.core.handle(formCall(`&note=${PAYER}%3Cb%3E`)));
    expect(payer).toContain(`(note="${PAYER}<b>")`);
  });

  it("validates before anything else, in the form's order, as ASP.NET reads the whole form first", async () => {
    const fx = makeFixture({ requestValidation: true });
    const text = await plainError(
      await fx.core.handle(
        new Request(`${ORIGIN}${PATH}/GetThing`, {
          method: 'POST',
          headers: { 'Content-Type': FORM },
          body: 'unknown=%3Ca&note=%3Cb',
        }),
      ),
    );
    expect(text).toContain('(unknown="<a")');
  });

  it("indexOfDangerous follows ASP.NET's rule", () => {
    expect(['<a', 'x<Z', '<!', '</', '<?', '&#', 'ok &# x'].map(indexOfDangerous)).toEqual([0, 1, 0, 0, 0, 0, 3]);
    expect(['<', '&', '< a', '<1', '<<', '&&', '&amp;', '<\u00e9', ''].map(indexOfDangerous)).toEqual([
      -1, -1, -1, -1, -1, -1, -1, -1, -1,
    ]);
  });

  it.each(['soap11', 'soap12', 'httpPost'] satisfies Style[])(
    '%s: an ordinary call is unchanged with the option',
    async (style) => {
      const fx = makeFixture({ requestValidation: true });
      const response = await fx.core.handle(
        style === 'httpPost' ? formCall('&note=plain') : soapCall(style, '<note>plain</note>'),
      );
      expect(response.status).toBe(200);
    },
  );
});
