/**
 * Generated code under the TypeScript option `exactOptionalPropertyTypes`, which users turn on: there `a?: T` admits a
 * missing member only, not one holding `undefined`. DESIGN.md has an absent element decode to `undefined` and the
 * decoders return every member, so the types say so (`a?: T | undefined`), and so do the option bags a caller fills
 * from variables that may be undefined. Checked on the payer SDK (generated/: runtime, client, mock, simulator) and on
 * an output drafted from a WSDL (Shapes.wsdl: optional fields, attributes, xs:anyAttribute, choices, lists), in one
 * compiler program, with a consumer that passes `undefined` where a member is optional. (The default settings are
 * checked by typecheck.test.ts for generated/ and by the import tests for WSDL-drafted outputs.)
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runGenerate } from '../../generator/commands/generate.js';
import { listFiles, packageSandbox, type Scratch } from '../helpers/files.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';
import { typecheckDir } from '../helpers/typecheck.js';

const WSDL = 'test/fixtures/import/Shapes.wsdl';
const OUT = 'test/.tmp/exact-optional-shapes';

/** A caller of the payer SDK whose optional values come from variables that may be undefined. */
const CONSUMER = `
import { PayerClient } from '${fromRoot('generated', 'client', 'index.js')}';
import type { LineErrorOrWarning } from '${fromRoot('generated', 'client', 'types.js')}';
import { createMockService } from '${fromRoot('generated', 'mock', 'index.js')}';
declare const maybeNumber: number | undefined;
declare const maybeText: string | undefined;
export const client = new PayerClient({ baseUrl: 'http://localhost', apiKey: 'k', payerName: 'p', timeoutMs: maybeNumber });
export const line: LineErrorOrWarning = { lineNumber: 1, isWarning: false, message: maybeText };
export const mock = createMockService({ maxRequestBytes: maybeNumber, sftpRoot: maybeText });
`;

let scratch: Scratch;
beforeAll(async () => {
  const run = await runGenerate({ wsdl: WSDL, out: OUT, cwd: repoRoot });
  expect(run.exitCode, run.stderr).toBe(0);
  scratch = packageSandbox('exact-optional-');
  writeFileSync(join(scratch.dir, 'consumer.ts'), CONSUMER);
  return () => scratch.remove();
}, 120_000);

describe('generated code under exactOptionalPropertyTypes', () => {
  it('type-checks the payer SDK, a WSDL-drafted output and a consumer passing undefined', { timeout: 120_000 }, () => {
    const drafted = fromRoot(OUT);
    const result = typecheckDir(fromRoot('generated'), {
      compilerOptions: { exactOptionalPropertyTypes: true },
      extraFiles: [
        ...listFiles(drafted)
          .filter((f) => f.endsWith('.ts'))
          .map((f) => join(drafted, f)),
        join(scratch.dir, 'consumer.ts'),
      ],
    });
    // The check covered what it claims to: the payer client's decoders and mock, and the drafted client's.
    expect(result.files).toEqual(
      expect.arrayContaining(['client/codec.ts', 'mock/service.ts', 'mock/simulator/payment-file.ts']),
    );
    expect(listFiles(drafted)).toEqual(expect.arrayContaining(['client/codec.ts', 'mock/service.ts']));
    expect(result.diagnostics).toEqual([]);
  });
});
