import { describe, expect, it } from 'vitest';
import { SvcDecodeError, SvcRequestError } from '../../templates/runtime/errors.js';
import {
  decodeBoolean, decodeDateTime, decodeDouble, decodeInt, decodeLong,
  encodeBoolean, encodeDateTime, encodeDouble, encodeInt, encodeLong, encodeString,
} from '../../templates/runtime/values.js';
import { thrown } from '../helpers/failures.js';

const PATH = 'Result/Infos/Info[2]/Balance';

const decodeFailure = (fn: () => unknown): SvcDecodeError => thrown(fn, SvcDecodeError);

const requestFailure = (fn: () => unknown): SvcRequestError => thrown(fn, SvcRequestError);

describe('decodeInt', () => {
  it.each([
    ['0', 0], ['-0', 0], ['+7', 7], ['00123', 123], [' 42\n', 42], ['\t-17 ', -17],
    ['2147483647', 2147483647], ['-2147483648', -2147483648], ['0000000000002147483647', 2147483647],
  ])('decodes %j', (text, want) => {
    expect(Object.is(decodeInt(text, PATH), want)).toBe(true);
  });

  it.each([
    ['', /empty xs:int/], [' ', /empty xs:int/], ['+', /invalid/], ['-', /invalid/], ['1.0', /invalid/], ['1e3', /invalid/],
    ['0x10', /invalid/], ['12 3', /invalid/], ['١٢', /invalid/], ['\u00a012', /invalid/],
    ['2147483648', /32-bit range/], ['-2147483649', /32-bit range/], ['99999999999999999999', /32-bit range/],
  ])('refuses %j', (text, message) => {
    expect(decodeFailure(() => decodeInt(text, PATH)).message).toMatch(message);
  });
});

describe('decodeDouble', () => {
  it.each([
    ['1E3', 1000], ['1e3', 1000], ['1.5e-3', 0.0015], ['-2.5E+2', -250], ['INF', Infinity], ['+INF', Infinity],
    ['-INF', -Infinity], ['NaN', NaN], ['-0', -0], ['0', 0], ['.5', 0.5], ['5.', 5], [' 12.25 ', 12.25],
    ['00012.50', 12.5], ['1234.56', 1234.56], ['1e400', Infinity], ['0.1', 0.1],
  ])('decodes %j', (text, want) => {
    expect(Object.is(decodeDouble(text, PATH), want)).toBe(true);
  });

  it.each([
    ['', /empty xs:double/], ['   ', /empty/], ['.', /invalid/], ['e3', /invalid/], ['1e', /invalid/], ['1e+', /invalid/],
    ['Infinity', /invalid/], ['inf', /invalid/], ['nan', /invalid/], ['-NaN', /invalid/], ['0x10', /invalid/],
    ['1,5', /invalid/], ['1 000', /invalid/], ['1_000', /invalid/], ['--1', /invalid/], ['1.2.3', /invalid/],
  ])('refuses %j', (text, message) => {
    expect(decodeFailure(() => decodeDouble(text, PATH)).message).toMatch(message);
  });
});

describe('decodeLong', () => {
  it.each([
    ['9007199254740993', '9007199254740993'], ['-9223372036854775808', '-9223372036854775808'],
    ['9223372036854775807', '9223372036854775807'], ['+007', '7'], ['-0', '0'], ['000', '0'], [' 12 ', '12'],
    ['-00000000000000000000000001', '-1'],
  ])('decodes %j exactly', (text, want) => {
    expect(decodeLong(text, PATH)).toBe(want);
  });

  it.each([
    ['', /empty xs:long/], ['9223372036854775808', /64-bit range/], ['-9223372036854775809', /64-bit range/],
    ['123456789012345678901', /64-bit range/], ['1.0', /invalid/], ['1e3', /invalid/], ['+', /invalid/], ['0x1', /invalid/],
  ])('refuses %j', (text, message) => {
    expect(decodeFailure(() => decodeLong(text, PATH)).message).toMatch(message);
  });
});

describe('decodeBoolean', () => {
  it.each([['true', true], ['false', false], ['1', true], ['0', false], [' true\n', true]])('decodes %j', (text, want) => {
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
    '', '2024-03-16', '2024-03-16 20:47:28', '2024-03-16T20:47', '2024-13-01T00:00:00', '2023-02-29T00:00:00',
    '2024-04-31T00:00:00', '2024-03-16T25:00:00', '2024-03-16T24:00:01', '2024-03-16T20:60:00', '2024-03-16T20:47:60',
    '2024-03-16T20:47:28+15:00', '2024-03-16T20:47:28+0200', '2024-03-16T20:47:28.Z', '0000-01-01T00:00:00',
    '24-03-16T20:47:28', 'yesterday', '2024-03-16T20:47:28z',
  ])('refuses %j', (text) => {
    decodeFailure(() => decodeDateTime(text, PATH));
  });
});

describe('encodeDouble', () => {
  it.each([
    [0, '0'], [-0, '0'], [1234.56, '1234.56'], [0.1, '0.1'], [1e21, '1e+21'], [1.5e-7, '1.5e-7'], [-250, '-250'],
    [Number.MAX_VALUE, '1.7976931348623157e+308'], [5e-324, '5e-324'],
  ])('encodes %d as %j', (value, want) => {
    expect(encodeDouble(value, 'totalAmount')).toBe(want);
  });

  it('gives the shortest text that reads back to the same number', () => {
    for (const value of [0.1 + 0.2, 1 / 3, 123456789.123456789, 2 ** 60, -1e-10]) {
      const text = encodeDouble(value, 'x');
      expect(decodeDouble(text, PATH)).toBe(value);
      expect(text).toBe(String(value));
    }
  });

  it.each([[NaN, /finite/], [Infinity, /finite/], [-Infinity, /finite/], ['12' as unknown as number, /must be a number/]])(
    'refuses %s',
    (value, message) => {
      const e = requestFailure(() => encodeDouble(value, 'totalAmount'));
      expect(e.message).toMatch(message);
      expect(e.parameter).toBe('totalAmount');
    },
  );
});

describe('encodeInt', () => {
  it.each([[0, '0'], [-0, '0'], [2147483647, '2147483647'], [-2147483648, '-2147483648']])('encodes %d', (v, want) => {
    expect(encodeInt(v, 'n')).toBe(want);
  });

  it.each([2147483648, -2147483649, 1.5, NaN, Infinity, '1' as unknown as number])('refuses %s', (v) => {
    requestFailure(() => encodeInt(v, 'n'));
  });
});

describe('encodeLong', () => {
  it.each([
    ['9007199254740993', '9007199254740993'], ['-9223372036854775808', '-9223372036854775808'], ['007', '7'],
    ['-0', '0'], [9007199254740993n, '9007199254740993'], [-5n, '-5'], [42, '42'], [-0, '0'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
  ] as Array<[string | bigint | number, string]>)('encodes %s', (v, want) => {
    expect(encodeLong(v, 'requestId')).toBe(want);
  });

  it('says to pass a string or bigint for an unsafe integer', () => {
    const e = requestFailure(() => encodeLong(9007199254740993, 'requestId'));
    expect(e.message).toMatch(/pass a string or bigint/);
    expect(e.parameter).toBe('requestId');
  });

  it.each([
    '9223372036854775808', '+7', ' 7', '7 ', '1e3', '1.0', '', '0x10', 9223372036854775808n, 1.5, NaN,
    null as unknown as string, {} as unknown as string,
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
    new Date(NaN), 'not a date', '2024-02-30', '16/03/2024', '2024-03-16T25:00:00Z', '', 1710622048 as unknown as string,
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
    ['\u0000', 'U+0000'], ['a\u0008', 'U+0008'], ['\u000B', 'U+000B'], ['\u000C', 'U+000C'], ['\u001F', 'U+001F'],
    ['x\uD800', 'U+D800'], ['\uDC00x', 'U+DC00'], ['\uFFFE', 'U+FFFE'], ['\uFFFF', 'U+FFFF'],
  ])('refuses %j and names the character, not the value', (s, unit) => {
    const e = requestFailure(() => encodeString(`secret-${s}`, 'fileName'));
    expect(e.message).toContain(unit);
    expect(e.message).not.toContain('secret');
  });

  it('refuses a non-string', () => {
    requestFailure(() => encodeString(12 as unknown as string, 'fileName'));
  });
});
