/** Runs the generator's CLI as a child process, the way `npm run generate` does, from any working directory. */
import { execFile } from 'node:child_process';
import { fromRoot } from './paths.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node --import tsx generator/cli.ts ...args` in `cwd`; resolves (never rejects) with the exit code and output. */
export function runCli(args: readonly string[], cwd: string): Promise<CliRun> {
  // tsx resolved from here, so that a cwd without node_modules (a temp dir) works too.
  const tsx = import.meta.resolve('tsx');
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', tsx, fromRoot('generator', 'cli.ts'), ...args], { cwd }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') {
        reject(error);
        return;
      }
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

/** The package's executable, `node generator/bin.js ...args`, as `npx svc-codegen` runs it; resolves like runCli. */
export function runBin(args: readonly string[], cwd: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [fromRoot('generator', 'bin.js'), ...args], { cwd }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') {
        reject(error);
        return;
      }
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}
