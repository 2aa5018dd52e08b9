/**
 * The payer's SFTP folder, as a real directory on the mock's machine.
 *
 * File names come straight from requests (fileName, saveToFile), so they are treated as hostile: only a plain name
 * of a file directly in the folder is accepted, and a symlink that leads out of the folder is refused. Messages go
 * back to the caller in errorMessage, so they name the file only and never reveal where the folder lives.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { nonXmlCharOf } from '#generated/runtime/codec/xml-chars.js';
import { quote } from './text.js';

export type FolderFailure = {
  ok: false;
  code: 'FileNotFound' | 'CannotReadFile' | 'CannotWriteFile' | 'ParameterError';
  /** The whole message, naming the file. */
  message: string;
  /** Why, without the file's name, for a caller that names the file its own way. */
  reason: string;
};
/** A file name refused before touching the disk. */
export type FolderRefusal = FolderFailure & { code: 'ParameterError' };

const MAX_NAME_BYTES = 255;

const fail = (code: FolderFailure['code'], message: string, reason = message): FolderFailure => ({
  ok: false,
  code,
  message,
  reason,
});
const refuse = (message: string, reason = message): FolderRefusal => ({
  ok: false,
  code: 'ParameterError',
  message,
  reason,
});
const errno = (e: unknown): string | undefined => (e as NodeJS.ErrnoException | undefined)?.code;

/** Reasons from error codes only: a Node error message would contain the absolute path. */
function reason(e: unknown): string {
  switch (errno(e)) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a directory';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'ELOOP':
      return 'too many levels of symbolic links';
    case 'ENOENT':
      return 'the folder does not exist';
    default:
      return errno(e) ?? 'unexpected error';
  }
}

export class PayerFolder {
  readonly path: string;

  constructor(root: string) {
    this.path = resolve(root);
  }

  async ensure(): Promise<void> {
    await mkdir(this.path, { recursive: true });
  }

  /** The absolute path of a file in the folder, or why the name is refused. Checks the name only. */
  resolve(fileName: string): string | FolderRefusal {
    if (fileName === '') return refuse('the file name is empty');
    if (fileName === '.' || fileName === '..') return refuse(`${quote(fileName)} is not a file name`);
    if (/[/\\]/.test(fileName)) {
      return refuse(`the file name ${quote(fileName)} must not contain / or \\; give the name of a file in the folder`);
    }
    if (/\p{Cc}/u.test(fileName)) {
      return refuse(`the file name ${quote(fileName)} contains a control character`);
    }
    // A lone surrogate cannot be written to disk as is; two such names could end up naming the same file.
    if (/\p{Cs}/u.test(fileName)) return refuse(`the file name ${quote(fileName)} is not valid Unicode`);
    // Left are U+FFFE and U+FFFF: legal in a file name on disk, but no answer could show the name.
    const unsafe = nonXmlCharOf(fileName);
    if (unsafe !== undefined)
      return refuse(`the file name ${quote(fileName)} holds ${unsafe}, a character XML cannot carry`);
    if (/^[A-Za-z]:/.test(fileName)) return refuse(`the file name ${quote(fileName)} must not start with a drive`);
    if (Buffer.byteLength(fileName, 'utf8') > MAX_NAME_BYTES) {
      return refuse(`the file name is longer than ${MAX_NAME_BYTES} bytes`);
    }
    return join(this.path, fileName);
  }

  /**
   * Where the name really leads, after following symlinks: the real path, `missing`, or a failure. A symlink out
   * of the folder would let a request read or overwrite any file the mock can reach.
   */
  private async locate(
    fileName: string,
    failCode: 'CannotReadFile' | 'CannotWriteFile',
  ): Promise<string | FolderFailure> {
    const abs = this.resolve(fileName);
    if (typeof abs !== 'string') return abs;
    let root: string;
    let real: string;
    try {
      root = await realpath(this.path);
      real = await realpath(abs);
    } catch (e) {
      if (errno(e) === 'ENOENT' || errno(e) === 'ENOTDIR') return 'missing';
      return fail(failCode, `${quote(fileName)} cannot be reached: ${reason(e)}`, `it cannot be reached: ${reason(e)}`);
    }
    const rel = relative(root, real);
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
      return refuse(
        `file ${quote(fileName)} is outside the payer's folder (a link leads out of it)`,
        "a link of that name leads out of the payer's folder",
      );
    }
    return real;
  }

  /** The file's text (BOM stripped), or why it cannot be read. */
  async readText(fileName: string, maxBytes: number): Promise<{ ok: true; text: string } | FolderFailure> {
    const real = await this.locate(fileName, 'CannotReadFile');
    if (real === 'missing') return fail('FileNotFound', `file ${quote(fileName)} was not found in the payer's folder`);
    if (typeof real !== 'string') return real;
    const cannot = (why: string): FolderFailure =>
      fail('CannotReadFile', `cannot read ${quote(fileName)}: ${why}`, why);
    let bytes: Buffer;
    try {
      // Checked before opening: opening a FIFO for reading would wait for a writer forever.
      if (!(await stat(real)).isFile()) return cannot('it is not a regular file');
      const handle = await open(real, 'r');
      try {
        const size = (await handle.stat()).size;
        if (size > maxBytes) return cannot(`it has ${size} bytes, more than the limit of ${maxBytes}`);
        // One byte more than stat said tells that the file grew while it was read.
        const buffer = Buffer.alloc(size + 1);
        let length = 0;
        for (;;) {
          const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
          if (bytesRead === 0) break;
          length += bytesRead;
          if (length > size) return cannot('it changed while it was read');
        }
        bytes = buffer.subarray(0, length);
      } finally {
        await handle.close();
      }
    } catch (e) {
      if (errno(e) === 'ENOENT')
        return fail('FileNotFound', `file ${quote(fileName)} was not found in the payer's folder`);
      return cannot(reason(e));
    }
    try {
      // ignoreBOM is false by default, so the decoder drops a leading UTF-8 BOM itself.
      return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
    } catch {
      return cannot('it is not valid UTF-8 text');
    }
  }

  /**
   * Writes the file through a temporary file renamed over the target, so a reader never sees half a file and an
   * existing file of the same name (or a symlink of that name) is replaced in one step.
   */
  async writeReplacing(fileName: string, text: string): Promise<{ ok: true } | FolderFailure> {
    const real = await this.locate(fileName, 'CannotWriteFile');
    if (typeof real !== 'string') return real;
    const target = this.resolve(fileName) as string;
    const cannot = (why: string): FolderFailure =>
      fail('CannotWriteFile', `cannot write ${quote(fileName)}: ${why}`, why);
    if (real !== 'missing') {
      try {
        if ((await lstat(target)).isDirectory()) return cannot('it is a directory');
      } catch {
        // Gone meanwhile: the rename below creates it.
      }
    }
    const temp = join(this.path, `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      // 'wx' never follows or reuses an existing entry at the temporary name.
      await writeFile(temp, text, { encoding: 'utf8', flag: 'wx' });
      await rename(temp, target);
      return { ok: true };
    } catch (e) {
      await rm(temp, { force: true }).catch(() => undefined);
      return cannot(reason(e));
    }
  }

  /** Names of the visible files (not dot files, so no temporary files), sorted. A missing folder is empty. */
  async list(): Promise<string[]> {
    let entries;
    try {
      entries = await readdir(this.path, { withFileTypes: true });
    } catch (e) {
      if (errno(e) === 'ENOENT') return [];
      throw new Error(`cannot list the payer's folder: ${reason(e)}`, { cause: e });
    }
    return entries
      .filter((d) => d.isFile() && !d.name.startsWith('.'))
      .map((d) => d.name)
      .sort();
  }
}
