// @ts-check
/**
 * The mock package's build step after tsc: `node link-client.mjs <own folder>...`.
 *
 * The mock's sources import the client's code (runtime, codecs, client types) by relative paths, so tsc compiles that
 * code into dist/ too. The mock package must not ship a second copy of it: one copy of the error classes keeps
 * `instanceof` true across the two packages, and the client package is what the mock depends on. So this deletes from
 * dist/ every file outside the folders named on the command line, and points each import of a deleted file at the
 * client package instead (`<client>/internal/<path>`, an export of the client package for its mock).
 */
import { readFileSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

const DIST = 'dist';

/** The client package is the one in the client/ folder beside this package's: the two are generated together. */
const client = /** @type {{ name: string }} */ (JSON.parse(readFileSync('../client/package.json', 'utf8'))).name;
const own = process.argv.slice(2);
if (own.length === 0) throw new Error('usage: node link-client.mjs <folder of dist/ this package ships>...');

/** @param {string} path a path inside dist/, with `/` */
const isOwn = (path) => own.some((dir) => path.startsWith(`${dir}/`));

/**
 * The files under `dir`, as paths relative to dist/ with `/`.
 * @param {string} dir
 * @returns {string[]}
 */
function filesUnder(dir) {
  return readdirSync(join(DIST, dir), { withFileTypes: true }).flatMap((e) => {
    const path = dir === '' ? e.name : `${dir}/${e.name}`;
    return e.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * `text` of the built file `path` with each relative import of a file outside this package's folders rewritten to
 * the client package's export of it.
 * @param {string} path
 * @param {string} text
 */
function linked(path, text) {
  // preProcessFile finds imports, re-exports and import() types, each with where its string literal starts.
  const refs = ts.preProcessFile(text, true, true).importedFiles.filter((r) => r.fileName.startsWith('.'));
  let out = text;
  for (const ref of refs.sort((a, b) => b.pos - a.pos)) {
    const target = posix.normalize(posix.join(posix.dirname(path), ref.fileName));
    if (target.startsWith('../')) throw new Error(`${DIST}/${path} imports ${ref.fileName}, outside ${DIST}/`);
    if (isOwn(target)) continue;
    // The specifier's text, just after the literal's opening quote.
    const at = out.indexOf(ref.fileName, ref.pos);
    if (at < 0 || at > ref.pos + 1) throw new Error(`${DIST}/${path}: cannot find the import of ${ref.fileName}`);
    out = `${out.slice(0, at)}${client}/internal/${target}${out.slice(at + ref.fileName.length)}`;
  }
  return out;
}

/**
 * Removes the empty folders under `dir` (dir itself included when it ends up empty), deepest first.
 * @param {string} dir
 */
function removeEmpty(dir) {
  const full = join(DIST, dir);
  for (const e of readdirSync(full, { withFileTypes: true }))
    if (e.isDirectory()) removeEmpty(dir === '' ? e.name : `${dir}/${e.name}`);
  if (dir !== '' && readdirSync(full).length === 0) rmdirSync(full);
}

for (const path of filesUnder('')) {
  if (!isOwn(path)) rmSync(join(DIST, path));
  else if (path.endsWith('.js') || path.endsWith('.d.ts'))
    writeFileSync(join(DIST, path), linked(path, readFileSync(join(DIST, path), 'utf8')));
}
removeEmpty('');
