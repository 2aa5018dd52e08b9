/**
 * `svc-codegen --watch`: generates, then again after each change of the spec, its simulator folder, the config file
 * (or the WSDL file), printing which file changed and which generated files that added, changed or removed.
 *
 * Folders are watched rather than files: an editor that saves by writing a new file and renaming it over the old one
 * would leave a watch on the old file deaf. Changes are gathered for a moment (DEBOUNCE_MS) so that a save that
 * touches several files regenerates once; a change during a run is taken up when the run ends. A run that fails
 * (an invalid spec or config) is reported and the watch goes on.
 */
import { EventEmitter } from 'node:events';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { ConfigError, findConfig } from './config.js';
import { runGenerate, type GenerateRun } from './generate.js';
import { isHttpUrl } from '../model/text.js';
import { resolveOptions, type GenerateFlags } from './options.js';
import { UsageError } from './usage.js';

export const DEBOUNCE_MS = 80;

/** One generation of a watch: what set it off (paths as shown; empty for the first), and its outcome. */
export interface WatchRun {
  readonly changed: readonly string[];
  /** The generation's outcome; absent when the flags or config file could not be made into options. */
  readonly run: GenerateRun | undefined;
  /** The files watched after it, as shown. */
  readonly watching: readonly string[];
}

export interface WatchOutput {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

/** Emits `generated` (a WatchRun) after each generation, and `error` when one throws something unforeseen. */
export class GenerateWatcher extends EventEmitter<{ generated: [WatchRun]; error: [unknown] }> {
  private readonly watchers: FSWatcher[] = [];
  private readonly changed = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private closed = false;
  /** Kept from the last run that knew it, so that a spec made invalid for a moment still has its folder watched. */
  private simulatorDir: string | undefined;

  constructor(
    private readonly flags: GenerateFlags,
    private readonly cwd: string,
    private readonly output: WatchOutput,
  ) {
    super();
  }

  /** Runs the first generation and starts watching; resolves with that run. */
  async start(): Promise<WatchRun> {
    return this.generate([]);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.unwatch();
  }

  private async generate(changed: readonly string[]): Promise<WatchRun> {
    this.running = true;
    if (changed.length > 0) this.output.stdout(`\nChanged: ${changed.join(', ')}\n`);
    let run: GenerateRun | undefined;
    let watched: Watched = { files: [], dirs: [] };
    try {
      const { options, config } = resolveOptions(this.flags, this.cwd);
      const spec = options.spec !== undefined ? resolve(options.cwd, options.spec) : undefined;
      const wsdl =
        options.wsdl !== undefined && !isHttpUrl(options.wsdl) ? resolve(options.cwd, options.wsdl) : undefined;
      watched = { files: [config?.path, spec, wsdl].filter((f) => f !== undefined), dirs: [] };
      run = await runGenerate(options);
      if (run.simulatorDir !== undefined || run.exitCode === 0) this.simulatorDir = run.simulatorDir;
      if (this.simulatorDir !== undefined && spec !== undefined) watched.dirs.push(this.simulatorDir);
      this.output.stderr(run.stderr);
      this.output.stdout(run.stdout);
      // File by file after a change; the first run's count says enough.
      if (changed.length > 0) {
        const files = (run.changes ?? []).map(
          (c) => `  ${c.kind === 'add' ? 'added' : c.kind === 'delete' ? 'removed' : 'changed'} ${c.path}\n`,
        );
        this.output.stdout(files.join(''));
      }
    } catch (error) {
      if (!(error instanceof ConfigError || error instanceof UsageError)) {
        this.running = false;
        this.emit('error', error);
        throw error;
      }
      this.output.stderr(`${error.message}\n`);
      // The config file is still watched, so that fixing it regenerates.
      const config = this.flags.config ?? findConfig(this.cwd);
      if (config !== undefined) watched.files.push(resolve(this.cwd, config));
    }
    const watching = this.closed ? [] : this.watch(watched);
    if (changed.length === 0 && !this.closed) this.output.stdout(`Watching ${watching.join(', ')} (Ctrl-C stops).\n`);
    this.running = false;
    const result: WatchRun = { changed, run, watching };
    this.emit('generated', result);
    if (this.changed.size > 0) this.schedule();
    return result;
  }

  /** Watches the folders of `files` (each for that name) and `dirs` (all of them); returns what it watches, as shown. */
  private watch(watched: Watched): string[] {
    this.unwatch();
    const names = new Map<string, Set<string>>();
    const add = (dir: string, name: string) => names.set(dir, (names.get(dir) ?? new Set()).add(name));
    for (const file of watched.files) add(dirname(file), basename(file));
    for (const dir of watched.dirs) {
      // Its parent too, for the folder being replaced or made again.
      add(dirname(dir), basename(dir));
      if (existsSync(dir)) this.open(dir, true);
    }
    for (const [dir, wanted] of names) this.open(dir, false, wanted);
    return [...watched.files.map((f) => this.shown(f)), ...watched.dirs.map((d) => `${this.shown(d)}/`)];
  }

  /** Watches `dir` (with `recursive`, its whole tree) for the names `wanted` (default: every name). */
  private open(dir: string, recursive: boolean, wanted?: ReadonlySet<string>): void {
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { recursive }, (_event, name) => {
        const file = name === null ? undefined : name.toString();
        if (file !== undefined && wanted !== undefined && !wanted.has(file)) return;
        // A name event in a parent folder stands for the file itself; one inside a watched folder for that file.
        this.changed.add(this.shown(file === undefined ? dir : resolve(dir, file)));
        this.schedule();
      });
    } catch {
      // The folder is gone (a spec moved away): nothing to watch there until a run names it again.
      return;
    }
    // A watched folder removed meanwhile: the next run watches again what then exists.
    watcher.on('error', () => watcher.close());
    this.watchers.push(watcher);
  }

  private schedule(): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.running || this.closed) return;
      const changed = [...this.changed].sort();
      this.changed.clear();
      this.generate(changed).catch(() => {
        // Reported through the `error` event.
      });
    }, DEBOUNCE_MS);
  }

  private unwatch(): void {
    for (const w of this.watchers.splice(0)) w.close();
  }

  private shown(path: string): string {
    const rel = relative(this.cwd, path);
    return (rel.startsWith('..') || rel === '' ? path : rel).split(sep).join('/');
  }
}

interface Watched {
  readonly files: string[];
  readonly dirs: string[];
}
