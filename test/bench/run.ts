/**
 * `npm run bench`: every benchmark in one run, under a time budget, writing test/bench/results/bench.json (all
 * figures) and test/bench/results/BENCH.md (the summary). Benchmarks report; they never assert a target, and a
 * section that fails is reported as failed while the others still run.
 *
 * `--only responses,large,loopback,reader,mock,generation,payfile,wsdl,cli` runs some sections and only prints (nothing
 * is written); with `--write` as well, their figures replace those sections' in bench.json and BENCH.md, each marked
 * with the date and load of its own run, the others (and the header and summary, which belong to the last full run)
 * left as they are.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { headlineMarkdown, type HeadlineInput } from './headline.js';
import { describeMachine, type Machine } from './machine.js';
import { paragraph, table } from './markdown.js';
import { RESULTS_DIR } from './paths.js';
import { cliMarkdown, runCli } from './sections/cli.js';
import { generationMarkdown, runGeneration } from './sections/generation.js';
import { largeResponseMarkdown, runLargeResponse } from './sections/large-response.js';
import { loopbackMarkdown, runLoopback } from './sections/loopback.js';
import { mockMarkdown, runMock } from './sections/mock.js';
import { paymentFileMarkdown, runPaymentFile } from './sections/payment-file.js';
import { runWsdl, wsdlMarkdown } from './sections/wsdl.js';
import { responsesMarkdown, runResponses } from './sections/responses.js';
import { fmt, fmtSummary, rounded } from './stats.js';
import { BASELINE_COMMIT } from './reader-baseline.js';
import { describeComparison, fmtChange, runXmlReaderComparison, type XmlReaderFigures } from './xml-reader.bench.js';

/** The whole run must end within 10 minutes; generation (the only open-ended part) stops starting work here. */
const BUDGET_MS = 540_000;

interface Section<T> {
  readonly key: string;
  readonly title: string;
  readonly run: (deadline: number, log: (line: string) => void) => Promise<T>;
  readonly markdown: (result: T) => string;
}

const section = <T>(s: Section<T>): Section<unknown> => s as Section<unknown>;

const SECTIONS: ReadonlyArray<Section<unknown>> = [
  section({
    key: 'responses',
    title: '1. Responses side by side (SOAP 1.1, in process)',
    run: (_deadline, log) => runResponses(log),
    markdown: responsesMarkdown,
  }),
  section({
    key: 'large',
    title: '2. 100,000 lines, a fresh process per run',
    run: (deadline, log) => runLargeResponse(deadline, log),
    markdown: largeResponseMarkdown,
  }),
  section({
    key: 'loopback',
    title: '3. Over loopback HTTP',
    run: (_deadline, log) => runLoopback(log),
    markdown: loopbackMarkdown,
  }),
  section({
    key: 'reader',
    title: '4. XmlReader alone (templates/runtime)',
    run: async (_deadline, log) => {
      const f = await runXmlReaderComparison();
      log(`  ${describeComparison(f.walk)}`);
      log(`  ${describeComparison(f.decoder)}`);
      return f;
    },
    markdown: (f: XmlReaderFigures) =>
      [
        paragraph(
          `The current reader side by side with the one from before issue 16, item 5 (well-formedness checked in full; `,
          `taken from git history, commit ${BASELINE_COMMIT}), in ${f.walk.rounds} alternating rounds in one process. "walk": a full walk of `,
          `a ${fmt(f.walk.bytes / 1e6)} MB pretty-printed GetBalances-shaped response (${f.records.toLocaleString('en-US')} records, `,
          `${f.leaves.toLocaleString('en-US')} leaves), reading every leaf's text and no objects built: the reader's own `,
          `ceiling. "decoder": the generated decoder of a compact ProcessPaymentsAsyncResult response, as the client runs it. `,
          'Median (min–max) per round.',
        ),
        '',
        table(
          ['work', 'MB/s now', 'MB/s before item 5', 'change (medians)'],
          [f.walk, f.decoder].map((c) => [
            `${c.label} (${fmt(c.bytes / 1e6)} MB)`,
            fmtSummary(c.now.mbPerSecond),
            fmtSummary(c.before.mbPerSecond),
            fmtChange(c.change),
          ]),
          ['l', 'r', 'r', 'r'],
        ),
      ].join('\n'),
  }),
  section({
    key: 'mock',
    title: '5. The mock under load (autocannon, loopback)',
    run: (_deadline, log) => runMock(log),
    markdown: mockMarkdown,
  }),
  section({
    key: 'generation',
    title: '6. Generation',
    run: (deadline, log) => runGeneration(deadline, log),
    markdown: generationMarkdown,
  }),
  section({
    key: 'payfile',
    title: '7. A large payment file on the mock (the simulator checks it in slices)',
    run: (_deadline, log) => runPaymentFile(log),
    markdown: paymentFileMarkdown,
  }),
  section({
    key: 'wsdl',
    title: '8. From a WSDL at scale: import, generation, type check',
    run: (deadline, log) => runWsdl(deadline, log),
    markdown: wsdlMarkdown,
  }),
  section({
    key: 'cli',
    title: '9. The svc-codegen command, packed and installed',
    run: (_deadline, log) => runCli(log),
    markdown: cliMarkdown,
  }),
];

const CONTENDERS_HEADING = '## How the contenders are set up';

/**
 * Puts the figures of the sections just run into the results of the last full run: each replaces its section in
 * bench.json and its `## title` block in BENCH.md (a new section goes before the notes on the contenders).
 */
function mergeSections(results: Record<string, unknown>, parts: ReadonlyMap<string, string>, machine: Machine): void {
  const jsonPath = join(RESULTS_DIR, 'bench.json');
  const mdPath = join(RESULTS_DIR, 'BENCH.md');
  if (!existsSync(jsonPath) || !existsSync(mdPath))
    throw new Error('--write with --only needs the results of a full run to merge into');
  const json = JSON.parse(readFileSync(jsonPath, 'utf8')) as { sections: Record<string, unknown> };
  let markdown = readFileSync(mdPath, 'utf8');
  for (const s of SECTIONS) {
    const part = parts.get(s.key);
    if (part === undefined) continue;
    json.sections[s.key] = rounded({ ...(results[s.key] as object), machine });
    const block = `${part}\n\n_Run on its own (\`npm run bench -- --only ${s.key} --write\`), ${machine.date}, load average ${machine.loadAverage1m} at its start._`;
    const start = markdown.indexOf(`## ${s.title}\n`);
    if (start !== -1) {
      const next = markdown.indexOf('\n## ', start + 1);
      markdown = `${markdown.slice(0, start)}${block}\n${next === -1 ? '' : markdown.slice(next)}`;
    } else {
      const at = markdown.indexOf(CONTENDERS_HEADING);
      markdown = at === -1 ? `${markdown}\n${block}\n` : `${markdown.slice(0, at)}${block}\n\n${markdown.slice(at)}`;
    }
  }
  writeFileSync(jsonPath, `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(mdPath, markdown);
  console.log(`merged ${[...parts.keys()].join(', ')} into ${jsonPath} and BENCH.md`);
}

/** How the contenders are set up, so that a reader can judge the comparison. */
const CONTENDER_NOTES = [
  '## How the contenders are set up',
  '',
  '- **ours, whole call**: `new PayerClient({ baseUrl, payerName, apiKey, fetch, throwOnServiceError: false })` from',
  '  `generated/client/`, with an in-process `fetch` that streams the same bytes in 64 KiB chunks: signing,',
  '  envelope, body read and charset decoding, decoding and checks all run; only the network is gone.',
  '  `throwOnServiceError: false` because the TestPaymentFile response carries ValidationError, which would',
  '  otherwise be thrown (an error path the others do not take).',
  '- **ours, decoder alone**: `XmlReader` + `openSoapResult` + the generated `read<Result>` on the response text.',
  '- **node-soap, whole call**: `soap.createClientAsync` from `generated/wsdl/PayerFunctions.wsdl` (the generated',
  "  WSDL 1.1, document/literal wrapped, SOAP 1.1 port), promise methods renamed with `overridePromiseSuffix: 'Promise'`",
  '  (the default `Async` suffix clashes with the `*Async` operations). Its own `HttpClient` runs (request building,',
  '  the envelope regex over the body); only the axios instance under it is replaced by one that answers with the',
  '  same bytes decoded as UTF-8. The call computes the same HMAC key ours does. Over loopback it uses its real',
  '  HTTP layer (axios over node:http).',
  '- **fast-xml-parser**: `new XMLParser(options).parse(text)`, default options, and SOAP-safe ones',
  '  (`parseTagValue: false, trimValues: false, ignoreAttributes: false`): a generic tree, no types, no envelope checks.',
  '',
  "Each contender is checked, before it is timed, to return every item of the response's list, and the whole-call",
  'stubs check that node-soap and ours sent the same URL, SOAPAction and operation element.',
].join('\n');

function header(machine: Machine, totalSeconds: number): string {
  return [
    '# Benchmarks',
    '',
    paragraph(
      'Written by `npm run bench` (test/bench/run.ts); all figures are in `bench.json` next to this file. A figure is a ',
      'median with its spread (min–max) over rounds or runs. The machine is shared: the load average shows how busy it ',
      'was when the run began.',
    ),
    '',
    table(
      ['machine', 'value'],
      [
        ['CPU', machine.cpu],
        ['cores', `${machine.cores} (available parallelism ${machine.availableParallelism})`],
        ['memory', `${machine.memoryGiB} GiB`],
        ['OS', machine.os],
        ['load average (1 min) at start', String(machine.loadAverage1m)],
        ['Node', machine.node],
        ['date', machine.date],
        ['whole run', `${fmt(totalSeconds)} s`],
      ],
    ),
  ].join('\n');
}

/** The sections' results that finished, for the headline table. */
function headlineInput(results: Record<string, unknown>): HeadlineInput {
  const get = (key: string): unknown => (results[key] as { result?: unknown } | undefined)?.result;
  return {
    responses: get('responses') as HeadlineInput['responses'],
    large: get('large') as HeadlineInput['large'],
    loopback: get('loopback') as HeadlineInput['loopback'],
    mock: get('mock') as HeadlineInput['mock'],
    generation: get('generation') as HeadlineInput['generation'],
  };
}

async function main(): Promise<void> {
  const onlyArg = process.argv.find((a) => a.startsWith('--only'));
  const onlyValue = onlyArg?.includes('=')
    ? onlyArg.split('=')[1]
    : onlyArg
      ? process.argv[process.argv.indexOf(onlyArg) + 1]
      : undefined;
  const only = onlyValue?.split(',');
  const started = performance.now();
  const deadline = started + BUDGET_MS;
  const machine = describeMachine();
  console.log(
    `bench: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, load ${machine.loadAverage1m}`,
  );

  const results: Record<string, unknown> = {};
  const parts: string[] = [];
  const partsByKey = new Map<string, string>();
  for (const s of SECTIONS) {
    if (only && !only.includes(s.key)) continue;
    const t = performance.now();
    console.log(`${s.title}`);
    try {
      const result = await s.run(deadline, (line) => console.log(line));
      results[s.key] = { seconds: (performance.now() - t) / 1000, result };
      parts.push(`## ${s.title}\n\n${s.markdown(result)}`);
      partsByKey.set(s.key, parts[parts.length - 1]!);
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      results[s.key] = { seconds: (performance.now() - t) / 1000, error: message };
      parts.push(`## ${s.title}\n\nThis section failed: ${message}`);
      partsByKey.set(s.key, parts[parts.length - 1]!);
    }
    console.log(`  (${fmt((performance.now() - t) / 1000)} s)`);
  }
  const totalSeconds = (performance.now() - started) / 1000;
  const headline = headlineMarkdown(headlineInput(results));
  const markdown = `${header(machine, totalSeconds)}\n\n## Summary\n\n${headline}\n\n${parts.join('\n\n')}\n\n${CONTENDER_NOTES}\n`;
  if (only) {
    console.log(`\n${markdown}`);
    if (process.argv.includes('--write')) mergeSections(results, partsByKey, machine);
  } else {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const json = { machine, totalSeconds, budgetSeconds: BUDGET_MS / 1000, sections: results };
    writeFileSync(join(RESULTS_DIR, 'bench.json'), `${JSON.stringify(rounded(json), null, 2)}\n`);
    writeFileSync(join(RESULTS_DIR, 'BENCH.md'), markdown);
    console.log(`wrote ${join(RESULTS_DIR, 'bench.json')} and BENCH.md`);
  }
  console.log(`whole run: ${fmt(totalSeconds)} s`);
}

await main();
// Keep-alive sockets of the HTTP clients must not hold the process open once everything is written.
process.exit(0);
