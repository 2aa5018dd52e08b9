/**
 * `npm run mock` (generated/mock/cli.ts): serves the mock, says where and whose credentials it accepts, logs one line
 * per request without any parameter or key, and stops cleanly on SIGINT; bad flags end it with usage and exit 2.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PayerClient } from '../../generated/client/index.js';
import { compiledEntry } from '../helpers/compiled.js';
import { ROOT } from './support/generated-service.js';

// generated/mock/cli.ts compiled once for the run (test/setup/compile-entries.ts): the command `npm run mock` runs
// through tsx, without tsx's start-up in each of these children. test/client/readme-example.test.ts runs it as
// `npm run mock` does.
const CLI = compiledEntry('mock-cli');
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

function start(args: readonly string[]): {
  child: ChildProcessWithoutNullStreams;
  out: () => string;
  err: () => string;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exit };
}

/** Waits until `test` holds of the output, polling on a clock, for at most 20 s. */
async function until(test: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 20_000;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

it('serves, logs each request in one line without keys, and stops on SIGINT', async () => {
  const cli = start(['--port', '0', '--credentials', 'MyPayer:boguskey']);
  // The banner's lines may arrive in separate chunks: wait for its last one.
  await until(() => /SFTP folder of MyPayer: .*\n/.test(cli.out()), 'the banner');
  expect(cli.out()).toMatch(
    /mock at http:\/\/127\.0\.0\.1:\d+\/v5\/PayerFunctions\.asmx\nbaseUrl: http:\/\/127\.0\.0\.1:\d+\n/,
  );
  // What a user pastes as baseUrl: the line printed for it, or the service URL printed above it.
  const url = /^baseUrl: (\S+)$/m.exec(cli.out())![1]!;
  const serviceUrl = /mock at (\S+)\n/.exec(cli.out())![1]!;
  expect(serviceUrl).toBe(`${url}/v5/PayerFunctions.asmx`);
  expect(cli.out()).toContain('payerName MyPayer, API key boguskey\n');
  const banner = cli.out();

  await new PayerClient({ baseUrl: url, payerName: 'MyPayer', apiKey: 'boguskey', style: 'soap12' }).getBalances();
  await expect(
    new PayerClient({ baseUrl: serviceUrl, payerName: 'MyPayer', apiKey: 'wrong', style: 'httpPost' }).getBalances(),
  ).rejects.toMatchObject({ code: 1006 });
  await fetch(`${url}/nowhere`);
  await until(() => cli.out().split('\n').length - banner.split('\n').length >= 3, 'three log lines');

  const lines = cli.out().slice(banner.length).trim().split('\n');
  expect(lines.map((l) => l.replace(/^\S+ /, '').replace(/ [\d.]+ ms$/, ''))).toEqual([
    'GetBalances soap12 200',
    'GetBalances httpPost 200',
    '- - 404',
  ]);
  for (const line of lines) {
    expect(line).toMatch(/^\d{4}-\d\d-\d\dT\S+Z /);
    expect(line).not.toMatch(/boguskey|wrong|MyPayer|[0-9a-f]{64}/);
  }

  cli.child.kill('SIGINT');
  expect(await cli.exit).toBe(0);
  expect(cli.out()).toContain('stopping\n');
});

it('--request-validation refuses an HTTP POST form value that looks like markup, as ASP.NET does', async () => {
  const cli = start(['--port', '0', '--request-validation', '--log-level', 'silent']);
  await until(() => /SFTP folder of MyPayer: .*\n/.test(cli.out()), 'the banner');
  const url = /mock at (http:\/\/127\.0\.0\.1:\d+\/\S+)\n/.exec(cli.out())![1]!;
  const response = await fetch(`${url}/GetBalances`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'payerName=%3Cb%3EMyPayer&timestamp=1&key=x',
  });
  expect(response.status).toBe(500);
  expect(await response.text()).toBe(
    'System.Web.HttpRequestValidationException: A potentially dangerous Request.Form value was detected from the client (payerName="<b>MyPayer").',
  );
  cli.child.kill('SIGINT');
  expect(await cli.exit).toBe(0);
});

it.each([
  [['--port', 'x'], '--port must be a port number'],
  [['--log-level', 'loud'], '--log-level must be info or silent'],
  [['--credentials', 'MyPayer'], '--credentials must be <payerName>:<apiKey>'],
  [['--what'], "Unknown option '--what'"],
])('%j ends with usage and exit 2', async (args, message) => {
  const cli = start(args);
  expect(await cli.exit).toBe(2);
  expect(cli.err()).toContain(message);
  expect(cli.err()).toContain('Usage: svc-payer-client-mock ');
});

it('without flags serves the default scenario: its payer, key and SFTP folder are printed, and the folder goes on stop', async () => {
  const cli = start(['--port', '0', '--log-level', 'silent']);
  await until(() => /SFTP folder of MyPayer: .*\n/.test(cli.out()), 'the banner');
  expect(cli.out()).toContain('scenario: the default scenario\n');
  expect(cli.out()).toContain('payerName MyPayer, API key boguskey\n');
  expect(cli.out()).toContain('1 more payer in the scenario');
  const url = /mock at (http:\/\/127\.0\.0\.1:\d+)\//.exec(cli.out())![1]!;
  const folder = /SFTP folder of MyPayer: (.*)\n/.exec(cli.out())![1]!;
  expect(statSync(folder).isDirectory()).toBe(true);

  writeFileSync(join(folder, 'pay.csv'), 'payeeId,amount,currency,refCode\nP001,10.00,USD,R-1\n');
  const client = new PayerClient({ baseUrl: url, payerName: 'MyPayer', apiKey: 'boguskey', style: 'httpPost' });
  const tested = await client.testPaymentFile({ fileName: 'pay.csv', totalAmount: 10 });
  expect([tested.errorCode, tested.LineErrorsOrWarning]).toEqual(['OK', []]);
  // The scenario's keys are checked: another key is refused.
  await expect(
    new PayerClient({ baseUrl: url, payerName: 'MyPayer', apiKey: 'wrong' }).getBalances(),
  ).rejects.toMatchObject({ code: 1006 });

  cli.child.kill('SIGINT');
  expect(await cli.exit).toBe(0);
  expect(existsSync(folder)).toBe(false);
});

it('--scenario and --sftp-root: a scenario file of its own, folders under a given root that stay', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mock-cli-'));
  try {
    const scenario = join(dir, 'scenario.yaml');
    writeFileSync(
      scenario,
      'payers:\n  - payerName: Acme\n    apiKey: acme-secret\n    accounts:\n      - { provider: Payer, accountIdentifier: A1, currency: EUR, balance: "12.34" }\n',
    );
    const root = join(dir, 'sftp');
    const cli = start(['--port', '0', '--log-level', 'silent', '--scenario', scenario, '--sftp-root', root]);
    await until(() => /SFTP folder of Acme: .*\n/.test(cli.out()), 'the banner');
    expect(cli.out()).toContain(`scenario: ${scenario}\n`);
    // A scenario file's key is the user's own: not printed.
    expect(cli.out()).toContain(`payerName Acme, API key as in ${scenario}\n`);
    expect(cli.out()).not.toContain('acme-secret');
    expect(cli.out()).toContain(`SFTP folder of Acme: ${join(root, 'Acme')}\n`);
    const url = /mock at (http:\/\/127\.0\.0\.1:\d+)\//.exec(cli.out())![1]!;
    const balances = await new PayerClient({ baseUrl: url, payerName: 'Acme', apiKey: 'acme-secret' }).getBalances();
    expect(balances.AccountInfos).toEqual([
      { Provider: 'Payer', AccountIdentifier: 'A1', Balance: 12.34, Currency: 'EUR' },
    ]);
    cli.child.kill('SIGINT');
    expect(await cli.exit).toBe(0);
    expect(statSync(join(root, 'Acme')).isDirectory()).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('a scenario that is not valid ends the command with its problems at file:line:column, exit 1', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mock-cli-'));
  try {
    const scenario = join(dir, 'bad.yaml');
    writeFileSync(scenario, 'payers:\n  - payerName: Acme\n    apiKey: acme-secret\n    color: blue\n');
    const cli = start(['--port', '0', '--scenario', scenario]);
    expect(await cli.exit).toBe(1);
    expect(cli.err()).toContain('the mock cannot start:');
    expect(cli.err()).toContain(`${scenario}:4:5:`);
    expect(cli.err()).toContain('unknown key "color"');
    expect(cli.err()).not.toContain('acme-secret');
    expect(cli.out()).toBe('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('an alias the yaml library cannot resolve is a problem at its file:line:column too, not a ReferenceError', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mock-cli-'));
  try {
    const scenario = join(dir, 'alias.yaml');
    writeFileSync(scenario, 'payers:\n  - payerName: Acme\n    apiKey: *nope\n');
    const cli = start(['--port', '0', '--scenario', scenario]);
    expect(await cli.exit).toBe(1);
    expect(cli.err()).toBe(
      `the mock cannot start: ${scenario}:3:13: unknown alias *nope: no anchor &nope comes before it\n`,
    );
    expect(cli.out()).toBe('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
