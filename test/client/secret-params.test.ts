/**
 * `secret: true` on an operation parameter (QuickBooks Web Connector's authenticate(strUserName, strPassword)): the
 * loader takes it into the model and refuses it where it has no meaning, with file:line:column; the generated client
 * sends the value as given and masks it, like the API key, in errors (a server that echoes the request) and in what
 * its hooks see, in every style.
 */
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSpec } from '../../generator/load/load.js';
import { fromRoot } from '../helpers/paths.js';
import { specEdits } from '../spec/support/spec-edits.js';
import { generateFixture } from './support/generate-fixture.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';

const SPEC = 'test/fixtures/specs/secret-param/web-connector.yaml';
const TEXT = readFileSync(fromRoot(SPEC), 'utf8');
const { change, issuesOf, at } = specEdits(TEXT, SPEC);
/** Long enough to be masked by fragments too, with characters each encoding escapes. */
const PASSWORD = 'qb-P@ss w<o>rd&-0123456789';

describe('the spec', () => {
  it('marks the parameter secret in the model, and only that one', () => {
    const model = parseSpec(TEXT, SPEC);
    const auth = model.operations.find((o) => o.name === 'authenticate')!;
    expect(auth.params.map((p) => [p.name, p.secret])).toEqual([
      ['strUserName', false],
      ['strPassword', true],
    ]);
  });

  it.each([
    [
      'on a parameter of a record type',
      () => {
        const text = change(
          'parameters:\n',
          'records:\n  Login:\n    fields:\n      - { name: user, type: string }\n\nparameters:\n',
        );
        return change(
          '        type: string\n        secret: true\n',
          '        type: Login\n        secret: true\n',
          text,
        );
      },
      'secret is for a parameter of an XML Schema type; mark the secret members of a record with secret on their fields',
      'true',
    ],
    [
      'that is not a boolean',
      () => change('        secret: true\n', '        secret: maybe\n'),
      'must be true or false (found a string: "maybe")',
      'maybe',
    ],
  ])('refused %s, where it stands', (_, edit, message, value) => {
    const text = edit();
    // (A record parameter is also refused for HTTP POST, at its type: only the issue at secret is this test's.)
    const issues = issuesOf(text).filter((i) => i.path.endsWith('.secret'));
    expect(issues.map((i) => i.message)).toEqual([message]);
    expect(issues[0]).toMatchObject({ ...at(text, 'secret:', value), path: 'operations[0].params[1].secret' });
  });

  it('refused on a credential the client fills in', () => {
    const base = readFileSync(fromRoot('test/fixtures/specs/minimal.yaml'), 'utf8');
    const minimal = specEdits(base, 'test/fixtures/specs/minimal.yaml');
    const text = minimal.change('    role: principal\n', '    role: principal\n    secret: true\n');
    const issues = minimal.issuesOf(text);
    expect(issues.map((i) => i.message)).toEqual([
      'a principal parameter is filled in by the client, which already keeps its secrets out of errors: remove secret',
    ]);
    expect(issues[0]).toMatchObject({ ...minimal.at(text, 'secret: true', 'true'), path: 'parameters.user.secret' });
  });
});

describe('the generated client', () => {
  let server: RecordingServer;
  let Client: new (options: Record<string, unknown>) => {
    authenticate(params: { strUserName: string; strPassword: string }): Promise<unknown>;
  };

  beforeAll(async () => {
    server = await startRecordingServer();
    Client = (await generateFixture(SPEC, 'secret-param')).WebConnectorClient as typeof Client;
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(['soap11', 'soap12', 'httpPost'])(
    '%s: sent as given, masked in the error of a server that echoes it and in the hooks',
    async (style) => {
      server.respond((req) => ({
        status: 500,
        contentType: 'text/plain',
        body: `login failed: ${req.body.slice(req.body.indexOf('strPassword') - 1)}`,
      }));
      const seen: string[] = [];
      const client = new Client({
        baseUrl: server.url,
        style,
        onRequest: (e: { body: string }) => void seen.push(e.body),
        onResponse: (e: { body?: string }) => void seen.push(e.body ?? ''),
      });
      const error: unknown = await client
        .authenticate({ strUserName: 'qbuser', strPassword: PASSWORD })
        .catch((e: unknown) => e);
      expect((error as Error).name).toBe('SvcHttpError');
      // The server got it (escaped for XML or form-encoded), and echoed it back.
      const wire =
        style === 'httpPost'
          ? new URLSearchParams([['p', PASSWORD]]).toString().slice(2)
          : 'qb-P@ss w&lt;o&gt;rd&amp;-0123456789';
      expect(server.requests.at(-1)!.body).toContain(wire);
      expect((error as { bodyExcerpt: string }).bodyExcerpt).toContain('[redacted]');
      const exposed = [
        String(error),
        (error as Error).stack,
        JSON.stringify(error),
        inspect(error, { depth: 5 }),
        ...seen,
      ].join('\n');
      expect(seen).toHaveLength(2);
      expect(seen.join('\n')).toContain('qbuser');
      for (let i = 0; i + 12 <= wire.length; i++) expect(exposed).not.toContain(wire.slice(i, i + 12));
      expect(exposed).not.toContain('w<o>rd&-0123');
    },
  );
});
