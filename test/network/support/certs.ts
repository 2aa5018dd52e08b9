/**
 * A private certificate authority and the certificates signed by it, made by the `openssl` command (Debian's
 * openssl) in a folder of test/.tmp/network: what a company's internal service and its clients hold. EC P-256 keys,
 * which openssl makes in milliseconds.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot } from '../../helpers/paths.js';
import { ensureDebianPackages } from './debian.js';

/** A certificate with its key, as PEM text, and where they are on disk. */
export interface Issued {
  readonly cert: string;
  readonly key: string;
  readonly certFile: string;
  readonly keyFile: string;
}

export interface Pki {
  readonly dir: string;
  /** The authority's certificate (PEM). */
  readonly ca: Issued;
  /** Issues a certificate: for a server (its DNS names and IP addresses) or a client (its common name). */
  issue(
    name: string,
    use:
      | { readonly server: { readonly dns: readonly string[]; readonly ip: readonly string[] } }
      | { readonly client: string },
  ): Issued;
  /** The certificate and key of `issued` as a PKCS#12 file encrypted with `passphrase`. */
  pfx(issued: Issued, passphrase: string): Buffer;
  /** `issued`'s key encrypted with `passphrase` (PEM). */
  encryptedKey(issued: Issued, passphrase: string): string;
  remove(): void;
}

function openssl(args: readonly string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * A new authority named `name`, in a folder of its own.
 * @param name - the authority's common name, and a word for its folder
 */
export function makePki(name: string): Pki {
  ensureDebianPackages(['openssl']);
  const root = fromRoot('test', '.tmp', 'network');
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, `pki-${name}-`));
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  const read = (file: string): string => readFileSync(join(dir, file), 'utf8');
  const issuedOf = (base: string): Issued => ({
    cert: read(`${base}.pem`),
    key: read(`${base}.key`),
    certFile: join(dir, `${base}.pem`),
    keyFile: join(dir, `${base}.key`),
  });
  return {
    dir,
    ca: issuedOf('ca'),
    issue(base, use) {
      const server = 'server' in use;
      const subject = server ? `/CN=${use.server.dns[0] ?? use.server.ip[0]}` : `/CN=${use.client}`;
      openssl(['req', ...ec, '-keyout', `${base}.key`, '-out', `${base}.csr`, '-subj', subject], dir);
      const ext = server
        ? `subjectAltName=${[...use.server.dns.map((d) => `DNS:${d}`), ...use.server.ip.map((i) => `IP:${i}`)].join(',')}\nextendedKeyUsage=serverAuth\n`
        : 'extendedKeyUsage=clientAuth\n';
      writeFileSync(join(dir, `${base}.ext`), ext);
      openssl(
        [
          'x509',
          '-req',
          '-in',
          `${base}.csr`,
          '-CA',
          'ca.pem',
          '-CAkey',
          'ca.key',
          '-CAcreateserial',
          '-out',
          `${base}.pem`,
          '-days',
          '2',
          '-extfile',
          `${base}.ext`,
        ],
        dir,
      );
      return issuedOf(base);
    },
    pfx(issued, passphrase) {
      const out = `${issued.certFile}.p12`;
      openssl(
        [
          'pkcs12',
          '-export',
          '-in',
          issued.certFile,
          '-inkey',
          issued.keyFile,
          '-out',
          out,
          '-passout',
          `pass:${passphrase}`,
        ],
        dir,
      );
      return readFileSync(out);
    },
    encryptedKey(issued, passphrase) {
      const out = `${issued.keyFile}.enc`;
      openssl(['pkey', '-in', issued.keyFile, '-aes256', '-out', out, '-passout', `pass:${passphrase}`], dir);
      return readFileSync(out, 'utf8');
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
