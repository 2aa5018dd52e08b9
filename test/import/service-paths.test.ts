/**
 * Issue 25, service paths: real WSDLs give addresses at the root of a host (amazon-ec2's https://ec2.amazonaws.com/),
 * ending with a slash (JAX-WS endpoints, edialog-sdk, virtualbox-web), or odd (mssql-endpoint's
 * `http:8080://localhost/sql`, whose URL path is `//localhost/sql`). The spec, the mock and the client took only paths
 * not ending with `/`, and the draft took `//localhost/sql` as it came. Now `/` alone and a trailing slash are paths;
 * what cannot be a path (`//host/x`, a query, a fragment, a space) is still refused; the HTTP POST path of a service
 * at `/` is `/<Operation>`, never `//<Operation>`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { SpecError } from '../../generator/load/errors.js';
import { parseSpec } from '../../generator/load/load.js';
import { MockCore } from '../../templates/runtime/mock/core.js';
import { OPERATIONS, NS } from '../runtime/mock-fixture.js';
import { fromRoot } from '../helpers/paths.js';
import { roundTrips, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';

const ROOT_WSDL = 'test/fixtures/import/service-paths/RootPath.wsdl';

function specIssues(path: string): string[] {
  const text = `specVersion: 1
service: { name: S, title: S, version: '1', path: '${path}', namespace: { uri: 'http://s.example/' }, client: SClient }
operations:
  - { name: A, result: int }
`;
  try {
    parseSpec(text, 's.yaml');
  } catch (error) {
    if (error instanceof SpecError) return error.issues.map((i) => `${i.path}: ${i.message}`);
    throw error;
  }
  return [];
}

const ACCEPTED = ['/', '/edialog-webservices/', '/v5/Service.asmx', '/sql', '/a%20b'];
const REFUSED = ['//localhost/sql', '/S.asmx?wsdl', '/S.asmx#top', '/a b', 'S.asmx', ''];

describe('service.path in the spec', () => {
  it.each(ACCEPTED)('takes %j', (path) => {
    expect(specIssues(path)).toEqual([]);
  });
  it.each(REFUSED)('refuses %j', (path) => {
    expect(specIssues(path)).toEqual([
      'service.path: must be an absolute path such as /v5/Service.asmx or / (no //, ? or # in it)',
    ]);
  });
});

describe('the mock engine', () => {
  const core = (path: string) =>
    new MockCore({
      path,
      namespace: NS,
      styles: ['soap11', 'httpPost'],
      operations: OPERATIONS,
      invoke: () => undefined,
    });
  it.each(ACCEPTED)('takes the path %j', (path) => {
    expect(() => core(path)).not.toThrow();
  });
  it.each(REFUSED)('refuses the path %j', (path) => {
    expect(() => core(path)).toThrow(
      new TypeError('path must start with one "/" and hold no space, ? or #, e.g. /api/Service.asmx or /'),
    );
  });
  it.each([
    ['/', '/Ping', 'the form path of a root service'],
    ['/ws/', '/ws/Ping', 'the form path of a path with a trailing slash'],
  ])('under %j routes %s (%s) to the operation', async (path, url, _) => {
    const response = await core(path).handle(
      new Request(`http://mock.test${url}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: '',
      }),
    );
    expect(response.status).toBe(200);
  });
});

describe('import-wsdl drafts the address path', () => {
  const wsdl = readFileSync(fromRoot(ROOT_WSDL), 'utf8');
  it.each([
    ['http://localhost/', '/', []],
    ['https://sdk-staging.e-dialog.com:443/edialog-webservices/', '/edialog-webservices/', []],
    ['http://localhost:18083/', '/', []],
    // A port before the slashes: the URL's path is `//localhost/sql`, a host and path: its path is taken.
    ['http:8080://localhost/sql', '/sql', []],
    ['http://h/Service%20One.asmx', '/Service%20One.asmx', []],
    ['http://h/a%2Fb/S.asmx', '/a%2Fb/S.asmx', []],
    [
      'not a url',
      '/',
      ['the address not a url has no path a service can have; drafted as /, set service.path by hand'],
    ],
  ])('%s -> %s', (location, path, problems) => {
    const result = importWsdl(wsdl.replaceAll('http://localhost/', location), 'root.wsdl');
    expect([result.yaml.match(/^ {2}path: (.*)$/m)?.[1], result.problems.map((p) => p.message)]).toEqual([
      path,
      problems,
    ]);
  });
});

describe('a client and mock of services at / and at a path ending with /', () => {
  let trips: Record<'root' | 'trailing', RoundTrip>;
  const mocks: MockService[] = [];
  beforeAll(async () => {
    trips = await roundTrips(
      { root: ROOT_WSDL, trailing: 'test/fixtures/import/service-paths/TrailingSlash.wsdl' },
      'service-paths',
    );
  }, 180_000);
  afterAll(async () => Promise.all(mocks.map((m) => m.close())));

  it('type-check', () => {
    expect([trips.root.diagnostics, trips.trailing.diagnostics]).toEqual([[], []]);
  });

  it.each([
    ['root', 'soap11', 'http://mock.test/'],
    ['root', 'httpPost', 'http://mock.test/Add'],
    ['trailing', 'soap11', 'http://mock.test/ws/Root/'],
    ['trailing', 'httpPost', 'http://mock.test/ws/Root/Add'],
  ] as const)('%s over %s: the client posts to %s and the mock answers', async (trip, style, url) => {
    const { client, mock } = trips[trip].connect({ add: ({ a, b }: { a: number; b: number }) => a + b }, style);
    mocks.push(mock);
    const seen: string[] = [];
    const handle = mock.handle.bind(mock);
    mock.handle = (request: Request) => {
      seen.push(request.url);
      return handle(request);
    };
    await expect(client['add']!({ a: 2, b: 3 })).resolves.toBe(5);
    expect(seen).toEqual([url]);
  });

  it.each([
    ['root', '/Add'],
    ['trailing', '/ws/Root/Add'],
  ] as const)('%s: the docs give the HTTP POST path as %s, and the MSW handlers answer under it', (trip, path) => {
    const out = fromRoot('test/.tmp/service-paths', trip, 'out');
    expect(readFileSync(join(out, 'docs', 'operations', 'Add.md'), 'utf8')).toContain(
      `| HTTP POST | \`POST ${path}\`;`,
    );
    expect(readFileSync(join(out, 'mock', 'msw.ts'), 'utf8')).toContain('http.all(`${path.slice(0, -1)}/*`, answer)');
  });
});
