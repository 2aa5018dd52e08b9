/**
 * Polling a status operation until a final status, with backoff, an overall deadline and the caller's abort.
 * Only status reads are repeated here; nothing that submits work is ever retried.
 */
import { SvcRequestError, SvcTimeoutError } from '../errors.js';

export interface PollOptions {
  /** The first wait between calls, in ms (default 1000); each wait grows by half, up to 30 s. */
  readonly intervalMs?: number;
  /** Give up with SvcTimeoutError after this many ms in all (default: no limit). */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

export const DEFAULT_POLL_INTERVAL_MS = 1000;
export const MAX_POLL_INTERVAL_MS = 30_000;
const GROWTH = 1.5;

/**
 * Calls `step` until `isFinal` accepts its result, waiting between calls. The deadline also cancels a call in
 * flight; the caller's abort rejects with the signal's reason.
 */
export async function pollUntil<R>(
  what: string,
  step: (signal: AbortSignal) => Promise<R>,
  isFinal: (result: R) => boolean,
  options: PollOptions = {},
): Promise<R> {
  const interval = options.intervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  if (!(interval >= 0) || !Number.isFinite(interval))
    throw new SvcRequestError(`${what}: intervalMs must be a finite number >= 0`);
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0))
    throw new SvcRequestError(`${what}: timeoutMs must be a positive number`);

  const controller = new AbortController();
  const timedOut = new SvcTimeoutError(
    `${what} did not reach a final status within ${options.timeoutMs} ms`,
    options.timeoutMs ?? 0,
  );
  const timer =
    options.timeoutMs !== undefined ? setTimeout(() => controller.abort(timedOut), options.timeoutMs) : undefined;
  const onAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });

  try {
    let wait = interval;
    for (;;) {
      controller.signal.throwIfAborted();
      let result: R;
      try {
        result = await step(controller.signal);
      } catch (error) {
        // A call cut short by the deadline or the caller's abort reports that, not the transport's view of it.
        if (controller.signal.aborted) throw controller.signal.reason;
        throw error;
      }
      if (isFinal(result)) return result;
      await sleep(wait, controller.signal);
      wait = Math.min(Math.max(wait * GROWTH, 1), MAX_POLL_INTERVAL_MS);
    }
  } finally {
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
