/**
 * Takes every real WSDL of the fixtures through what a user runs and prints one line per WSDL:
 *
 *   npx tsx test/import/support/corpus-survey.ts [--json=records.json] [dirs...]
 *
 * (default dirs: every folder of test/fixtures/wsdl and test/fixtures/wsdl-rpc). For each WSDL of a folder (a top-level
 * document whose root is `wsdl:definitions` and that has a `wsdl:service`; a folder may hold several, e.g. a published
 * `?wsdl` and a copy with local schema locations) it runs, in process: `import-wsdl` (`runImportWsdl`), `generate
 * --wsdl` into a temp dir (`runGenerate`), and the type check of that output (`typecheckDir`, a strict consumer's
 * settings). A line says whether each step worked (or its first error, shortened), how many constructs the import
 * reported as left out (the problems it prints on stderr), and whether the WSDL binds RPC style or encoded use.
 *
 * A folder with a `manifest.yml` (the format of the rubiii/wsdl fixtures: `entry_url:` and `mappings:` from each URL a
 * WCF service published to the file holding it) is surveyed as a user importing from the live service would run it:
 * its entry URL is given to the commands, and `fetch` answers the mapped URLs from the files. Nothing else reaches the
 * network: every other fetch fails.
 *
 * A survey, not a test: it asserts nothing and exits 0 whatever it finds. `--json=FILE` also writes the full record of
 * every WSDL there (all problems and errors), for sorting the failures by cause.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { runGenerate } from '../../../generator/commands/generate.js';
import { runImportWsdl } from '../../../generator/commands/import-wsdl.js';
import { fromRoot, repoRoot } from '../../helpers/paths.js';
import { typecheckDir } from '../../helpers/typecheck.js';
import { published, type Published } from './manifest.js';

/** What happened to one WSDL. */
interface SurveyRecord {
  /** The WSDL, relative to the repository root. */
  readonly wsdl: string;
  readonly rpc: boolean;
  /** undefined when the step worked; else its first error line. */
  readonly importError?: string;
  /** The problem lines import-wsdl printed (constructs left out), in its order. */
  readonly problems: readonly string[];
  readonly generateError?: string;
  /** What generate printed on stderr when it failed, whole (the line shows only its start). */
  readonly generateStderr?: string;
  /** The decisions generate says are left to the user (its "Warning: N decisions left to you", the draft's TODO(import) marks). */
  readonly warnings: number;
  readonly typecheckErrors: readonly string[];
  readonly typecheckSkipped: boolean;
  readonly seconds: number;
}

const DEFAULT_ROOTS = ['test/fixtures/wsdl', 'test/fixtures/wsdl-rpc'];
/** A problem line as formatProblem writes it: file:line:column: construct: message. */
const PROBLEM_LINE = /^.+:\d+:\d+: /;
const SHORT = 110;

function shorten(text: string): string {
  // The first two non-empty lines: a heading such as "Invalid spec (1 problem):" says little without the next.
  const lines = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, 2);
  const flat = lines.join(' ').replace(/\s+/g, ' ').trim();
  return flat.length > SHORT ? `${flat.slice(0, SHORT - 1)}…` : flat;
}

/** The folders to survey: the arguments, or every folder under the default roots. */
function folders(args: readonly string[]): string[] {
  if (args.length > 0) return args.map((a) => relative(repoRoot, resolve(process.cwd(), a)).split('\\').join('/'));
  return DEFAULT_ROOTS.flatMap((root) =>
    readdirSync(fromRoot(root))
      .filter((name) => statSync(fromRoot(root, name)).isDirectory())
      .sort()
      .map((name) => `${root}/${name}`),
  );
}

/** `fetch` for the survey: the published files of `set` by URL, and no network. */
function offlineFetch(set: Published | undefined): typeof fetch {
  return async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input)).href;
    const file = set?.files.get(url);
    if (file === undefined)
      throw new TypeError(`fetch failed: ${url} is not in the folder's manifest (the survey has no network)`);
    return new Response(readFileSync(file), { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } });
  };
}

/** The documents of a folder a user would name: WSDL roots with a service. */
function entries(folder: string): string[] {
  const set = published(folder);
  if (set !== undefined) return [set.entry];
  return readdirSync(fromRoot(folder))
    .filter((name) => !/\.(md|ya?ml|json)$/i.test(name) && statSync(fromRoot(folder, name)).isFile())
    .sort()
    .filter((name) => {
      const text = readFileSync(fromRoot(folder, name), 'utf8');
      const root = /<(?:[\w.-]+:)?definitions[\s>]/.exec(text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''));
      return root !== null && /<(?:[\w.-]+:)?service[\s>]/.test(text);
    })
    .map((name) => `${folder}/${name}`);
}

function isRpc(text: string): boolean {
  return /style\s*=\s*["']rpc["']/.test(text) || /use\s*=\s*["']encoded["']/.test(text);
}

async function survey(folder: string, wsdl: string): Promise<SurveyRecord> {
  const started = performance.now();
  const set = published(folder);
  // A WCF set binds in a document the entry imports (`?wsdl=wsdl0`), so all of its documents are looked at.
  const rpc = (set === undefined ? [fromRoot(wsdl)] : [...set.files.values()]).some((file) =>
    isRpc(readFileSync(file, 'utf8')),
  );
  globalThis.fetch = offlineFetch(set);
  const record = (rest: Omit<SurveyRecord, 'wsdl' | 'rpc' | 'seconds'>): SurveyRecord => ({
    wsdl: set === undefined ? wsdl : `${folder} (${wsdl})`,
    rpc,
    ...rest,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  });
  let problems: string[] = [];
  let importError: string | undefined;
  try {
    const run = await runImportWsdl({ file: wsdl, cwd: repoRoot });
    problems = run.stderr.split('\n').filter((l) => PROBLEM_LINE.test(l));
    if (run.exitCode !== 0) importError = shorten(run.stderr);
  } catch (error) {
    importError = `crash: ${shorten(String((error as Error).stack ?? error))}`;
  }
  // Inside the repository (test/.tmp, gitignored), so that the output's imports (msw, node types) resolve.
  mkdirSync(fromRoot('test/.tmp'), { recursive: true });
  const out = mkdtempSync(fromRoot('test/.tmp/corpus-survey-'));
  try {
    let generateError: string | undefined;
    let generateStderr: string | undefined;
    let warnings = 0;
    try {
      const run = await runGenerate({ wsdl, out, cwd: repoRoot });
      warnings = Number(/^Warning: (\d+) decision/m.exec(run.stderr)?.[1] ?? 0);
      if (run.exitCode !== 0) {
        generateError = shorten(run.stderr);
        generateStderr = run.stderr;
      }
    } catch (error) {
      generateError = `crash: ${shorten(String((error as Error).stack ?? error))}`;
    }
    if (generateError !== undefined)
      return record({
        importError,
        problems,
        generateError,
        generateStderr,
        warnings,
        typecheckErrors: [],
        typecheckSkipped: true,
      });
    const checked = typecheckDir(out);
    return record({ importError, problems, warnings, typecheckErrors: checked.diagnostics, typecheckSkipped: false });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function line(r: SurveyRecord): string {
  const imports = r.importError === undefined ? 'yes' : r.importError;
  const generates = r.generateError === undefined ? 'yes' : r.generateError;
  const typeChecks = r.typecheckSkipped
    ? '-'
    : r.typecheckErrors.length === 0
      ? 'yes'
      : `${r.typecheckErrors.length} errors, first: ${shorten(r.typecheckErrors[0]!.replace(/^.*?(?=error TS)/, ''))}`;
  return `${r.wsdl} | imports: ${imports} | left out: ${r.problems.length} | generates: ${generates} | type-checks: ${typeChecks} | RPC: ${r.rpc ? 'yes' : 'no'} | ${r.seconds}s`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.find((a) => a.startsWith('--json='))?.slice('--json='.length);
  const wsdls = folders(args.filter((a) => !a.startsWith('--json='))).flatMap((folder) =>
    entries(folder).map((wsdl) => ({ folder, wsdl })),
  );
  const records: SurveyRecord[] = [];
  for (const { folder, wsdl } of wsdls) {
    const r = await survey(folder, wsdl);
    records.push(r);
    console.log(line(r));
  }
  if (json !== undefined) writeFileSync(resolve(process.cwd(), json), `${JSON.stringify(records, null, 2)}\n`);
  const ok = (r: SurveyRecord) =>
    r.importError === undefined &&
    r.generateError === undefined &&
    !r.typecheckSkipped &&
    r.typecheckErrors.length === 0;
  const doc = records.filter((r) => !r.rpc);
  console.log(
    `\n${records.length} WSDLs: ${records.filter(ok).length} import, generate and type-check; of the ${doc.length} not RPC: ${doc.filter(ok).length}; ` +
      `${records.filter((r) => r.rpc).length} RPC.`,
  );
}

await main();
