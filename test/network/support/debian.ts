/**
 * The Debian packages a test of the second suite (`npm run test:interop`) needs, installed when missing: the suite
 * tests the client against real servers (nginx, a forward proxy, Mono's ASP.NET, an NTLM verifier), and CI starts
 * from a machine that has none of them. A package that cannot be installed is an error, never a skip: a test that
 * silently did not run would read as a pass.
 */
import { execFileSync } from 'node:child_process';

/** apt-get may download and unpack for a while on a cold machine; a hung mirror must still end the run. */
const INSTALL_TIMEOUT_MS = 15 * 60_000;

/** The lock file that keeps the suite's workers to one apt-get at a time. */
const APT_LOCK = '/tmp/svc-codegen-apt.lock';

/** Packages already found installed in this process, so that each is asked about once. */
const installed = new Set<string>();

/**
 * Makes sure every package of `packages` is installed, installing the missing ones with apt-get (the suite runs as
 * root in CI; elsewhere it says what to run).
 * @param packages - Debian package names
 */
export function ensureDebianPackages(packages: readonly string[]): void {
  const missing = packages.filter((name) => !installed.has(name) && !isInstalled(name));
  if (missing.length > 0) {
    if (process.getuid?.() !== 0) {
      throw new Error(
        `the interop suite needs the Debian packages ${missing.join(', ')}: run apt-get install -y ${missing.join(' ')} as root`,
      );
    }
    // The package lists of a fresh machine may be empty or stale: update once before giving up.
    if (!aptInstall(missing)) {
      apt(['update']);
      if (!aptInstall(missing))
        throw new Error(`apt-get could not install ${missing.join(', ')} (see its output above)`);
    }
    const still = missing.filter((name) => !isInstalled(name));
    if (still.length > 0) throw new Error(`apt-get ran but ${still.join(', ')} is still not installed`);
  }
  for (const name of packages) installed.add(name);
}

function isInstalled(name: string): boolean {
  try {
    const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return status.trim() === 'install ok installed';
  } catch {
    return false;
  }
}

function aptInstall(names: readonly string[]): boolean {
  try {
    apt(['install', '-y', '--no-install-recommends', ...names]);
    return true;
  } catch {
    return false;
  }
}

function apt(args: readonly string[]): void {
  // Test files run in parallel workers, and each may install what it needs at the same moment: one apt-get at a time
  // (flock, from util-linux), and apt-get waits for another program's dpkg lock instead of failing at once.
  execFileSync('flock', [APT_LOCK, 'apt-get', '-q', '-o', 'DPkg::Lock::Timeout=600', ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: INSTALL_TIMEOUT_MS,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
