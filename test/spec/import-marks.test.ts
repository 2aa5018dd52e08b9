/**
 * The marks import-wsdl leaves for a person (a comment, or a value, that starts with TODO(import)) are warnings at
 * their file:line:column: the spec loads. With `strict` they are errors, reported together with the YAML's own.
 */
import { describe, expect, it } from 'vitest';
import { SpecError, type SpecIssue } from '../../generator/load/errors.js';
import { parseSpec } from '../../generator/load/load.js';
import { thrown } from '../helpers/failures.js';

// Line numbers matter below: the marks are on lines 4, 10 and 17.
const SPEC = `# A spec with marks. Notes that merely mention TODO(import) are not marks.
specVersion: 1
service:
  # TODO(import): choose the title
  name: Marked
  title: Marked
  version: 0.0.0
  path: /Marked.asmx
  namespace: { uri: 'http://marked.example/' }
  client: MarkedClient   # TODO(import): the client class name
records:
  Item:
    fields: [ { name: Id, type: int } ]
operations:
  - name: GetItem
    result: Item
    doc: 'TODO(import): describe the operation GetItem.'
`;

function load(strict: boolean): { warnings: SpecIssue[]; model?: ReturnType<typeof parseSpec> } {
  const warnings: SpecIssue[] = [];
  const model = parseSpec(SPEC, 'marked.yaml', { strict, onWarning: (w) => warnings.push(w) });
  return { warnings, model };
}

const EXPECTED = [
  { file: 'marked.yaml', line: 4, column: 5, path: '', message: 'TODO(import) left by import-wsdl: choose the title' },
  {
    file: 'marked.yaml',
    line: 10,
    column: 28,
    path: '',
    message: 'TODO(import) left by import-wsdl: the client class name',
  },
  {
    file: 'marked.yaml',
    line: 17,
    column: 10,
    path: '',
    message: 'TODO(import) left by import-wsdl: decide it and write the value',
  },
];

describe('TODO(import) marks', () => {
  it('are warnings at their file:line:column (comments and values), and the spec loads', () => {
    const { warnings, model } = load(false);
    expect(warnings).toEqual(EXPECTED);
    expect(model?.operations.map((o) => o.name)).toEqual(['GetItem']);
  });

  it('are errors with strict, listed with the YAML errors in one report', () => {
    const broken = `${SPEC}  - name: [unclosed\n`;
    const issues = thrown(() => parseSpec(broken, 'marked.yaml', { strict: true }), SpecError).issues;
    expect(issues.slice(0, 3)).toEqual(EXPECTED);
    expect(issues.length).toBeGreaterThan(3);
    expect(thrown(() => load(true), SpecError).issues).toEqual(EXPECTED);
  });

  it('a spec without marks loads the same with strict, and warns about nothing', () => {
    const clean = SPEC.replace(/ *# TODO\(import\).*\n/g, '\n').replace(
      "'TODO(import): describe the operation GetItem.'",
      'Gets an item.',
    );
    const warnings: SpecIssue[] = [];
    expect(() => parseSpec(clean, 'clean.yaml', { strict: true, onWarning: (w) => warnings.push(w) })).not.toThrow();
    expect(warnings).toEqual([]);
  });
});
