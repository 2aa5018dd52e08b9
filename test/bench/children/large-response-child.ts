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

/**
 * The response's bytes, read from the file and then read once more, every page: on this kind of VM the first read of
 * memory a file was just read into costs 60-170 ms for 28 MB (though no page fault is counted), which the decoder
 * alone, handed text made before the timer starts, never pays. Bytes from a socket are in memory the kernel has just
 * written too.
 */
function responseBytes(file: string): Buffer {
  const bytes = readFileSync(file);
  let sum = 0;
  for (let i = 0; i < bytes.byteLength; i += 4096) sum += bytes[i]!;
  if (sum < 0) throw new Error('unreachable');
  return bytes;
}

async function main(): Promise<LargeResponseFigures> {
  const [contender, file, op] = process.argv.slice(2);
  if (file === undefined || op === undefined)
    throw new Error('usage: large-response-child.ts <contender> <file> <operation>');
  const operation = op as ResponseCase['operation'];
  let call: () => number | Promise<number>;
  switch (contender) {
    case 'oursCall': {
      const client = ourClient(stubFetch(responseBytes(file)));
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
      const { client } = await stubbedSoapClient(responseBytes(file), `${BASE_URL}/v5/PayerFunctions.asmx`);
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
