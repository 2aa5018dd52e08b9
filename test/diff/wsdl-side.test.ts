/**
 * `diff` with a WSDL on one side (issue 27, item 5, without a network: the live service's test is
 * test/network/drift.test.ts): both sides are compared as WSDLs say them, so a spec against its own exported WSDL has
 * no change, and each edit of that WSDL is one classified change. What an ASMX WSDL cannot show (a reference-typed
 * result's null, "absent or nil" against "nil") is not reported; what it can (a double made optional) is.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDiff } from '../../generator/commands/diff.js';
import { diffSpecs, loadDiffSides } from '../../generator/diff/index.js';
import { repoRoot } from '../helpers/paths.js';

const SPEC = 'spec/payer-v5.yaml';
const EXPORTED = readFileSync(join(repoRoot, 'generated/wsdl/PayerFunctions.wsdl'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'svc-diff-wsdl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The exported WSDL with each `[from, to]` replaced once (each must be found). */
function edited(name: string, edits: readonly (readonly [string, string])[]): string {
  let text = EXPORTED;
  for (const [from, to] of edits) {
    expect(text, from).toContain(from);
    text = text.replace(from, to);
  }
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

type Changes = { changes: { kind: string; path: string; client: string; server: string }[]; summary: { bump: string } };
const changesOf = async (old: string, next: string) => {
  const run = await runDiff({ old, new: next, format: 'json', cwd: repoRoot });
  expect(run.error).toBeUndefined();
  const diff = JSON.parse(run.output) as Changes;
  return diff.changes
    .filter((c) => c.kind !== 'doc-changed')
    .map(({ kind, path, client, server }) => ({ kind, path, client, server }));
};

describe('diff: a spec against a WSDL', () => {
  it('the spec against its own exported WSDL, either way round: no change at all', async () => {
    for (const [old, next] of [
      [SPEC, 'generated/wsdl/PayerFunctions.wsdl'],
      ['generated/wsdl/PayerFunctions.wsdl', SPEC],
    ] as const) {
      const run = await runDiff({ old, new: next, failOn: 'any', cwd: repoRoot });
      expect([run.exitCode, run.error, run.output]).toEqual([
        0,
        undefined,
        `## Spec diff: ${old} -> ${next}\n\n**No changes.** Semver: none.\n`,
      ]);
    }
  });

  it('each edit of the WSDL is one classified change', async () => {
    const wsdl = edited('changed.wsdl', [
      [
        '<s:enumeration value="Completed"/>',
        '<s:enumeration value="Completed"/>\n          <s:enumeration value="Archived"/>',
      ],
      ['          <s:element minOccurs="0" maxOccurs="1" name="resultsFile" nillable="true" type="s:string"/>\n', ''],
    ]);
    expect(await changesOf(SPEC, wsdl)).toEqual([
      { kind: 'field-removed-optional', path: 'FileResult.resultsFile', client: 'breaking', server: 'compatible' },
      { kind: 'enum-value-added', path: 'RequestStatus.Archived', client: 'compatible', server: 'compatible' },
    ]);
    const run = await runDiff({ old: SPEC, new: wsdl, failOn: 'breaking', cwd: repoRoot });
    expect(run.exitCode).toBe(1);
  });

  it('what ASMX publishes of any reference type is not a change; a value type made optional is', async () => {
    const wsdl = edited('asmx.wsdl', [
      [
        '<s:element minOccurs="1" maxOccurs="1" name="GetBalancesResult" type="tns:BalanceResult"/>',
        '<s:element minOccurs="0" maxOccurs="1" name="GetBalancesResult" type="tns:BalanceResult"/>',
      ],
      [
        '<s:element minOccurs="0" maxOccurs="1" name="errorMessage" nillable="true" type="s:string"/>',
        '<s:element minOccurs="1" maxOccurs="1" name="errorMessage" nillable="true" type="s:string"/>',
      ],
      [
        '<s:element minOccurs="1" maxOccurs="1" name="Balance" type="s:double"/>',
        '<s:element minOccurs="0" maxOccurs="1" name="Balance" type="s:double"/>',
      ],
      [
        '<s:element minOccurs="1" maxOccurs="1" name="i" nillable="true" type="s:int"/>',
        '<s:element minOccurs="0" maxOccurs="1" name="i" nillable="true" type="s:int"/>',
      ],
    ]);
    // A nillable int (.NET's int?) may be left out or nil as the WSDL says: ASMX shows that, so it is a change.
    expect(await changesOf(SPEC, wsdl)).toEqual([
      { kind: 'field-made-optional', path: 'StatusFileResult.i', client: 'breaking', server: 'compatible' },
      { kind: 'field-made-optional', path: 'SvcAccountInfo.Balance', client: 'breaking', server: 'compatible' },
    ]);
  });

  it('the differences are there: only the comparison of sides given as WSDLs leaves them out', async () => {
    const wsdl = join(dir, 'asmx.wsdl');
    const { sides, asWsdls } = await loadDiffSides(SPEC, wsdl, repoRoot);
    expect(asWsdls).toBe(true);
    const kinds = diffSpecs(...sides).changes.map((c) => `${c.kind} ${c.path}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'operation-result-made-nullable GetBalances.result',
        'field-made-required FileResult.errorMessage',
        'field-made-optional SvcAccountInfo.Balance',
      ]),
    );
    expect((await loadDiffSides(SPEC, SPEC, repoRoot)).asWsdls).toBe(false);
  });
});
