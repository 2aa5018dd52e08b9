/**
 * Micro-benchmark of XmlReader, the current one side by side with the one from before issue 16, item 5 (taken from
 * git history by reader-baseline.ts), in alternating rounds in one process: the machine is shared, and figures from separate runs differ by
 * far more than the few percent this is meant to show.
 *
 * - walk: a full walk of a ~2.7 MB pretty-printed SOAP response (thousands of 5-field records), reading the text of
 *   every leaf, as a generated decoder does, without building objects;
 * - decoder: the generated decoder of ProcessPaymentsAsyncResult over a compact 10,000-line response (2.8 MB), as the
 *   client runs it once the body is in.
 *
 * Part of `npm run bench` (test/bench/run.ts, section "reader"); alone: `npx tsx --expose-gc test/bench/xml-reader.bench.ts`.
 */
import { pathToFileURL } from 'node:url';
import { readExpandedProcessPaymentResult } from '../../generated/client/codec.js';
import { openSoapResult as openGeneratedSoapResult } from '../../generated/runtime/codec/soap.js';
import { XmlReader as GeneratedXmlReader } from '../../generated/runtime/codec/xml-reader.js';
import { openSoapResult } from '../../templates/runtime/codec/soap.js';
import { decodeDouble } from '../../templates/runtime/codec/values.js';
import { XmlReader } from '../../templates/runtime/codec/xml-reader.js';
import { timeInRounds, type TimedResult } from './alternating-rounds.js';
import { loadBaselineReader } from './reader-baseline.js';
import { processPaymentsResultResponse, NS as SERVICE_NS } from './responses.js';
import { fmt, fmtSummary, mapSummary, type Summary } from './stats.js';

const NS = 'http://svc.example/';
const TARGET_BYTES = 2.7e6;

/** A pretty-printed SOAP 1.1 response like ASMX sends, with a few entities and nil values among the records. */
function buildResponse(): { xml: string; records: number } {
  const head =
    '<?xml version="1.0" encoding="utf-8"?>\r\n' +
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">\r\n' +
    '  <soap:Body>\r\n' +
    `    <GetBalancesResponse xmlns="${NS}">\r\n` +
    '      <GetBalancesResult>\r\n' +
    '        <errorMessage>OK</errorMessage>\r\n' +
    '        <errorCode>0</errorCode>\r\n' +
    '        <AccountInfos>\r\n';
  const tail =
    '        </AccountInfos>\r\n' +
    '      </GetBalancesResult>\r\n' +
    '    </GetBalancesResponse>\r\n' +
    '  </soap:Body>\r\n' +
    '</soap:Envelope>\r\n';
  const parts: string[] = [head];
  let size = head.length + tail.length;
  let n = 0;
  while (size < TARGET_BYTES) {
    const name = n % 10 === 0 ? 'Smith &amp; Sons Ltd' : `Account holder ${n}`;
    const currency =
      n % 50 === 0 ? '<Currency xsi:nil="true" />' : `<Currency>${n % 3 === 0 ? 'EUR' : 'USD'}</Currency>`;
    const record =
      '          <SvcAccountInfo>\r\n' +
      `            <Provider>${n % 2 === 0 ? 'Payer' : 'None'}</Provider>\r\n` +
      `            <AccountIdentifier>ACC-${String(n).padStart(8, '0')}</AccountIdentifier>\r\n` +
      `            <Balance>${(n * 13.37).toFixed(2)}</Balance>\r\n` +
      `            ${currency}\r\n` +
      `            <DisplayName>${name}</DisplayName>\r\n` +
      '          </SvcAccountInfo>\r\n';
    parts.push(record);
    size += record.length;
    n++;
  }
  parts.push(tail);
  return { xml: parts.join(''), records: n };
}

/** Reads the name through a call, so the compiler does not carry an earlier comparison's narrowing over. */
function nameOf(r: XmlReader): string {
  return r.localName;
}

/** Walks the whole result: every record, every leaf read as text; Balance also decoded as a double. */
function walk(r: XmlReader): number {
  openSoapResult(r, '1.1', NS, 'GetBalances', 'GetBalancesResult');
  let leaves = 0;
  let total = 0;
  while (r.nextChild()) {
    if (r.localName !== 'AccountInfos') {
      r.readText();
      leaves++;
      continue;
    }
    while (r.nextChild()) {
      while (r.nextChild()) {
        if (r.isNil) {
          r.skip();
        } else if (nameOf(r) === 'Balance') {
          total += decodeDouble(r.readText(), 'Balance');
        } else {
          r.readText();
        }
        leaves++;
      }
    }
  }
  return leaves + (total > 0 ? 0 : 1);
}

/** One comparison: the same work with the current reader and with the one from before item 5. */
export interface ReaderComparison {
  readonly label: string;
  readonly bytes: number;
  readonly rounds: number;
  readonly now: { readonly msPerCall: Summary; readonly mbPerSecond: Summary };
  readonly before: { readonly msPerCall: Summary; readonly mbPerSecond: Summary };
  /** Median throughput now over before, minus 1: -0.03 is 3 % slower. */
  readonly change: number;
}

export interface XmlReaderFigures {
  readonly records: number;
  readonly leaves: number;
  readonly walk: ReaderComparison;
  readonly decoder: ReaderComparison;
}

const ROUNDS = 15;

/** The client's decoding once the body is in, with either reader: envelope, generated decoder, list length. */
function decodeLines(r: XmlReader): number {
  const g = r as unknown as GeneratedXmlReader;
  g.memberNamespace = SERVICE_NS;
  g.readRoot();
  openGeneratedSoapResult(g, '1.1', SERVICE_NS, 'ProcessPaymentsAsyncResult', 'ProcessPaymentsAsyncResultResult');
  return readExpandedProcessPaymentResult(g).linesResults?.length ?? -1;
}

async function compare(
  Before: new (xml: string) => XmlReader,
  label: string,
  xml: string,
  expected: number,
  work: (r: XmlReader) => number,
): Promise<ReaderComparison> {
  const bytes = Buffer.byteLength(xml, 'utf8');
  const timed = await timeInRounds(
    [
      { key: 'now', run: () => work(new XmlReader(xml)) },
      { key: 'before', run: () => work(new Before(xml)) },
    ],
    { rounds: ROUNDS, roundMs: 200, maxBatch: 1000, warmupMs: 400, expected },
  );
  const figures = (key: string): { msPerCall: Summary; mbPerSecond: Summary } => {
    const t = timed.get(key) as TimedResult;
    if (!t.ok) throw new Error(`${label}, reader ${key}: ${t.error}`);
    return { msPerCall: t.msPerCall, mbPerSecond: mapSummary(t.msPerCall, (ms) => bytes / 1e6 / (ms / 1000)) };
  };
  const now = figures('now');
  const before = figures('before');
  return { label, bytes, rounds: ROUNDS, now, before, change: now.mbPerSecond.median / before.mbPerSecond.median - 1 };
}

/** Builds the documents and times both comparisons. */
export async function runXmlReaderComparison(): Promise<XmlReaderFigures> {
  const Before = await loadBaselineReader();
  if (typeof Before === 'string') throw new Error(Before);
  const { xml, records } = buildResponse();
  const leaves = walk(new XmlReader(xml));
  const lines = processPaymentsResultResponse(10_000);
  const walkFigures = await compare(Before, 'walk of a pretty-printed GetBalances response', xml, leaves, walk);
  const decoder = await compare(
    Before,
    'generated decoder, ProcessPaymentsAsyncResult, 10,000 lines',
    lines.xml,
    10_000,
    decodeLines,
  );
  return { records, leaves, walk: walkFigures, decoder };
}

export function fmtChange(change: number): string {
  return `${change >= 0 ? '+' : '−'}${fmt(Math.abs(change) * 100)} %`;
}

/** One line per comparison, for the console. */
export function describeComparison(c: ReaderComparison): string {
  return `${c.label} (${fmt(c.bytes / 1e6)} MB): now ${fmtSummary(c.now.mbPerSecond, ' MB/s')}, before item 5 ${fmtSummary(c.before.mbPerSecond, ' MB/s')}, change ${fmtChange(c.change)}`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const f = await runXmlReaderComparison();
  console.log(`walk document: ${f.records} records, ${f.leaves} leaves`);
  console.log(describeComparison(f.walk));
  console.log(describeComparison(f.decoder));
}
