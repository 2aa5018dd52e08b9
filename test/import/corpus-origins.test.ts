/**
 * The survey corpus (test/fixtures/wsdl and wsdl-rpc, issue 25) is what its ORIGIN.md files say: every document of a
 * folder is listed in its file table, with the size and SHA-256 of the copy taken byte for byte from the source
 * repository, and nothing else is in the folder. A fixture edited by hand (a line end converted, a fix "just to make it
 * import") fails here, so a survey line always speaks about the published WSDL.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../helpers/paths.js';

const ROOTS = ['test/fixtures/wsdl', 'test/fixtures/wsdl-rpc'];
/** A row of the file table: | `name` | `path` | `commit` (...) | bytes (LF or CRLF) | `sha256` | */
const ROW =
  /^\| `([^`]+)` \| `([^`]+)` \| `([0-9a-f]{12})` \([^|]*\) \| (\d+) \((?:LF|CRLF)\) \| `([0-9a-f]{64})` \|$/gm;
const TABLE_HEAD = '| File | Path in the repository | Last changed in | Bytes | SHA-256 |';

interface Listed {
  readonly name: string;
  readonly bytes: number;
  readonly sha256: string;
}

/** The folders whose ORIGIN.md has the file table (the older fixtures describe their one file in prose). */
function corpusFolders(): Array<{ folder: string; listed: Listed[] }> {
  return ROOTS.flatMap((root) =>
    readdirSync(fromRoot(root))
      .filter((name) => statSync(fromRoot(root, name)).isDirectory())
      .map((name) => `${root}/${name}`)
      .flatMap((folder) => {
        let origin: string;
        try {
          origin = readFileSync(fromRoot(folder, 'ORIGIN.md'), 'utf8');
        } catch {
          return [];
        }
        if (!origin.includes(TABLE_HEAD)) return [];
        const listed = [...origin.matchAll(ROW)].map((m) => ({ name: m[1]!, bytes: Number(m[4]), sha256: m[5]! }));
        return [{ folder, listed }];
      }),
  );
}

const folders = corpusFolders();

describe('the survey corpus matches its ORIGIN.md files', () => {
  it('has the 51 WSDLs and 10 RPC WSDLs of issue 25', () => {
    expect(folders.filter((f) => f.folder.startsWith('test/fixtures/wsdl/')).length).toBe(51);
    expect(folders.filter((f) => f.folder.startsWith('test/fixtures/wsdl-rpc/')).length).toBe(10);
  });

  it.each(folders.map((f) => [f.folder, f.listed] as const))(
    '%s: every file listed, with its size and SHA-256',
    (folder, listed) => {
      expect(listed.length).toBeGreaterThan(0);
      const present = readdirSync(fromRoot(folder))
        .filter((name) => name !== 'ORIGIN.md')
        .sort();
      expect(listed.map((l) => l.name).sort()).toEqual(present);
      for (const l of listed) {
        const bytes = readFileSync(fromRoot(folder, l.name));
        expect({ name: l.name, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }).toEqual(
          l,
        );
      }
    },
  );
});
