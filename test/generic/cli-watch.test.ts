/**
 * `svc-codegen --watch`, driven in process: the watcher generates, then regenerates when the spec, a file of its
 * simulator folder or the config file changes, saying what changed; an invalid spec is reported and the watch goes on.
 * Each step waits for the watcher's `generated` event (bounded), never for a while.
 */
import { once } from 'node:events';
import { appendFileSync, cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenerateWatcher, type WatchRun } from '../../generator/commands/watch.js';
import { scratchDir, type Scratch } from '../helpers/files.js';
import { fromRoot } from '../helpers/paths.js';

const WAIT_MS = 45_000;

/** The next run that `matches` (runs set off by an earlier write may come first), or a failure after WAIT_MS. */
async function nextRun(watcher: GenerateWatcher, matches: (run: WatchRun) => boolean): Promise<WatchRun> {
  const signal = AbortSignal.timeout(WAIT_MS);
  for (;;) {
    const [run] = (await once(watcher, 'generated', { signal })) as [WatchRun];
    if (matches(run)) return run;
  }
}

describe('svc-codegen --watch', () => {
  let project: Scratch;
  let watcher: GenerateWatcher;
  const printed: string[] = [];

  beforeAll(() => {
    project = scratchDir('cli-watch');
    cpSync(fromRoot('test/fixtures/specs/inventory'), join(project.dir, 'spec'), { recursive: true });
    writeFileSync(join(project.dir, 'svc-codegen.config.yaml'), 'spec: spec/inventory.yaml\nout: out\n');
    watcher = new GenerateWatcher({}, project.dir, { stdout: (t) => printed.push(t), stderr: (t) => printed.push(t) });
  });

  afterAll(() => {
    watcher.close();
    project.remove();
  });

  it('generates from the config file and says what it watches', async () => {
    const first = await watcher.start();
    expect(first.run?.exitCode).toBe(0);
    expect(existsSync(join(project.dir, 'out', 'mock', 'simulator', 'store.ts'))).toBe(true);
    expect(first.watching).toEqual(['svc-codegen.config.yaml', 'spec/inventory.yaml', 'spec/inventory.simulator/']);
    expect(printed.join('')).toContain(
      'Watching svc-codegen.config.yaml, spec/inventory.yaml, spec/inventory.simulator/ (Ctrl-C stops).',
    );
  });

  it('regenerates when a file of the simulator folder changes, naming it and the generated file it changed', async () => {
    const next = nextRun(watcher, (r) => r.changed.includes('spec/inventory.simulator/store.ts'));
    appendFileSync(join(project.dir, 'spec', 'inventory.simulator', 'store.ts'), '\n// A note added while watching.\n');
    const run = await next;
    expect(run.run?.changes?.map((c) => `${c.kind} ${c.path}`)).toEqual(['modify out/mock/simulator/store.ts']);
    expect(readFileSync(join(project.dir, 'out', 'mock', 'simulator', 'store.ts'), 'utf8')).toContain(
      'A note added while watching.',
    );
    expect(printed.join('')).toMatch(
      /Changed: spec\/inventory\.simulator\/store\.ts\n[^]*changed out\/mock\/simulator\/store\.ts\n/,
    );
  });

  it('reports an invalid spec at its line and keeps watching; the fix regenerates', async () => {
    const spec = join(project.dir, 'spec', 'inventory.yaml');
    const good = readFileSync(spec, 'utf8');
    const broken = nextRun(watcher, (r) => r.changed.includes('spec/inventory.yaml'));
    writeFileSync(spec, good.replace('  title: Inventory Service', '  title: Inventory Service\n  colour: blue'));
    const failed = await broken;
    expect(failed.run?.exitCode).toBe(2);
    expect(failed.run?.stderr).toMatch(/spec\/inventory\.yaml:7:3: service\.colour: unknown key "colour"/);
    // Still watching the simulator folder, known from the last valid run.
    expect(failed.watching).toContain('spec/inventory.simulator/');

    const fixed = nextRun(watcher, (r) => r.changed.includes('spec/inventory.yaml') && r.run?.exitCode === 0);
    writeFileSync(spec, good.replace('  title: Inventory Service', '  title: Inventory Service, watched'));
    const run = await fixed;
    expect(run.run?.changes?.length).toBeGreaterThan(0);
    expect(readFileSync(join(project.dir, 'out', 'README.md'), 'utf8')).toContain('Inventory Service, watched');
  });

  it('regenerates when the config file changes, into the output it now names', async () => {
    const next = nextRun(watcher, (r) => r.changed.includes('svc-codegen.config.yaml'));
    writeFileSync(join(project.dir, 'svc-codegen.config.yaml'), 'spec: spec/inventory.yaml\nout: elsewhere\n');
    const run = await next;
    expect(run.run?.exitCode).toBe(0);
    expect(run.run?.stdout).toMatch(
      /^Generated elsewhere from spec\/inventory\.yaml: \d+ added, 0 changed, 0 removed\.\n$/,
    );
    expect(existsSync(join(project.dir, 'elsewhere', 'mock', 'simulator', 'store.ts'))).toBe(true);
  });

  it('stops watching when closed', async () => {
    watcher.close();
    let ran = false;
    watcher.once('generated', () => (ran = true));
    writeFileSync(join(project.dir, 'svc-codegen.config.yaml'), 'spec: spec/inventory.yaml\nout: third\n');
    // A watcher that was still open would have been told of the write by the time a fresh one has started and
    // generated once (both run on this event loop, its debounce first).
    const probe = new GenerateWatcher({}, project.dir, { stdout: () => {}, stderr: () => {} });
    await probe.start();
    probe.close();
    expect(ran).toBe(false);
    expect(existsSync(join(project.dir, 'third'))).toBe(true);
  });
});
