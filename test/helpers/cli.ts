/** Runs the generator's CLI as a child process, from any working directory. */
import { execFile } from 'node:child_process';
import { fromRoot } from './paths.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The generator's command line, `node dist/cli.js ...args` in `cwd` (dist/ is built once for the run by
 * test/setup/compile-entries.ts, as `npm run build` does): the same CLI as `npm run generate` and the package's bin,
 * loading only the command asked for, so that `--help` or a failing run does not load the printer. Resolves (never
 * rejects) with the exit code and output.
 */
export function runCli(args: readonly string[], cwd: string): Promise<CliRun> {
  return runBin(args, cwd);
}

/**
 * The package's executable, `node dist/cli.js ...args` (built by test/setup/compile-entries.ts as `npm run build`
 * does), as `npx svc-codegen` runs it; resolves like runCli.
 */
export function runBin(args: readonly string[], cwd: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [fromRoot('dist', 'cli.js'), ...args], { cwd }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') {
        reject(error);
        return;
      }
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}
