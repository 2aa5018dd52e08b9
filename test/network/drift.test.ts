/**
 * Drift between a spec and the live service (issue 27, item 5): `svc-codegen diff spec/payer-v5.yaml
 * http://…/PayerFunctions.asmx?WSDL` against a real ASMX host, Mono's System.Web.Services behind nginx.
 *
 * The service is written from the payer spec the way a .NET team would start one: Mono's `wsdl -server` turns the
 * spec's exported WSDL into the service's C# (an abstract class, made concrete here), which ASMX then describes in
 * its own words at `?WSDL` (its own prefixes, order, an HTTP GET binding...). Unchanged, the diff reports no breaking
 * change. A second host runs the same service changed as teams change services: an operation added, a field of a
 * result removed, an enum value added. The diff classifies each, and `--fail-on breaking` fails the CI job that watches it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDiff } from '../../generator/commands/diff.js';
import { stripMock } from '../../generator/diff/index.js';
import { wsdlDocument } from '../../generator/emit/wsdl/index.js';
import { loadSpec } from '../../generator/load/load.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';
import { startAsmx, type Asmx } from './support/asmx.js';
import { networkDir } from './support/server-process.js';

const SPEC = 'spec/payer-v5.yaml';
/** The bindings the spec has: SOAP 1.1, SOAP 1.2 and HTTP POST (ASMX offers HTTP GET only when asked). */
const WEB_CONFIG_SOAP_AND_POST = `<?xml version="1.0"?>
<configuration>
  <system.web>
    <webServices><protocols><add name="HttpPost"/><remove name="HttpGet"/></protocols></webServices>
  </system.web>
</configuration>
`;
const ASMX_PATH = '/v5/PayerFunctions.asmx';

/**
 * The payer spec as Mono can host it. Mono names an HTTP POST answer's root after the result's XML type and lets an
 * [XmlRoot] rename the SOAP result element as well (.NET keeps <OpResult>), so the roots the spec names apart from
 * their types (SvcGetBalanceResponse for a BalanceResult) cannot be published by a Mono service: the spec hosted
 * leaves them to the convention. Everything else is the payer spec as it is.
 */
function hostedSpec(): string {
  const text = readFileSync(fromRoot(SPEC), 'utf8');
  // Without its mock section, which names a simulator folder beside the original (not part of the interface).
  const hosted = stripMock(text).replace(/^ {4}httpPostRoot: .*\n/gm, '');
  expect(text.length - hosted.length).toBeGreaterThan(0);
  const file = join(networkDir('drift-spec'), 'payer-v5.yaml');
  writeFileSync(file, hosted);
  return file;
}

/** The C# of the service that `wsdl -server` writes from the spec's WSDL, its abstract methods given bodies. */
function serviceSource(spec: string): string {
  const dir = networkDir('drift-wsdl');
  const wsdl = join(dir, 'PayerFunctions.wsdl');
  writeFileSync(wsdl, wsdlDocument(loadSpec(spec)));
  execFileSync('wsdl', ['-server', `-out:${join(dir, 'PayerFunctions.cs')}`, wsdl], { stdio: 'pipe' });
  const cs = readFileSync(join(dir, 'PayerFunctions.cs'), 'utf8');
  const concrete = cs
    .replace('public abstract partial class PayerFunctions', 'public partial class PayerFunctions')
    .replace(/public abstract (.+\));/g, 'public $1 { throw new System.NotImplementedException(); }');
  expect(concrete).not.toContain('abstract');
  return concrete;
}

/** The same service after a release: one operation more, FileResult without resultsFile, RequestStatus with Archived. */
function changed(source: string): string {
  const out = source
    .replace(
      'public partial class PayerFunctions : System.Web.Services.WebService {',
      'public partial class PayerFunctions : System.Web.Services.WebService {\n' +
        '    [System.Web.Services.WebMethodAttribute()]\n' +
        '    [System.Web.Services.Protocols.SoapDocumentMethodAttribute("http://svc.example/GetServerTime", RequestNamespace="http://svc.example/", ResponseNamespace="http://svc.example/")]\n' +
        '    public System.DateTime GetServerTime(string payerName) { return System.DateTime.UtcNow; }\n',
    )
    .replace(
      '[System.Xml.Serialization.XmlElementAttribute(IsNullable=true)]\n    public string resultsFile {',
      '[System.Xml.Serialization.XmlIgnoreAttribute()]\n    public string resultsFile {',
    )
    .replace(/public enum RequestStatus \{\n/, 'public enum RequestStatus {\n    Archived,\n');
  for (const mark of ['GetServerTime', 'XmlIgnoreAttribute()]\n    public string resultsFile', 'Archived,'])
    expect(out).toContain(mark);
  return out;
}

const host = (name: string, source: string) =>
  startAsmx({
    name,
    warmUp: `${ASMX_PATH}?WSDL`,
    files: {
      [ASMX_PATH.slice(1)]: `<%@ WebService Language="C#" Class="PayerFunctions" %>\n${source}`,
      'web.config': WEB_CONFIG_SOAP_AND_POST,
    },
  });

let same: Asmx;
let moved: Asmx;
let spec = '';

beforeAll(async () => {
  spec = hostedSpec();
  const source = serviceSource(spec);
  [same, moved] = await Promise.all([host('drift-same', source), host('drift-changed', changed(source))]);
}, 300_000);

afterAll(async () => {
  await Promise.all([same?.stop(), moved?.stop()]);
});

describe('diff against the live ?WSDL of a Mono ASMX host', () => {
  it('the service as the spec says: no breaking change, in either direction', async () => {
    const url = `${same.url}${ASMX_PATH}?WSDL`;
    for (const [old, next] of [
      [spec, url],
      [url, spec],
    ] as const) {
      const run = await runDiff({ old, new: next, format: 'json', failOn: 'breaking', cwd: repoRoot });
      expect(run.error).toBeUndefined();
      const diff = JSON.parse(run.output) as {
        summary: { breakingForClients: number; breakingForServers: number };
        changes: unknown[];
      };
      expect(
        [run.exitCode, diff.summary.breakingForClients, diff.summary.breakingForServers],
        JSON.stringify(diff.changes, null, 2),
      ).toEqual([0, 0, 0]);
      // Mono's ?WSDL has no documentation (`wsdl -server` writes no Description): what is left differs in docs only.
      expect(new Set((diff.changes as { category: string }[]).map((c) => c.category))).toEqual(new Set(['docs']));
    }
  });

  it('the changed service: each change classified, and --fail-on breaking fails', async () => {
    const url = `${moved.url}${ASMX_PATH}?WSDL`;
    const run = await runDiff({ old: spec, new: url, format: 'json', failOn: 'breaking', cwd: repoRoot });
    expect(run.error).toBeUndefined();
    const diff = JSON.parse(run.output) as {
      changes: { category: string; kind: string; path: string; client: string; server: string }[];
    };
    const changes = diff.changes
      .filter((c) => c.category !== 'docs')
      .map(({ kind, path, client, server }) => ({ kind, path, client, server }));
    expect(changes).toEqual([
      { kind: 'operation-added', path: 'GetServerTime', client: 'compatible', server: 'breaking' },
      { kind: 'field-removed-optional', path: 'FileResult.resultsFile', client: 'breaking', server: 'compatible' },
      { kind: 'enum-value-added', path: 'RequestStatus.Archived', client: 'compatible', server: 'compatible' },
    ]);
    expect(run.exitCode).toBe(1);
    const markdown = await runDiff({ old: spec, new: url, cwd: repoRoot });
    expect(markdown.output).toMatch(/GetServerTime/);
  });
});

describe('the command line', () => {
  it('names the URL and why when the live service does not answer a WSDL', async () => {
    const run = await runDiff({ old: spec, new: `${same.url}/v5/Nothing.asmx?WSDL`, cwd: repoRoot });
    expect(run.exitCode).toBe(2);
    expect(run.error).toMatch(/\/v5\/Nothing\.asmx\?WSDL: cannot read the WSDL: the server answered HTTP (404|500)/);
  });
});
