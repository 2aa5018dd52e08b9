/**
 * Issue 25: XML Schema patterns translated to JavaScript (`u` flag). Each row is a pattern and strings it matches and
 * does not match as XML Schema says (implicitly anchored; `.`, `\s`, `\d`, `\w` as XML Schema defines them; class
 * subtraction), the corpus's real patterns among them (equifax-canada, whl-travel). Patterns JavaScript cannot say
 * are refused with the index where the problem starts. Every sample a translation gives matches its pattern.
 */
import { describe, expect, it } from 'vitest';
import { translateXsdPattern } from '../../generator/model/xsd-pattern.js';

const ROWS: ReadonlyArray<readonly [string, readonly string[], readonly string[]]> = [
  // Anchored implicitly: a part of the value is not enough.
  ['[0-9]+', ['0', '0123456789'], ['', 'a1', '1a', '1 ', ' 1']],
  ['', [''], ['a']],
  ['a|b', ['a', 'b'], ['ab', '']],
  // `^` and `$` are plain characters in XML Schema.
  ['^a$', ['^a$'], ['a']],
  // `.` is any character but a line feed or carriage return (JavaScript's also refuses U+2028).
  ['a.c', ['abc', 'a c', 'a\u2028c', 'a😀c'], ['a\nc', 'a\rc', 'ac']],
  // `\s` is only space, tab, LF and CR; `\S` everything else.
  ['\\s', [' ', '\t', '\n', '\r'], ['\u00a0', '\u2003', 'a']],
  ['\\S+', ['a\u00a0b'], ['a b']],
  // `\d` is every decimal digit of Unicode, `\D` all else.
  ['\\d{2}', ['12', '١٢'], ['1a', 'ab']],
  ['\\D', ['a'], ['٣', '3']],
  // `\w` is anything but punctuation, separators and others.
  // Unlike JavaScript's, `_` (a connector punctuation) is no word character; `+` (a symbol) is.
  ['\\w+', ['a1Ā', 'a+'], ['a.', 'a b', 'a-', 'a_']],
  ['[\\w-]+', ['a-b'], ['a.b']],
  ['\\W', ['.', ' '], ['a']],
  ['[^\\w]', ['.'], ['a']],
  // Class subtraction, nested.
  ['[a-z-[aeiou]]+', ['bcd'], ['bad', 'B']],
  ['[a-z-[a-f-[c]]]', ['c', 'z'], ['a', 'f']],
  ['[^a-z-[x]]', ['A'], ['b', 'x']],
  ['[\\S-[a]]', ['b'], ['a', ' ']],
  // Unicode categories.
  ['\\p{Lu}\\p{Ll}*', ['Ab', 'Éé'], ['ab', 'A1']],
  ['\\P{L}', ['1'], ['a']],
  ['[\\p{N}x]', ['5', 'x', 'Ⅷ'], ['y']],
  // Escapes and characters JavaScript treats as syntax.
  ['\\{\\}\\(\\)\\[\\]\\|\\.\\?\\*\\+\\-\\^\\\\', ['{}()[]|.?*+-^\\'], ['x']],
  ['a/b', ['a/b'], ['ab']],
  ['[/\\]]', ['/', ']'], ['\\']],
  ['[-a]', ['-', 'a'], ['b']],
  ['[a-]', ['-', 'a'], ['b']],
  ['x{2,}', ['xx', 'xxx'], ['x']],
  ['x{0,1}y', ['y', 'xy'], ['xxy']],
  ['😀+', ['😀😀'], ['😀a']],
  // The corpus's own.
  ['[a-zA-Z][0-9][a-zA-Z]*[0-9][a-zA-Z][0-9]', ['K1A0B1', 'K1AB0B1'], ['K1A 0B1', '11A0B1']],
  ['(0[1-9]|1[0-2])[0-9][0-9]', ['0126', '1299'], ['1326', '0026', '126']],
  [
    "([a-zA-ZÀàÂâÇçÉéÈèÊêËëÎîÏïÔôÙùÛûÜü](\\. |[\\-'\\. ])?)*",
    ['', 'Jean-Éric', "O'Neil", 'St. Jean'],
    ['Jo--', 'Ñandú', 'A1'],
  ],
  ['[a-zA-Z0-9#/,\\- .ÀàÂâÇçÉéÈèÊêËëÎîÏïÔôÙùÛûÜü]*', ['12 rue St-Denis, #4/5'], ['a_b', 'a;b']],
  [
    '\\S*[0-9a-zA-Z]+\\S*@\\S*[0-9a-zA-Z]+\\S*\\.\\S*[0-9a-zA-Z]+\\S*',
    ['a@b.ca', 'x.y+z@d.co.uk'],
    ['a@b', 'a b@c.d', '@b.c'],
  ],
  [
    '[0-9][0-9]?[0-9]?[\\.][0-9][0-9]?[0-9]?[\\.][0-9][0-9]?[0-9]?[\\.][0-9][0-9]?[0-9]?',
    ['10.0.0.1', '192.168.100.255'],
    ['10.0.0', '1000.0.0.1', '10-0-0-1'],
  ],
  ['[0-9A-Z]{1,3}(\\.[A-Z]{3}(\\.X){0,1}){0,1}', ['AB1', 'A.BCD', 'A.BCD.X'], ['A.BC', 'ABCD', 'A.BCD.Y']],
  ['P[0-9]{1,3}N', ['P1N', 'P365N'], ['P1000N', 'PN']],
  ['0AA.BBBX', ['0AA.BBBX', '0AA-BBBX'], ['0AA..BBBX']],
  ['[A-Z0-9]{3,5}', ['ABC', 'AB123'], ['AB', 'ab1']],
];

describe('XML Schema patterns in JavaScript', () => {
  it.each(ROWS)('%s', (xsd, matching, notMatching) => {
    const t = translateXsdPattern(xsd);
    if ('problem' in t) throw new Error(t.problem);
    const re = new RegExp(t.source, 'u');
    expect(matching.filter((s) => !re.test(s))).toEqual([]);
    expect(notMatching.filter((s) => re.test(s))).toEqual([]);
    expect(t.sample).toBeDefined();
    expect(re.test(t.sample!)).toBe(true);
  });

  it.each([
    ['\\i\\c*', 0, /\\i .*no JavaScript equivalent/],
    ['a\\C', 1, /\\C .*no JavaScript equivalent/],
    ['\\p{IsBasicLatin}+', 0, /block escape \\p\{IsBasicLatin\}/],
    ['\\p{Xx}', 0, /names no Unicode general category/],
    ['a(?:b)', 2, /"\(\?" is no group/],
    ['ab\\1', 2, /\\1 is no escape/],
    ['a{2', 1, /quantifier/],
    ['a{3,2}', 1, /least count above its most/],
    ['(ab', 0, /never closed/],
    ['ab)', 2, /no opening/],
    ['[ab', 0, /never closed/],
    ['[]', 1, /never empty/],
    ['[a-b-c]', 4, /"-" inside a class/],
    ['[z-a]', 1, /ends below/],
    ['*a', 0, /escape it as \\\*/],
    ['a{', 1, /quantifier/],
    ['[a-z-[b]c]', 8, /subtraction ends its class/],
  ])('%s is refused at %i', (xsd, index, message) => {
    const t = translateXsdPattern(xsd);
    expect(t).toMatchObject({ index, problem: expect.stringMatching(message) });
  });
});
