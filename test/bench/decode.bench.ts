/**
 * Decoding throughput of the generated client on a large ProcessPaymentsAsyncResult (about 2.7 MB), through the
 * same path a call takes after the HTTP body arrives: reader, SOAP envelope, generated decoder.
 * Run with `npm run bench`; figures go to test/bench/results/decode.json. Targets live here, not in tests.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readExpandedProcessPaymentResult } from '../../generated/client/codec.js';
import { openSoapResult } from '../../generated/runtime/soap.js';
import { XmlReader } from '../../generated/runtime/xml-reader.js';

const NS = 'http://svc.example/';

export function bigResponse(targetBytes: number): string {
  const line = (i: number) =>
    `<ExpandedLineResult><status>${i % 17 === 0 ? 'Error' : 'OK'}</status><paymentOrderStatus>Scheduled</paymentOrderStatus>` +
    `<message>${i % 17 === 0 ? 'Payee account closed &amp; returned' : ''}</message><refCode>PO-2026-${String(i).padStart(8, '0')}</refCode>` +
    `<lineErrorOrWarningType>${i % 5}</lineErrorOrWarningType></ExpandedLineResult>`;
  const head =
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>' +
    `<ProcessPaymentsAsyncResultResponse xmlns="${NS}"><ProcessPaymentsAsyncResultResult><errorMessage>OK</errorMessage><errorCode>0</errorCode><linesResults>`;
  const summary =
    '</linesResults><summary><SvcProcessPaymentsSummary><accountType>1</accountType><accountCurrency>USD</accountCurrency>' +
    '<fundsRequired>125000.5</fundsRequired><outstandingAmount>0</outstandingAmount><svcSummaryAmounts xsi:nil="true" /></SvcProcessPaymentsSummary></summary>';
  const tail = '</ProcessPaymentsAsyncResultResult></ProcessPaymentsAsyncResultResponse></soap:Body></soap:Envelope>';
  const parts = [head];
  let size = head.length + summary.length + tail.length;
  for (let i = 0; size < targetBytes; i++) {
    const l = line(i);
    parts.push(l);
    size += l.length;
  }
  parts.push(summary, tail);
  return parts.join('');
}

function decode(xml: string): number {
  const r = new XmlReader(xml);
  r.readRoot();
  openSoapResult(r, '1.1', NS, 'ProcessPaymentsAsyncResult', 'ProcessPaymentsAsyncResultResult');
  return readExpandedProcessPaymentResult(r).linesResults?.length ?? 0;
}

function measure(xml: string, rounds: number): { mbPerSecond: number; msPerDecode: number } {
  for (let i = 0; i < 5; i++) decode(xml); // warm up the JIT
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    decode(xml);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  return { mbPerSecond: xml.length / 1e6 / (median / 1000), msPerDecode: median };
}

const xml = bigResponse(2_700_000);
const lines = decode(xml);
const result = measure(xml, 30);
const figures = {
  benchmark: 'decode ProcessPaymentsAsyncResult (SOAP 1.1) with the generated client decoder',
  bytes: xml.length,
  lines,
  medianMs: Number(result.msPerDecode.toFixed(2)),
  mbPerSecond: Number(result.mbPerSecond.toFixed(1)),
  targetMbPerSecond: 100,
  node: process.version,
};
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'decode.json'), `${JSON.stringify(figures, null, 2)}\n`);
console.log(`${figures.benchmark}: ${figures.bytes} bytes, ${lines} lines, ${figures.medianMs} ms, ${figures.mbPerSecond} MB/s (target ${figures.targetMbPerSecond})`);
