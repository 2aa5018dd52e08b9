/**
 * One contender of the loopback benchmark (section 3) in a process of its own, so that what it measures is that client
 * alone: in one shared process the contenders slowed each other (a node:http client interleaved with undici's fetch and
 * axios spent about twice the CPU per call it spends alone, its JIT state shared with theirs). The parent sends the
 * contender and the request to send; then each message asks for a warm-up or a timed batch, and the answer is the
 * batch's wall and CPU time (this process's user + system) and whether every call decoded every item.
 */
import http from 'node:http';
import { PayerClient } from '../../../generated/client/index.js';
import { API_KEY, PAYER_NAME, ourCallCount } from '../contenders.js';
import { realSoapClient, soapCallCount } from '../node-soap-client.js';
import { SERVICE_PATH } from '../responses.js';

/** What the parent sends first. */
export interface ClientSetup {
  readonly contender: 'bareHttp' | 'bareFetch' | 'oursCall' | 'oursFetch' | 'nodeSoapCall';
  readonly origin: string;
  readonly sent: { readonly url: string; readonly headers: Record<string, string>; readonly text: string };
  readonly expected: number;
}

/** Then, for each step: a warm-up of `ms`, or a timed batch of `runs` runs of `callsPerRun` calls, `inFlight` at once. */
export type ClientStep =
  | { readonly kind: 'warm'; readonly ms: number; readonly inFlight: number; readonly callsPerRun: number }
  | { readonly kind: 'batch'; readonly runs: number; readonly inFlight: number; readonly callsPerRun: number };

/** The answer to a step. */
export interface ClientResult {
  readonly runs: number;
  readonly wallMs: number;
  readonly cpuMs: number;
  /** Every call of the step decoded the expected number of items. */
  readonly ok: boolean;
  readonly error?: string;
}

async function contenderCall(setup: ClientSetup): Promise<() => Promise<number>> {
  const { sent, expected, origin } = setup;
  switch (setup.contender) {
    case 'bareHttp': {
      // The same agent settings as the client's node transport (node-transport.ts), so that the floor differs from
      // it only by what the client does.
      const agent = new http.Agent({ keepAlive: true, scheduling: 'lifo', timeout: 4000 });
      const body = Buffer.from(sent.text, 'utf8');
      return () =>
        new Promise((resolve, reject) => {
          const req = http.request(sent.url, { method: 'POST', headers: sent.headers, agent }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('error', reject);
            res.on('end', () =>
              resolve(res.statusCode === 200 && Buffer.concat(chunks).toString('utf8').length > 0 ? expected : -1),
            );
          });
          req.on('error', reject);
          req.end(body);
        });
    }
    case 'bareFetch':
      return async () => {
        const res = await fetch(sent.url, { method: 'POST', headers: sent.headers, body: sent.text });
        return res.status === 200 && (await res.text()).length > 0 ? expected : -1;
      };
    case 'oursCall': {
      const client = new PayerClient({ baseUrl: origin, payerName: PAYER_NAME, apiKey: API_KEY });
      return () => ourCallCount(client, 'GetBalances');
    }
    case 'oursFetch': {
      const client = new PayerClient({ baseUrl: origin, payerName: PAYER_NAME, apiKey: API_KEY, transport: 'fetch' });
      return () => ourCallCount(client, 'GetBalances');
    }
    case 'nodeSoapCall': {
      const client = await realSoapClient(`${origin}${SERVICE_PATH}`);
      return () => soapCallCount(client, 'GetBalances', PAYER_NAME, API_KEY);
    }
  }
}

/** `callsPerRun` calls with `inFlight` workers; the items every call decoded if all agree, else -1. */
async function oneRun(call: () => Promise<number>, inFlight: number, callsPerRun: number): Promise<number> {
  let next = 0;
  let items: number | undefined;
  const worker = async (): Promise<void> => {
    while (next < callsPerRun) {
      next++;
      const got = await call();
      items = items === undefined || items === got ? got : -1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return items ?? -1;
}

let call: (() => Promise<number>) | undefined;
let expected = -1;

process.on('message', (message: ClientSetup | ClientStep) => {
  void (async (): Promise<ClientResult> => {
    if ('contender' in message) {
      expected = message.expected;
      call = await contenderCall(message);
      return { runs: 0, wallMs: 0, cpuMs: 0, ok: true };
    }
    if (call === undefined) throw new Error('no contender set up');
    const cpu = process.cpuUsage();
    const start = performance.now();
    let runs = 0;
    let ok = true;
    const more =
      message.kind === 'warm' ? () => runs < 2 || performance.now() - start < message.ms : () => runs < message.runs;
    while (more()) {
      if ((await oneRun(call, message.inFlight, message.callsPerRun)) !== expected) ok = false;
      runs++;
    }
    const wallMs = performance.now() - start;
    const used = process.cpuUsage(cpu);
    return { runs, wallMs, cpuMs: (used.user + used.system) / 1000, ok };
  })().then(
    (result) => process.send?.(result),
    (error: unknown) =>
      process.send?.({
        runs: 0,
        wallMs: 0,
        cpuMs: 0,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});

process.on('disconnect', () => process.exit(0));
