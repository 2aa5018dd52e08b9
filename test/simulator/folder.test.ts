/**
 * The payer's folder only ever touches plain files directly inside it, whatever name a request sends, answers with
 * the service's file codes, never leaks the folder's location, and replaces files in one step.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerFolder, type FolderFailure } from '../../spec/payer-v5.simulator/folder.js';

let base: string;
let outside: string;
let folder: PayerFolder;
const SECRET = 'outside secret\n';

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'payer-folder-'));
  outside = join(base, 'outside.txt');
  await writeFile(outside, SECRET);
  folder = new PayerFolder(join(base, 'payers', 'MyPayer'));
  await folder.ensure();
  await folder.ensure(); // idempotent
  await writeFile(join(folder.path, 'pay.csv'), 'P1,1,EUR,R1\n');
  await writeFile(join(folder.path, 'bom.csv'), '\uFEFFpayeeId\n');
  await writeFile(join(folder.path, 'exact.csv'), '0123456789');
  await writeFile(join(folder.path, 'big.csv'), '0123456789X');
  await writeFile(join(folder.path, 'latin1.csv'), Buffer.from([0x61, 0xe9, 0x62]));
  await writeFile(join(folder.path, 'ünï €.csv'), 'ok');
  await mkdir(join(folder.path, 'dir.csv'));
  await symlink(outside, join(folder.path, 'escape.csv'));
  await symlink(base, join(folder.path, 'up'));
  await symlink('pay.csv', join(folder.path, 'alias.csv'));
  await symlink(join(base, 'nowhere'), join(folder.path, 'dangling.csv'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Asserts a failure and that its message does not reveal where the folder is. */
function expectFailure(got: { ok: boolean }, code: FolderFailure['code'], message: RegExp): void {
  expect(got).toMatchObject({ ok: false, code });
  const { message: text } = got as FolderFailure;
  expect(text).toMatch(message);
  expect(text).not.toContain(base);
}

const ESCAPES: [string, { given: string; want: RegExp }][] = [
  ['empty name', { given: '', want: /the file name is empty/ }],
  ['dot', { given: '.', want: /"\." is not a file name/ }],
  ['dot dot', { given: '..', want: /"\.\." is not a file name/ }],
  ['parent with /', { given: '../x', want: /must not contain \/ or \\/ }],
  ['parent with \\', { given: '..\\x', want: /must not contain \/ or \\/ }],
  ['absolute path', { given: '/etc/passwd', want: /must not contain/ }],
  ['sub folder', { given: 'a/b', want: /must not contain/ }],
  ['drive prefix', { given: 'C:x', want: /must not start with a drive/ }],
  ['NUL', { given: 'x\0y', want: /"x\\u0000y" contains a control character/ }],
  ['line feed', { given: 'x\ny', want: /"x\\ny" contains a control character/ }],
  ['DEL', { given: 'x\u007fy', want: /"x\\u007fy" contains a control character/ }],
  ['lone surrogate', { given: 'x\uD800.csv', want: /is not valid Unicode/ }],
  ['too long', { given: 'é'.repeat(128), want: /longer than 255 bytes/ }],
];

describe('PayerFolder.resolve', () => {
  it.each(ESCAPES)('refuses %s', (_name, { given, want }) => {
    expectFailure(folder.resolve(given) as FolderFailure, 'ParameterError', want);
  });

  it.each<[string, { given: string; want: string }]>([
    ['a plain name', { given: 'pay.csv', want: 'pay.csv' }],
    ['a name starting with two dots', { given: '..pay.csv', want: '..pay.csv' }],
    ['a name with spaces and non-ASCII letters', { given: 'ünï €.csv', want: 'ünï €.csv' }],
    ['a colon later in the name', { given: 'ab:c', want: 'ab:c' }],
    ['255 bytes', { given: 'x'.repeat(255), want: 'x'.repeat(255) }],
  ])('accepts %s', (_name, { given, want }) => {
    expect(folder.resolve(given)).toBe(join(folder.path, want));
  });
});

describe('PayerFolder.readText', () => {
  it.each([
    ...ESCAPES,
    ['a symlink to a file outside', { given: 'escape.csv', want: /"escape\.csv" is outside the payer's folder/ }],
    ['a symlink to a folder outside', { given: 'up', want: /"up" is outside the payer's folder/ }],
  ] as const)('refuses %s', async (_name, { given, want }) => {
    expectFailure(await folder.readText(given, 1000), 'ParameterError', want);
  });

  it.each<[string, { given: string; maxBytes?: number; want: string }]>([
    ['a file', { given: 'pay.csv', want: 'P1,1,EUR,R1\n' }],
    ['a file with a BOM, stripped', { given: 'bom.csv', want: 'payeeId\n' }],
    ['a file of exactly maxBytes', { given: 'exact.csv', maxBytes: 10, want: '0123456789' }],
    ['a symlink to a file inside', { given: 'alias.csv', want: 'P1,1,EUR,R1\n' }],
    ['a non-ASCII name', { given: 'ünï €.csv', want: 'ok' }],
  ])('reads %s', async (_name, { given, maxBytes, want }) => {
    expect(await folder.readText(given, maxBytes ?? 1000)).toEqual({ ok: true, text: want });
  });

  it.each<[string, { given: string; maxBytes?: number; want: { code: FolderFailure['code']; message: RegExp } }]>([
    [
      'a missing file',
      {
        given: 'nope.csv',
        want: { code: 'FileNotFound', message: /^file "nope\.csv" was not found in the payer's folder$/ },
      },
    ],
    [
      'a dangling symlink',
      { given: 'dangling.csv', want: { code: 'FileNotFound', message: /"dangling\.csv" was not found/ } },
    ],
    [
      'a directory',
      {
        given: 'dir.csv',
        want: { code: 'CannotReadFile', message: /cannot read "dir\.csv": it is not a regular file/ },
      },
    ],
    [
      'a file over maxBytes',
      {
        given: 'big.csv',
        maxBytes: 10,
        want: { code: 'CannotReadFile', message: /"big\.csv": it has 11 bytes, more than the limit of 10/ },
      },
    ],
    [
      'invalid UTF-8',
      { given: 'latin1.csv', want: { code: 'CannotReadFile', message: /"latin1\.csv": it is not valid UTF-8 text/ } },
    ],
  ])('fails on %s', async (_name, { given, maxBytes, want }) => {
    expectFailure(await folder.readText(given, maxBytes ?? 1000), want.code, want.message);
  });

  it('finds nothing in a folder that does not exist yet', async () => {
    const missing = new PayerFolder(join(base, 'payers', 'Nobody'));
    expectFailure(await missing.readText('pay.csv', 10), 'FileNotFound', /"pay\.csv" was not found/);
    expect(await missing.list()).toEqual([]);
  });
});

describe('PayerFolder.writeReplacing', () => {
  it.each(ESCAPES)('refuses %s', async (_name, { given, want }) => {
    expectFailure(await folder.writeReplacing(given, 'x'), 'ParameterError', want);
  });

  it('refuses a symlink to a file outside and leaves that file alone', async () => {
    expectFailure(await folder.writeReplacing('escape.csv', 'pwned'), 'ParameterError', /outside the payer's folder/);
    expect(await readFile(outside, 'utf8')).toBe(SECRET);
  });

  it('fails on a directory of that name and leaves no temporary file', async () => {
    expectFailure(
      await folder.writeReplacing('dir.csv', 'x'),
      'CannotWriteFile',
      /cannot write "dir\.csv": it is a directory/,
    );
    expect((await readdir(folder.path)).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
  });

  it('fails when the folder does not exist', async () => {
    const missing = new PayerFolder(join(base, 'payers', 'Ghost'));
    expectFailure(
      await missing.writeReplacing('a.csv', 'x'),
      'CannotWriteFile',
      /cannot write "a\.csv": the folder does not exist/,
    );
  });

  it('creates a new file', async () => {
    expect(await folder.writeReplacing('new.csv', 'a,b\r\n')).toEqual({ ok: true });
    expect(await readFile(join(folder.path, 'new.csv'), 'utf8')).toBe('a,b\r\n');
  });

  it('replaces an existing file', async () => {
    await writeFile(join(folder.path, 'status.csv'), 'an old and much longer content\n'.repeat(100));
    expect(await folder.writeReplacing('status.csv', 'new')).toEqual({ ok: true });
    expect(await folder.readText('status.csv', 100)).toEqual({ ok: true, text: 'new' });
  });

  it('replaces a symlink inside the folder, not the file it points to', async () => {
    await symlink('pay.csv', join(folder.path, 'link2.csv'));
    expect(await folder.writeReplacing('link2.csv', 'replaced')).toEqual({ ok: true });
    expect(await readFile(join(folder.path, 'link2.csv'), 'utf8')).toBe('replaced');
    expect(await readFile(join(folder.path, 'pay.csv'), 'utf8')).toBe('P1,1,EUR,R1\n');
  });

  it('20 concurrent writes of one name leave one complete file and no temporary files', async () => {
    const contents = Array.from({ length: 20 }, (_, i) => `writer ${i}\n`.repeat(20_000 + i));
    const results = await Promise.all(contents.map((c) => folder.writeReplacing('race.csv', c)));
    expect(results).toEqual(contents.map(() => ({ ok: true })));
    const final = await readFile(join(folder.path, 'race.csv'), 'utf8');
    expect(contents).toContain(final);
    expect((await readdir(folder.path)).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
  });
});

describe('PayerFolder.list', () => {
  it('lists visible regular files, sorted', async () => {
    const dir = new PayerFolder(join(base, 'listing'));
    await dir.ensure();
    await writeFile(join(dir.path, 'b.csv'), '');
    await writeFile(join(dir.path, 'a.csv'), '');
    await writeFile(join(dir.path, '.tmp-123'), '');
    await writeFile(join(dir.path, '.hidden'), '');
    await mkdir(join(dir.path, 'sub'));
    expect(await dir.list()).toEqual(['a.csv', 'b.csv']);
    expect(await dir.writeReplacing('c.csv', 'x')).toEqual({ ok: true });
    expect(await dir.list()).toEqual(['a.csv', 'b.csv', 'c.csv']);
  });
});
