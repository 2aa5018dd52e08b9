/**
 * Section 8: the svc-codegen command as a user has it: this repository built (`npm run build`), packed, and installed
 * into an empty folder (test/helpers/packed-cli.ts); then, each run a fresh process, `svc-codegen --help` (the bin
 * alone, and through npx) and the payer spec generated cold into an empty folder. For comparison, the same from a
 * clone through tsx, as the bin ran before it was compiled.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildCli } from '../../../build/build-cli.mjs';
import { scratchDir } from '../../helpers/files.js';
import { installPacked, NPX } from '../../helpers/packed-cli.js';
import { paragraph, table } from '../markdown.js';
import { REPO_ROOT } from '../paths.js';
import { fmt, fmtSummary, summarize, type Summary } from '../stats.js';

const run = promisify(execFile);
const HELP_RUNS = 7;
const GENERATE_RUNS = 5;
/** Runs through tsx are slow and only a baseline. */
const SOURCE_RUNS = 3;

export interface CliFigures {
  readonly buildMs: number;
  readonly installMs: number;
  readonly tarballBytes: number;
  /** `node_modules/.bin/svc-codegen --help`. */
  readonly help: Timing;
  /** `npx svc-codegen --help`: npm's own start-up added. */
  readonly npxHelp: Timing;
  /** `svc-codegen --spec spec/payer-v5.yaml --out <empty folder>`, from the installed bin. */
  readonly generate: Timing;
  /** `node --import tsx generator/cli.ts --help` in the clone. */
  readonly sourceHelp: Timing;
  /** The payer spec generated through tsx from the clone's sources. */
  readonly sourceGenerate: Timing;
}

/** GNU time, when the machine has it: each child's CPU time (user + system), a figure a busy machine changes less. */
const GNU_TIME = '/usr/bin/time';
const hasGnuTime = existsSync(GNU_TIME);

interface Sample {
  readonly wallMs: number;
  readonly cpuMs: number | undefined;
}

async function timed(file: string, args: readonly string[], cwd: string, scratch: string): Promise<Sample> {
  const cpuFile = join(scratch, 'cpu.txt');
  const [command, argv] = hasGnuTime ? [GNU_TIME, ['-f', '%U %S', '-o', cpuFile, file, ...args]] : [file, [...args]];
  const started = performance.now();
  await run(command, argv, { cwd, maxBuffer: 16 * 1024 * 1024 });
  const wallMs = performance.now() - started;
  if (!hasGnuTime) return { wallMs, cpuMs: undefined };
  const [user = Number.NaN, system = Number.NaN] = readFileSync(cpuFile, 'utf8')
    .trim()
    .split(/\s+/)
    .slice(-2)
    .map(Number);
  return { wallMs, cpuMs: (user + system) * 1000 };
}

export interface Timing {
  readonly wallMs: Summary;
  /** Absent without GNU time. */
  readonly cpuMs?: Summary;
}

async function repeat(times: number, once: (i: number) => Promise<Sample>): Promise<Timing> {
  const samples: Sample[] = [];
  for (let i = 0; i < times; i++) samples.push(await once(i));
  const cpu = samples.map((s) => s.cpuMs).filter((c) => c !== undefined);
  return {
    wallMs: summarize(samples.map((s) => s.wallMs)),
    ...(cpu.length === samples.length ? { cpuMs: summarize(cpu) } : {}),
  };
}

function describe(t: Timing): string {
  return `wall ${fmtSummary(t.wallMs)} ms${t.cpuMs ? `, CPU ${fmtSummary(t.cpuMs)} ms` : ''}`;
}

export async function runCli(log: (line: string) => void): Promise<CliFigures> {
  const scratch = scratchDir('bench-cli');
  try {
    let started = performance.now();
    await buildCli();
    const buildMs = performance.now() - started;
    started = performance.now();
    const { app, bin, tarball } = await installPacked(scratch.dir);
    const installMs = performance.now() - started;
    log(`  built in ${fmt(buildMs)} ms, packed and installed offline in ${fmt(installMs / 1000)} s`);
    mkdirSync(join(app, 'spec'));
    cpSync(join(REPO_ROOT, 'spec', 'payer-v5.yaml'), join(app, 'spec', 'payer-v5.yaml'));
    cpSync(join(REPO_ROOT, 'spec', 'payer-v5.simulator'), join(app, 'spec', 'payer-v5.simulator'), { recursive: true });
    const payer = (out: string) => ['--spec', 'spec/payer-v5.yaml', '--out', out];

    const dir = scratch.dir;
    const help = await repeat(HELP_RUNS, () => timed(bin, ['--help'], app, dir));
    log(`  --help: ${describe(help)}`);
    const npxHelp = await repeat(HELP_RUNS, () => timed(NPX, ['--offline', 'svc-codegen', '--help'], app, dir));
    log(`  npx svc-codegen --help: ${describe(npxHelp)}`);
    const generate = await repeat(GENERATE_RUNS, async (i) => {
      const out = `out-${i}`;
      rmSync(join(app, out), { recursive: true, force: true });
      return timed(bin, payer(out), app, dir);
    });
    log(`  payer spec, cold: ${describe(generate)}`);

    const source = ['--import', 'tsx', join(REPO_ROOT, 'generator', 'cli.ts')];
    const sourceHelp = await repeat(SOURCE_RUNS, () => timed(process.execPath, [...source, '--help'], REPO_ROOT, dir));
    log(`  through tsx, --help: ${describe(sourceHelp)}`);
    const sourceGenerate = await repeat(SOURCE_RUNS, (i) =>
      timed(
        process.execPath,
        [...source, '--spec', 'spec/payer-v5.yaml', '--out', join(dir, `source-out-${i}`)],
        REPO_ROOT,
        dir,
      ),
    );
    log(`  through tsx, payer spec: ${describe(sourceGenerate)}`);
    return {
      buildMs,
      installMs,
      tarballBytes: statSync(tarball).size,
      help,
      npxHelp,
      generate,
      sourceHelp,
      sourceGenerate,
    };
  } finally {
    scratch.remove();
  }
}

export function cliMarkdown(f: CliFigures): string {
  const cpu = (t: Timing) => (t.cpuMs ? `${fmtSummary(t.cpuMs)} ms` : '–');
  const row = (label: string, t: Timing) => [label, String(t.wallMs.n), `${fmtSummary(t.wallMs)} ms`, cpu(t)];
  return [
    paragraph(
      `This repository built (\`npm run build\`, esbuild: ${fmt(f.buildMs)} ms), packed (${fmt(f.tarballBytes / 1024)} KiB) and installed `,
      `offline into an empty folder (${fmt(f.installMs / 1000)} s). Each figure is of a fresh process, median (min–max): its wall `,
      'time, and its CPU time (user + system, from GNU time), which a busy machine changes less. The payer spec is ',
      'generated into an empty folder each run (cold: nothing to compare, nothing cached). The last two rows are the same ',
      'from a clone through tsx, as the bin ran before it was compiled. Targets (issue 18, item 8): `--help` under 0.3 s, ',
      'the payer spec under 1.5 s.',
    ),
    '',
    table(
      ['command', 'runs', 'wall time', 'CPU time'],
      [
        row('`svc-codegen --help` (installed bin)', f.help),
        row('`npx svc-codegen --help`', f.npxHelp),
        row('`svc-codegen --spec spec/payer-v5.yaml --out <empty>` (installed bin)', f.generate),
        row('`--help` through tsx (clone)', f.sourceHelp),
        row('payer spec through tsx (clone)', f.sourceGenerate),
      ],
      ['l', 'r', 'r', 'r'],
    ),
  ].join('\n');
}
