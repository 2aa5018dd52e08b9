/**
 * Node's built-in modules, reached without an import statement: the client package must bundle for a browser, where a
 * static `import ... from 'node:crypto'` fails the bundler (or, left external, fails the page when it loads).
 * `process.getBuiltinModule` (Node 20.16 and later) hands over the same module object synchronously on Node, so the
 * Node path keeps its native HMAC, latin1 and base64 at no cost; elsewhere the answer is undefined and the caller takes
 * the portable way (WebCrypto, TextDecoder, atob).
 */

/** The Node built-ins the client's runtime uses when they are there. */
interface NodeBuiltins {
  'node:buffer': typeof import('node:buffer');
  'node:crypto': typeof import('node:crypto');
}

/**
 * A Node built-in module, or undefined where there is none (a browser, or a bundle's stand-in for `process`).
 * @param id - the module's `node:` name
 */
export function nodeBuiltin<K extends keyof NodeBuiltins>(id: K): NodeBuiltins[K] | undefined {
  const process = (globalThis as { process?: { getBuiltinModule?: unknown } }).process;
  if (typeof process?.getBuiltinModule !== 'function') return undefined;
  return (process.getBuiltinModule as (id: string) => unknown)(id) as NodeBuiltins[K] | undefined;
}

/** Node's Buffer, whose latin1 and base64 coding is native; undefined off Node. */
export const NodeBuffer: typeof import('node:buffer').Buffer | undefined = nodeBuiltin('node:buffer')?.Buffer;
