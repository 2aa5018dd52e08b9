/**
 * One generation in a fresh process: `generate()` of the payer spec, or of a synthetic spec of N operations, into a
 * temporary directory that is removed afterwards. Reports the wall time of the generate() call, the files written and
 * the peak RSS of the whole process. Usage: `generate-child.ts payer` or `generate-child.ts synthetic <operations>`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { peakRssMb, reportToParent } from '../child-runner.js';
import { REPO_ROOT, SYNTHETIC_SPEC_MODULE } from '../paths.js';

export interface GenerateFigures {
  readonly operations: number;
  readonly specBytes: number;
  readonly files: number;
  /** Loading the generator's modules. */
  readonly loadMs: number;
  /** The generate() call alone. */
  readonly generateMs: number;
  /** CPU time of the process (all threads, GC included) during the generate() call. */
  readonly generateCpuMs: number;
  readonly peakRssMb: number;
}

async function main(): Promise<GenerateFigures> {
  const [kind, count] = process.argv.slice(2);
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-gen-'));
  try {
    let spec: string;
    let cwd: string;
    if (kind === 'payer') {
      spec = 'spec/payer-v5.yaml';
      cwd = REPO_ROOT;
    } else if (kind === 'synthetic') {
      const operations = Number(count);
      const mod = (await import(pathToFileURL(SYNTHETIC_SPEC_MODULE).href)) as {
        syntheticSpec?: (n: number) => string;
      };
      if (typeof mod.syntheticSpec !== 'function')
        throw new Error('test/bench/synthetic-spec.ts does not export syntheticSpec');
      spec = join(dir, 'spec.yaml');
      cwd = dir;
      writeFileSync(spec, mod.syntheticSpec(operations));
    } else {
      throw new Error(`unknown spec kind ${String(kind)}`);
    }
    const loadStart = performance.now();
    const { generate } = await import('../../../generator/generate.js');
    const loadMs = performance.now() - loadStart;
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const { model, changes } = await generate({ spec, out: join(dir, 'out'), cwd });
    const generateMs = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    return {
      operations: model.operations.length,
      specBytes: readFileSync(resolve(cwd, spec)).length,
      files: changes.length,
      loadMs,
      generateMs,
      generateCpuMs: (cpu.user + cpu.system) / 1000,
      peakRssMb: peakRssMb(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await reportToParent(main);
