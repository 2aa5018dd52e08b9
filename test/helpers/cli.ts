/** Runs the generator's CLI as a child process, from any working directory. */
import { execFile } from 'node:child_process';
import { compiledEntry } from './compiled.js';
import { fromRoot } from './paths.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * generator/cli.ts compiled once for the run (test/setup/compile-entries.ts), `node <compiled> ...args` in `cwd`;
 * resolves (never rejects) with the exit code and output. The same CLI as `npm run generate`, without tsx's start-up.
 */
export function runCli(args: readonly string[], cwd: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [compiledEntry('generator-cli'), ...args], { cwd }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') {
        reject(error);
        return;
      }
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
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
