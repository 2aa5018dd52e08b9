/**
 * Writing a large value in slices of time, so that a server writing one answer of many thousand items keeps
 * answering other requests meanwhile.
 *
 * The writers are plain synchronous functions that return markup (fast, and all a client needs). To let a server
 * write in slices without a second, asynchronous copy of every writer, the list writer is resumable: while a slice is
 * open ({@link writeInSlices}), it looks at the clock every few items, and once the slice's time is up it keeps what
 * it wrote so far (by the list and its element name) and ends the slice by throwing {@link SliceEnd}. The whole write
 * is then run again after the event loop had its turn: the writers around the list redo their own small part, and the
 * list carries on from where it stopped. A list nested in an item that ended a slice is resumed the same way, so a
 * write takes about as long as in one piece, however the lists nest.
 *
 * The value must not change between slices; a server writes a handler's result, which is no one else's by then.
 */

/** What a list wrote so far in an open write: its markup and the index of the next item. */
interface ListProgress {
  out: string;
  next: number;
}

/** An open write in slices: when the current slice ends, and how far each list came. */
export class WriteSlices {
  /** `performance.now()` past which the current slice ends. */
  deadline = 0;
  /** Progress per list value, then per element name (one array may be written under two names). */
  readonly #progress = new WeakMap<object, Map<string, ListProgress>>();

  /** The progress of `list` written as `name` items, made on first use. */
  progressOf(list: object, name: string): ListProgress {
    let byName = this.#progress.get(list);
    if (byName === undefined) {
      byName = new Map();
      this.#progress.set(list, byName);
    }
    let progress = byName.get(name);
    if (progress === undefined) {
      progress = { out: '', next: 0 };
      byName.set(name, progress);
    }
    return progress;
  }
}

/** Thrown by a list writer when the slice's time is up; {@link writeInSlices} runs the write again. */
export class SliceEnd {
  private constructor() {}
  /** The one instance: nothing about a slice's end needs a stack or a message. */
  static readonly instance = new SliceEnd();
}

/** How many items a list writes between two looks at the clock. */
export const ITEMS_PER_CLOCK_CHECK = 64;

let open: WriteSlices | undefined;

/** The write in slices that is running now, or undefined (a client's encoding, a write in one piece). */
export function currentSlices(): WriteSlices | undefined {
  return open;
}

/**
 * Runs `write` in slices of about `sliceMs` milliseconds with the event loop free between them; resolves with what it
 * returns, or rejects with what it throws. A write that fits in one slice costs nothing more than calling it.
 * @param write - a synchronous write whose lists are written by the runtime's list writers
 * @param sliceMs - how long one slice may run; 0 ends a slice at every look at the clock (tests)
 */
export async function writeInSlices<T>(write: () => T, sliceMs: number): Promise<T> {
  const slices = new WriteSlices();
  for (;;) {
    slices.deadline = performance.now() + sliceMs;
    const outer = open;
    open = slices;
    try {
      return write();
    } catch (error) {
      if (error !== SliceEnd.instance) throw error;
    } finally {
      open = outer;
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
