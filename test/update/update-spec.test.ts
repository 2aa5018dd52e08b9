/**
 * `import-wsdl --update` (issue 27, item 4): the payer spec brought up to date with its own WSDL after the service
 * changed it keeps every decision made by hand (the whole text compared, byte for byte, with the expected edits),
 * and gets every change of the WSDL; `--check` writes nothing; `--out` never overwrites a spec without `--force`.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runImportWsdl } from '../../generator/commands/import-wsdl.js';
import { parseSpec } from '../../generator/load/load.js';
import { runCli } from '../helpers/cli.js';
import { fromRoot } from '../helpers/paths.js';
import { copyOperation, dropOperation, replaceLine, retypeParameter } from './payer-wsdl-edits.js';

const SPEC = readFileSync(fromRoot('spec/payer-v5.yaml'), 'utf8');
const WSDL = readFileSync(fromRoot('generated/wsdl/PayerFunctions.wsdl'), 'utf8');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A folder holding a copy of the payer spec (spec/payer-v5.yaml) and `wsdl` as Payer.wsdl. */
function workspace(wsdl: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-update-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'spec'));
  copyFileSync(fromRoot('spec/payer-v5.yaml'), join(dir, 'spec/payer-v5.yaml'));
  writeFileSync(join(dir, 'Payer.wsdl'), wsdl);
  return dir;
}

function specIn(dir: string): string {
  return readFileSync(join(dir, 'spec/payer-v5.yaml'), 'utf8');
}

/** `text` with each `from` (there exactly once) replaced by `to`. */
function edited(text: string, edits: ReadonlyArray<readonly [string, string]>): string {
  let out = text;
  for (const [from, to] of edits) {
    expect(out.split(from), `once in the spec: ${from}`).toHaveLength(2);
    out = out.replace(from, to);
  }
  return out;
}

/** The rows of the printed diff: `kind where clients/servers`. */
function rows(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((l) => /^\| [a-z]+(-[a-z]+)+ \|/.test(l))
    .map((l) => l.split(' | '))
    .map(
      (c) =>
        `${c[0]!.slice(2)} ${c[1]!.replace(/`/g, '')}${c.length > 4 ? ` ${c[3]!.replace(/\*/g, '')}/${c[4]!.replace(/\*/g, '')}` : ''}`,
    );
}

/** The service changed its WSDL: an operation added, a field removed, an enum value added, a parameter retyped. */
const CHANGED = copyOperation(
  replaceLine(
    replaceLine(
      replaceLine(
        WSDL,
        '          <s:enumeration value="Processing"/>\n',
        '          <s:enumeration value="Processing"/>\n          <s:enumeration value="Paused"/>\n',
      ),
      '          <s:element minOccurs="1" maxOccurs="1" name="Balance" type="s:double"/>\n',
      '',
    ),
    'name="changedSince" type="s:double"/>',
    'name="changedSince" type="s:dateTime"/>',
  ),
  'GetBalances',
  'GetBalanceHistory',
);

/** What the update must do to the spec's text, and nothing else. */
const EXPECTED_EDITS: ReadonlyArray<readonly [string, string]> = [
  ['  changedSince:\n    type: double\n', '  changedSince:\n    type: dateTime\n'],
  ['    values:\n      - Processing\n', '    values:\n      - Processing\n      - Paused\n'],
  [
    '      - name: Balance\n        type: double\n        doc: The balance; after a payment is submitted, it may take some time to be updated.\n',
    '',
  ],
  [
    '    httpPostRoot: SvcGetBalanceResponse\n    eat: { marker: none }\n',
    `    httpPostRoot: SvcGetBalanceResponse
    eat: { marker: none }
  - name: GetBalanceHistory
    doc: >-
      Returns, per account, the provider, account identifier, balance and currency. After a payment is submitted, the
      balance may take some time to be updated.
    params: [payerName, timestamp, key]
    result: BalanceResult
    httpPostRoot: SvcGetBalanceResponse
    # TODO(import): the EAT marker (the WSDL cannot say which parameter is signed; none signs the empty string)
    eat: { marker: none }
`,
  ],
];

describe('import-wsdl --update on the payer spec', () => {
  it('applies each change of the WSDL, keeps every other byte of the spec, and is done once', async () => {
    const dir = workspace(CHANGED);
    const run = await runImportWsdl({ file: 'Payer.wsdl', update: 'spec/payer-v5.yaml', cwd: dir });
    expect(run.stderr).toBe(
      'Updated spec/payer-v5.yaml from Payer.wsdl: 4 changes (listed), hand-made decisions kept.\n',
    );
    expect(run.exitCode).toBe(0);
    expect(specIn(dir)).toBe(edited(SPEC, EXPECTED_EDITS));
    expect(rows(run.stdout)).toEqual([
      'operation-added GetBalanceHistory compatible/breaking',
      'parameter-retyped GetUpdatedPayments(changedSince) breaking/breaking',
      'field-removed SvcAccountInfo.Balance breaking/compatible',
      'enum-value-added RequestStatus.Paused compatible/compatible',
    ]);
    // The one decision no WSDL can carry is marked, and generation warns about it.
    const warnings: string[] = [];
    parseSpec(specIn(dir).replace(/^mock:[^]*$/m, ''), 'payer-v5.yaml', {
      onWarning: (w) => warnings.push(`${w.line}: ${w.message}`),
    });
    expect(warnings).toEqual([
      `${
        specIn(dir)
          .split('\n')
          .findIndex((l) => l.includes('# TODO(import)')) + 1
      }: TODO(import) left by import-wsdl: the EAT marker (the WSDL cannot say which parameter is signed; none signs the empty string)`,
    ]);

    // Done once: updating again from the same WSDL changes nothing.
    const once = specIn(dir);
    const again = await runImportWsdl({ file: 'Payer.wsdl', update: 'spec/payer-v5.yaml', cwd: dir });
    expect(again).toMatchObject({ stderr: 'spec/payer-v5.yaml is up to date with Payer.wsdl.\n', exitCode: 0 });
    expect(specIn(dir)).toBe(once);
  });

  it("keeps the spec's optional, nillable and docs where the WSDL says otherwise, and says so", async () => {
    const wsdl = replaceLine(
      WSDL,
      '<s:element minOccurs="1" maxOccurs="1" name="Balance" type="s:double"/>',
      '<s:element minOccurs="0" maxOccurs="1" name="Balance" nillable="true" type="s:double"/>',
    )
      // In the SOAP and the HTTP POST port types.
      .split(
        '<wsdl:documentation>Returns the payer fees charged between beginDateTimeStamp and endDateTimeStamp.</wsdl:documentation>',
      )
      .join('<wsdl:documentation>Fees.</wsdl:documentation>');
    const dir = workspace(wsdl);
    const run = await runImportWsdl({ file: 'Payer.wsdl', update: 'spec/payer-v5.yaml', cwd: dir });
    expect(run).toMatchObject({ stderr: 'spec/payer-v5.yaml is up to date with Payer.wsdl.\n', exitCode: 0 });
    expect(specIn(dir)).toBe(SPEC);
    expect(rows(run.stdout)).toEqual([
      'field-made-optional SvcAccountInfo.Balance',
      'field-made-nillable SvcAccountInfo.Balance',
      'doc-changed GetPayerFees',
    ]);
    expect(run.stdout).toContain('### Kept from the spec');
  });

  it.each([
    [
      'in every operation using it: its shared definition is retyped',
      ['GetProcessingRequestStatus', 'ProcessPaymentsAsyncResult'],
      [['  requestId:\n    type: long\n', '  requestId:\n    type: int\n']],
    ],
    [
      'in one of the two operations using it: that operation gets a definition of its own, docs and decision kept',
      ['GetProcessingRequestStatus'],
      [
        [
          '    params: [payerName, requestId, timeStamp, key]\n    result: ProcessingRequestStatusResult\n',
          "    params: [payerName, { name: requestId, type: int, decision: long-values, doc: 'The requestId returned by an asynchronous file operation, used to poll the processing status and to fetch the processing result.' }, timeStamp, key]\n    result: ProcessingRequestStatusResult\n",
        ],
      ],
    ],
  ] as const)('retypes a shared parameter %s', async (_, ops, edits) => {
    const dir = workspace(ops.reduce((w, op) => retypeParameter(w, op, 'requestId', 's:int'), WSDL));
    const run = await runImportWsdl({ file: 'Payer.wsdl', update: 'spec/payer-v5.yaml', cwd: dir });
    expect(run.exitCode).toBe(0);
    expect(rows(run.stdout).filter((r) => r.startsWith('parameter-'))).toEqual(
      ops.map((op) => `parameter-retyped ${op}(requestId) breaking/breaking`),
    );
    expect(specIn(dir)).toBe(edited(SPEC, edits));
  });

  it('adds an operation with a parameter named as a shared one but of another type as a parameter of its own', async () => {
    const dir = workspace(
      retypeParameter(
        copyOperation(WSDL, 'GetUpdatedPayments', 'GetUpdatedPaymentsSince'),
        'GetUpdatedPaymentsSince',
        'changedSince',
        's:dateTime',
      ),
    );
    const run = await runImportWsdl({ file: 'Payer.wsdl', update: 'spec/payer-v5.yaml', cwd: dir });
    expect(run.exitCode).toBe(0);
    expect(specIn(dir)).toContain(
      '    params:\n      - payerName\n      - timestamp\n      - key\n      - { name: changedSince, type: dateTime }\n    result: UpdatedPaymentsResult\n',
    );
  });

  it("applies a new address and namespace to the service's path and namespace", async () => {
    const dir = workspace(
      WSDL.split('/v5/PayerFunctions.asmx')
        .join('/v6/PayerFunctions.asmx')
        .split('http://svc.example/')
        .join('http://svc.example/v6/'),
    );
    const run = await runImportWsdl({ file: 'Payer.wsdl', update: 'spec/payer-v5.yaml', cwd: dir });
    expect(rows(run.stdout)).toEqual([
      'service-path-changed service.path breaking/breaking',
      'service-namespace-changed service.namespace breaking/breaking',
    ]);
    expect(specIn(dir)).toBe(
      edited(SPEC, [
        ['  path: /v5/PayerFunctions.asmx\n', '  path: /v6/PayerFunctions.asmx\n'],
        [
          '  namespace: { uri: http://svc.example/, decision: namespace }',
          '  namespace: { uri: http://svc.example/v6/, decision: namespace }',
        ],
      ]),
    );
  });

  it('lists a change it does not make (a SOAPAction) as left to a person, and --check fails on it', async () => {
    const dir = workspace(WSDL.split('soapAction="http://svc.example/GetBalances"').join('soapAction="urn:balances"'));
    const check = await runImportWsdl({ file: 'Payer.wsdl', update: 'spec/payer-v5.yaml', check: true, cwd: dir });
    const left = ' 1 change of the WSDL not applied (listed): edit spec/payer-v5.yaml by hand.';
    expect(check).toMatchObject({ stderr: `spec/payer-v5.yaml is up to date with Payer.wsdl.${left}\n`, exitCode: 1 });
    expect(check.stdout).toContain('### Not applied\n');
    expect(rows(check.stdout)).toEqual(['soap-action-changed GetBalances.soapAction']);
    const run = await runImportWsdl({ file: 'Payer.wsdl', update: 'spec/payer-v5.yaml', cwd: dir });
    expect(run).toMatchObject({ stdout: check.stdout, stderr: check.stderr, exitCode: 0 });
    expect(specIn(dir)).toBe(SPEC);
  });

  it('removes an operation the WSDL no longer has, with the result type only it used', async () => {
    const dir = workspace(dropOperation(WSDL, 'CreatePaymentOrdersReport'));
    const run = await runImportWsdl({ file: 'Payer.wsdl', update: 'spec/payer-v5.yaml', cwd: dir });
    expect(run.exitCode).toBe(0);
    expect(rows(run.stdout)).toEqual([
      'operation-removed CreatePaymentOrdersReport breaking/compatible',
      'type-removed ReportResult breaking/compatible',
    ]);
    const start = SPEC.indexOf('  - name: CreatePaymentOrdersReport\n');
    const end = SPEC.indexOf('  - name: GetUpdatedPayments\n');
    const result = SPEC.slice(SPEC.indexOf('  ReportResult:\n'), SPEC.indexOf('  UpdatedPaymentsResult:\n'));
    expect(specIn(dir)).toBe(
      edited(SPEC, [
        [SPEC.slice(start, end), ''],
        [result, ''],
      ]),
    );
  });

  it('writes nothing when the result would not be a valid spec (a poll names the removed operation)', async () => {
    const dir = workspace(dropOperation(WSDL, 'GetProcessingRequestStatus'));
    const run = await runImportWsdl({ file: 'Payer.wsdl', update: 'spec/payer-v5.yaml', cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(
      /^spec\/payer-v5\.yaml: updating it from Payer\.wsdl \(operation-removed, type-removed\) would leave it invalid, so nothing is written; change it by hand:\nInvalid spec/,
    );
    expect(run.stderr).toContain('GetProcessingRequestStatus');
    expect(specIn(dir)).toBe(SPEC);
  });
});

describe('import-wsdl --update on a spec as import-wsdl drafted it', () => {
  it("applies the same changes in the draft's own style, with no EAT marker (it does not sign requests)", async () => {
    const dir = workspace(WSDL);
    expect((await runImportWsdl({ file: 'Payer.wsdl', out: 'draft.yaml', cwd: dir })).exitCode).toBe(0);
    const draft = readFileSync(join(dir, 'draft.yaml'), 'utf8');
    writeFileSync(join(dir, 'Payer.wsdl'), CHANGED);
    const run = await runImportWsdl({ file: 'Payer.wsdl', update: 'draft.yaml', cwd: dir });
    expect(run.stderr).toBe('Updated draft.yaml from Payer.wsdl: 4 changes (listed), hand-made decisions kept.\n');
    expect(readFileSync(join(dir, 'draft.yaml'), 'utf8')).toBe(
      edited(draft, [
        [
          'values: [ Processing, Failed, Cancelled, Completed ]',
          'values: [ Processing, Paused, Failed, Cancelled, Completed ]',
        ],
        ['      - { name: Balance, type: double }\n', ''],
        ['      - { name: changedSince, type: double }\n', '      - { name: changedSince, type: dateTime }\n'],
        [
          '    httpPostRoot: SvcGetBalanceResponse\n',
          `    httpPostRoot: SvcGetBalanceResponse
  - name: GetBalanceHistory
    doc: >-
      Returns, per account, the provider, account identifier, balance and currency. After a payment is submitted, the
      balance may take some time to be updated.
    params:
      - { name: payerName, type: string, optional: true }
      - { name: timestamp, type: double }
      - { name: key, type: string, optional: true }
    result: BalanceResult
    httpPostRoot: SvcGetBalanceResponse
`,
        ],
      ]),
    );
  });
});

describe('the commands of docs/update.md', () => {
  it('run as written (the URL standing for a local WSDL): the update, then the check that finds the spec up to date', async () => {
    const page = readFileSync(fromRoot('docs/update.md'), 'utf8');
    const block = /```sh\n([^]*?)```/.exec(page)![1]!;
    const commands = block
      .trim()
      .split('\n')
      .map((line) =>
        line
          .replace(/\s+# .*$/, '')
          .replace(/^npx svc-codegen /, '')
          .replace('"https://host/Service.asmx?WSDL"', 'Service.wsdl')
          .split(/\s+/),
      );
    const dir = workspace(CHANGED);
    writeFileSync(join(dir, 'Service.wsdl'), CHANGED);
    copyFileSync(join(dir, 'spec/payer-v5.yaml'), join(dir, 'spec/service.yaml'));
    const runs = [];
    for (const args of commands) runs.push(await runCli(args, dir));
    expect(runs.map((r) => [r.code, r.stderr])).toEqual([
      [0, 'Updated spec/service.yaml from Service.wsdl: 4 changes (listed), hand-made decisions kept.\n'],
      [0, 'spec/service.yaml is up to date with Service.wsdl.\n'],
    ]);
    expect(readFileSync(join(dir, 'spec/service.yaml'), 'utf8')).toBe(edited(SPEC, EXPECTED_EDITS));
  });
});

describe('import-wsdl --update --check', () => {
  it('exits 1 and writes nothing when the spec would change', async () => {
    const dir = workspace(CHANGED);
    const run = await runImportWsdl({ file: 'Payer.wsdl', update: 'spec/payer-v5.yaml', check: true, cwd: dir });
    expect(run.stderr).toBe(
      'spec/payer-v5.yaml is not up to date with Payer.wsdl: --update would make 4 changes (listed); nothing written.\n',
    );
    expect(run.exitCode).toBe(1);
    expect(rows(run.stdout)).toHaveLength(4);
    expect(specIn(dir)).toBe(SPEC);
  });
});

describe('import-wsdl --out never overwrites a spec without --force', () => {
  it('refuses an existing file, naming --update and --force, and replaces it with --force', async () => {
    const dir = workspace(WSDL);
    const run = await runImportWsdl({ file: 'Payer.wsdl', out: 'spec/payer-v5.yaml', cwd: dir });
    expect(run).toEqual({
      stdout: '',
      stderr:
        'import-wsdl: spec/payer-v5.yaml exists, and a draft would replace it with everything edited by hand lost. ' +
        "Use --update spec/payer-v5.yaml to apply the WSDL's changes and keep your edits, or --force to replace it.\n",
      exitCode: 2,
    });
    expect(specIn(dir)).toBe(SPEC);
    const forced = await runImportWsdl({ file: 'Payer.wsdl', out: 'spec/payer-v5.yaml', force: true, cwd: dir });
    expect(forced.exitCode).toBe(0);
    expect(specIn(dir)).toMatch(
      /^# yaml-language-server: \$schema=\.\/svc-spec\.schema\.json\n# Drafted by `svc-codegen import-wsdl` from Payer\.wsdl\./,
    );
  });

  it.each([
    [
      '--update with --out',
      { update: 'spec/payer-v5.yaml', out: 'spec/x.yaml' },
      'import-wsdl: give --update <spec> (update a spec) or --out <spec> (write a new draft), not both',
    ],
    [
      '--check without --update',
      { check: true },
      'import-wsdl: --check goes with --update <spec> (it reports whether the spec would change, and writes nothing)',
    ],
    [
      '--force without --out',
      { force: true },
      'import-wsdl: --force goes with --out <spec> (it lets a new draft replace an existing file)',
    ],
    [
      '--update of a spec that is not there',
      { update: 'spec/nope.yaml' },
      'import-wsdl: spec/nope.yaml: cannot read the spec to update: file not found (--out spec/nope.yaml writes a new draft there)',
    ],
  ])('%s is refused', async (_, flags, message) => {
    const dir = workspace(WSDL);
    expect(await runImportWsdl({ file: 'Payer.wsdl', ...flags, cwd: dir })).toEqual({
      stdout: '',
      stderr: `${message}\n`,
      exitCode: 2,
    });
    expect(specIn(dir)).toBe(SPEC);
  });
});
