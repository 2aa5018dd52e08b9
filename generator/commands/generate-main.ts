/**
 * What `svc-codegen [generate]` does once its flags are parsed (loaded only when the command runs): the flags and the
 * config file made into options, then one generation, or with --watch, one per change until Ctrl-C.
 */
import { ConfigError } from './config.js';
import { runGenerate } from './generate.js';
import { resolveOptions, type GenerateFlags } from './options.js';
import { GenerateWatcher } from './watch.js';

/** Runs the command in this process; resolves with its exit code (a watch, when it is stopped). */
export async function generateMain(flags: GenerateFlags & { readonly watch?: boolean | undefined }): Promise<number> {
  const cwd = process.cwd();
  let options;
  try {
    ({ options } = resolveOptions(flags, cwd));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  if (!flags.watch) {
    const run = await runGenerate(options);
    process.stderr.write(run.stderr);
    process.stdout.write(run.stdout);
    return run.exitCode;
  }
  const watcher = new GenerateWatcher(flags, cwd, {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  });
  await watcher.start();
  return new Promise((done) => {
    const stop = (): void => {
      watcher.close();
      done(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    watcher.once('error', (error) => {
      watcher.close();
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      done(1);
    });
  });
}
