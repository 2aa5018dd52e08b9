/**
 * The XML Schema types of a spec: accepted wherever a type is named, defaulted as .NET does (byte[] is a reference
 * type like string, the others are value types), and a misspelt one reported with the nearest name.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRIMITIVE_NAMES } from '../../generator/model/primitives.js';
import { SpecError } from '../../generator/load/errors.js';
import { parseSpec } from '../../generator/load/load.js';
import { thrown } from '../helpers/failures.js';
import { fromRoot } from '../helpers/paths.js';

const FILE = 'test/client/fixtures/xsd-types.yaml';
const TEXT = readFileSync(fromRoot(FILE), 'utf8');

describe('XML Schema types in a spec', () => {
  it('every one is accepted as a parameter and a field type', () => {
    const model = parseSpec(TEXT, FILE);
    const fieldTypes = new Set(
      model.results[0]!.fields.flatMap((f) => (f.type.kind === 'primitive' ? [f.type.name] : [])),
    );
    const paramTypes = new Set(model.parameters.map((p) => (p.type.kind === 'primitive' ? p.type.name : p.type.kind)));
    // xml (XML content) has tests of its own, in test/spec/shapes-spec.test.ts.
    for (const name of PRIMITIVE_NAMES.filter(
      (n) => !['string', 'int', 'long', 'double', 'boolean', 'dateTime', 'xml'].includes(n),
    )) {
      expect(fieldTypes.has(name), `field of type ${name}`).toBe(true);
      expect(paramTypes.has(name), `parameter of type ${name}`).toBe(true);
    }
  });

  it('base64Binary may be absent or nil by default, like string; value types may not', () => {
    const fields = parseSpec(TEXT, FILE).results[0]!.fields;
    const flags = (name: string) => {
      const f = fields.find((x) => x.name === name)!;
      return [f.optional, f.nillable];
    };
    expect(flags('blob')).toEqual([true, true]);
    for (const name of ['amount', 'ratio', 'tiny', 'big', 'id', 'letter', 'day', 'span'])
      expect(flags(name), name).toEqual([false, false]);
    const blobs = fields.find((x) => x.name === 'blobs')!.type;
    const ids = fields.find((x) => x.name === 'ids')!.type;
    expect(blobs).toMatchObject({ kind: 'list', itemElement: 'base64Binary', nillableItems: true });
    expect(ids).toMatchObject({ kind: 'list', itemElement: 'guid', nillableItems: false });
  });

  it('a misspelt type names the nearest one, at its line and column', () => {
    const text = TEXT.replace('- { name: amount, type: decimal }', '- { name: amount, type: decimel }');
    const line = text.slice(0, text.indexOf('type: decimel')).split('\n').length;
    const [issue, ...rest] = thrown(() => parseSpec(text, FILE), SpecError).issues;
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ line, path: 'results.AllTypes.fields[0].type' });
    expect(issue?.message).toMatch(/unknown type "decimel".*\(did you mean "decimal"\?\)$/);
  });

  // A type keyed as one of the format's own would never be the one a field names (equifax-canada's complexType Name
  // was written as a string): reported at its key.
  it.each([
    ['records', 'Name', '{ fields: [{ name: first, type: string }] }'],
    ['enums', 'language', '{ values: [en, fr] }'],
    ['records', 'dataSet', '{ fields: [{ name: first, type: string }] }'],
  ])("%s.%s, a name of the format's own types, is reported at its key", (section, name, body) => {
    const text = `${TEXT}\n${section}:\n  ${name}: ${body}\n`;
    const line = text.split('\n').length - 1;
    const [issue, ...rest] = thrown(() => parseSpec(text, FILE), SpecError).issues;
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ line, path: `${section}.${name}` });
    expect(issue?.message).toBe(
      `type name "${name}" is the format's own type ${name}, which a field of type ${name} would be; name it otherwise (xmlName: ${name} keeps its XML name)`,
    );
  });

  it('a parameter of an unknown type is a schema error listing the types', () => {
    const text = TEXT.replace('amount: { type: decimal,', 'amount: { type: money,');
    const [issue] = thrown(() => parseSpec(text, FILE), SpecError).issues;
    expect(issue?.path).toBe('parameters.amount.type');
    expect(issue?.message).toMatch(/decimal.*unsignedLong.*duration/);
  });
});
