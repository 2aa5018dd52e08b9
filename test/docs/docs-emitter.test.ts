/**
 * The docs of the payer interface say what the interface document says, exactly: parameters in order and spelling,
 * the timeStamp quirk where it applies, the key computed step by step with the public known answer, the groups of
 * part 1, the poll's diagrams; and they leak nothing (no other API key, no absolute path, no date of today). Every
 * fixture spec renders docs with the same templates.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../generator/generate.js';
import { SpecError } from '../../generator/load/errors.js';
import { loadSpec, parseSpec } from '../../generator/load/load.js';
import { PAYER_SPEC, fromRoot, repoRoot } from '../helpers/paths.js';
import { PAYER_SPEC_NAME, renderedPayer } from '../helpers/payer-render.js';
import { FIXTURE_SPECS } from './support/fixtures.js';

const KNOWN = { message: 'MyPayer1521234048', key: 'bbffdacec3452b3ea2a23302589166c3fdee0224c5c07dd66b04a357d8bc1162' };

/** Part 4.1 of the interface document: each operation's parameters in order, and its EAT marker. */
const OPERATIONS: ReadonlyArray<readonly [string, readonly string[], string]> = [
  ['TestMultiCurrencyPaymentFile', ['payerName', 'timestamp', 'key', 'fileName'], 'fileName'],
  ['ProcessMultiCurrencyPaymentFile', ['payerName', 'timestamp', 'key', 'fileName'], 'fileName'],
  ['TestPaymentFile', ['payerName', 'timestamp', 'key', 'fileName', 'totalAmount'], 'totalAmount'],
  ['ProcessPaymentFile', ['payerName', 'timestamp', 'key', 'fileName', 'totalAmount'], 'totalAmount'],
  ['TestMultiCurrencyPaymentFileAsync', ['payerName', 'timestamp', 'key', 'fileName'], 'totalAmount'],
  ['ProcessMultiCurrencyPaymentFileAsync', ['payerName', 'timestamp', 'key', 'fileName'], 'totalAmount'],
  ['TestPaymentFileAsync', ['payerName', 'timestamp', 'key', 'fileName', 'totalAmount'], 'totalAmount'],
  ['ProcessPaymentFileAsync', ['payerName', 'timeStamp', 'key', 'fileName', 'totalAmount'], 'totalAmount'],
  ['GetProcessingRequestStatus', ['payerName', 'requestId', 'timeStamp', 'key'], 'requestId'],
  ['ProcessPaymentsAsyncResult', ['payerName', 'requestId', 'timeStamp', 'key'], 'requestId'],
  ['GetCustomFields', ['payerName', 'timestamp', 'key'], 'not marked'],
  ['GetProviderAccounts', ['payerName', 'timestamp', 'key'], 'not marked'],
  ['CreatePayeeStatusFile', ['payerName', 'timestamp', 'key', 'saveToFile', 'changesSinceDate'], 'saveToFile'],
  ['GetDynamicKey', ['payerName', 'timestamp', 'key'], 'none'],
  ['GetDynamicKeyOfSubPayer', ['payerName', 'subPayerName', 'timestamp', 'key'], 'subPayerName'],
  ['GetBalances', ['payerName', 'timestamp', 'key'], 'none'],
  ['GetPayerFees', ['payerName', 'timestamp', 'key', 'beginDateTimeStamp', 'endDateTimeStamp'], 'null'],
  ['CreatePaymentOrdersReport', ['payerName', 'timestamp', 'key', 'startTime', 'endTime'], 'none'],
  ['GetUpdatedPayments', ['payerName', 'timestamp', 'key', 'changedSince'], 'null'],
];

/** Part 1 of the document, as the index groups the operations. */
const GROUPS: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    'File testing and submission',
    [
      'TestMultiCurrencyPaymentFile',
      'ProcessMultiCurrencyPaymentFile',
      'TestPaymentFile',
      'ProcessPaymentFile',
      'TestMultiCurrencyPaymentFileAsync',
      'ProcessMultiCurrencyPaymentFileAsync',
      'TestPaymentFileAsync',
      'ProcessPaymentFileAsync',
    ],
  ],
  ['Asynchronous status and results', ['GetProcessingRequestStatus', 'ProcessPaymentsAsyncResult']],
  ['Payer data', ['GetCustomFields', 'GetProviderAccounts', 'GetBalances', 'GetPayerFees', 'GetUpdatedPayments']],
  ['SFTP files', ['CreatePayeeStatusFile', 'CreatePaymentOrdersReport']],
  ['Dynamic keys', ['GetDynamicKey', 'GetDynamicKeyOfSubPayer']],
];

const TIMESTAMP_QUIRK = ['ProcessPaymentFileAsync', 'GetProcessingRequestStatus', 'ProcessPaymentsAsyncResult'];

let docs: Map<string, string>;
beforeAll(async () => {
  const files = await renderedPayer();
  docs = new Map(files.filter((f) => f.path.startsWith('docs/')).map((f) => [f.path, f.content]));
});

const page = (path: string): string => {
  const text = docs.get(`docs/${path}`);
  if (text === undefined) throw new Error(`no page docs/${path}`);
  return text;
};

/** The cells of the rows of the first table after a heading. */
function tableAfter(markdown: string, heading: string): string[][] {
  const at = markdown.indexOf(`\n${heading}\n`);
  if (at < 0) throw new Error(`no heading ${heading}`);
  const lines = markdown.slice(at).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

/** The step table of an operation page's key walk-through: step name -> value. */
function keySteps(markdown: string): Map<string, string> {
  return new Map(tableAfter(markdown, '## Authentication').map(([step, value]) => [step!, value!]));
}

describe('the payer docs', () => {
  it('have an index, the fixed pages, a page per operation and per type', () => {
    const paths = [...docs.keys()];
    for (const p of ['README.md', 'getting-started.md', 'errors.md', 'decisions.md', 'flows.md'])
      expect(paths).toContain(`docs/${p}`);
    expect(paths.filter((p) => p.startsWith('docs/operations/')).sort()).toEqual(
      OPERATIONS.map(([op]) => `docs/operations/${op}.md`).sort(),
    );
    for (const t of ['FileResult', 'SvcAccountInfo', 'ErrorCode', 'RequestStatus', 'Provider'])
      expect(paths).toContain(`docs/types/${t}.md`);
  });

  it("serve the mock from a terminal with the mock package's own command, the bin its package.json declares", () => {
    const manifest = JSON.parse(readFileSync(fromRoot('generated/mock/package.json'), 'utf8')) as {
      name: string;
      bin: Record<string, string>;
    };
    expect(Object.keys(manifest.bin)).toEqual([manifest.name]);
    expect(page('getting-started.md')).toContain(`npx ${manifest.name} --port 8080`);
    expect(page('getting-started.md')).not.toContain('--import tsx');
  });

  it.each(OPERATIONS)('%s names its parameters in wire order, spelled exactly, with their SOAP types', (op, params) => {
    const rows = tableAfter(page(`operations/${op}.md`), '## Parameters');
    expect(rows.map((r) => r[1])).toEqual(params.map((p) => `\`${p}\``));
    expect(rows.map((r) => r[0])).toEqual(params.map((_, i) => String(i + 1)));
    for (const row of rows) expect(row[2]).toMatch(/^`xs:(string|double|long|dateTime)`$/);
  });

  it.each(OPERATIONS)('%s calls out the timeStamp quirk exactly when it spells it so', (op) => {
    const text = page(`operations/${op}.md`);
    const callout = /> \[!IMPORTANT\]\n> `timeStamp`: Spelled timeStamp \(capital S\)/;
    if (TIMESTAMP_QUIRK.includes(op)) expect(text).toMatch(callout);
    else expect(text).not.toMatch(callout);
  });

  it.each(OPERATIONS)(
    '%s shows its key computed from MyPayer, 1521234048 and its EAT value, with the bogus API key',
    (op, params, marker) => {
      const text = page(`operations/${op}.md`);
      const steps = keySteps(text);
      const stamp = params.find((p) => p.toLowerCase() === 'timestamp')!;
      expect(steps.get('`payerName`')).toBe('`MyPayer`');
      expect(steps.get(`\`${stamp}\``)).toBe('`1521234048`');
      const eat = steps.get('eatValue')!;
      const eatValue = eat === '(empty)' ? '' : eat.replace(/^`|`$/g, '');
      // A double is signed truncated (the spec's example 1234.56, as DECISIONS.md signs it); the other values are the
      // spec's examples or the defaults picked by name (a file name) and type (a long, text).
      const expected: Record<string, string> = {
        fileName: 'example-2026-01-01.xml',
        totalAmount: '1234',
        requestId: '9007199254740993',
        saveToFile: 'payee-status.csv',
        subPayerName: 'text',
      };
      expect(eatValue).toBe(params.includes(marker) ? expected[marker] : '');
      const message = `MyPayer1521234048${eatValue}`;
      expect(steps.get(`message = \`payerName\` + \`${stamp}\` + eatValue`)).toBe(`\`${message}\``);
      const key = createHmac('sha256', 'boguskey').update(message).digest('hex');
      expect(steps.get('`key` = hex(HMAC-SHA256(API key, message))')).toBe(`\`${key}\``);
      expect(text).toContain(`<key>${key}</key>`);
      expect(text).toMatch(new RegExp(`&key=${key}(&|\n)`));
    },
  );

  it("walks GetBalances' key through to the known answer of DECISIONS.md", () => {
    const text = page('operations/GetBalances.md');
    expect(text).toContain(`| message = \`payerName\` + \`timestamp\` + eatValue | \`${KNOWN.message}\` |`);
    expect(text).toContain(`\`${KNOWN.key}\``);
    expect(text).toContain('The EAT marker is `none`: eatValue is empty.');
    expect(page('README.md')).toContain(`signs the message \`${KNOWN.message}\`, and its key is \`${KNOWN.key}\``);
  });

  it('explain the absent EAT parameter of the multi-currency async operations', () => {
    for (const op of ['TestMultiCurrencyPaymentFileAsync', 'ProcessMultiCurrencyPaymentFileAsync']) {
      expect(page(`operations/${op}.md`)).toContain(
        'The EAT marker is `totalAmount`, a parameter this operation does not have: eatValue is empty.',
      );
    }
  });

  it('group the operations on the index as part 1 of the document does, each with its purpose and link', () => {
    const index = page('README.md');
    const operations = index.slice(index.indexOf('\n## Operations\n'), index.indexOf('\n## Types\n'));
    const headings = [...operations.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(GROUPS.map(([g]) => g));
    for (const [group, ops] of GROUPS) {
      const rows = tableAfter(operations, `### ${group}`);
      expect(rows.map((r) => r[0])).toEqual(ops.map((op) => `[${op}](operations/${op}.md)`));
      for (const row of rows) expect(row[1]).toMatch(/^[A-Z].*\.$/);
    }
    expect(tableAfter(operations, '### Payer data')[2]).toEqual([
      '[GetBalances](operations/GetBalances.md)',
      'Returns, per account, the provider, account identifier, balance and currency.',
      '`none`',
    ]);
  });

  it('show the three invocation styles on the index', () => {
    const rows = tableAfter(page('README.md'), '## Invocation styles');
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ['SOAP 1.1', 'POST', '`/v5/PayerFunctions.asmx`'],
      ['SOAP 1.2', 'POST', '`/v5/PayerFunctions.asmx`'],
      ['HTTP POST', 'POST', '`/v5/PayerFunctions.asmx/Op`'],
    ]);
    expect(rows[0]![3]).toContain('`SOAPAction: "http://svc.example/Op"`');
  });

  it('list every error code with its known integer', () => {
    const rows = tableAfter(page('types/ErrorCode.md'), '## Values');
    expect(rows).toHaveLength(70);
    expect(rows[0]).toEqual(['1', '`UnknownError`', '`-1`']);
    expect(rows.find((r) => r[1] === '`EncryptionKeyFailedValidation`')?.[2]).toBe('`1006`');
    expect(rows.find((r) => r[1] === '`FeeScheduleUnknown`')?.[2]).toBe('not known');
    expect(rows.find((r) => r[1] === '`ReportNotFound`')).toBeDefined();
  });

  it('list every decision with its note and where it is used', () => {
    const text = page('decisions.md');
    const spec = readFileSync(fromRoot(PAYER_SPEC), 'utf8');
    const ids = [...spec.matchAll(/^ {2}- id: ([a-z0-9-]+)$/gm)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(20);
    for (const id of ids) expect(text).toContain(`Id \`${id}\`.`);
    expect(text).toMatch(
      /## Computation of the key parameter\n\nId `key-computation`\. key = lower-case hex[^\n]*\n\nUsed by:\n\n- the key computation: \[index\]\(README\.md#authentication\)/,
    );
    expect(text).toContain(
      '- the HTTP POST root of `ProcessMultiCurrencyPaymentFileAsync`: [ProcessMultiCurrencyPaymentFileAsync](operations/ProcessMultiCurrencyPaymentFileAsync.md)',
    );
  });

  it('describe each error class of the runtime, from its own documentation', () => {
    const text = page('errors.md');
    const runtime = readFileSync(fromRoot('templates/runtime/errors.ts'), 'utf8');
    const classes = [...runtime.matchAll(/^export class (\w+)/gm)].map((m) => m[1]!);
    expect(classes.length).toBeGreaterThan(8);
    for (const c of classes) expect(text).toContain(`\n## ${c}\n`);
    expect(text).toContain('| `SvcRequestError` | `SvcError` | Bad input found before anything was sent. |');
  });

  it('draw the poll: its status states and its sequence', () => {
    const text = page('flows.md');
    const state = /```mermaid\n(stateDiagram-v2\n[\s\S]*?)```/.exec(text)?.[1] ?? '';
    for (const [i, v] of ['Processing', 'Failed', 'Cancelled', 'Completed'].entries())
      expect(state).toContain(`state "${v}" as s${i}`);
    expect(state).toContain('[*] --> s0');
    for (const f of ['s1', 's2', 's3']) {
      expect(state).toContain(`s0 --> ${f}\n`);
      expect(state).toContain(`${f} --> [*]`);
    }
    const sequence = /```mermaid\n(sequenceDiagram\n[\s\S]*?)```/.exec(text)?.[1] ?? '';
    expect(sequence).toContain(
      'Client->>Service: TestMultiCurrencyPaymentFileAsync or ProcessMultiCurrencyPaymentFileAsync or TestPaymentFileAsync or ProcessPaymentFileAsync',
    );
    expect(sequence).toContain('loop until requestStatus is Completed, Failed, Cancelled');
    expect(sequence).toContain('Client->>Service: ProcessPaymentsAsyncResult');
  });

  it('contain no API key but the bogus one, and every key shown is signed with it', () => {
    for (const [path, text] of docs) {
      for (const m of text.matchAll(/apiKey: '([^']*)'/g)) expect(m[1], path).toBe('boguskey');
      const messages = [...text.matchAll(/MyPayer1521234048[^\s`|]*/g)].map((m) => m[0]);
      const signed = new Set(messages.map((m) => createHmac('sha256', 'boguskey').update(m).digest('hex')));
      for (const [hex] of text.matchAll(/\b[0-9a-f]{64}\b/g)) expect(signed.has(hex), `${path}: ${hex}`).toBe(true);
    }
  });

  it('contain no absolute path and no date of today', () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const [path, text] of docs) {
      expect(text, path).not.toMatch(/\/(work|home|tmp|Users|var)\/|[A-Z]:\\|file:\/\//);
      expect(text, path).not.toContain(repoRoot);
      expect(text, path).not.toContain(today);
      expect(text, path).not.toMatch(/\]\(\//);
    }
  });

  it('are deterministic', async () => {
    const again = await render(loadSpec(fromRoot(PAYER_SPEC), { cwd: repoRoot }), { specName: PAYER_SPEC_NAME });
    expect(new Map(again.filter((f) => f.path.startsWith('docs/')).map((f) => [f.path, f.content]))).toEqual(docs);
  });
});

describe('operation groups in the spec', () => {
  const spec = (groups: string, group: string) =>
    readFileSync(fromRoot('test/fixtures/specs/minimal.yaml'), 'utf8')
      .replace('\noperations:\n', `\n${groups}operations:\n`)
      .replace('  - name: GetItem\n', `  - name: GetItem\n${group}`);

  it('order the groups by first appearance without a groups list', () => {
    const model = parseSpec(spec('', '    group: Items\n'), 'groups.yaml');
    expect(model.groups).toEqual([{ kind: 'group', title: 'Items', doc: undefined }]);
    expect(model.operations.map((o) => o.group)).toEqual(['Items', undefined]);
  });

  it('take order and introductions from the groups list', () => {
    const model = parseSpec(
      spec('groups:\n  - { title: Items, doc: Read items. }\n', '    group: Items\n'),
      'groups.yaml',
    );
    expect(model.groups).toEqual([{ kind: 'group', title: 'Items', doc: 'Read items.' }]);
  });

  it('refuse a group the list lacks, and a listed group without operations', () => {
    let issues: string[] = [];
    try {
      parseSpec(spec('groups:\n  - { title: Items }\n  - { title: Empty }\n', '    group: Itmes\n'), 'groups.yaml');
    } catch (error) {
      if (!(error instanceof SpecError)) throw error;
      issues = error.issues.map((i) => `${i.path}: ${i.message}`);
    }
    expect(issues).toEqual([
      'groups[0].title: no operation is in group "Items"',
      'groups[1].title: no operation is in group "Empty"',
      'operations[0].group: unknown group "Itmes"; expected one of the titles under groups: "Items", "Empty" (did you mean "Items"?)',
    ]);
  });
});

describe.each(FIXTURE_SPECS)('the docs of %s', (file) => {
  it('render from the same templates: an index, a page per operation and type, every example', async () => {
    const model = loadSpec(fromRoot(file), { cwd: repoRoot });
    const rendered = new Map((await render(model)).map((f) => [f.path, f.content]));
    const index = rendered.get('docs/README.md') ?? '';
    expect(index).toContain(`# ${model.title} ${model.version}`);
    for (const op of model.operations) {
      const text = rendered.get(`docs/operations/${op.name}.md`) ?? '';
      expect(index).toContain(`](operations/${op.name}.md)`);
      const styles = model.bindings.filter((b) => (b !== 'httpPost' || op.httpPost) && (b !== 'httpGet' || op.httpGet));
      expect([...text.matchAll(/^```http$/gm)]).toHaveLength(styles.length * 2);
    }
    for (const t of [...model.records, ...model.results, ...model.enums])
      expect(rendered.has(`docs/types/${t.name}.md`)).toBe(true);
  });
});
