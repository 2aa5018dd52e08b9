/**
 * Typed SOAP faults in the spec (top-level `faults`, an operation's `faults`): what the loader makes of them, and each
 * refusal with its message and spec path at its line and column.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../generator/load/load.js';
import { specEdits } from '../spec/support/spec-edits.js';

const FILE = 'faults.yaml';
const BASE = readFileSync(new URL('./faults.yaml', import.meta.url), 'utf8');
const { change, issuesOf, at } = specEdits(BASE, FILE);

describe('typed faults in the model', () => {
  const model = parseSpec(BASE, FILE);

  it('declares each fault once, its element and namespace defaulted from its name and the service', () => {
    expect(model.faults.map((f) => [f.name, f.element, f.namespace, f.record.name, f.doc])).toEqual([
      [
        'InvalidAuthentication',
        'InvalidAuthentication',
        'http://crowd.example/',
        'AuthFailure',
        'The credentials were refused.',
      ],
      ['ObjectNotFound', 'ObjectNotFoundException', 'http://crowd.example/faults', 'NotFound', undefined],
    ]);
  });

  it('gives each operation the faults it lists, in its order, shared with the others', () => {
    expect(model.operations.map((op) => [op.name, op.faults.map((f) => f.name)])).toEqual([
      ['Authenticate', ['InvalidAuthentication']],
      ['FindUser', ['InvalidAuthentication', 'ObjectNotFound']],
      ['Ping', []],
    ]);
    expect(model.operations[1]!.faults[0]).toBe(model.faults[0]);
  });
});

describe('what the loader refuses', () => {
  const cases: ReadonlyArray<{ kind: string; text: string; where: [string, string]; path: string; message: string }> = [
    {
      kind: 'a fault of an unknown record',
      text: change('{ type: AuthFailure, doc', '{ type: AuthFailur, doc'),
      where: ['InvalidAuthentication: {', 'AuthFailur'],
      path: 'faults.InvalidAuthentication.type',
      message:
        'unknown record "AuthFailur"; a fault\'s detail holds a record defined under records (did you mean "AuthFailure"?)',
    },
    {
      kind: 'a fault of a result type',
      text: `${change('{ type: NotFound, element', '{ type: Token, element')}results:\n  Token:\n    fields: [{ name: Value, type: string }]\n`,
      where: ['ObjectNotFound: {', 'Token'],
      path: 'faults.ObjectNotFound.type',
      message: '"Token" is a result type; a fault\'s detail holds a record defined under records',
    },
    {
      kind: 'an operation listing an unknown fault',
      text: change('faults: [InvalidAuthentication, ObjectNotFound]', 'faults: [InvalidAuthentication, ObjectNotFund]'),
      where: ['faults: [InvalidAuthentication, ObjectNotFund]', 'ObjectNotFund'],
      path: 'operations[1].faults[1]',
      message:
        'unknown fault "ObjectNotFund"; expected one of faults: "InvalidAuthentication", "ObjectNotFound" (did you mean "ObjectNotFound"?)',
    },
    {
      kind: 'an operation listing a fault twice',
      text: change(
        '    faults: [InvalidAuthentication]\n',
        '    faults: [InvalidAuthentication, InvalidAuthentication]\n',
      ),
      where: ['faults: [InvalidAuthentication, InvalidAuthentication]', 'InvalidAuthentication]'],
      path: 'operations[0].faults[1]',
      message: 'fault "InvalidAuthentication" is listed twice',
    },
    {
      kind: 'two faults on one detail element',
      text: change(
        "element: ObjectNotFoundException, namespace: 'http://crowd.example/faults'",
        'element: InvalidAuthentication',
      ),
      where: ['ObjectNotFound: {', 'InvalidAuthentication'],
      path: 'faults.ObjectNotFound.element',
      message:
        'fault "ObjectNotFound" has the detail element <InvalidAuthentication> of fault "InvalidAuthentication" in the same namespace: a detail holding it could be either',
    },
    {
      kind: 'a detail element that is an operation’s response element',
      text: change(
        "element: ObjectNotFoundException, namespace: 'http://crowd.example/faults'",
        'element: FindUserResponse',
      ),
      where: ['ObjectNotFound: {', 'FindUserResponse'],
      path: 'faults.ObjectNotFound.element',
      message:
        'fault "ObjectNotFound" has the detail element <FindUserResponse>, which is the response element of the operation FindUser: a detail element is one of its own',
    },
  ];
  it.each(cases)('$kind', ({ text, where, path, message }) => {
    const issues = issuesOf(text);
    expect(issues).toContainEqual({ ...at(text, where[0], where[1]), path, message });
  });
});

describe('names', () => {
  it('a type named as an operation’s fault union or guard numbers the operation’s declared names', () => {
    const model = parseSpec(
      change(
        'records:\n',
        'records:\n  isAuthenticateFault:\n    fields: [{ name: x, type: string }]\n  FindUserFault:\n    fields: [{ name: x, type: string }]\n',
      ),
      FILE,
    );
    // A type's name starts with a capital (IsAuthenticateFault), so only the union's name meets one the type takes.
    expect(model.records.map((t) => t.name)).toContain('IsAuthenticateFault');
    expect(model.operations.map((op) => op.tsName)).toEqual(['Authenticate', 'FindUser2', 'Ping']);
  });
});
