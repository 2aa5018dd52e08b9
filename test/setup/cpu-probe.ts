/**
 * vitest setup file, loaded only when SVC_TEST_CPU names a file (vitest.config.ts): appends one JSON line per test
 * file with its wall time and the CPU its worker spent on it (user + system), and the CPU of the child processes it
 * waited for (Linux: /proc/self/stat's cutime and cstime; 0 elsewhere). A worker runs one file at a time, so the
 * deltas are that file's own. What the main process spends transforming modules for the workers is not in them.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll } from 'vitest';
import { repoRoot } from '../helpers/paths.js';

const out = process.env['SVC_TEST_CPU'];

/** CPU milliseconds of this process's waited-for children, from /proc (0 where there is none). */
function childrenCpu(): number {
  try {
    // Fields after the command name (which may hold spaces) in parentheses: cutime and cstime are the 14th and 15th.
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return 0;
  }
}

function ownCpu(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

if (out !== undefined) {
  // Setup files run again before each test file, before it is imported: its import counts too.
  const start = { wall: performance.now(), cpu: ownCpu(), children: childrenCpu() };
  afterAll((_context, suite) => {
    const file = relative(repoRoot, (suite as { file?: { filepath: string } }).file?.filepath ?? '?');
    const row = {
      file,
      pid: process.pid,
      wall: Math.round(performance.now() - start.wall),
      cpu: Math.round(ownCpu() - start.cpu),
      children: Math.round(childrenCpu() - start.children),
    };
    appendFileSync(out, `${JSON.stringify(row)}\n`);
  });
}
