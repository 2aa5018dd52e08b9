import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SvcDecodeError, SvcRequestError } from '../../templates/runtime/errors.js';
import {
  decodeBase64,
  decodeBoolean,
  decodeByte,
  decodeChar,
  decodeDate,
  decodeDateTime,
  decodeDecimal,
  decodeDouble,
  decodeDuration,
  decodeFloat,
  decodeGuid,
  decodeInt,
  decodeLong,
  decodeShort,
  decodeTime,
  decodeUnsignedByte,
  decodeUnsignedInt,
  decodeUnsignedLong,
  decodeUnsignedShort,
  encodeBase64,
  encodeBoolean,
  encodeByte,
  encodeChar,
  encodeDate,
  encodeDateTime,
  encodeDecimal,
  encodeDouble,
  encodeDuration,
  encodeFloat,
  encodeGuid,
  encodeInt,
  encodeLong,
  encodeShort,
  encodeString,
  encodeTime,
  encodeUnsignedByte,
  encodeUnsignedInt,
  encodeUnsignedLong,
  encodeUnsignedShort,
} from '../../templates/runtime/codec/values.js';
import { thrown } from '../helpers/failures.js';

const PATH = 'Result/Infos/Info[2]/Balance';

const decodeFailure = (fn: () => unknown): SvcDecodeError => thrown(fn, SvcDecodeError);

const requestFailure = (fn: () => unknown): SvcRequestError => thrown(fn, SvcRequestError);

describe('decodeInt', () => {
  it.each([
    ['0', 0],
    ['-0', 0],
    ['+7', 7],
    ['00123', 123],
    [' 42\n', 42],
    ['\t-17 ', -17],
    ['2147483647', 2147483647],
    ['-2147483648', -2147483648],
    ['0000000000002147483647', 2147483647],
  ])('decodes %j', (text, want) => {
    expect(Object.is(decodeInt(text, PATH), want)).toBe(true);
  });

  it.each([
    ['', /empty xs:int/],
    [' ', /empty xs:int/],
    ['+', /invalid/],
    ['-', /invalid/],
    ['1.0', /invalid/],
    ['1e3', /invalid/],
    ['0x10', /invalid/],
    ['12 3', /invalid/],
    ['١٢', /invalid/],
    ['\u00a012', /invalid/],
    ['2147483648', /32-bit range/],
    ['-2147483649', /32-bit range/],
    ['99999999999999999999', /32-bit range/],
  ])('refuses %j', (text, message) => {
    expect(decodeFailure(() => decodeInt(text, PATH)).message).toMatch(message);
  });
});

describe('decodeDouble', () => {
  it.each([
    ['1E3', 1000],
    ['1e3', 1000],
    ['1.5e-3', 0.0015],
    ['-2.5E+2', -250],
    ['INF', Infinity],
    ['+INF', Infinity],
    ['-INF', -Infinity],
    ['NaN', NaN],
    ['-0', -0],
    ['0', 0],
    ['.5', 0.5],
    ['5.', 5],
    [' 12.25 ', 12.25],
    ['00012.50', 12.5],
    ['1234.56', 1234.56],
    ['1e400', Infinity],
    ['0.1', 0.1],
  ])('decodes %j', (text, want) => {
    expect(Object.is(decodeDouble(text, PATH), want)).toBe(true);
  });

  it.each([
    ['', /empty xs:double/],
    ['   ', /empty/],
    ['.', /invalid/],
    ['e3', /invalid/],
    ['1e', /invalid/],
    ['1e+', /invalid/],
    ['Infinity', /invalid/],
    ['inf', /invalid/],
    ['nan', /invalid/],
    ['-NaN', /invalid/],
    ['0x10', /invalid/],
    ['1,5', /invalid/],
    ['1 000', /invalid/],
    ['1_000', /invalid/],
    ['--1', /invalid/],
    ['1.2.3', /invalid/],
  ])('refuses %j', (text, message) => {
    expect(decodeFailure(() => decodeDouble(text, PATH)).message).toMatch(message);
  });
});

describe('decodeLong', () => {
  it.each([
    ['9007199254740993', '9007199254740993'],
    ['-9223372036854775808', '-9223372036854775808'],
    ['9223372036854775807', '9223372036854775807'],
    ['+007', '7'],
    ['-0', '0'],
    ['000', '0'],
    [' 12 ', '12'],
    ['-00000000000000000000000001', '-1'],
  ])('decodes %j exactly', (text, want) => {
    expect(decodeLong(text, PATH)).toBe(want);
  });

  it.each([
    ['', /empty xs:long/],
    ['9223372036854775808', /64-bit range/],
    ['-9223372036854775809', /64-bit range/],
    ['123456789012345678901', /64-bit range/],
    ['1.0', /invalid/],
    ['1e3', /invalid/],
    ['+', /invalid/],
    ['0x1', /invalid/],
  ])('refuses %j', (text, message) => {
    expect(decodeFailure(() => decodeLong(text, PATH)).message).toMatch(message);
  });
});

describe('decodeBoolean', () => {
  it.each([
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
    [' true\n', true],
  ])('decodes %j', (text, want) => {
    expect(decodeBoolean(text, PATH)).toBe(want);
  });

  it.each(['', 'True', 'FALSE', 'yes', '2', 't', 'truee'])('refuses %j', (text) => {
    decodeFailure(() => decodeBoolean(text, PATH));
  });
});

describe('decodeDateTime', () => {
  it.each([
    ['no offset means UTC', '2024-03-16T20:47:28', '2024-03-16T20:47:28.000Z'],
    ['Z', '2024-03-16T20:47:28Z', '2024-03-16T20:47:28.000Z'],
    ['7 fractional digits truncated to ms', '2024-03-16T20:47:28.1234567Z', '2024-03-16T20:47:28.123Z'],
    ['7 fractional digits, .9999999 not rounded up', '2024-03-16T20:47:28.9999999', '2024-03-16T20:47:28.999Z'],
    ['one fractional digit', '2024-03-16T20:47:28.5', '2024-03-16T20:47:28.500Z'],
    ['positive offset', '2024-03-16T20:47:28.1234567+02:00', '2024-03-16T18:47:28.123Z'],
    ['negative offset', '2024-03-16T20:47:28-05:30', '2024-03-17T02:17:28.000Z'],
    ['offset -00:00', '2024-03-16T20:47:28-00:00', '2024-03-16T20:47:28.000Z'],
    ['.NET DateTime.MinValue', '0001-01-01T00:00:00', '0001-01-01T00:00:00.000Z'],
    ['year below 100 is not 19xx', '0099-12-31T23:59:59Z', '0099-12-31T23:59:59.000Z'],
    ['leap day', '2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['24:00:00 is the next midnight', '2024-12-31T24:00:00Z', '2025-01-01T00:00:00.000Z'],
    ['surrounding whitespace', ' 2024-03-16T20:47:28Z\n', '2024-03-16T20:47:28.000Z'],
  ])('decodes %s', (_label, text, iso) => {
    expect(decodeDateTime(text, PATH).toISOString()).toBe(iso);
  });

  it.each([
    '',
    '2024-03-16',
    '2024-03-16 20:47:28',
    '2024-03-16T20:47',
    '2024-13-01T00:00:00',
    '2023-02-29T00:00:00',
    '2024-04-31T00:00:00',
    '2024-03-16T25:00:00',
    '2024-03-16T24:00:01',
    '2024-03-16T20:60:00',
    '2024-03-16T20:47:60',
    '2024-03-16T20:47:28+15:00',
    '2024-03-16T20:47:28+0200',
    '2024-03-16T20:47:28.Z',
    '0000-01-01T00:00:00',
    '24-03-16T20:47:28',
    'yesterday',
    '2024-03-16T20:47:28z',
  ])('refuses %j', (text) => {
    decodeFailure(() => decodeDateTime(text, PATH));
  });
});

describe('encodeDouble', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [1234.56, '1234.56'],
    [0.1, '0.1'],
    [1e21, '1e+21'],
    [1.5e-7, '1.5e-7'],
    [-250, '-250'],
    [Number.MAX_VALUE, '1.7976931348623157e+308'],
    [5e-324, '5e-324'],
  ])('encodes %d as %j', (value, want) => {
    expect(encodeDouble(value, 'totalAmount')).toBe(want);
  });

  it('gives the shortest text that reads back to the same number', () => {
    // 123456789.123456789 is more digits than a double holds, on purpose: the shortest text of what it rounds to.
    // oxlint-disable-next-line no-loss-of-precision
    for (const value of [0.1 + 0.2, 1 / 3, 123456789.123456789, 2 ** 60, -1e-10]) {
      const text = encodeDouble(value, 'x');
      expect(decodeDouble(text, PATH)).toBe(value);
      expect(text).toBe(String(value));
    }
  });

  it.each([
    [NaN, /finite/],
    [Infinity, /finite/],
    [-Infinity, /finite/],
    ['12' as unknown as number, /must be a number/],
  ])('refuses %s', (value, message) => {
    const e = requestFailure(() => encodeDouble(value, 'totalAmount'));
    expect(e.message).toMatch(message);
    expect(e.parameter).toBe('totalAmount');
  });
});

describe('encodeInt', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [2147483647, '2147483647'],
    [-2147483648, '-2147483648'],
  ])('encodes %d', (v, want) => {
    expect(encodeInt(v, 'n')).toBe(want);
  });

  it.each([2147483648, -2147483649, 1.5, NaN, Infinity, '1' as unknown as number])('refuses %s', (v) => {
    requestFailure(() => encodeInt(v, 'n'));
  });
});

describe('encodeLong', () => {
  it.each([
    ['9007199254740993', '9007199254740993'],
    ['-9223372036854775808', '-9223372036854775808'],
    ['007', '7'],
    ['-0', '0'],
    [9007199254740993n, '9007199254740993'],
    [-5n, '-5'],
    [42, '42'],
    [-0, '0'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
  ] as Array<[string | bigint | number, string]>)('encodes %s', (v, want) => {
    expect(encodeLong(v, 'requestId')).toBe(want);
  });

  it('says to pass a string or bigint for an unsafe integer', () => {
    // 2^53 + 1 cannot be a number, which is the point: the caller's literal already lost it.
    // oxlint-disable-next-line no-loss-of-precision
    const e = requestFailure(() => encodeLong(9007199254740993, 'requestId'));
    expect(e.message).toMatch(/pass a string or bigint/);
    expect(e.parameter).toBe('requestId');
  });

  it.each([
    '9223372036854775808',
    '+7',
    ' 7',
    '7 ',
    '1e3',
    '1.0',
    '',
    '0x10',
    9223372036854775808n,
    1.5,
    NaN,
    null as unknown as string,
    {} as unknown as string,
  ])('refuses %s', (v) => {
    requestFailure(() => encodeLong(v, 'requestId'));
  });
});

describe('encodeBoolean', () => {
  it('encodes true and false', () => {
    expect(encodeBoolean(true, 'b')).toBe('true');
    expect(encodeBoolean(false, 'b')).toBe('false');
  });

  it.each([1, 'true', null])('refuses %j', (v) => {
    requestFailure(() => encodeBoolean(v as unknown as boolean, 'b'));
  });
});

describe('encodeDateTime', () => {
  it.each([
    [new Date(Date.UTC(2024, 2, 16, 20, 47, 28, 5)), '2024-03-16T20:47:28.005Z'],
    ['2024-03-16T20:47:28Z', '2024-03-16T20:47:28.000Z'],
    ['2024-03-16T20:47:28', '2024-03-16T20:47:28.000Z'],
    ['2024-03-16T20:47:28.1234567+02:00', '2024-03-16T18:47:28.123Z'],
    ['2024-03-16T20:47+0100', '2024-03-16T19:47:00.000Z'],
    ['2024-03-16', '2024-03-16T00:00:00.000Z'],
  ] as Array<[Date | string, string]>)('encodes %s', (v, want) => {
    expect(encodeDateTime(v, 'startTime')).toBe(want);
  });

  it.each([
    new Date(NaN),
    'not a date',
    '2024-02-30',
    '16/03/2024',
    '2024-03-16T25:00:00Z',
    '',
    1710622048 as unknown as string,
    new Date(Date.UTC(10000, 0, 1)),
  ])('refuses %s', (v) => {
    const e = requestFailure(() => encodeDateTime(v, 'startTime'));
    expect(e.parameter).toBe('startTime');
  });
});

describe('encodeString', () => {
  it.each(['', 'plain', 'tab\tlf\ncr\r', '😀 surrogate pair', '\uE000\uFFFD', '</x>]]>&amp;'])('accepts %j', (s) => {
    expect(encodeString(s, 'fileName')).toBe(s);
  });

  it.each([
    ['\u0000', 'U+0000'],
    ['a\u0008', 'U+0008'],
    ['\u000B', 'U+000B'],
    ['\u000C', 'U+000C'],
    ['\u001F', 'U+001F'],
    ['x\uD800', 'U+D800'],
    ['\uDC00x', 'U+DC00'],
    ['\uFFFE', 'U+FFFE'],
    ['\uFFFF', 'U+FFFF'],
  ])('refuses %j and names the character, not the value', (s, unit) => {
    const e = requestFailure(() => encodeString(`secret-${s}`, 'fileName'));
    expect(e.message).toContain(unit);
    expect(e.message).not.toContain('secret');
  });

  it('refuses a non-string', () => {
    requestFailure(() => encodeString(12 as unknown as string, 'fileName'));
  });
});

describe('decodeDecimal', () => {
  const forty = '1234567890'.repeat(4);
  it.each([
    ['0', '0'],
    ['-0', '-0'],
    ['+1.50', '+1.50'],
    ['007.100', '007.100'],
    [' -12.5\n', '-12.5'],
    ['1.', '1.'],
    ['.5', '.5'],
    ['-.5', '-.5'],
    [`${forty}.${forty}`, `${forty}.${forty}`],
    [`-${forty}`, `-${forty}`],
  ])('decodes %j exactly as sent', (text, want) => {
    expect(decodeDecimal(text, PATH)).toBe(want);
  });

  it.each([
    ['', /empty xs:decimal/],
    [' ', /empty xs:decimal/],
    ['.', /invalid/],
    ['+', /invalid/],
    ['-', /invalid/],
    ['1e3', /invalid/],
    ['1E-2', /invalid/],
    ['INF', /invalid/],
    ['NaN', /invalid/],
    ['1.2.3', /invalid/],
    ['1,5', /invalid/],
    ['1 000', /invalid/],
    ['0x10', /invalid/],
    ['--1', /invalid/],
    ['+-1', /invalid/],
    ['١٢', /invalid/],
  ])('refuses %j', (text, message) => {
    expect(decodeFailure(() => decodeDecimal(text, PATH)).message).toMatch(message);
  });
});

describe('encodeDecimal', () => {
  it.each([
    [1e-7, '0.0000001'],
    [1e21, '1000000000000000000000'],
    [1.5e-10, '0.00000000015'],
    [-0, '0'],
    [0, '0'],
    [123.456, '123.456'],
    [-1.25e-7, '-0.000000125'],
    [1.2345e22, '12345000000000000000000'],
    [-1e21, '-1000000000000000000000'],
    [0.1, '0.1'],
    [5e-324, `0.${'0'.repeat(323)}5`],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
    ['+1.50', '1.50'],
    ['-0.0', '-0.0'],
    ['.5', '.5'],
    ['1.', '1.'],
    [`${'9'.repeat(40)}.${'1'.repeat(40)}`, `${'9'.repeat(40)}.${'1'.repeat(40)}`],
    [12345678901234567890123n, '12345678901234567890123'],
    [-5n, '-5'],
  ] as Array<[string | bigint | number, string]>)('encodes %s as %j', (value, want) => {
    expect(encodeDecimal(value, 'amount')).toBe(want);
  });

  it('writes any finite number without exponent, reading back to the same number and decoding as sent', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const text = encodeDecimal(n, 'amount');
        expect(text).not.toMatch(/[eE]/);
        expect(Number(text) === n).toBe(true);
        expect(decodeDecimal(text, PATH)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    '1e3',
    ' 1',
    '1 ',
    '',
    '.',
    'INF',
    '1,5',
    NaN,
    Infinity,
    -Infinity,
    null as unknown as string,
    {} as unknown as string,
  ])('refuses %s', (v) => {
    expect(requestFailure(() => encodeDecimal(v, 'amount')).parameter).toBe('amount');
  });

  it('does not quote the refused string', () => {
    const e = requestFailure(() => encodeDecimal('secret-12', 'amount'));
    expect(e.message).toMatch(/^amount must be a decimal string/);
    expect(e.message).not.toContain('secret');
  });
});

describe('decodeFloat and encodeFloat', () => {
  it.each([
    ['1E3', 1000],
    ['-2.5e+2', -250],
    ['INF', Infinity],
    ['-INF', -Infinity],
    ['NaN', NaN],
    ['-0', -0],
    [' .5 ', 0.5],
    ['3.4028235E+38', 3.4028235e38],
    ['0.1', 0.1],
  ])('decodes %j', (text, want) => {
    expect(Object.is(decodeFloat(text, PATH), want)).toBe(true);
  });

  it.each([
    ['', /empty xs:float/],
    ['Infinity', /invalid xs:float/],
    ['1e', /invalid/],
    ['0x1', /invalid/],
    ['.', /invalid/],
  ])('refuses %j', (text, message) => {
    expect(decodeFailure(() => decodeFloat(text, PATH)).message).toMatch(message);
  });

  it.each([
    [0, '0'],
    [-0, '0'],
    [0.1, '0.1'],
    [1.5e-7, '1.5e-7'],
    [3.4028234663852886e38, '3.4028234663852886e+38'],
    // float.MaxValue as .NET writes it: read back and sent again unchanged.
    [3.4028235e38, '3.4028235e+38'],
    [-3.4028234663852886e38, '-3.4028234663852886e+38'],
  ])('encodes %d as %j', (value, want) => {
    expect(encodeFloat(value, 'ratio')).toBe(want);
    expect(decodeFloat(encodeFloat(value, 'ratio'), PATH)).toBe(value === 0 ? 0 : value);
  });

  it.each([
    [2 ** 128 - 2 ** 103, /xs:float range/],
    [-1e39, /xs:float range/],
    [Number.MAX_VALUE, /xs:float range/],
    [NaN, /finite/],
    [Infinity, /finite/],
    ['1' as unknown as number, /must be a number/],
  ])('refuses %s', (value, message) => {
    const e = requestFailure(() => encodeFloat(value, 'ratio'));
    expect(e.message).toMatch(message);
    expect(e.parameter).toBe('ratio');
  });
});

describe('small integer types', () => {
  const types = [
    { type: 'xs:short', decode: decodeShort, encode: encodeShort, min: -32768, max: 32767 },
    { type: 'xs:byte', decode: decodeByte, encode: encodeByte, min: -128, max: 127 },
    { type: 'xs:unsignedByte', decode: decodeUnsignedByte, encode: encodeUnsignedByte, min: 0, max: 255 },
    { type: 'xs:unsignedShort', decode: decodeUnsignedShort, encode: encodeUnsignedShort, min: 0, max: 65535 },
    { type: 'xs:unsignedInt', decode: decodeUnsignedInt, encode: encodeUnsignedInt, min: 0, max: 4294967295 },
  ];

  describe.each(types)('$type', ({ type, decode, encode, min, max }) => {
    it.each([
      [String(min), min],
      [String(max), max],
      [`+${max}`, max],
      [` ${max}\n`, max],
      [`000${max}`, max],
      ['-0', 0],
      ['+0', 0],
      ['7', 7],
    ])('decodes %j', (text, want) => {
      expect(Object.is(decode(text, PATH), want)).toBe(true);
    });

    it.each([
      [String(min - 1), /outside the range/],
      [String(max + 1), /outside the range/],
      ['99999999999999999999', /outside the range/],
      ['', new RegExp(`empty ${type}`)],
      ['+', /invalid/],
      ['-', /invalid/],
      ['1.0', /invalid/],
      ['1e2', /invalid/],
      ['0x1', /invalid/],
      ['1 2', /invalid/],
    ])('refuses %j', (text, message) => {
      expect(decodeFailure(() => decode(text, PATH)).message).toMatch(message);
    });

    it.each([min, max, 0, -0])('encodes %d and decodes it back', (v) => {
      const text = encode(v, 'n');
      expect(text).toBe(String(v));
      expect(decode(text, PATH)).toBe(v === 0 ? 0 : v);
    });

    it.each([min - 1, max + 1, 1.5, NaN, Infinity, '1' as unknown as number])('refuses %s', (v) => {
      const e = requestFailure(() => encode(v, 'n'));
      expect(e.parameter).toBe('n');
    });

    it('names the range when refusing', () => {
      expect(requestFailure(() => encode(max + 1, 'n')).message).toBe(`n must be an integer between ${min} and ${max}`);
    });
  });

  it('refuses a minus on a non-zero unsigned value', () => {
    expect(decodeFailure(() => decodeUnsignedInt('-1', PATH)).message).toMatch(/outside the range 0\.\.4294967295/);
    expect(decodeFailure(() => decodeUnsignedByte('-00001', PATH)).message).toMatch(/outside the range 0\.\.255/);
    expect(decodeUnsignedShort('-000', PATH)).toBe(0);
  });
});

describe('decodeUnsignedLong and encodeUnsignedLong', () => {
  it.each([
    ['18446744073709551615', '18446744073709551615'],
    ['+007', '7'],
    ['-0', '0'],
    [' 0 ', '0'],
    ['000018446744073709551615', '18446744073709551615'],
  ])('decodes %j exactly', (text, want) => {
    expect(decodeUnsignedLong(text, PATH)).toBe(want);
  });

  it.each([
    ['', /empty xs:unsignedLong/],
    ['18446744073709551616', /outside the range/],
    ['-1', /outside the range/],
    ['123456789012345678901', /outside the range/],
    ['1.0', /invalid/],
    ['1e3', /invalid/],
    ['+', /invalid/],
  ])('refuses %j', (text, message) => {
    expect(decodeFailure(() => decodeUnsignedLong(text, PATH)).message).toMatch(message);
  });

  it.each([
    ['18446744073709551615', '18446744073709551615'],
    ['007', '7'],
    ['-0', '0'],
    [18446744073709551615n, '18446744073709551615'],
    [0n, '0'],
    [42, '42'],
    [-0, '0'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
  ] as Array<[string | bigint | number, string]>)('encodes %s and decodes it back', (v, want) => {
    const text = encodeUnsignedLong(v, 'size');
    expect(text).toBe(want);
    expect(decodeUnsignedLong(text, PATH)).toBe(want);
  });

  it.each([
    '18446744073709551616',
    '-1',
    '+7',
    ' 7',
    '1.0',
    '',
    18446744073709551616n,
    -1n,
    -1,
    1.5,
    2 ** 64,
    NaN,
    null as unknown as string,
  ])('refuses %s', (v) => {
    expect(requestFailure(() => encodeUnsignedLong(v, 'size')).parameter).toBe('size');
  });

  it('names the range when refusing', () => {
    expect(requestFailure(() => encodeUnsignedLong(-1n, 'size')).message).toMatch(/0\.\.18446744073709551615/);
  });
});

describe('decodeBase64 and encodeBase64', () => {
  const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);

  it.each([
    ['', bytes()],
    ['  \n', bytes()],
    ['AA==', bytes(0)],
    ['AAE=', bytes(0, 1)],
    ['AAEC', bytes(0, 1, 2)],
    ['+/+/', bytes(0xfb, 0xff, 0xbf)],
    [' aGVs\r\nbG8g\td29y bGQ= ', new TextEncoder().encode('hello world')],
    ['A A = =', bytes(0)],
    ['/w==', bytes(255)],
  ])('decodes %j', (text, want) => {
    const got = decodeBase64(text, PATH);
    expect(got).toBeInstanceOf(Uint8Array);
    expect(Buffer.isBuffer(got)).toBe(false);
    expect([...got]).toEqual([...want]);
  });

  it('returns an array of its own, not a view into a shared pool', () => {
    const got = decodeBase64('AAEC', PATH);
    expect(got.byteOffset).toBe(0);
    expect(got.buffer.byteLength).toBe(3);
  });

  it.each([
    ['A', /multiple of 4/],
    ['AAA', /multiple of 4/],
    ['AA=', /multiple of 4/],
    ['A===', /invalid/],
    ['====', /invalid/],
    ['AA==AA==', /invalid/],
    ['AA=A', /invalid/],
    ['AAAA=', /multiple of 4/],
    ['AA-_', /invalid/],
    ['AA.A', /invalid/],
    ['AB==', /invalid/],
    ['AAF=', /invalid/],
    ['AA\u00a0A', /invalid/],
    ['ÀÀÀÀ', /invalid/],
  ])('refuses %j', (text, message) => {
    expect(decodeFailure(() => decodeBase64(text, PATH)).message).toMatch(message);
  });

  it.each([
    [bytes(), ''],
    [bytes(0), 'AA=='],
    [bytes(0, 1), 'AAE='],
    [bytes(0xfb, 0xff, 0xbf), '+/+/'],
    [Buffer.from('hello world'), 'aGVsbG8gd29ybGQ='],
    [new Uint8Array(new Uint8Array([9, 1, 2, 3]).buffer, 1, 2), 'AQI='],
  ])('encodes %s as %j', (value, want) => {
    expect(encodeBase64(value, 'content')).toBe(want);
  });

  it('round-trips any byte array', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (b) => {
        const text = encodeBase64(b, 'content');
        expect(text).toBe(Buffer.from(b).toString('base64'));
        expect([...decodeBase64(text, PATH)]).toEqual([...b]);
      }),
      { numRuns: 500 },
    );
  });

  it.each([[[1, 2]], ['AQI='], [new Uint16Array(2)], [new ArrayBuffer(2)], [null]])('refuses %s', (v) => {
    const e = requestFailure(() => encodeBase64(v as unknown as Uint8Array, 'content'));
    expect(e.parameter).toBe('content');
    expect(e.message).toMatch(/must be a Uint8Array/);
  });
});

describe('decodeGuid and encodeGuid', () => {
  const guid = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

  it.each([
    [guid, guid],
    ['3F2504E0-4F89-11D3-9A0C-0305E82C3301', '3F2504E0-4F89-11D3-9A0C-0305E82C3301'],
    [` ${guid}\n`, guid],
    ['00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000000'],
  ])('decodes %j', (text, want) => {
    expect(decodeGuid(text, PATH)).toBe(want);
  });

  it.each([
    '',
    `{${guid}}`,
    guid.replace(/-/g, ''),
    '3f2504e0-4f89-11d3-9a0c-0305e82c330',
    '3f2504e0-4f89-11d3-9a0c-0305e82c33011',
    '3f2504g0-4f89-11d3-9a0c-0305e82c3301',
    '3f2504e04-f89-11d3-9a0c-0305e82c3301',
    `(${guid})`,
    `${guid}x`,
  ])('refuses %j', (text) => {
    decodeFailure(() => decodeGuid(text, PATH));
  });

  it('encodes a GUID unchanged and decodes it back', () => {
    expect(encodeGuid(guid, 'id')).toBe(guid);
    expect(decodeGuid(encodeGuid(guid.toUpperCase(), 'id'), PATH)).toBe(guid.toUpperCase());
  });

  it.each([`{${guid}}`, ` ${guid}`, '', 'secret-not-a-guid', 12 as unknown as string])(
    'refuses %s without quoting it',
    (v) => {
      const e = requestFailure(() => encodeGuid(v, 'id'));
      expect(e.parameter).toBe('id');
      expect(e.message).not.toContain('secret');
    },
  );
});

describe('decodeChar and encodeChar', () => {
  it.each([
    ['65', 'A'],
    [' 0 ', '\u0000'],
    ['65535', '\uFFFF'],
    ['55296', '\uD800'],
    ['+233', 'é'],
    ['-0', '\u0000'],
  ])('decodes %j', (text, want) => {
    expect(decodeChar(text, PATH)).toBe(want);
  });

  it.each([
    ['65536', /range 0\.\.65535/],
    ['-1', /range/],
    ['', /empty char/],
    ['A', /invalid char/],
    ['6.5', /invalid/],
  ])('refuses %j', (text, message) => {
    expect(decodeFailure(() => decodeChar(text, PATH)).message).toMatch(message);
  });

  it.each(['A', '\u0000', '\uFFFF', '\uDC00', 'é'])('encodes %j as its code and decodes it back', (c) => {
    const text = encodeChar(c, 'separator');
    expect(text).toBe(String(c.charCodeAt(0)));
    expect(decodeChar(text, PATH)).toBe(c);
  });

  it.each(['', 'ab', '😀', 65 as unknown as string, null as unknown as string])('refuses %j', (v) => {
    expect(requestFailure(() => encodeChar(v, 'separator')).parameter).toBe('separator');
  });
});

describe('decodeDate and encodeDate', () => {
  it.each([
    ['2024-02-29', '2024-02-29'],
    ['2000-02-29', '2000-02-29'],
    ['0001-01-01', '0001-01-01'],
    ['9999-12-31Z', '9999-12-31Z'],
    ['2024-03-16+14:00', '2024-03-16+14:00'],
    ['2024-03-16-05:30', '2024-03-16-05:30'],
    [' 2024-04-30\n', '2024-04-30'],
  ])('decodes %j', (text, want) => {
    expect(decodeDate(text, PATH)).toBe(want);
    expect(encodeDate(want, 'day')).toBe(want);
  });

  it.each([
    ['', /empty xs:date/],
    ['2023-02-29', /day out of range/],
    ['1900-02-29', /day out of range/],
    ['2024-04-31', /day out of range/],
    ['2024-00-10', /month out of range/],
    ['2024-13-01', /month out of range/],
    ['2024-01-00', /day out of range/],
    ['0000-01-01', /year 0000/],
    ['2024-03-16+14:01', /offset out of range/],
    ['2024-03-16+05:60', /offset out of range/],
    ['2024-03-16T00:00:00', /expected/],
    ['2024-3-16', /expected/],
    ['2024-03-16+0200', /expected/],
    ['2024-03-16z', /expected/],
    ['24-03-16', /expected/],
  ])('refuses %j', (text, message) => {
    expect(decodeFailure(() => decodeDate(text, PATH)).message).toMatch(message);
    expect(requestFailure(() => encodeDate(text, 'day')).message).toMatch(text === '' ? /expected/ : message);
  });

  it('refuses surrounding whitespace and non-strings when encoding', () => {
    requestFailure(() => encodeDate(' 2024-03-16', 'day'));
    requestFailure(() => encodeDate(new Date() as unknown as string, 'day'));
  });
});

describe('decodeTime and encodeTime', () => {
  it.each([
    ['00:00:00', '00:00:00'],
    ['23:59:59.9999999', '23:59:59.9999999'],
    ['24:00:00', '24:00:00'],
    ['24:00:00.000', '24:00:00.000'],
    ['12:30:00Z', '12:30:00Z'],
    ['12:30:00.5-14:00', '12:30:00.5-14:00'],
    [' 08:15:00+02:00\t', '08:15:00+02:00'],
  ])('decodes %j', (text, want) => {
    expect(decodeTime(text, PATH)).toBe(want);
    expect(encodeTime(want, 'at')).toBe(want);
  });

  it.each([
    ['', /empty xs:time/],
    ['24:00:01', /hour 24/],
    ['24:01:00', /hour 24/],
    ['24:00:00.1', /hour 24/],
    ['25:00:00', /time out of range/],
    ['12:60:00', /time out of range/],
    ['12:00:60', /time out of range/],
    ['12:00:00+14:30', /offset out of range/],
    ['12:00', /expected/],
    ['12:00:00.', /expected/],
    ['1:00:00', /expected/],
    ['12:00:00+02', /expected/],
    ['T12:00:00', /expected/],
  ])('refuses %j', (text, message) => {
    expect(decodeFailure(() => decodeTime(text, PATH)).message).toMatch(message);
    expect(requestFailure(() => encodeTime(text, 'at')).message).toMatch(text === '' ? /expected/ : message);
  });
});

describe('decodeDuration and encodeDuration', () => {
  it.each([
    'P1Y2M3DT4H5M6.7S',
    '-P1D',
    'PT0S',
    'P0D',
    'P1Y',
    'P2M',
    'PT90M',
    'PT1H',
    'P1DT1S',
    'PT36H',
    'P1YT0.0000001S',
    '-PT5M',
  ])('decodes %j and encodes it back', (text) => {
    expect(decodeDuration(` ${text}\n`, PATH)).toBe(text);
    expect(encodeDuration(text, 'timeout')).toBe(text);
  });

  it.each([
    '',
    'P',
    'PT',
    'P1DT',
    '-P',
    'P-1D',
    '+P1D',
    'P1D2H',
    'PT1D',
    'P1S',
    'PT1.S',
    'PT.5S',
    'PT1.5H',
    'P1M1Y',
    'PT5S3M',
    'P1.5D',
    'p1d',
    'P1d',
    '1D',
    'P 1D',
    'PT1H1H',
  ])('refuses %j', (text) => {
    expect(decodeFailure(() => decodeDuration(text, PATH)).message).toMatch(/xs:duration/);
    expect(requestFailure(() => encodeDuration(text, 'timeout')).parameter).toBe('timeout');
  });
});
