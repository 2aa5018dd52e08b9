/**
 * The example values of docs calls and example answers (generator/emit/examples.ts): the spec's `example` when there
 * is one, as the TypeScript value the client sends it for; else a value the name and type make plausible; else the
 * type's own. Generic names only, nothing of one interface.
 */
import { describe, expect, it } from 'vitest';
import { exampleParam } from '../../generator/emit/examples.js';
import type { EnumModel, ParameterModel, PrimitiveName, TypeModel } from '../../generator/model/types.js';
import { evaluateExpression } from '../helpers/evaluate.js';

const SHADE: EnumModel = {
  kind: 'enum',
  name: 'Shade',
  xmlName: 'Shade',
  doc: undefined,
  values: ['Light', 'Dark'],
  numeric: undefined,
  placeholders: undefined,
};

function param(name: string, type: PrimitiveName | TypeModel, example?: string): ParameterModel {
  const t: TypeModel = typeof type === 'string' ? { kind: 'primitive', name: type } : type;
  return {
    kind: 'parameter',
    name,
    type: t,
    doc: undefined,
    role: undefined,
    optional: false,
    nillable: false,
    default: undefined,
    quirk: undefined,
    secret: false,
    decision: undefined,
    ...(example === undefined ? {} : { example }),
  };
}

describe('example of a parameter', () => {
  it.each([
    // By name and type
    ['fileName', 'string', "'example-2026-01-01.xml'"],
    ['resultsFile', 'string', "'example-2026-01-01.xml'"],
    ['profile', 'string', "'text'"],
    ['totalAmount', 'double', '125.5'],
    ['amount', 'decimal', "'125.50'"],
    ['Balance', 'double', '125.5'],
    ['FeeCurrency', 'string', "'EUR'"],
    ['currencyCode', 'string', "'EUR'"],
    ['EmailAddress', 'string', "'someone@example.com'"],
    ['SessionId', 'string', "'3f2504e0-4f89-41d3-9a0c-0305e82c3301'"],
    ['id', 'string', "'3f2504e0-4f89-41d3-9a0c-0305e82c3301'"],
    ['paid', 'string', "'text'"],
    ['requestId', 'long', "'9007199254740993'"],
    ['dueDate', 'string', "'2026-01-01'"],
    ['changedSince', 'double', '1767225600'],
    ['beginDateTimeStamp', 'double', '1767225600'],
    ['endDateTimeStamp', 'double', '1769817600'],
    ['endTime', 'dateTime', "new Date('2026-01-31T12:00:00.000Z')"],
    ['startTime', 'dateTime', "new Date('2026-01-01T12:00:00.000Z')"],
    ['endpoint', 'string', "'text'"],
    // By type alone
    ['count', 'int', '1'],
    ['day', 'date', "'2026-01-01'"],
    ['shade', { kind: 'enum', enum: SHADE }, "'Light'"],
  ] as Array<[string, PrimitiveName | TypeModel, string]>)('%s (%o): %s', (name, type, want) => {
    expect(exampleParam(param(name, type))).toBe(want);
  });

  it.each([
    ['fileName', 'string', 'it\'s "here"', `'it\\'s "here"'`],
    ['totalAmount', 'double', '1234.56', '1234.56'],
    ['requestId', 'long', '42', "'42'"],
    ['when', 'dateTime', '2026-03-04T05:06:07.000Z', "new Date('2026-03-04T05:06:07.000Z')"],
    ['bytes', 'base64Binary', 'AQID', 'new Uint8Array([1, 2, 3])'],
    ['letter', 'char', '65', "'A'"],
    ['ok', 'boolean', 'false', 'false'],
    ['shade', { kind: 'enum', enum: SHADE }, 'Dark', "'Dark'"],
  ] as Array<[string, PrimitiveName | TypeModel, string, string]>)(
    "the spec's example of %s wins: %s",
    (name, type, example, want) => {
      const expression = exampleParam(param(name, type, example));
      expect(expression).toBe(want);
      // An expression that evaluates (docs pages and the mock's examples are code).
      expect(() => evaluateExpression(expression)).not.toThrow();
    },
  );
});
