/**
 * The repository's type check (`npm run typecheck`: tsconfig.json over generator/, templates/, generated/, test/ and
 * spec/), run as a test so that it uses the time other tests spend waiting on child processes and sockets instead
 * of running alone before them. A failure lists every diagnostic as tsc prints it.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fromRoot } from './helpers/paths.js';

describe('the repository', () => {
  it('type-checks with tsconfig.json, as `npm run typecheck` does', { timeout: 300_000 }, () => {
    const problems: string[] = [];
    const config = ts.getParsedCommandLineOfConfigFile(fromRoot('tsconfig.json'), undefined, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => problems.push(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    });
    expect(problems).toEqual([]);
    expect(config).toBeDefined();
    const { fileNames, options, projectReferences } = config!;
    // The files of the project itself, so that a tsconfig that matched nothing cannot pass for a clean check.
    expect(fileNames.some((f) => f.endsWith('generated/client/index.ts'))).toBe(true);
    expect(fileNames.some((f) => f.endsWith('generator/cli.ts'))).toBe(true);
    const program = ts.createProgram({ rootNames: fileNames, options, projectReferences });
    const host: ts.FormatDiagnosticsHost = {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => fromRoot(),
      getNewLine: () => '\n',
    };
    const diagnostics = [...ts.getPreEmitDiagnostics(program), ...config!.errors].map((d) =>
      ts.formatDiagnostic(d, host).trimEnd(),
    );
    expect(diagnostics).toEqual([]);
  });
});
