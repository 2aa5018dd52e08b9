/**
 * Why a file or URL could not be read, in the words the command line uses for every input it reads (a spec, a WSDL,
 * a schema it reaches): what is wrong and what to do, never a bare errno or undici's "fetch failed". The address of a
 * refused connection is the one the user typed (in the URL), so nothing is added that they did not write.
 */

/** The reason a local file cannot be read, with what to do about it. */
export function fileFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file; check the path (relative paths start from the working directory)';
    case 'EISDIR':
      return 'it is a folder; name the file inside it';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied; the file must be readable by this user';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder; check the path';
    default:
      return code !== undefined
        ? `the system refused (${code})`
        : String((error as Error | undefined)?.message ?? error);
  }
}

/** Network errors by the code undici or Node puts on `fetch`'s cause, as a person would say them. */
const NETWORK: Readonly<Record<string, string>> = {
  ECONNREFUSED:
    'the connection was refused (nothing listens on that host and port); check that the service is running and the URL',
  ECONNRESET: 'the server closed the connection before answering; try again, or check the URL and any proxy between',
  ENOTFOUND: 'the host name was not found (DNS); check the URL',
  EAI_AGAIN: 'the host name could not be looked up now (DNS); check the network and try again',
  ETIMEDOUT: 'the connection timed out; check the URL and that the host is reachable from here',
  EHOSTUNREACH: 'the host cannot be reached from here; check the network',
  ENETUNREACH: 'the network cannot be reached from here',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out; check the URL and that the host is reachable from here',
  UND_ERR_SOCKET: 'the server closed the connection before answering',
  UND_ERR_HEADERS_TIMEOUT: 'the server accepted the connection but sent no answer in time',
  DEPTH_ZERO_SELF_SIGNED_CERT:
    "the server's certificate is self-signed and not trusted; add its CA with NODE_EXTRA_CA_CERTS",
  SELF_SIGNED_CERT_IN_CHAIN:
    "the server's certificate chain ends in an untrusted CA; add that CA with NODE_EXTRA_CA_CERTS",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    "the server's certificate cannot be verified (an intermediate CA is missing); add the CA with NODE_EXTRA_CA_CERTS",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    "the server's certificate was issued by a CA this machine does not trust; add it with NODE_EXTRA_CA_CERTS",
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's certificate is not for this host name; check the URL's host",
};

/** The reason `fetch(url)` failed (a network error, a timeout) or `status` when it answered with one. */
export function urlFailure(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'no answer in time; check the URL and that the service answers';
  }
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    const { code, address, port } = cause as NodeJS.ErrnoException & { address?: string; port?: number };
    if (code !== undefined && NETWORK[code] !== undefined)
      return `${NETWORK[code]} (${code}${address !== undefined ? ` ${address}${port !== undefined ? `:${port}` : ''}` : ''})`;
    cause = (cause as Error & { cause?: unknown }).cause;
  }
  const cause0 = (error as Error & { cause?: NodeJS.ErrnoException }).cause;
  // The fetch standard blocks some ports (SMTP's, IRC's, 9 "discard"...), before any connection is tried.
  if (cause0?.message === 'bad port')
    return "fetch refuses to connect to this port (one of the fetch standard's blocked ports); serve the WSDL on another port, or save it to a file and give the file";
  const code = cause0?.code;
  return code !== undefined ? `the request failed (${code})` : String((error as Error | undefined)?.message ?? error);
}

/** What an HTTP status other than 2xx means for reading a document, and what to do. */
export function statusFailure(status: number, statusText: string): string {
  const said = `the server answered HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (status === 401 || status === 403)
    return `${said}; the document needs credentials this command does not send: save it to a file with a browser or curl and give the file`;
  if (status === 404)
    return `${said}; check the URL (an ASMX service publishes its WSDL at Service.asmx?WSDL, WCF at Service.svc?singleWsdl)`;
  return said;
}
