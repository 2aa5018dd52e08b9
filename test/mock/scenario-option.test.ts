/**
 * The mock's `scenario` option: a path to a YAML or JSON file, or a scenario object. A scenario that cannot be read
 * or is not valid (a payer name that cannot name its SFTP folder included) makes createMockService throw a
 * ScenarioError listing every problem at its file:line:column (an object's problems at line 0, column 0, with their
 * path), never with an API key in it, and before any folder is made. `describe()` tells a person what the mock
 * serves: the first payer and its folder, and its API key only for the default scenario (whose key is public).
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient } from '../../generated/client/index.js';
import {
  DEFAULT_PAYER,
  ScenarioError,
  VirtualClock,
  createMockService,
  startMockServer,
  type ScenarioInput,
} from '../../generated/mock/index.js';
import { thrown } from '../helpers/failures.js';

const START = Date.UTC(2026, 5, 1) / 1000;

let base: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'payer-scenario-option-'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Writes a scenario file into the test's folder and returns its path. */
async function scenarioFile(name: string, text: string): Promise<string> {
  const path = join(base, name);
  await writeFile(path, text);
  return path;
}

/** Runs `fn` with os.tmpdir() (which reads TMPDIR on every call) pointing at `dir`. */
function withTmpdir<T>(dir: string, fn: () => T): T {
  const saved = process.env['TMPDIR'];
  process.env['TMPDIR'] = dir;
  try {
    expect(tmpdir()).toBe(dir);
    return fn();
  } finally {
    if (saved === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = saved;
  }
}

/** A small valid scenario with three payers; the first has its own key, which describe() must not print. */
const SOLO: ScenarioInput = {
  settings: { processingSeconds: 1, firstRequestId: '77' },
  payers: [
    {
      payerName: 'Solo',
      apiKey: 'solo-secret',
      accounts: [{ provider: 'Payer', accountIdentifier: 'S-1', currency: 'EUR', balance: '12.34' }],
    },
    { payerName: 'Duo', apiKey: 'duo-secret' },
    { payerName: 'Trio', apiKey: 'trio-secret' },
  ],
};
const SOLO_YAML = `settings:
  processingSeconds: 1
  firstRequestId: "77"
payers:
  - payerName: Solo
    apiKey: solo-secret
    accounts:
      - { provider: Payer, accountIdentifier: S-1, currency: EUR, balance: "12.34" }
  - { payerName: Duo, apiKey: duo-secret }
  - { payerName: Trio, apiKey: trio-secret }
`;

/** Bad scenario files and the exact message, each line `file:line:column: [path:] problem`. */
const BAD_FILES: ReadonlyArray<[string, { text: string; want: string[] }]> = [
  [
    'a quote never closed',
    { text: 'payers:\n  - payerName: Bad\n    apiKey: "unclosed\n', want: ['4:1: Missing closing "quote'] },
  ],
  [
    'an unclosed flow sequence',
    {
      text: 'payers: [\n',
      want: ['2:1: Flow sequence in block collection must be sufficiently indented and end with a ]'],
    },
  ],
  [
    'a key given twice',
    {
      text: 'payers:\n  - payerName: A\n    payerName: B\n    apiKey: k\n',
      want: ['3:5: duplicate key "payerName" (map keys must be unique)'],
    },
  ],
  ['an empty file', { text: '', want: ['1:1: the scenario is empty: it needs at least "payers"'] }],
  // The yaml library throws a ReferenceError for these, without a position, when the document becomes values.
  [
    'an undefined alias',
    {
      text: 'payers:\n  - payerName: A\n    apiKey: *nope\n',
      want: ['3:13: unknown alias *nope: no anchor &nope comes before it'],
    },
  ],
  [
    'aliases of aliases (a billion laughs)',
    {
      text: `a: &a [x, x, x, x, x, x, x, x, x, x]\n${['b', 'c', 'd', 'e', 'f', 'g'].map((n, i) => `${n}: &${n} [${Array(10).fill(`*${'abcdef'[i]}`).join(', ')}]`).join('\n')}\npayers: *g\n`,
      // Each *d stands for 11111 values: the eighth on line 5 takes the aliased values past 100000.
      want: [
        '5:36: aliases add more than 100000 values to the scenario: refused, as a "billion laughs" would exhaust memory',
      ],
    },
  ],
  [
    'a balance with 3 decimals',
    {
      text: 'payers:\n  - payerName: Solo\n    apiKey: solo-secret\n    accounts:\n      - { provider: None, accountIdentifier: A1, currency: USD, balance: "1.234" }\n',
      want: ['5:74: payers[0].accounts[0].balance: must be an amount with at most 2 decimals, e.g. "10000.00"'],
    },
  ],
  [
    'several problems at once, in file order, the API key masked where it shows',
    {
      text: [
        'settings:',
        '  processingSeconds: -1',
        '  firstRequestId: 12',
        'payers:',
        '  - payerName: Solo',
        '    apiKey: solo-secret',
        '    solo-secret: 1',
        '    accounts:',
        '      - { provider: None, accountIdentifier: A1, currency: usd }',
        '  - payerName: Solo',
        '    apiKey: k2',
        '',
      ].join('\n'),
      want: [
        '2:22: settings.processingSeconds: must not be negative',
        '7:5: payers[0].***: unknown key "***"',
        '9:9: payers[0].accounts[0].balance: missing required key "balance"',
        '9:60: payers[0].accounts[0].currency: must be a currency code of 3 upper-case letters, e.g. "USD"',
        '10:16: payers[1].payerName: duplicate payerName "Solo" (already used at payers[0].payerName)',
      ],
    },
  ],
];

describe('scenario: a path', () => {
  it.each(BAD_FILES)('%s: ScenarioError with file:line:column', async (name, { text, want }) => {
    const path = await scenarioFile(`${name.replace(/\W+/g, '-')}.yaml`, text);
    const root = join(base, 'never-made');
    const error = thrown(() => createMockService({ scenario: path, sftpRoot: root }), ScenarioError);
    expect(error.name).toBe('ScenarioError');
    expect(error.message).toBe(want.map((line) => `${path}:${line}`).join('\n'));
    for (const line of error.message.split('\n')) expect(line).toMatch(/^\/.+\.yaml:\d+:\d+: /);
    expect(error.issues.map((i) => `${i.line}:${i.column}`)).toEqual(want.map((w) => /^\d+:\d+/.exec(w)![0]));
    expect(error.message).not.toContain('solo-secret');
    await expect(readdir(root)).rejects.toThrow(/ENOENT/);
  });

  it('a missing file: ScenarioError at 1:1, file not found', async () => {
    const path = join(base, 'missing.yaml');
    const error = thrown(() => createMockService({ scenario: path }), ScenarioError);
    expect(error.message).toBe(`${path}:1:1: cannot read the scenario: file not found`);
    expect(error.issues).toEqual([
      { file: path, line: 1, column: 1, path: '', message: 'cannot read the scenario: file not found' },
    ]);
  });

  it('a directory: ScenarioError at 1:1, cannot read, it is a directory', async () => {
    const dir = join(base, 'a-directory.yaml');
    await mkdir(dir, { recursive: true });
    const error = thrown(() => createMockService({ scenario: dir }), ScenarioError);
    expect(error.message).toBe(`${dir}:1:1: cannot read the scenario: it is a directory, not a file`);
    expect(error.issues).toEqual([
      { file: dir, line: 1, column: 1, path: '', message: 'cannot read the scenario: it is a directory, not a file' },
    ]);
  });

  it('bytes that are not UTF-8: ScenarioError at the first of them', async () => {
    const path = join(base, 'latin1.yaml');
    await writeFile(path, Buffer.from('payers:\n  - payerName: Caf\xe9\n', 'latin1'));
    const error = thrown(() => createMockService({ scenario: path }), ScenarioError);
    expect(error.message).toBe(
      `${path}:2:19: the scenario is not UTF-8 text: byte 0xE9 cannot start or continue a character here`,
    );
  });

  it('a scenario that fails leaves no temporary folder behind', async () => {
    const temp = await mkdtemp(join(base, 'tmp-'));
    const path = await scenarioFile('bad-for-tmp.yaml', 'payers: []\n');
    const error = withTmpdir(temp, () => thrown(() => createMockService({ scenario: path }), ScenarioError));
    expect(error.message).toBe(`${path}:1:9: payers: at least one payer is required`);
    expect(await readdir(temp)).toEqual([]);
  });

  it.each([
    ['YAML', 'solo.yaml', SOLO_YAML],
    ['JSON', 'solo.json', JSON.stringify(SOLO, null, 2)],
  ])(
    'a %s file: its payers, keys, balances and settings are served; describe() names the file, not the key',
    async (_, name, text) => {
      const path = await scenarioFile(name, text);
      const root = join(base, `root-${name}`);
      const clock = new VirtualClock(START);
      const server = await startMockServer({ port: 0, scenario: path, sftpRoot: root, clock });
      try {
        const client = (payerName: string, apiKey: string) =>
          new PayerClient({
            baseUrl: server.url,
            payerName,
            apiKey,
            now: () => clock.now(),
            throwOnServiceError: false,
          });
        const solo = client('Solo', 'solo-secret');
        expect(await solo.getBalances()).toEqual({
          errorCode: 0,
          errorMessage: 'OK',
          AccountInfos: [{ Provider: 'Payer', AccountIdentifier: 'S-1', Balance: 12.34, Currency: 'EUR' }],
        });
        expect(await client('Duo', 'duo-secret').getBalances()).toEqual({
          errorCode: 0,
          errorMessage: 'OK',
          AccountInfos: [],
        });
        // The default payer is not in this scenario.
        expect(await client(DEFAULT_PAYER.payerName, DEFAULT_PAYER.apiKey).getBalances()).toEqual({
          errorCode: 1004,
          errorMessage: 'PayerUnknown',
        });
        expect(await client('Solo', 'duo-secret').getBalances()).toEqual({
          errorCode: 1006,
          errorMessage: 'EncryptionKeyFailedValidation',
        });

        // settings: the first request id and the processing time come from the file.
        await writeFile(join(server.service.simulator.folderOf('Solo'), 'p.csv'), 'payeeId,amount,currency,refCode\n');
        const { requestId } = await solo.testMultiCurrencyPaymentFileAsync({ fileName: 'p.csv' });
        expect(requestId).toBe('77');
        clock.advance(1);
        expect(await solo.getProcessingRequestStatus({ requestId })).toEqual({
          errorCode: 'ValidationError',
          errorMessage: 'the file has no payments',
          requestStatus: 'Failed',
        });

        expect((await readdir(root)).sort()).toEqual(['Duo', 'Solo', 'Trio']);
        const lines = server.service.describe();
        expect(lines).toEqual([
          `scenario: ${path}`,
          `payerName Solo, API key as in ${path}`,
          `SFTP folder of Solo: ${join(root, 'Solo')}`,
          `2 more payers in the scenario, each with a folder under ${root}`,
        ]);
        for (const secret of ['solo-secret', 'duo-secret', 'trio-secret'])
          expect(lines.join('\n')).not.toContain(secret);
      } finally {
        await server.close();
      }
    },
  );

  it("the credentials option replaces the scenario's keys", async () => {
    const path = await scenarioFile('solo-credentials.yaml', SOLO_YAML);
    const clock = new VirtualClock(START);
    const server = await startMockServer({
      port: 0,
      scenario: path,
      sftpRoot: join(base, 'root-credentials'),
      clock,
      credentials: { Solo: 'replaced' },
    });
    try {
      const solo = (apiKey: string) =>
        new PayerClient({
          baseUrl: server.url,
          payerName: 'Solo',
          apiKey,
          now: () => clock.now(),
          throwOnServiceError: false,
        });
      expect((await solo('solo-secret').getBalances()).errorCode).toBe(1006);
      expect((await solo('replaced').getBalances()).errorCode).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('scenario: an object', () => {
  it('is served as given; describe() says it came from an object and does not print the key', async () => {
    const root = join(base, 'root-object');
    const service = createMockService({ scenario: SOLO, sftpRoot: root, clock: new VirtualClock(START) });
    try {
      expect(service.simulator.scenario.payers.map((p) => p.payerName)).toEqual(['Solo', 'Duo', 'Trio']);
      expect(service.simulator.scenario.payers[0]!.accounts).toEqual([
        { provider: 'Payer', accountIdentifier: 'S-1', currency: 'EUR', balanceCents: 1234 },
      ]);
      expect(service.simulator.scenario.settings).toEqual({
        processingSeconds: 1,
        balanceDelaySeconds: 30,
        firstRequestId: '77',
        dynamicKeySeconds: 600,
        maxFileBytes: 1048576,
        requestValidation: false,
      });
      expect(service.describe()).toEqual([
        'scenario: the scenario object',
        'payerName Solo, API key as in the scenario object',
        `SFTP folder of Solo: ${join(root, 'Solo')}`,
        `2 more payers in the scenario, each with a folder under ${root}`,
      ]);
      const c = new PayerClient({
        baseUrl: 'http://mock.test',
        payerName: 'Solo',
        apiKey: 'solo-secret',
        now: () => START,
        fetch: (input, init) => service.handle(new Request(input, init)),
      });
      expect((await c.getBalances()).AccountInfos).toEqual([
        { Provider: 'Payer', AccountIdentifier: 'S-1', Balance: 12.34, Currency: 'EUR' },
      ]);
    } finally {
      await service.close();
    }
    // A given sftpRoot is kept.
    expect((await readdir(root)).sort()).toEqual(['Duo', 'Solo', 'Trio']);
  });

  it('is not changed by the mock (a copy is validated)', async () => {
    const input = structuredClone(SOLO);
    const service = createMockService({ scenario: input, sftpRoot: join(base, 'root-copy') });
    await service.close();
    expect(input).toEqual(SOLO);
  });

  it.each([
    [
      'a payer without apiKey',
      { payers: [{ payerName: 'X' }] },
      ['scenario:0:0: payers[0].apiKey: missing required key "apiKey"'],
    ],
    ['no payers', { payers: [] }, ['scenario:0:0: payers: at least one payer is required']],
    [
      'an unknown key, the API key masked in it',
      { payers: [{ payerName: 'X', apiKey: 'xkey', xkey: true }] },
      ['scenario:0:0: payers[0].***: unknown key "***"'],
    ],
    [
      'a sub payer named as a payer',
      {
        payers: [
          { payerName: 'X', apiKey: 'k1', subPayers: [{ payerName: 'Y', apiKey: 'k2' }] },
          { payerName: 'Y', apiKey: 'k3' },
        ],
      },
      ['scenario:0:0: payers[1].payerName: duplicate payerName "Y" (already used at payers[0].subPayers[0].payerName)'],
    ],
  ])('%s: ScenarioError at 0:0', (_, scenario, want) => {
    const error = thrown(() => createMockService({ scenario: scenario as ScenarioInput }), ScenarioError);
    expect(error.message).toBe(want.join('\n'));
  });
});

describe('a payer name that cannot name a folder', () => {
  const NAMES = ['../x', 'a/b', 'a\\b', '.hidden', 'dot.', 'space ', '-dash', 'Zoë', 'x'.repeat(129)];
  const RULE =
    'must be a plain folder name (it names the payer\'s SFTP folder): letters, digits, ".", "_", "-" and spaces, starting with a letter or digit, at most 128 characters';

  it.each(NAMES)(
    '%j: createMockService throws a ScenarioError, and makes nothing in a given sftpRoot',
    async (payerName) => {
      const root = join(base, 'names-root');
      const scenario = { payers: [{ payerName, apiKey: 'names-key' }] };
      const error = thrown(() => createMockService({ scenario, sftpRoot: root }), ScenarioError);
      expect(error.message).toBe(`scenario:0:0: payers[0].payerName: ${RULE}`);
      expect(error.issues).toEqual([
        { file: 'scenario', line: 0, column: 0, path: 'payers[0].payerName', message: RULE },
      ]);
      await expect(readdir(root)).rejects.toThrow(/ENOENT/);
      // Nothing was made beside it either ('../x' from the root would be here).
      expect(await readdir(base)).not.toContain('x');
    },
  );

  it("in a file: at the name's line and column", async () => {
    const path = await scenarioFile(
      'bad-name.yaml',
      'payers:\n  - { payerName: Good, apiKey: k1 }\n  - payerName: "../x"\n    apiKey: k2\n',
    );
    const error = thrown(
      () => createMockService({ scenario: path, sftpRoot: join(base, 'names-root-file') }),
      ScenarioError,
    );
    expect(error.message).toBe(`${path}:3:16: payers[1].payerName: ${RULE}`);
    await expect(readdir(join(base, 'names-root-file'))).rejects.toThrow(/ENOENT/);
  });

  it('letters, digits, ".", "_", "-" and spaces inside are a folder name, up to 128 characters', async () => {
    const root = join(base, 'names-ok');
    const long = `a${'b'.repeat(126)}c`;
    expect(long).toHaveLength(128);
    const service = createMockService({
      scenario: {
        payers: [
          { payerName: 'My Payer.Ltd_1-2', apiKey: 'k' },
          { payerName: '1_', apiKey: 'k1' },
          { payerName: long, apiKey: 'k2' },
        ],
      },
      sftpRoot: root,
    });
    await service.close();
    expect((await readdir(root)).sort()).toEqual(['1_', 'My Payer.Ltd_1-2', long].sort());
  });

  it('leaves no temporary folder behind when no sftpRoot is given', async () => {
    const temp = await mkdtemp(join(base, 'tmp-names-'));
    const error = withTmpdir(temp, () =>
      thrown(() => createMockService({ scenario: { payers: [{ payerName: '../x', apiKey: 'k' }] } }), ScenarioError),
    );
    expect(error.message).toBe(`scenario:0:0: payers[0].payerName: ${RULE}`);
    expect(await readdir(temp)).toEqual([]);
  });
});

describe('describe()', () => {
  it('the default scenario: payer name, API key boguskey, the SFTP folder', async () => {
    const root = join(base, 'root-default');
    const service = createMockService({ sftpRoot: root });
    try {
      expect(service.describe()).toEqual([
        'scenario: the default scenario',
        'payerName MyPayer, API key boguskey',
        `SFTP folder of MyPayer: ${join(root, 'MyPayer')}`,
        `1 more payer in the scenario, each with a folder under ${root}`,
      ]);
      expect(DEFAULT_PAYER).toEqual({ payerName: 'MyPayer', apiKey: 'boguskey' });
    } finally {
      await service.close();
    }
  });

  it('a one-payer file: no line about more payers; the key is not printed', async () => {
    const path = await scenarioFile('one.yaml', 'payers:\n  - { payerName: Only, apiKey: only-secret-key }\n');
    const root = join(base, 'root-one');
    const service = createMockService({ scenario: path, sftpRoot: root });
    try {
      expect(service.describe()).toEqual([
        `scenario: ${path}`,
        `payerName Only, API key as in ${path}`,
        `SFTP folder of Only: ${join(root, 'Only')}`,
      ]);
      // Without settings, the schema's defaults (slower than the default scenario's 2 and 5 s).
      expect(service.simulator.scenario.settings).toEqual({
        processingSeconds: 5,
        balanceDelaySeconds: 30,
        firstRequestId: '1000',
        dynamicKeySeconds: 600,
        maxFileBytes: 1048576,
        requestValidation: false,
      });
      expect(service.describe().join('\n')).not.toContain('only-secret-key');
    } finally {
      await service.close();
    }
  });

  it('a temporary sftpRoot is named in it', async () => {
    const service = createMockService();
    try {
      const root = service.simulator.sftpRoot;
      expect(service.describe()[2]).toBe(`SFTP folder of MyPayer: ${join(root, 'MyPayer')}`);
      expect(root.startsWith(join(tmpdir(), 'payer-mock-sftp-'))).toBe(true);
    } finally {
      await service.close();
    }
  });
});
