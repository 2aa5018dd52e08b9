/**
 * One WSDL from import to type-checked SDK in a fresh process: `importWsdl` of e-conomic's WSDL
 * (test/fixtures/wsdl/economic) or of a synthetic ASMX WSDL of N operations (test/bench/synthetic-wsdl.ts), then
 * `generate()` from the draft, into a temporary directory under test/.tmp that is removed afterwards. Reports the wall
 * time of each call; with `--profile`, where generation's CPU time goes (a V8 CPU profile of the generate() call, by
 * package); with `--typecheck`, a strict consumer's type check of the output (time and diagnostics).
 * Usage: `wsdl-child.ts economic [--profile] [--typecheck]`, `wsdl-child.ts fixture <path from the repository root>`
 * or `wsdl-child.ts synthetic <operations>`.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { peakRssMb, reportToParent } from '../child-runner.js';
import { REPO_ROOT } from '../paths.js';

export const ECONOMIC_WSDL = 'test/fixtures/wsdl/economic/EconomicWebService.wsdl';

export interface WsdlFigures {
  readonly operations: number;
  readonly wsdlBytes: number;
  readonly problems: number;
  /** The importWsdl() call alone. */
  readonly importMs: number;
  /** generate() from the draft: loading it, emitting, formatting, writing. */
  readonly generateMs: number;
  /** CPU time of the process (all its threads, GC included) during each call: less moved by other processes' load. */
  readonly importCpuMs: number;
  readonly generateCpuMs: number;
  readonly warnings: number;
  readonly files: number;
  readonly outputBytes: number;
  readonly peakRssMb: number;
  /** Shares of generate()'s profiled CPU time by where it was spent, largest first (with --profile). */
  readonly profile?: ReadonlyArray<{ readonly part: string; readonly ms: number; readonly share: number }>;
  readonly typecheck?: { readonly ms: number; readonly files: number; readonly diagnostics: readonly string[] };
}

/** Where a frame's self time counts: by package or generator stage; a native frame counts for its caller. */
const PARTS: ReadonlyArray<readonly [string, (url: string) => boolean]> = [
  ['oxfmt (formatting)', (u) => /\/node_modules\/(oxfmt|@oxfmt|tinypool)\//.test(u)],
  [
    'ts-morph, code-block-writer, typescript (printing)',
    (u) => /\/node_modules\/(ts-morph|@ts-morph|code-block-writer|typescript)\//.test(u),
  ],
  ['xmlbuilder2 (the WSDL written)', (u) => /\/node_modules\/(xmlbuilder2|@oozcitak)\//.test(u)],
  ['yaml, zod (loading the draft)', (u) => /\/node_modules\/(yaml|zod)\//.test(u)],
  ['handlebars (templates)', (u) => u.includes('/node_modules/handlebars/')],
  ['generator/load', (u) => u.includes('/generator/load/')],
  ['generator/emit and print', (u) => /\/generator\/(emit|print)\//.test(u)],
  ['generator/write, diff (comparing, writing)', (u) => /\/generator\/write\/|\/node_modules\/diff\//.test(u)],
  ['other generator code', (u) => u.includes('/generator/')],
  ['Node internals (fs, modules)', (u) => u.startsWith('node:')],
];

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly children?: readonly number[];
}

function breakDown(profile: {
  nodes: readonly ProfileNode[];
  samples: readonly number[];
  timeDeltas: readonly number[];
}): WsdlFigures['profile'] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const memo = new Map<number, string>();
  const partOf = (id: number): string => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const { functionName, url } = byId.get(id)!.callFrame;
    let part: string;
    if (functionName === '(garbage collector)') part = 'garbage collection';
    else if (functionName === '(idle)' || functionName === '(program)' || functionName === '(root)')
      part = functionName;
    else if (url === '') part = parent.has(id) ? partOf(parent.get(id)!) : 'other';
    else part = PARTS.find(([, test]) => test(url))?.[0] ?? 'other';
    memo.set(id, part);
    return part;
  };
  const ms = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const part = partOf(id);
    ms.set(part, (ms.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  for (const idle of ['(idle)', '(program)', '(root)']) ms.delete(idle);
  const busy = [...ms.values()].reduce((a, b) => a + b, 0);
  return [...ms].sort((a, b) => b[1] - a[1]).map(([part, t]) => ({ part, ms: t, share: t / busy }));
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function listSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else {
        files++;
        bytes += statSync(join(d, e.name)).size;
      }
    }
  };
  walk(dir);
  return { files, bytes };
}

async function main(): Promise<WsdlFigures> {
  const [kind, count, ...flags] = process.argv.slice(2);
  let wsdl: string;
  let file: string;
  if (kind === 'economic') {
    file = ECONOMIC_WSDL;
    wsdl = readFileSync(join(REPO_ROOT, file), 'utf8');
    if (count !== undefined) flags.unshift(count);
  } else if (kind === 'fixture') {
    // A real WSDL of the corpus, by its path from the repository root; documents it imports are read beside it.
    file = count!;
    wsdl = readFileSync(join(REPO_ROOT, file), 'utf8');
  } else if (kind === 'synthetic') {
    const { syntheticWsdl } = await import('../synthetic-wsdl.js');
    file = `Synthetic${count}.wsdl`;
    wsdl = syntheticWsdl(Number(count));
  } else {
    throw new Error(`unknown WSDL kind ${String(kind)}`);
  }
  // In the repository, so that the output finds node_modules (msw, @types/node) as a consumer project would.
  const dir = join(REPO_ROOT, 'test', '.tmp', `bench-wsdl-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(
      join(dir, 'package.json'),
      `${JSON.stringify({ name: 'bench-wsdl', private: true, type: 'module' })}\n`,
    );
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const { importWsdl } = await import('../../../generator/import/index.js');
    const { generate } = await import('../../../generator/generate.js');

    const importStart = performance.now();
    const importCpu = process.cpuUsage();
    const imported = importWsdl(wsdl, file);
    const importCpuMs = cpuMsSince(importCpu);
    const importMs = performance.now() - importStart;
    const spec = join(dir, `${imported.service}.yaml`);
    writeFileSync(spec, imported.yaml);

    const session = flags.includes('--profile') ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 1000 });
      await session.post('Profiler.start');
    }
    const out = join(dir, 'out');
    const generateStart = performance.now();
    const generateCpu = process.cpuUsage();
    const { model, warnings } = await generate({ spec, out, cwd: dir });
    const generateCpuMs = cpuMsSince(generateCpu);
    const generateMs = performance.now() - generateStart;
    const profile = session ? breakDown((await session.post('Profiler.stop')).profile as never) : undefined;
    session?.disconnect();

    let typecheck: WsdlFigures['typecheck'];
    if (flags.includes('--typecheck')) {
      const { typecheckDir } = await import('../../helpers/typecheck.js');
      const start = performance.now();
      const result = typecheckDir(out);
      typecheck = {
        ms: performance.now() - start,
        files: result.files.length,
        diagnostics: result.diagnostics.slice(0, 20),
      };
    }
    const size = listSize(out);
    return {
      operations: model.operations.length,
      wsdlBytes: Buffer.byteLength(wsdl),
      problems: imported.problems.length,
      importMs,
      generateMs,
      importCpuMs,
      generateCpuMs,
      warnings: warnings.length,
      files: size.files,
      outputBytes: size.bytes,
      peakRssMb: peakRssMb(),
      ...(profile ? { profile } : {}),
      ...(typecheck ? { typecheck } : {}),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await reportToParent(main);
