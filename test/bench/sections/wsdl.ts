/**
 * Section 8: from a WSDL to a type-checked SDK at scale (issue 17, item 11). e-conomic's WSDL (1,511 operations,
 * 3.1 MB, test/fixtures/wsdl/economic) once: import, generation from the draft, where generation's CPU time goes,
 * and a strict consumer's type check of the output; the two largest WSDLs of the corpus (VirtualBox, Exchange) the same
 * way, without the profile, to show they stay within e-conomic's envelope. Then synthetic ASMX WSDLs of N, 2N and 4N operations
 * (test/bench/synthetic-wsdl.ts), to show how import and generation grow: the ratio of each size's time to the
 * previous one's (2 when linear). Each run in a fresh child process (test/bench/children/wsdl-child.ts).
 */
import { fileURLToPath } from 'node:url';
import { runChild } from '../child-runner.js';
import type { WsdlFigures } from '../children/wsdl-child.js';
import { paragraph, table } from '../markdown.js';
import { fmt } from '../stats.js';

const CHILD = fileURLToPath(new URL('../children/wsdl-child.ts', import.meta.url));
export const SYNTHETIC_WSDL_SIZES = [250, 500, 1000] as const;
const TIME_LIMIT_MS = 300_000;

export interface WsdlRun {
  readonly label: string;
  readonly figures?: WsdlFigures;
  readonly error?: string;
  /** This size's import and generation CPU time over the previous size's (synthetic sizes after the first). */
  readonly importRatio?: number;
  readonly generateRatio?: number;
}

export async function runWsdl(deadline: number, log: (line: string) => void): Promise<WsdlRun[]> {
  const runs: WsdlRun[] = [];
  const jobs = [
    { label: "e-conomic's WSDL", args: ['economic', '--profile', '--typecheck'] },
    // The largest real WSDLs of the corpus beside it (issue 25): gSOAP's 1,158 operations in one 2.3 MB document, and
    // Exchange's three documents (1 MB, 505-value enums, choices, inline header types).
    { label: "VirtualBox's WSDL", args: ['fixture', 'test/fixtures/wsdl/virtualbox-web/vboxweb.wsdl'] },
    { label: "Exchange's WSDL", args: ['fixture', 'test/fixtures/wsdl/exchange-ews/services.wsdl'] },
    ...SYNTHETIC_WSDL_SIZES.map((n) => ({
      label: `synthetic, ${n.toLocaleString('en-US')} operations`,
      args: ['synthetic', String(n)],
    })),
  ];
  let previous: WsdlFigures | undefined;
  for (const job of jobs) {
    const left = deadline - performance.now();
    if (left < 30_000) {
      runs.push({ label: job.label, error: 'not run: the bench time budget was spent' });
      previous = undefined;
      continue;
    }
    const outcome = await runChild<WsdlFigures>(CHILD, job.args, Math.min(TIME_LIMIT_MS, left));
    if (!outcome.ok) {
      log(`  ${job.label}: ${outcome.error}`);
      runs.push({ label: job.label, error: outcome.error });
      previous = undefined;
      continue;
    }
    const f = outcome.result;
    const synthetic = job.args[0] === 'synthetic';
    const ratios =
      synthetic && previous
        ? { importRatio: f.importCpuMs / previous.importCpuMs, generateRatio: f.generateCpuMs / previous.generateCpuMs }
        : {};
    log(
      `  ${job.label}: import ${fmt(f.importMs)} ms (CPU ${fmt(f.importCpuMs)}), generate ${fmt(f.generateMs)} ms (CPU ${fmt(f.generateCpuMs)})${f.typecheck ? `, type check ${fmt(f.typecheck.ms)} ms (${f.typecheck.diagnostics.length} diagnostics)` : ''}`,
    );
    runs.push({ label: job.label, figures: f, ...ratios });
    previous = synthetic ? f : undefined;
  }
  return runs;
}

export function wsdlMarkdown(runs: readonly WsdlRun[]): string {
  const rows = runs.map((r) => {
    const f = r.figures;
    if (!f) return [r.label, '–', '–', '–', '–', '–', '–', '', '', r.error ?? ''];
    return [
      r.label,
      f.operations.toLocaleString('en-US'),
      `${fmt(f.wsdlBytes / 1e6)} MB`,
      `${fmt(f.importMs)} ms`,
      `${fmt(f.importCpuMs)} ms`,
      `${fmt(f.generateMs)} ms`,
      `${fmt(f.generateCpuMs)} ms`,
      r.importRatio !== undefined ? `${fmt(r.importRatio)}×` : '',
      r.generateRatio !== undefined ? `${fmt(r.generateRatio)}×` : '',
      `${f.problems} problems, ${f.warnings} warnings; ${fmt(f.files)} files, ${fmt(f.outputBytes / 1e6)} MB; peak RSS ${fmt(f.peakRssMb)} MB`,
    ];
  });
  const economic = runs.find((r) => r.figures?.profile)?.figures;
  const parts = [
    paragraph(
      'Wall and CPU time of `importWsdl()` and of `generate()` from the draft it writes (loading the spec, emitting, ',
      "formatting, writing), one run each in a fresh process; CPU time is the process's (all threads, GC included), ",
      'which other processes on a busy machine move less than wall time. The synthetic WSDLs (test/bench/synthetic-wsdl.ts) ',
      "are shaped like e-conomic's: entities of eight operations with handle and data records, lists, an enum, a SOAP ",
      'header, four bindings. "×": the CPU time over the previous size\'s, for twice the operations (2× when linear).',
    ),
    '',
    table(
      [
        'WSDL',
        'operations',
        'size',
        'import',
        'import, CPU',
        'generate',
        'generate, CPU',
        'import ×',
        'generate ×',
        'notes',
      ],
      rows,
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
  ];
  if (economic?.typecheck) {
    const t = economic.typecheck;
    parts.push(
      '',
      paragraph(
        `Type check of the SDK generated from e-conomic's WSDL (${t.files} TypeScript files, strict consumer settings, `,
        `test/helpers/typecheck.ts): ${fmt(t.ms)} ms, ${t.diagnostics.length === 0 ? 'no diagnostics' : `${t.diagnostics.length} diagnostics: ${t.diagnostics.join('; ')}`}.`,
      ),
    );
  }
  if (economic?.profile) {
    parts.push(
      '',
      paragraph(
        "Where generate()'s CPU time goes for e-conomic's WSDL (V8 CPU profile, self time by package; a native frame counts for its caller):",
      ),
      '',
      table(
        ['part', 'ms', 'share'],
        economic.profile.filter((p) => p.share >= 0.005).map((p) => [p.part, fmt(p.ms), `${fmt(p.share * 100)} %`]),
        ['l', 'r', 'r'],
      ),
    );
  }
  return parts.join('\n');
}
