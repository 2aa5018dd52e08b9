/**
 * Issue 25, category 7, on real services: every RPC-style WSDL of test/fixtures/wsdl-rpc/ (Axis 1, PHP's SoapServer,
 * JAX-WS RPC; each folder's ORIGIN.md says where from) is refused by `generate --wsdl` as a user would meet it: exit 2,
 * nothing written, the binding's style named as the reason at its place, and the closing `nothing to draft` line at the
 * service. The format has document/literal operations only; the README's construct table counts how many WSDLs use RPC.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runGenerate } from '../../generator/commands/generate.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';

const DIR = 'test/fixtures/wsdl-rpc';
const TMP = 'test/.tmp/rpc-corpus';
afterAll(() => rmSync(fromRoot(TMP), { recursive: true, force: true }));

/** Each folder's WSDL: the one file whose root is `definitions` (an imported .xsd is not one). */
function wsdlOf(folder: string): string {
  const files = readdirSync(fromRoot(DIR, folder)).filter((f) => /\.(wsdl|xml)$/.test(f));
  const wsdls = files.filter((f) =>
    /<(\w+:)?definitions[\s>]/.test(readFileSync(fromRoot(DIR, folder, f), 'utf8').slice(0, 4000)),
  );
  if (wsdls.length !== 1) throw new Error(`${folder}: expected one WSDL, found ${wsdls.join(', ') || 'none'}`);
  return `${DIR}/${folder}/${wsdls[0]!}`;
}

const FOLDERS = readdirSync(fromRoot(DIR), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('the RPC corpus', () => {
  it('has the ten real RPC WSDLs the README counts', () => {
    expect(FOLDERS).toHaveLength(10);
  });

  describe.each(FOLDERS)('%s', (folder) => {
    it('is refused by generate --wsdl: exit 2, RPC named at its place, nothing to draft, nothing written', async () => {
      const wsdl = wsdlOf(folder);
      const out = join(TMP, folder);
      const run = await runGenerate({ wsdl, out, cwd: repoRoot });
      expect(run.exitCode).toBe(2);
      expect(run.stdout).toBe('');
      const file = wsdl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // The binding's style, at file:line:column, as the reason.
      expect(run.stderr).toMatch(
        new RegExp(`^\\s*${file}:\\d+:\\d+: style="rpc": the binding \\S+ is RPC style, which is not supported`, 'm'),
      );
      // The last line says there is nothing to generate, at the service.
      const last = run.stderr.trimEnd().split('\n').at(-1)!;
      expect(last).toMatch(new RegExp(`^${file}:\\d+:\\d+: wsdl:service \\S+: nothing to draft: `));
      // Never the old, unreadable message.
      expect(run.stderr).not.toContain('must not be empty');
      expect(existsSync(fromRoot(out))).toBe(false);
    });
  });
});
