/**
 * The "Writing a spec" example of docs/spec-format.md is a whole spec, loaded as written: a service with no auth, a boolean result
 * and a record parameter needs no placeholder entries (no results, parameters, eat or httpPostRoot).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../generator/load/load.js';

const README = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'spec-format.md'), 'utf8');

function exampleSpec(): string {
  const section = README.slice(README.indexOf('### Writing a spec'));
  const block = /```yaml\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('no yaml block in the README section "Writing a spec"');
  return block[1]!;
}

describe('the README example spec', () => {
  it('loads as written, with nothing invented', () => {
    const text = exampleSpec();
    for (const key of ['results:', 'parameters:', 'eat:', 'httpPostRoot:', 'auth:', 'serviceErrors:'])
      expect(text).not.toContain(key);
    const model = parseSpec(text, 'README.md');
    expect(model.auth).toBeUndefined();
    const op = model.operations[0]!;
    expect(op.result).toMatchObject({
      kind: 'value',
      type: { kind: 'primitive', name: 'boolean' },
      nullable: false,
      element: 'PlaceOrderResult',
    });
    expect(op.inputParams.map((p) => [p.name, p.type.kind])).toEqual([['order', 'record']]);
    expect(op.eat).toEqual({ kind: 'unsigned', marker: '' });
    expect(op.httpPost).toBe(false);
    expect(op.httpPostRoot).toEqual({ kind: 'unbound' });
  });

  it('without httpPost: false, the record parameter is reported where it stands', () => {
    const text = exampleSpec().replace(/ {4}httpPost: false.*\n/, '');
    expect(() => parseSpec(text, 'README.md')).toThrow(
      /README\.md:20:9: operations\[0\]\.params\[0\]: parameter "order" is a record \(Order\), which ASMX's HTTP POST binding cannot carry/,
    );
  });
});
