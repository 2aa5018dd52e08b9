/**
 * Maps a path inside the parsed spec back to a line and column of the YAML source, so that every problem the
 * validator or the resolver finds can name its place.
 */
import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';

export type SpecPath = ReadonlyArray<string | number>;

export interface Located {
  readonly line: number;
  readonly column: number;
}

export class SourceLocator {
  constructor(
    private readonly doc: Document,
    private readonly lines: LineCounter,
  ) {}

  /**
   * The position of the node at `path`; with `key`, the position of the map key naming the last step (better for
   * "unknown key" problems). Falls back to the deepest existing ancestor when the node is absent.
   */
  locate(path: SpecPath, options: { key?: boolean } = {}): Located {
    let node: unknown = this.doc.contents;
    let best: Node | undefined = node as Node | undefined;
    for (let i = 0; i < path.length; i++) {
      const step = path[i];
      const last = i === path.length - 1;
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(step));
        if (!pair) break;
        if (last && options.key && isScalar(pair.key)) {
          best = pair.key;
          break;
        }
        node = pair.value;
      } else if (isSeq(node) && typeof step === 'number') {
        node = node.items[step];
      } else {
        break;
      }
      if (node && typeof node === 'object' && 'range' in node) best = node as Node;
      else break;
    }
    return this.position(best);
  }

  private position(node: Node | undefined): Located {
    const offset = node?.range?.[0] ?? 0;
    const { line, col } = this.lines.linePos(offset);
    return { line, column: col };
  }
}
