/**
 * Two small text rules every stage of the generator shares, kept here, the floor all stages may import, so that each
 * is written once: how a name is capitalised, and what counts as a URL rather than a path.
 */

/** `name` with its first character in upper case (`getBalances` -> `GetBalances`); the rest as it is. */
export function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A service as its docs and comments name it: its title, and its version where it has one (`Weather`, `Shop 2.1`). */
export function titleAndVersion(service: { readonly title: string; readonly version?: string | undefined }): string {
  return service.version === undefined ? service.title : `${service.title} ${service.version}`;
}

const HTTP_URL = /^https?:\/\//i;

/** Whether `text` is an http(s) URL (a WSDL read over the network), not a file path. */
export function isHttpUrl(text: string): boolean {
  return HTTP_URL.test(text);
}
