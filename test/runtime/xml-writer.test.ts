import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';
import { describe, expect, it } from 'vitest';
import { SvcRequestError } from '../../templates/runtime/errors.js';
import { decodeCharData } from '../../templates/runtime/codec/xml-chars.js';
import { XmlReader } from '../../templates/runtime/codec/xml-reader.js';
import {
  SOAP11_NAMESPACE,
  SOAP12_NAMESPACE,
  buildSoapEnvelope,
  encodeForm,
  escapeXmlText,
  soapAction,
} from '../../templates/runtime/codec/xml-writer.js';

const NS = 'http://svc.example/';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XSD = 'http://www.w3.org/2001/XMLSchema';

/** Values that break naive escaping, or that xmlbuilder2 alters when they are not pre-escaped. */
const TRICKY = [
  '</fileName><x>',
  ']]>',
  'R&D;x',
  '&amp;',
  '&#13;',
  '&#xD;',
  '&lt;',
  'a\r\nb',
  '\r',
  ' lead and trail ',
  '',
  '"\'',
  '&',
  '&&;',
  '<![CDATA[x]]>',
  '<!-- c -->',
  '😀',
  'tab\tnl\n',
  '>',
];

/** fast-xml-parser's entity hook, decoding XML's own references only (no HTML names, nothing external). */
const xmlOnlyEntities = {
  setExternalEntities() {},
  addInputEntities() {},
  reset() {},
  setXmlVersion() {},
  decode: (text: string) =>
    decodeCharData(text, 0, text.length, false, (message) => {
      throw new Error(message);
    }),
};

/** fast-xml-parser configured safely: no value parsing or trimming, only XML's own references decoded. */
const fxp = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  entityDecoder: xmlOnlyEntities,
});

/** Parameter values read back with XmlReader, checking the envelope structure on the way. */
function readBack(xml: string, version: '1.1' | '1.2', operation: string): Array<[string, string, string]> {
  const env = version === '1.1' ? SOAP11_NAMESPACE : SOAP12_NAMESPACE;
  const r = new XmlReader(xml);
  r.readRoot();
  expect([r.localName, r.namespaceUri]).toEqual(['Envelope', env]);
  expect(r.nextChild()).toBe(true);
  expect([r.localName, r.namespaceUri]).toEqual(['Body', env]);
  expect(r.nextChild()).toBe(true);
  expect([r.localName, r.namespaceUri]).toEqual([operation, NS]);
  const params: Array<[string, string, string]> = [];
  while (r.nextChild()) params.push([r.localName, r.namespaceUri, r.readText()]);
  expect(r.nextChild()).toBe(false);
  expect(r.nextChild()).toBe(false);
  return params;
}

/** The parameter texts as fast-xml-parser sees them (single occurrence of each name). */
function fxpValues(xml: string, operation: string): Record<string, unknown> {
  expect(xml).not.toMatch(/<!DOCTYPE/i);
  const doc = fxp.parse(xml) as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
  return doc['soap:Envelope']!['soap:Body']![operation]!;
}

describe('buildSoapEnvelope', () => {
  it.each([
    ['1.1', SOAP11_NAMESPACE],
    ['1.2', SOAP12_NAMESPACE],
  ] as const)('builds a SOAP %s envelope as ASMX expects', (version, env) => {
    const xml = buildSoapEnvelope(version, NS, 'TestPaymentFile', [
      ['payerName', 'MyPayer'],
      ['timestamp', '1521234048'],
      ['key', 'abc'],
      ['fileName', 'f.csv'],
      ['totalAmount', '12.5'],
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(xml).toContain(`xmlns:soap="${env}"`);
    expect(xml).toContain(`xmlns:xsi="${XSI}"`);
    expect(xml).toContain(`xmlns:xsd="${XSD}"`);
    expect(xml).toContain('<soap:Body><TestPaymentFile xmlns="http://svc.example/"><payerName>MyPayer</payerName>');
    expect(readBack(xml, version, 'TestPaymentFile')).toEqual([
      ['payerName', NS, 'MyPayer'],
      ['timestamp', NS, '1521234048'],
      ['key', NS, 'abc'],
      ['fileName', NS, 'f.csv'],
      ['totalAmount', NS, '12.5'],
    ]);
    const doc = fxp.parse(xml) as Record<string, Record<string, string>>;
    expect(doc['soap:Envelope']!['@_xmlns:soap']).toBe(env);
  });

  it('writes an operation without parameters and empty parameters', () => {
    const xml = buildSoapEnvelope('1.1', NS, 'GetBalances', [['empty', '']]);
    expect(xml).toContain('<GetBalances xmlns="http://svc.example/"><empty></empty></GetBalances>');
    expect(readBack(buildSoapEnvelope('1.1', NS, 'Ping', []), '1.1', 'Ping')).toEqual([]);
  });

  it.each(TRICKY)('carries %j exactly', (value) => {
    const xml = buildSoapEnvelope('1.1', NS, 'Op', [
      ['a', value],
      ['b', 'after'],
    ]);
    expect(readBack(xml, '1.1', 'Op')).toEqual([
      ['a', NS, value],
      ['b', NS, 'after'],
    ]);
    const values = fxpValues(xml, 'Op');
    expect(values['a']).toBe(value);
    expect(values['b']).toBe('after');
  });

  it('refuses text that XML cannot carry, naming the parameter but not the value', () => {
    let error: unknown;
    try {
      buildSoapEnvelope('1.1', NS, 'Op', [['key', 'secret\u0001']]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SvcRequestError);
    expect((error as SvcRequestError).parameter).toBe('key');
    expect((error as Error).message).toContain('U+0001');
    expect((error as Error).message).not.toContain('secret');
  });

  it('escapes a CR so that line-end normalisation keeps it', () => {
    expect(buildSoapEnvelope('1.1', NS, 'Op', [['a', 'x\r\ny']])).toContain('<a>x&#xD;\ny</a>');
  });

  it('round-trips any string of XML characters through XmlReader and fast-xml-parser (property)', () => {
    const special = fc.constantFrom(
      '&',
      '<',
      '>',
      ';',
      '#',
      'x',
      'amp',
      'lt',
      '&amp;',
      '&#13;',
      '&#xD;',
      '&#65;',
      ']]>',
      '</a>',
      '<b>',
      '\r',
      '\n',
      '\r\n',
      '\t',
      ' ',
      '"',
      "'",
      '<![CDATA[',
      '<!--',
      '?>',
    );
    const xmlCodePoint = fc
      .oneof(
        fc.integer({ min: 0x20, max: 0xd7ff }),
        fc.integer({ min: 0xe000, max: 0xfffd }),
        fc.integer({ min: 0x10000, max: 0x10ffff }),
        fc.constantFrom(0x9, 0xa, 0xd),
      )
      .map((cp) => String.fromCodePoint(cp));
    const text = fc
      .array(fc.oneof({ weight: 3, arbitrary: special }, { weight: 2, arbitrary: xmlCodePoint }), { maxLength: 40 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.constantFrom('1.1', '1.2') as fc.Arbitrary<'1.1' | '1.2'>, text, text, (version, a, b) => {
        const xml = buildSoapEnvelope(version, NS, 'Op', [
          ['first', a],
          ['second', b],
        ]);
        expect(readBack(xml, version, 'Op')).toEqual([
          ['first', NS, a],
          ['second', NS, b],
        ]);
        const op = fxpValues(xml, 'Op');
        expect(op['first']).toBe(a);
        expect(op['second']).toBe(b);
      }),
      { numRuns: 1000 },
    );
  });
});

/** fast-xml-parser keeping document order, to compare two documents as XML (names, attributes, text, order). */
const ordered = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  entityDecoder: xmlOnlyEntities,
});

/**
 * The same request built with xmlbuilder2, as the runtime built it before envelopes became strings. xmlbuilder2's
 * serializer writes an `&` that already looks like a reference (`R&D;x`, `&amp;`) unescaped and a CR raw, so text is
 * handed to it with `&` and CR pre-escaped: it then keeps those references verbatim, and escapes `<` and `>` itself.
 */
function oracleEnvelope(
  version: '1.1' | '1.2',
  namespace: string,
  operation: string,
  params: ReadonlyArray<readonly [string, string]>,
): string {
  const env = version === '1.1' ? SOAP11_NAMESPACE : SOAP12_NAMESPACE;
  const XMLNS = 'http://www.w3.org/2000/xmlns/';
  const doc = create({ version: '1.0', encoding: 'utf-8' });
  const body = doc
    .ele(env, 'soap:Envelope')
    .att(XMLNS, 'xmlns:xsi', XSI)
    .att(XMLNS, 'xmlns:xsd', XSD)
    .ele(env, 'soap:Body');
  const ns = namespace === '' ? null : namespace;
  const op = body.ele(ns, operation);
  for (const [name, text] of params) op.ele(ns, name).txt(text.replace(/&/g, '&amp;').replace(/\r/g, '&#13;'));
  return doc.end({ prettyPrint: false });
}

describe('buildSoapEnvelope against xmlbuilder2', () => {
  const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/);
  const value = fc
    .string({
      unit: fc.oneof(
        fc.constantFrom('&', '<', '>', ';', '#', 'amp', '&amp;', '&#13;', ']]>', '\r', '\n', '\t', ' ', '"'),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      ),
      maxLength: 30,
    })
    // oxlint-disable-next-line no-control-regex -- characters XML cannot carry are drawn apart
    .filter((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(v));

  it('builds, for any operation, namespace and parameters, the same XML as xmlbuilder2 (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('1.1', '1.2') as fc.Arbitrary<'1.1' | '1.2'>,
        fc.constantFrom(NS, '', 'urn:a"b&c<d>e', 'http://x.example/svc?a=1&b=2'),
        name,
        fc.array(fc.tuple(name, value), { maxLength: 6 }),
        (version, namespace, operation, params) => {
          const ours = buildSoapEnvelope(version, namespace, operation, params);
          const oracle = oracleEnvelope(version, namespace, operation, params);
          expect(ordered.parse(ours)).toEqual(ordered.parse(oracle));
          // And both carry the values exactly (the oracle's pre-escaping is not taken on trust).
          const r = new XmlReader(ours);
          r.readRoot();
          r.nextChild();
          r.nextChild();
          const got: Array<[string, string]> = [];
          while (r.nextChild()) got.push([r.localName, r.readText()]);
          expect(got).toEqual(params);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('escapeXmlText', () => {
  it.each([
    ['a & b', 'a &amp; b'],
    ['<x>', '&lt;x&gt;'],
    ['&amp;', '&amp;amp;'],
    ['x\r\ny', 'x&#xD;\ny'],
    ['"\'', '"\''],
    ['plain', 'plain'],
  ])('escapes %j', (s, want) => {
    expect(escapeXmlText(s)).toBe(want);
  });

  it('reads back as the same text', () => {
    const s = 'R&D;x ]]> </a> \r\n &#13;';
    const r = new XmlReader(`<a>${escapeXmlText(s)}</a>`);
    r.readRoot();
    expect(r.readText()).toBe(s);
  });
});

describe('encodeForm', () => {
  it.each([
    [
      [
        ['payerName', 'My Payer'],
        ['fileName', 'a&b=c.csv'],
      ],
      'payerName=My+Payer&fileName=a%26b%3Dc.csv',
    ],
    [
      [
        ['b', '2'],
        ['a', '1'],
      ],
      'b=2&a=1',
    ],
    [[['name', 'Zoë 東京 😀']], 'name=Zo%C3%AB+%E6%9D%B1%E4%BA%AC+%F0%9F%98%80'],
    [[['x', "*-._~!'()+/"]], 'x=*-._%7E%21%27%28%29%2B%2F'],
    [[['empty', '']], 'empty='],
    [[], ''],
  ] as Array<[Array<[string, string]>, string]>)('encodes %j', (params, want) => {
    expect(encodeForm(params)).toBe(want);
    expect(encodeForm(params)).toBe(new URLSearchParams(params).toString());
  });
});

describe('soapAction', () => {
  it.each([
    ['http://svc.example/', 'GetBalances', '"http://svc.example/GetBalances"'],
    ['http://svc.example', 'GetBalances', '"http://svc.example/GetBalances"'],
    ['urn:svc', 'Op', '"urn:svc/Op"'],
    ['http://svc.example/', 'Größe', '"http://svc.example/Gr%C3%B6%C3%9Fe"'],
    ['urn:a b\u00e9\u007f', 'Op', '"urn:a b%C3%A9%7F/Op"'],
  ])('%s + %s', (ns, op, want) => {
    expect(soapAction(ns, op)).toBe(want);
  });
});
