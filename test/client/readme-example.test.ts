/**
 * The README's and the docs pages' usage examples run as written: its code block is extracted, saved beside the repository's other
 * generated test files with only the import path adjusted to that location, compiled with the generated code it
 * imports, and run with node against a real loopback server that answers like the service.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileScript } from '../helpers/compiled.js';
import { codeBlock, docPage } from '../helpers/doc-blocks.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { resultResponse } from './support/responses.js';
import { hmacHex } from './support/wire.js';

const ROOT = join(import.meta.dirname, '..', '..');
let server: RecordingServer;
const pollsBeforeDone = { count: 0 };

beforeAll(async () => {
  server = await startRecordingServer();
  server.respond((req) => {
    const op = /<soap:Body><(\w+)/.exec(req.body)?.[1] ?? '';
    const reply = (fields: string) => resultResponse('soap12', op, fields, 'x');
    switch (op) {
      case 'GetBalances':
        return reply(
          '<errorCode>0</errorCode><AccountInfos><SvcAccountInfo><Provider>Payer</Provider><AccountIdentifier>A1</AccountIdentifier><Balance>1500.25</Balance><Currency>EUR</Currency></SvcAccountInfo></AccountInfos>',
        );
      case 'TestPaymentFile':
        return reply(
          '<errorMessage>Errors</errorMessage><errorCode>ValidationError</errorCode><LineErrorsOrWarning><LineErrorOrWarning><lineNumber>4</lineNumber><isWarning>false</isWarning><message>Unknown payee</message></LineErrorOrWarning></LineErrorsOrWarning>',
        );
      case 'ProcessPaymentFileAsync':
        return reply('<errorCode>OK</errorCode><requestId>9007199254740993</requestId>');
      case 'GetProcessingRequestStatus':
        return reply(
          `<errorCode>OK</errorCode><requestStatus>${pollsBeforeDone.count++ === 0 ? 'Processing' : 'Completed'}</requestStatus>`,
        );
      case 'ProcessPaymentsAsyncResult':
        return reply(
          '<errorCode>0</errorCode><linesResults><ExpandedLineResult><status>OK</status><lineErrorOrWarningType>0</lineErrorOrWarningType></ExpandedLineResult></linesResults>',
        );
      case 'GetDynamicKey':
        return reply('<errorCode>OK</errorCode><Key>dyn-key</Key><Token>tok-1</Token>');
      default:
        return { status: 500, contentType: 'text/plain', body: `unexpected ${op}` };
    }
  });
});
afterAll(async () => {
  await server.close();
});

/** docs/client.md's whole example: balances, a service error, an asynchronous submission, an embedded page. */
const clientPageExample = () =>
  codeBlock(
    'docs/client.md',
    'ts',
    (b) => b.includes('new PayerClient(') && b.includes('embeddedPageQuery'),
    'using the client',
  );

it("the README's client example runs as written against a loopback server", async () => {
  const code = codeBlock(
    'README.md',
    'ts',
    (b) => b.includes('new PayerClient(') && !b.includes('startMockServer'),
    'using the client',
  );
  expect(code).toContain("from './generated/client/index.js'");
  const dir = join(ROOT, 'test', '.tmp', 'readme');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'readme-client.ts');
  writeFileSync(file, code.replace("from './generated/client/index.js'", "from '../../../generated/client/index.js'"));
  const before = server.requests.length;
  const {
    code: exit,
    stdout,
    stderr,
  } = await run(process.execPath, [await compileScript(file)], {
    PAYER_BASE_URL: server.url,
    PAYER_API_KEY: 'readme-secret',
  });
  expect([exit, stderr, stdout]).toEqual([0, '', 'Payer EUR 1500.25\n']);
  expect(server.requests.slice(before).map((r) => /<soap:Body><(\w+)/.exec(r.body)?.[1])).toEqual(['GetBalances']);
});

it("the README's mock example runs as written", async () => {
  const code = codeBlock('README.md', 'ts', (b) => b.includes('startMockServer('), 'starting the mock');
  const dir = join(ROOT, 'test', '.tmp', 'readme');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'readme-mock.ts');
  writeFileSync(file, code.replaceAll("from './generated/", "from '../../../generated/"));
  const { code: exit, stdout, stderr } = await run(process.execPath, [await compileScript(file)], {});
  expect([exit, stderr, stdout]).toEqual([0, '', 'USD 25000\n']);
});

it('the client page example runs as written and does what it says', async () => {
  const dir = join(ROOT, 'test', '.tmp', 'readme');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'example.ts');
  const code = clientPageExample();
  const before = server.requests.length;
  expect(code).toContain("from './generated/client/index.js'");
  writeFileSync(file, code.replace("from './generated/client/index.js'", "from '../../../generated/client/index.js'"));

  const {
    code: exit,
    stdout,
    stderr,
  } = await run(process.execPath, [await compileScript(file)], {
    PAYER_BASE_URL: server.url,
    PAYER_API_KEY: 'readme-secret',
  });
  expect(stderr).toBe('');
  expect(exit).toBe(0);
  expect(stdout.split('\n').filter(Boolean)).toEqual([
    'Payer EUR 1500.25',
    'line 4: Unknown payee',
    '1 lines processed',
    `https://payer.example/embedded?payerName=MyPayer&lang=en&token=tok-1&hashkey=${hmacHex('dyn-key', 'payerName=MyPayer&lang=en&token=tok-1')}`,
  ]);
  const ops = server.requests.slice(before).map((r) => /<soap:Body><(\w+)/.exec(r.body)?.[1]);
  expect(ops).toEqual([
    'GetBalances',
    'TestPaymentFile',
    'ProcessPaymentFileAsync',
    'GetProcessingRequestStatus',
    'GetProcessingRequestStatus',
    'ProcessPaymentsAsyncResult',
    'GetDynamicKey',
  ]);
  expect(stdout + stderr).not.toContain('readme-secret');
  expect(stdout).not.toContain('dyn-key');
});

function run(
  cmd: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

it('the mock page example runs as written: a file in the SFTP folder, tested and processed asynchronously on the clock', async () => {
  const example = codeBlock(
    'docs/mock.md',
    'ts',
    (b) => b.includes('startMockServer(') && b.includes('folderOf('),
    'starting the mock with a payment file',
  );
  const dir = join(ROOT, 'test', '.tmp', 'readme');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'mock-example.ts');
  writeFileSync(file, example.replaceAll("from './generated/", "from '../../../generated/"));
  const { code: exit, stdout, stderr } = await run(process.execPath, [await compileScript(file)], {});
  expect(stderr).toBe('');
  expect(exit).toBe(0);
  expect(stdout.split('\n').filter(Boolean)).toEqual(['OK Processing', 'Completed 24800']);
});

it("the newcomer's script runs as written against `npm run mock`: a file tested, submitted, completed, the balance lowered", async () => {
  const script = codeBlock('docs/mock.md', 'ts', (b) => b.startsWith('// try-mock.ts'), 'named try-mock.ts');
  const command = /```sh\n(npm run mock[^\n]*)\n```/.exec(docPage('docs/mock.md'))?.[1];
  expect(command).toBe('npm run mock -- --sftp-root mock-sftp');
  const dir = join(ROOT, 'test', '.tmp', 'readme');
  mkdirSync(dir, { recursive: true });
  const sftp = mkdtempSync(join(tmpdir(), 'readme-sftp-'));
  // The README's command, on a free port and with a temporary root instead of ./mock-sftp.
  const mock = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'generated', 'mock', 'cli.ts'),
      '--port',
      '0',
      '--sftp-root',
      sftp,
      '--log-level',
      'silent',
    ],
    { cwd: ROOT },
  );
  try {
    let banner = '';
    mock.stdout.on('data', (d: Buffer) => (banner += d.toString()));
    const end = Date.now() + 20_000;
    while (!/SFTP folder of MyPayer: .*\n/.test(banner)) {
      if (Date.now() > end) throw new Error(`the mock did not start: ${banner}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(banner).toContain(`SFTP folder of MyPayer: ${join(sftp, 'MyPayer')}\n`);
    const url = /mock at (http:\/\/127\.0\.0\.1:\d+)\//.exec(banner)![1]!;
    const file = join(dir, 'try-mock.ts');
    writeFileSync(file, script.replaceAll("from './generated/", "from '../../../generated/"));
    const {
      code: exit,
      stdout,
      stderr,
    } = await run(process.execPath, [await compileScript(file)], { MOCK_URL: url, MOCK_SFTP: sftp });
    expect(stderr).toBe('');
    expect(exit).toBe(0);
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      'tested: OK',
      'request: Completed',
      'lines: OK Submitted, OK Submitted',
      'USD balance: 25000 -> 24800',
    ]);
  } finally {
    // The mock stops on SIGINT, as after Ctrl+C; wait for it (at most 10 s, then kill it) before removing its root.
    const exited = new Promise<void>((resolve) =>
      mock.exitCode !== null || mock.signalCode !== null ? resolve() : mock.once('exit', () => resolve()),
    );
    mock.kill('SIGINT');
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000).unref()),
    ]);
    if (!stopped) mock.kill('SIGKILL');
    rmSync(sftp, { recursive: true, force: true });
  }
});
