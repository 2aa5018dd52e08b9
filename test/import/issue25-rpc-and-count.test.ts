/**
 * Issue 25, categories 7 and 8, at the command line (runImportWsdl and runGenerate, what the CLI calls).
 *
 * 7. An RPC WSDL (rpc/literal and rpc/encoded, test/fixtures/import/issue25/Rpc*.wsdl) leaves nothing to generate:
 *    both commands say why, each reason at its file:line:column, and exit 2 without writing anything. They used to
 *    print only `operations: must not be empty` (generate), or exit 0 with `operations: []` (import-wsdl).
 * 8. What an import leaves out ends with one line counting it by kind, on stderr of both commands.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runGenerate } from '../../generator/commands/generate.js';
import { runImportWsdl } from '../../generator/commands/import-wsdl.js';
import { importWsdl } from '../../generator/import/index.js';
import { leftOutKind } from '../../generator/import/left-out.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';

const DIR = 'test/fixtures/import/issue25';
const TMP = 'test/.tmp/issue25-cli';
mkdirSync(join(repoRoot, TMP), { recursive: true });
afterAll(() => rmSync(join(repoRoot, TMP), { recursive: true, force: true }));

const RPC_LITERAL = [
  `${DIR}/RpcLiteral.wsdl:4:5: wsdl:part: the part symbol of GetQuote's input names a type (xsd:string), not an element: GetQuote is RPC style, which the format does not support (it has document/literal operations only); the operation is left out`,
  `${DIR}/RpcLiteral.wsdl:7:5: wsdl:part: the part price of GetQuote's output names a type (xsd:double), not an element: GetQuote is RPC style, which the format does not support (it has document/literal operations only); the operation is left out`,
  `${DIR}/RpcLiteral.wsdl:11:5: wsdl:part: the part alive of Ping's output names a type (xsd:boolean), not an element: Ping is RPC style, which the format does not support (it has document/literal operations only); the operation is left out`,
  `${DIR}/RpcLiteral.wsdl:24:5: style="rpc": the binding QuotesBinding is RPC style, which is not supported: all 2 of its operations are left out (parts naming types, not elements)`,
];
const RPC_LITERAL_END = [
  'left out: 4 constructs (wsdl:part 3, style=… 1)',
  `${DIR}/RpcLiteral.wsdl:36:3: wsdl:service Quotes: nothing to draft: none of its operations could be drafted (the reasons are listed above)`,
];

const RPC_ENCODED = [
  `${DIR}/RpcEncoded.wsdl:5:7: s:import: the namespace http://schemas.xmlsoap.org/soap/encoding/ has no schema in the WSDL and no schemaLocation; its types are not read`,
  `${DIR}/RpcEncoded.wsdl:6:7: s:complexType Account: the type Account is left out: no operation the draft keeps uses it`,
  `${DIR}/RpcEncoded.wsdl:15:5: wsdl:part: the part id of getAccount's input names a type (xsd:int), not an element: getAccount is RPC/encoded style, which the format does not support (it has document/literal operations only); the operation is left out`,
  `${DIR}/RpcEncoded.wsdl:18:5: wsdl:part: the part return of getAccount's output names a type (tns:Account), not an element: getAccount is RPC/encoded style, which the format does not support (it has document/literal operations only); the operation is left out`,
  `${DIR}/RpcEncoded.wsdl:27:5: style="rpc": the binding AccountsBinding is RPC style, which is not supported: its one operation is left out (parts naming types, not elements)`,
];
const RPC_ENCODED_END = [
  'left out: 5 constructs (wsdl:part 2, s:complexType … 1, s:import 1, style=… 1)',
  `${DIR}/RpcEncoded.wsdl:34:3: wsdl:service Accounts: nothing to draft: none of its operations could be drafted (the reasons are listed above)`,
];

describe.each([
  ['rpc/literal', 'RpcLiteral', RPC_LITERAL, RPC_LITERAL_END],
  ['rpc/encoded', 'RpcEncoded', RPC_ENCODED, RPC_ENCODED_END],
])('an %s WSDL', (_, name, problems, end) => {
  const wsdl = `${DIR}/${name}.wsdl`;

  it('import-wsdl says why, at each place, and exits 2 writing nothing', async () => {
    const out = join(TMP, `${name}.yaml`);
    const run = await runImportWsdl({ file: wsdl, out, cwd: repoRoot });
    expect(run).toEqual({ stdout: '', stderr: [...problems, ...end, ''].join('\n'), exitCode: 2 });
    expect(existsSync(join(repoRoot, out))).toBe(false);
    expect(await runImportWsdl({ file: wsdl, cwd: repoRoot })).toEqual(run);
  });

  it('generate --wsdl says the same, and exits 2 writing nothing', async () => {
    const out = join(TMP, `${name}-out`);
    const run = await runGenerate({ wsdl, out, cwd: repoRoot });
    const listed = [
      `Not expressible in the spec format, left out of the draft (${problems.length}):`,
      ...problems.map((p) => `  ${p}`),
    ];
    expect(run).toEqual({ stdout: '', stderr: [...listed, ...end, ''].join('\n'), exitCode: 2 });
    expect(run.stderr).not.toContain('must not be empty');
    expect(existsSync(join(repoRoot, out))).toBe(false);
  });
});

describe('the count of what was left out', () => {
  const shapes = 'test/fixtures/import/Shapes.wsdl';
  const count = 'left out: 1 construct (s:element … 1)';

  it('closes the problems of import-wsdl (to stdout and with --out)', async () => {
    const run = await runImportWsdl({ file: shapes, cwd: repoRoot });
    expect(run.exitCode).toBe(0);
    expect(run.stderr.split('\n').slice(-2)).toEqual([count, '']);
    const written = await runImportWsdl({ file: shapes, out: join(TMP, 'Shapes.yaml'), cwd: repoRoot });
    expect(written.stderr.split('\n').slice(-3, -1)).toEqual([count, expect.stringMatching(/^Wrote /)]);
    // Kept out of the draft, whose top comment lists the problems one by one.
    expect(run.stdout).not.toContain('left out: 1');
  });

  it('closes the problems of generate --wsdl', async () => {
    const run = await runGenerate({ wsdl: shapes, out: join(TMP, 'shapes-out'), cwd: repoRoot });
    expect(run.exitCode).toBe(0);
    const lines = run.stderr.split('\n');
    expect(lines[lines.indexOf(count) - 1]).toMatch(/Shapes\.wsdl:45:7: s:element Item/);
  });

  it('does not count a schema that leaves its local elements unqualified: each is drafted with its form (said on stderr)', async () => {
    const run = await runImportWsdl({ file: 'test/fixtures/simple-content/Trade.wsdl', cwd: repoRoot });
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toMatch(
      /^test\/fixtures\/simple-content\/Trade\.wsdl:\d+:\d+: elementFormDefault: the schema of http:\/\/example\.org\/trade\/codes does not qualify its local elements/m,
    );
    expect(run.stderr).not.toContain('left out:');
    expect(run.stdout).not.toContain('elementFormDefault');
  });

  it('is not printed when nothing was left out', async () => {
    const run = await runImportWsdl({ file: `${DIR}/XmlNodeParam.wsdl`, cwd: repoRoot });
    expect([run.exitCode, run.stderr]).toEqual([0, '']);
  });

  it.each([
    ['style="rpc"', 'style=…'],
    ['default="none"', 'default=…'],
    ['s:complexType Unused', 's:complexType …'],
    ['s:element Orphan', 's:element …'],
    ['type Foo', 'type …'],
    ['s:element ref', 's:element ref'],
    ['s:sequence occurrence', 's:sequence occurrence'],
    ['s:choice in s:choice', 's:choice in s:choice'],
    ['anonymous s:simpleType', 'anonymous s:simpleType'],
    ['wsdl:part', 'wsdl:part'],
  ])('counts %s as the kind %s', (construct, kind) => {
    expect(leftOutKind(construct)).toBe(kind);
  });
});

describe('a left-out reason that pointed nowhere', () => {
  it('says that why a bare parameter cannot be drafted is reported where its element is declared', () => {
    const file = 'test/fixtures/import/Bare.wsdl';
    // An anonymous simple type (an inline complex type is drafted as a record of the element's name).
    const inline =
      '<s:element name="number"><s:simpleType><s:union memberTypes="s:int s:string" /></s:simpleType></s:element>';
    const { problems } = importWsdl(
      readFileSync(fromRoot(file), 'utf8').replace('<s:element name="number" type="s:int" />', inline),
      file,
    );
    expect(
      problems.filter((p) => /number/.test(p.message)).map((p) => `${p.line}:${p.column} ${p.construct}: ${p.message}`),
    ).toEqual([
      '40:32 anonymous s:simpleType: the type of number is declared inline; name it (a named type) to map it. Left out',
      '77:5 wsdl:part: the parameter number of FindEntry cannot be drafted (why is reported where its element is declared); the operation is left out',
    ]);
  });
});
