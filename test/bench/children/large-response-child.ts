/**
 * One contender handling one large response in a fresh process: the response is read from a file (written once by
 * the parent), the contender is set up, and then a single call is timed, cold, as a batch job would make it. Reports
 * the time, the items decoded, the RSS before the call (response and contender loaded) and the peak RSS of the
 * process. Usage: `large-response-child.ts <oursCall|oursDecoder|nodeSoapCall> <response file> <operation>`.
 */
import { readFileSync } from 'node:fs';
import { peakRssMb, reportToParent } from '../child-runner.js';
import { API_KEY, BASE_URL, PAYER_NAME, ourCallCount, ourClient, ourDecodeCount, stubFetch } from '../contenders.js';
import { soapCallCount, stubbedSoapClient } from '../node-soap-client.js';
import type { ResponseCase } from '../responses.js';

export interface LargeResponseFigures {
  readonly items: number;
  readonly ms: number;
  /** CPU time of the process during the call (all threads). */
  readonly cpuMs?: number;
  readonly rssBeforeMb: number;
  readonly peakRssMb: number;
}

const MB = 1024 * 1024;

async function main(): Promise<LargeResponseFigures> {
  const [contender, file, op] = process.argv.slice(2);
  if (file === undefined || op === undefined) throw new Error('usage: large-response-child.ts <contender> <file> <operation>');
  const operation = op as ResponseCase['operation'];
  let call: () => number | Promise<number>;
  switch (contender) {
    case 'oursCall': {
      const client = ourClient(stubFetch(readFileSync(file)));
      call = () => ourCallCount(client, operation);
      break;
    }
    case 'oursDecoder': {
      // The decoder's input is text, as the client has it once the body is decoded.
      const text = readFileSync(file, 'utf8');
      call = () => ourDecodeCount(operation, text);
      break;
    }
    case 'nodeSoapCall': {
      const { client } = await stubbedSoapClient(readFileSync(file), `${BASE_URL}/v5/PayerFunctions.asmx`);
      call = () => soapCallCount(client, operation, PAYER_NAME, API_KEY);
      break;
    }
    default:
      throw new Error(`unknown contender ${String(contender)}`);
  }
  const rssBeforeMb = process.memoryUsage.rss() / MB;
  const cpu = process.cpuUsage();
  const start = performance.now();
  const items = await call();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { items, ms, cpuMs: (used.user + used.system) / 1000, rssBeforeMb, peakRssMb: peakRssMb() };
}

await reportToParent(main);
