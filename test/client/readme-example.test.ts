/**
 * The README's usage example runs as written: its code block is extracted, saved beside the repository's other
 * generated test files with only the import path adjusted to that location, compiled with the generated code it
 * imports, and run with node against a real loopback server that answers like the service.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileScript } from '../helpers/compiled.js';
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
        return reply('<errorCode>0</errorCode><AccountInfos><SvcAccountInfo><Provider>Payer</Provider><AccountIdentifier>A1</AccountIdentifier><Balance>1500.25</Balance><Currency>EUR</Currency></SvcAccountInfo></AccountInfos>');
      case 'TestPaymentFile':
        return reply('<errorMessage>Errors</errorMessage><errorCode>ValidationError</errorCode><LineErrorsOrWarning><LineErrorOrWarning><lineNumber>4</lineNumber><isWarning>false</isWarning><message>Unknown payee</message></LineErrorOrWarning></LineErrorsOrWarning>');
      case 'ProcessPaymentFileAsync':
        return reply('<errorCode>OK</errorCode><requestId>9007199254740993</requestId>');
      case 'GetProcessingRequestStatus':
        return reply(`<errorCode>OK</errorCode><requestStatus>${pollsBeforeDone.count++ === 0 ? 'Processing' : 'Completed'}</requestStatus>`);
      case 'ProcessPaymentsAsyncResult':
        return reply('<errorCode>0</errorCode><linesResults><ExpandedLineResult><status>OK</status><lineErrorOrWarningType>0</lineErrorOrWarningType></ExpandedLineResult></linesResults>');
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

function readmeExample(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const example = blocks.find((b) => b.includes('new PayerClient('));
  if (!example) throw new Error('README.md has no ts block constructing a PayerClient');
  return example;
}

it('runs as written and does what it says', async () => {
  const dir = join(ROOT, 'test', '.tmp', 'readme');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'example.ts');
  const code = readmeExample();
  expect(code).toContain("from './generated/client/index.js'");
  writeFileSync(file, code.replace("from './generated/client/index.js'", "from '../../../generated/client/index.js'"));

  const { code: exit, stdout, stderr } = await run(process.execPath, [await compileScript(file)], {
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
  const ops = server.requests.map((r) => /<soap:Body><(\w+)/.exec(r.body)?.[1]);
  expect(ops).toEqual(['GetBalances', 'TestPaymentFile', 'ProcessPaymentFileAsync', 'GetProcessingRequestStatus', 'GetProcessingRequestStatus', 'ProcessPaymentsAsyncResult', 'GetDynamicKey']);
  expect(stdout + stderr).not.toContain('readme-secret');
  expect(stdout).not.toContain('dyn-key');
});

function run(cmd: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

it('the mock example runs as written: a file in the SFTP folder, tested and processed asynchronously on the clock', async () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const example = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes('startMockServer('));
  if (!example) throw new Error('README.md has no ts block starting the mock');
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
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const script = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.startsWith('// try-mock.ts'));
  if (!script) throw new Error('README.md has no try-mock.ts block');
  const command = /```sh\n(npm run mock[^\n]*)\n```/.exec(readme)?.[1];
  expect(command).toBe('npm run mock -- --sftp-root mock-sftp');
  const dir = join(ROOT, 'test', '.tmp', 'readme');
  mkdirSync(dir, { recursive: true });
  const sftp = mkdtempSync(join(tmpdir(), 'readme-sftp-'));
  // The README's command, on a free port and with a temporary root instead of ./mock-sftp.
  const mock = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'generated', 'mock', 'cli.ts'), '--port', '0', '--sftp-root', sftp, '--log-level', 'silent'], { cwd: ROOT });
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
    const { code: exit, stdout, stderr } = await run(process.execPath, [await compileScript(file)], { MOCK_URL: url, MOCK_SFTP: sftp });
    expect(stderr).toBe('');
    expect(exit).toBe(0);
    expect(stdout.split('\n').filter(Boolean)).toEqual(['tested: OK', 'request: Completed', 'lines: OK Submitted, OK Submitted', 'USD balance: 25000 -> 24800']);
  } finally {
    // The mock stops on SIGINT, as after Ctrl+C; wait for it (at most 10 s, then kill it) before removing its root.
    const exited = new Promise<void>((resolve) => (mock.exitCode !== null || mock.signalCode !== null ? resolve() : mock.once('exit', () => resolve())));
    mock.kill('SIGINT');
    const stopped = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000).unref())]);
    if (!stopped) mock.kill('SIGKILL');
    rmSync(sftp, { recursive: true, force: true });
  }
});
