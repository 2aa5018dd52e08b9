/**
 * Micro-benchmark of XmlReader: a full walk of a ~2.7 MB synthetic SOAP response (thousands of 5-field records),
 * reading the text of every leaf, as a generated decoder does, without building objects. Part of `npm run bench`
 * (test/bench/run.ts); alone: `npx tsx test/bench/xml-reader.bench.ts`.
 */
import { pathToFileURL } from 'node:url';
import { openSoapResult } from '../../templates/runtime/soap.js';
import { decodeDouble } from '../../templates/runtime/values.js';
import { XmlReader } from '../../templates/runtime/xml-reader.js';
import { fmtSummary, mapSummary, summarize, type Summary } from './stats.js';

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
    const currency = n % 50 === 0 ? '<Currency xsi:nil="true" />' : `<Currency>${n % 3 === 0 ? 'EUR' : 'USD'}</Currency>`;
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
function walk(xml: string): number {
  const r = new XmlReader(xml);
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

export interface XmlReaderWalkFigures {
  readonly bytes: number;
  readonly records: number;
  readonly leaves: number;
  readonly walks: number;
  readonly msPerWalk: Summary;
  readonly mbPerSecond: Summary;
}

/** Builds the document, warms up, and times `walks` full walks. */
export function runXmlReaderWalk(walks = 50): XmlReaderWalkFigures {
  const { xml, records } = buildResponse();
  const bytes = Buffer.byteLength(xml, 'utf8');
  const leaves = walk(xml);
  for (let i = 0; i < 20; i++) walk(xml);
  const runs: number[] = [];
  for (let i = 0; i < walks; i++) {
    const t0 = process.hrtime.bigint();
    walk(xml);
    runs.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const msPerWalk = summarize(runs);
  return { bytes, records, leaves, walks, msPerWalk, mbPerSecond: mapSummary(msPerWalk, (ms) => bytes / 1e6 / (ms / 1000)) };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const f = runXmlReaderWalk();
  console.log(`document: ${(f.bytes / 1e6).toFixed(2)} MB, ${f.records} records, ${f.leaves} leaves`);
  console.log(`median ${fmtSummary(f.msPerWalk, ' ms')} = ${fmtSummary(f.mbPerSecond, ' MB/s')}`);
}
