/**
 * Every input the command line cannot read is said in one voice: what was read, where, what is wrong, what to do
 * (issue 27, item 6). Each case is the message a user meets, whole, through the command as the CLI runs it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGenerate } from '../../generator/commands/generate.js';
import { runImportWsdl } from '../../generator/commands/import-wsdl.js';
import { fileFailure, statusFailure, urlFailure } from '../../generator/load/read-failure.js';
import { fromRoot } from '../helpers/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-read-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const generate = (args: { spec?: string; wsdl?: string; strict?: boolean }) =>
  runGenerate({ ...args, out: 'out', cwd: dir, check: true });

describe('a file that cannot be read', () => {
  it('a missing spec names the file as typed, says why and what to do, without "Invalid spec"', async () => {
    const run = await generate({ spec: 'spec/nope.yaml' });
    expect([run.exitCode, run.stderr]).toEqual([
      2,
      'spec/nope.yaml: cannot read the spec: no such file; check the path (relative paths start from the working directory), ' +
        'or draft it from a WSDL: svc-codegen import-wsdl Service.wsdl --out spec/nope.yaml\n',
    ]);
  });

  it('a missing WSDL says the same, not the errno alone', async () => {
    for (const run of [await generate({ wsdl: 'nope.wsdl' }), await runImportWsdl({ file: 'nope.wsdl', cwd: dir })]) {
      expect([run.exitCode, run.stderr]).toEqual([
        2,
        'nope.wsdl: cannot read the WSDL: no such file; check the path (relative paths start from the working directory)\n',
      ]);
    }
  });

  it('a folder given for a file says so', async () => {
    mkdirSync(join(dir, 'folder.wsdl'), { recursive: true });
    expect((await generate({ wsdl: 'folder.wsdl' })).stderr).toBe(
      'folder.wsdl: cannot read the WSDL: it is a folder; name the file inside it\n',
    );
  });

  it('each errno has its words, and one without words keeps its code', () => {
    const err = (code: string) => Object.assign(new Error(`${code}: /abs/path`), { code });
    expect(fileFailure(err('EACCES'))).toBe('permission denied; the file must be readable by this user');
    expect(fileFailure(err('ENOTDIR'))).toBe('a part of the path is a file, not a folder; check the path');
    expect(fileFailure(err('EMFILE'))).toBe('the system refused (EMFILE)');
  });
});

describe('a file that is not XML', () => {
  it('text where the first element should be is placed where it starts, not where the file ends', async () => {
    writeFileSync(join(dir, 'page.wsdl'), '\n\n  Service Unavailable\n\nTry again later.\n');
    const run = await generate({ wsdl: 'page.wsdl' });
    expect([run.exitCode, run.stderr]).toEqual([
      2,
      'page.wsdl:3:3: cannot read the WSDL: not XML: text "Service Unavailable" stands where the first element should: ' +
        'check that it is the WSDL itself, not a web page or an error (an ASMX service gives its WSDL at Service.asmx?WSDL)\n',
    ]);
  });

  it('text after the root element is placed where it starts, past comments and processing instructions', async () => {
    writeFileSync(
      join(dir, 'tail.wsdl'),
      '<?xml version="1.0"?>\n<!-- a -->\n<definitions/>\n<!-- b -->\n<?pi x?>\n  trailing words\n\n',
    );
    const run = await generate({ wsdl: 'tail.wsdl' });
    expect(run.stderr).toBe(
      'tail.wsdl:6:3: cannot read the WSDL: text "trailing words" after the root element\'s end\n',
    );
  });

  it('malformed XML keeps its place and reason', async () => {
    writeFileSync(join(dir, 'bad.wsdl'), '<a>\n<b>\n</a>');
    expect((await generate({ wsdl: 'bad.wsdl' })).stderr).toBe(
      'bad.wsdl:3:1: cannot read the WSDL: end tag </a> does not match <b>\n',
    );
  });
});

describe('a URL that cannot be read', () => {
  let server: Server;
  let base = '';
  let closedPort = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.statusCode = request.url?.includes('secret') ? 401 : 404;
      response.end('no');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    // A port that was just free: nothing listens on it once closed.
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    closedPort = (probe.address() as { port: number }).port;
    await new Promise((done) => probe.close(done));
  });
  afterAll(() => new Promise((done) => server.close(done)));

  it('a closed port says the connection was refused, with the code and the address', async () => {
    const url = `http://127.0.0.1:${closedPort}/Service.asmx?WSDL`;
    const run = await generate({ wsdl: url });
    expect([run.exitCode, run.stderr]).toEqual([
      2,
      `${url}: cannot read the WSDL: the connection was refused (nothing listens on that host and port); check that the service is running and the URL (ECONNREFUSED 127.0.0.1:${closedPort})\n`,
    ]);
  });

  it('a port fetch blocks says so rather than "fetch failed"', async () => {
    const run = await runImportWsdl({ file: 'http://127.0.0.1:9/nothing.asmx?WSDL', cwd: dir });
    expect(run.stderr).toBe(
      "http://127.0.0.1:9/nothing.asmx?WSDL: cannot read the WSDL: fetch refuses to connect to this port (one of the fetch standard's blocked ports); " +
        'serve the WSDL on another port, or save it to a file and give the file\n',
    );
  });

  it('an HTTP status names it and what to do', async () => {
    expect((await generate({ wsdl: `${base}/Service.asmx?WSDL` })).stderr).toBe(
      `${base}/Service.asmx?WSDL: cannot read the WSDL: the server answered HTTP 404 Not Found; check the URL (an ASMX service publishes its WSDL at Service.asmx?WSDL, WCF at Service.svc?singleWsdl)\n`,
    );
    expect((await generate({ wsdl: `${base}/secret.asmx?WSDL` })).stderr).toBe(
      `${base}/secret.asmx?WSDL: cannot read the WSDL: the server answered HTTP 401 Unauthorized; the document needs credentials this command does not send: save it to a file with a browser or curl and give the file\n`,
    );
    expect(statusFailure(500, '')).toBe('the server answered HTTP 500');
  });

  it('a timeout and an unknown host have their words', () => {
    expect(urlFailure(Object.assign(new Error('x'), { name: 'TimeoutError' }))).toBe(
      'no answer in time; check the URL and that the service answers',
    );
    const dns = new TypeError('fetch failed', {
      cause: Object.assign(new Error('getaddrinfo ENOTFOUND x.invalid'), { code: 'ENOTFOUND' }),
    });
    expect(urlFailure(dns)).toBe('the host name was not found (DNS); check the URL (ENOTFOUND)');
    const other = new TypeError('fetch failed', { cause: Object.assign(new Error('?'), { code: 'EWHATEVER' }) });
    expect(urlFailure(other)).toBe('the request failed (EWHATEVER)');
  });
});

describe('--strict with --wsdl', () => {
  it('says the places are in the draft kept in memory, how to write it, and what to do', async () => {
    copyFileSync(fromRoot('test/fixtures/wsdl/interhome/WebService.wsdl'), join(dir, 'ih.wsdl'));
    const run = await generate({ wsdl: 'ih.wsdl', strict: true });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(
      /^ih\.wsdl: --strict refuses the draft: 1 decision left to you\. The draft is kept in memory; `svc-codegen import-wsdl ih\.wsdl --out WebService\.yaml` writes it \(these places are its lines\): decide there, then generate with --spec WebService\.yaml, or drop --strict to generate with the draft's choices:\n {2}WebService\.yaml:32:5: TODO\(import\) /,
    );
  });
});
