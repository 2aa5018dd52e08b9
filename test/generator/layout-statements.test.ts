/**
 * The layout documents of generator/print/layout/statements.ts (and the ones of code.ts the mock emitters use) lay out the constructs the mock emitters write as
 * prettier does: each statement below, printed from its document, is what prettier makes of it, both where it fits
 * on a line and where a long name makes it break.
 */
import { format } from 'prettier';
import { builders, printer } from 'prettier/doc';
import { describe, expect, it } from 'vitest';
import { assignBreakingDoc, callDoc, conditionalDoc, ifStatementDoc, objectDoc } from '../../generator/print/layout/code.js';
import { arrayOf, arrowDoc, clauseDoc, expressionBody, objectOf, propertyDoc, returnDoc } from '../../generator/print/layout/statements.js';
import type { Options } from 'prettier';

/** prettier's settings as the old layout imitated them (this layout goes with its emitters' conversion). */
const PRETTIER: Options = { parser: 'babel-ts', printWidth: 120, singleQuote: true, trailingComma: 'all', arrowParens: 'always' };

type Doc = builders.Doc;
const { hardline, indent } = builders;

function print(doc: Doc): string {
  return `${printer.printDocToString(doc, { printWidth: 120, tabWidth: 2, useTabs: false }).formatted}\n`;
}

/** `doc`, a statement, inside a function body (one level in). */
function inFunction(doc: Doc): Doc {
  return ['function f() {', indent([hardline, doc]), hardline, '}'];
}

const SHORT = 'x';
const LONG = 'aVeryLongNameThatMakesTheLineTooWideForPrettierToKeepItOnOneLineWhateverElseItHolds';

const cases: Record<string, (name: string) => Doc> = {
  'a property broken after its colon, holding a conditional whose branch is a hugged call': (name) =>
    [
      'const core = ',
      callDoc('new MockCore', [
        objectDoc(
          [
            assignBreakingDoc('auth', conditionalDoc(`${name} === undefined`, 'undefined', callDoc('new MockAuth', [objectDoc(['keys', 'now: () => clock.now()', `skew: options.${name}`])])), ':'),
            'clock',
          ],
          true,
        ),
      ]),
      ';',
    ],
  'an arrow function whose call body moves below the arrow': (name) =>
    ['const read = ', arrowDoc('(r: XmlReader)', expressionBody(callDoc('readList', ['r', callDoc('choiceReader', [objectOf([['a', name], ['b', `${name}2`]])])]))), ';'],
  'an arrow function returning an object literal': (name) => ['const make = ', arrowDoc('()', expressionBody(objectOf([['first', `'${name}'`], ['second', arrayOf([`'${name}'`])]]))), ';'],
  'arrays of objects, always broken, and a mixed array': (name) =>
    [
      propertyDoc('const all', arrayOf([objectOf([['a', '1'], ['b', `'${name}'`]]), objectOf([['a', '2'], ['b', '3']])]), ' ='),
      ';',
      hardline,
      propertyDoc('const mixed', arrayOf([name, objectOf([['a', '1'], ['b', `'${name}'`]])]), ' ='),
      ';',
    ],
  // The test is text (emitters' tests fit on a line; a wider one is left to prettier by the overflow check).
  'if with a call moved to the next line': (name) => ifStatementDoc(`${name}.length > 0 || port < 0`, [callDoc('fail', [`\`--${name} must be given\``]), ';']),
  'a return of a conditional whose alternate is an object': (name) =>
    returnDoc(conditionalDoc('code.number === undefined', 'undefined', objectOf([['version', `'${name}'`], ['errorCode', 'code.number'], ['message', 'message']]))),
  'a for statement without a block': (name) => clauseDoc('for (const [name, key] of Object.entries(credentials))', [callDoc('banner.push', [`\`${name} \${name}, API key \${key}\``]), ';']),
  'a string broken after its operator': (name) => [assignBreakingDoc('const USAGE', `'Usage: ${name} ${name}'`), ';'],
};

describe('statement layouts as prettier lays them out', () => {
  for (const [what, make] of Object.entries(cases)) {
    it(what, async () => {
      for (const name of [SHORT, LONG]) {
        const printed = print(inFunction(make(name)));
        expect(printed).toBe(await format(printed, PRETTIER));
      }
    });
  }
});
