/**
 * Where a server's time goes, from a V8 CPU profile (.cpuprofile, as node:inspector's Profiler.stop returns it):
 * every sample's self time is put in a category by the code it was in. A native frame (no script URL: URL parsing,
 * a regular expression) counts for the script that called it, so a RegExp counts for the XML reader that ran it; the
 * socket writes (writev, the system calls that send data) are counted on their own. Idle time, and the profiler's
 * own calls (node:inspector, where the profile starts and stops), are reported apart and left out of the shares.
 */

/** The parts of a .cpuprofile read here. */
export interface CpuProfile {
  readonly nodes: ReadonlyArray<{
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string };
    readonly children?: readonly number[];
  }>;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The socket writes of a StreamBase (native): the system calls that send data, counted apart from node:http. */
const SOCKET_WRITES = new Set([
  'writev',
  'writeBuffer',
  'writeUtf8String',
  'writeLatin1String',
  'writeAsciiString',
  'writeUcs2String',
]);

/** The categories, in the order they are shown; the first rule that matches a frame's URL wins. */
export const CATEGORIES = [
  {
    key: 'mockEngine',
    label: 'mock engine (generated code: routing, XML reading and writing, parameters, credential check)',
    test: (url: string) => url.includes('/generated/') || url.includes('/templates/') || url.includes('/test/bench/'),
  },
  {
    key: 'hmac',
    label: 'HMAC-SHA256 of the signature check (node:crypto)',
    test: (url: string) => url.startsWith('node:internal/crypto') || url === 'node:crypto',
  },
  {
    key: 'webApi',
    label: 'web Request/Response, Headers, web streams, AbortSignal, URL (undici and Node internals)',
    test: (url: string) =>
      /^node:internal\/(deps\/undici|webstreams|abort_controller|worker\/js_transferable|event_target|encoding|url|blob|util\/types)/.test(
        url,
      ),
  },
  {
    key: 'http',
    label: 'node:http, net and streams (JavaScript)',
    test: (url: string) =>
      /^node:(_http_|http|net|events|internal\/(stream_base_commons|streams|http|net|timers))/.test(url) ||
      url === 'node:timers',
  },
  {
    key: 'scheduling',
    label: 'promise and tick scheduling',
    test: (url: string) => url.startsWith('node:internal/process/task_queues'),
  },
] as const;

export type CategoryKey = (typeof CATEGORIES)[number]['key'] | 'socketWrites' | 'gc' | 'other';

export interface ProfileBreakdown {
  /** Busy time profiled, ms (idle left out). */
  readonly busyMs: number;
  /** Idle share of the whole profile (the profiler's own calls included), 0..1. */
  readonly idleShare: number;
  /** Each category's share of the busy time, 0..1, in the order shown. */
  readonly shares: ReadonlyArray<{ readonly key: CategoryKey; readonly label: string; readonly share: number }>;
}

const GC = '(garbage collector)';
const IDLE = '(idle)';

export function breakDown(profile: CpuProfile): ProfileBreakdown {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  // The category of each node, worked out once: its own URL, or its nearest caller's that has one.
  const categoryOf = new Map<number, CategoryKey | 'idle'>();
  const categorize = (id: number): CategoryKey | 'idle' => {
    const known = categoryOf.get(id);
    if (known !== undefined) return known;
    const n = byId.get(id)!;
    let found: CategoryKey | 'idle';
    if (n.callFrame.functionName === IDLE || n.callFrame.url.startsWith('node:inspector')) found = 'idle';
    else if (n.callFrame.functionName === GC) found = 'gc';
    else if (n.callFrame.url === '' && SOCKET_WRITES.has(n.callFrame.functionName)) found = 'socketWrites';
    else if (n.callFrame.url === '') {
      const parent = parentOf.get(id);
      found = parent === undefined ? 'other' : categorize(parent);
    } else found = CATEGORIES.find((c) => c.test(n.callFrame.url))?.key ?? 'other';
    categoryOf.set(id, found);
    return found;
  };
  const time = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    const key = categorize(profile.samples[i]!);
    time.set(key, (time.get(key) ?? 0) + dt);
    total += dt;
  }
  const idle = time.get('idle') ?? 0;
  const busy = total - idle;
  const rows: Array<{ key: CategoryKey; label: string }> = [
    ...CATEGORIES.map((c) => ({ key: c.key, label: c.label })),
    { key: 'socketWrites', label: 'socket writes: the writev system calls that send the answers over loopback' },
    { key: 'gc', label: 'garbage collection' },
    { key: 'other', label: 'other (native code outside any script, Buffer, the rest)' },
  ];
  return {
    busyMs: busy / 1000,
    idleShare: total > 0 ? idle / total : 0,
    shares: rows.map((r) => ({ ...r, share: busy > 0 ? (time.get(r.key) ?? 0) / busy : 0 })),
  };
}
