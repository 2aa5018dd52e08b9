/**
 * The payer mock with its simulator (the default scenario, real SFTP folders in a temporary directory) as a server of
 * its own, for the large payment file benchmark (sections/payment-file.ts). It writes the payment files it is told
 * of, prints its URL, and measures its own event loop: how long the loop was held at most in one piece, between a
 * `measure start` line on stdin (answered `measuring`) and `measure stop` (answered `block <ms>`). It runs until its
 * stdin closes.
 *
 * The longest block is the largest gap between two turns of a setImmediate chain, which runs whenever the loop is
 * free: a request whose work holds the loop for 40 ms makes a 40 ms gap, and so does a garbage collection pause.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DEFAULT_PAYER, startMockServer } from '../../../generated/mock/index.js';

const server = await startMockServer({ port: 0, host: '127.0.0.1' });
const folder = server.service.simulator.folderOf(DEFAULT_PAYER.payerName);

let measuring = false;
let longest = 0;
let last = 0;
function turn(): void {
  const now = performance.now();
  longest = Math.max(longest, now - last);
  last = now;
  if (measuring) setImmediate(turn);
}

const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  const [word, what, name] = line.trim().split(/\s+/);
  if (word === 'file' && name !== undefined) {
    // `file <lines> <name>`: lines sharing one refCode, just under 1 MiB for 80,000.
    writeFileSync(join(folder, name), `payeeId,amount,currency,refCode\n${'P001,1,USD,R\n'.repeat(Number(what))}`);
    process.stdout.write(`written ${name}\n`);
  } else if (word === 'measure' && what === 'start') {
    measuring = true;
    longest = 0;
    last = performance.now();
    setImmediate(turn);
    process.stdout.write('measuring\n');
  } else if (word === 'measure' && what === 'stop') {
    measuring = false;
    process.stdout.write(`block ${longest.toFixed(3)}\n`);
  }
});
input.on('close', () => {
  void server.close().finally(() => process.exit(0));
});
process.stdout.write(`${server.url}\n`);
