/**
 * Issue 25, item 1: a WSDL read from a file that names its documents by URL, as a published WCF `?wsdl` and
 * `svcutil /t:metadata` output do. The import never fetches such a URL; a file beside the naming document stands for
 * it (generator/import/stand-in.ts), and stderr says which. The small WCF set is test/fixtures/wsdl/wcf-split/ with its
 * locations made WCF's absolute URLs and its files saved under each naming style; each imports to the draft of the
 * folder with local locations, whose end-to-end proof is in end-to-end.test.ts.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGenerate } from '../../generator/commands/generate.js';
import { runImportWsdl } from '../../generator/commands/import-wsdl.js';
import { formatProblem, importWsdl } from '../../generator/import/index.js';
import { standInNames, svcutilName } from '../../generator/import/stand-in.js';
import { fromRoot } from '../helpers/paths.js';

const TMP = 'test/.tmp/import-stand-in';
const WCF = 'test/fixtures/wsdl/wcf-split';
const SVC = 'http://wcf.example/OrderService.svc';
/** Each file of the WCF set, with the URL WCF publishes it at. */
const PUBLISHED: Record<string, string> = {
  'Service.wsdl0': `${SVC}?wsdl=wsdl0`,
  xsd0: `${SVC}?xsd=xsd0`,
  xsd1: `${SVC}?xsd=xsd1`,
  xsd2: `${SVC}?xsd=xsd2`,
  xsd3: `${SVC}?xsd=xsd3`,
};

/** How each naming style saves the files of the set (the entry is Service.wsdl in every style). */
const STYLES: Record<string, Record<string, string>> = {
  // wget --restrict-file-names=windows saves the URL's last segment, its '?' made '@'.
  wget: {
    'Service.wsdl0': 'OrderService.svc@wsdl=wsdl0',
    xsd0: 'OrderService.svc@xsd=xsd0',
    xsd1: 'OrderService.svc@xsd=xsd1',
    xsd2: 'OrderService.svc@xsd=xsd2',
    xsd3: 'OrderService.svc@xsd=xsd3',
  },
  // As the partner-service WSDL's schemas are saved: the service's name and the query's number.
  numbered: {
    'Service.wsdl0': 'OrderService.0.wsdl',
    xsd0: 'OrderService.0.xsd',
    xsd1: 'OrderService.1.xsd',
    xsd2: 'OrderService.2.xsd',
    xsd3: 'OrderService.3.xsd',
  },
  // Beside the entry WSDL under its name and the query's number, as team-software's set is saved.
  entry: {
    'Service.wsdl0': 'Service0.wsdl',
    xsd0: 'Service0.xsd',
    xsd1: 'Service1.xsd',
    xsd2: 'Service2.xsd',
    xsd3: 'Service3.xsd',
  },
  // The entry's name, an underscore and the query's number, as rio2-security's set is saved.
  underscore: {
    'Service.wsdl0': 'Service_0.wsdl',
    xsd0: 'Service_0.xsd',
    xsd1: 'Service_1.xsd',
    xsd2: 'Service_2.xsd',
    xsd3: 'Service_3.xsd',
  },
  // Numbered in the order fetched, as bookt-connect's and bydexchange's sets are: the WSDL of ?wsdl=wsdl0 is the
  // entry's name and a number of its own; it stands in as the one that declares the namespace the import names.
  fetched: {
    'Service.wsdl0': 'Service3.wsdl',
    xsd0: 'Service0.xsd',
    xsd1: 'Service1.xsd',
    xsd2: 'Service2.xsd',
    xsd3: 'Service3.xsd',
  },
  // svcutil /t:metadata: by namespace, a DataContract namespace by its CLR namespace alone.
  svcutil: {
    'Service.wsdl0': 'tempuri.org.wsdl',
    xsd0: 'tempuri.org.xsd',
    xsd1: 'schemas.microsoft.com.2003.10.Serialization.xsd',
    xsd2: 'MyApp.Models.xsd',
    xsd3: 'schemas.microsoft.com.2003.10.Serialization.Arrays.xsd',
  },
};

/** The file's text with every location of the set made the URL WCF publishes. */
function published(file: string): string {
  return readFileSync(fromRoot(WCF, file), 'utf8').replace(
    /(location|schemaLocation)="([^"]+)"/g,
    (m, attr: string, loc: string) => (PUBLISHED[loc] ? `${attr}="${PUBLISHED[loc]}"` : m),
  );
}

/** Writes the set into `TMP/name` saved as `names` says (plus `extra` files) and returns the entry's path. */
function writeSet(name: string, names: Record<string, string>, extra: Record<string, string> = {}): string {
  const dir = `${TMP}/${name}`;
  mkdirSync(fromRoot(dir), { recursive: true });
  writeFileSync(fromRoot(dir, 'Service.wsdl'), published('Service.wsdl'));
  for (const [file, saved] of Object.entries(names)) writeFileSync(fromRoot(dir, saved), published(file));
  for (const [file, text] of Object.entries(extra)) writeFileSync(fromRoot(dir, file), text);
  return `${dir}/Service.wsdl`;
}

/** Imports `wsdl`, recording every path read; reading a URL fails the test. */
function importSet(wsdl: string) {
  const read: string[] = [];
  const result = importWsdl(readFileSync(fromRoot(wsdl), 'utf8'), wsdl, {
    readFile: (p) => {
      read.push(p);
      if (/^[a-z]+:\/\//i.test(p)) throw new Error(`fetched ${p}`);
      return readFileSync(fromRoot(p), 'utf8');
    },
  });
  return { ...result, read };
}

let expectedDraft = '';
let expectedProblems: string[] = [];

/** What the import of the local set says, its files named as saved in `dir` under `names`. */
function renamed(text: string, dir: string, names: Record<string, string>): string {
  return text
    .split(`${WCF}/`)
    .map((part, i) => {
      if (i === 0) return part;
      const file = /^[A-Za-z0-9.]+/.exec(part)?.[0] ?? '';
      return `${dir}/${names[file] ?? file}${part.slice(file.length)}`;
    })
    .join('');
}

beforeAll(() => {
  rmSync(fromRoot(TMP), { recursive: true, force: true });
  const local = importWsdl(readFileSync(fromRoot(WCF, 'Service.wsdl'), 'utf8'), `${WCF}/Service.wsdl`, {
    readFile: (p) => readFileSync(fromRoot(p), 'utf8'),
  });
  expectedDraft = local.yaml;
  expectedProblems = local.problems.map(formatProblem);
});
afterAll(() => {
  rmSync(fromRoot(TMP), { recursive: true, force: true });
});

describe('a file beside the WSDL stands for a URL it names', () => {
  it.each(Object.keys(STYLES))(
    'saved as %s names them: the draft is that of the local set, each stand-in said once',
    (style) => {
      const names = STYLES[style]!;
      const wsdl = writeSet(style, names);
      const { yaml, problems, notes, read } = importSet(wsdl);
      expect(problems.map(formatProblem)).toEqual(expectedProblems.map((p) => renamed(p, `${TMP}/${style}`, names)));
      expect(yaml).toBe(renamed(expectedDraft, `${TMP}/${style}`, names));
      expect(read.filter((p) => p.includes('://'))).toEqual([]);
      const dir = `${TMP}/${style}`;
      expect(notes.map((n) => [n.file, n.construct, n.message])).toEqual([
        [
          `${dir}/Service.wsdl`,
          'wsdl:import',
          `${SVC}?wsdl=wsdl0 is read from ${dir}/${names['Service.wsdl0']} (a URL named in a file is not fetched)`,
        ],
        // In reading order, depth first: xsd0 imports xsd2, which imports xsd3; xsd1 is the WSDL's next import.
        ...[
          ['xsd0', 'Service.wsdl0'],
          ['xsd2', 'xsd0'],
          ['xsd3', 'xsd2'],
          ['xsd1', 'Service.wsdl0'],
        ].map(([x, by]) => [
          `${dir}/${names[by!]}`,
          's:import',
          `${SVC}?xsd=${x} is read from ${dir}/${names[x!]} (a URL named in a file is not fetched)`,
        ]),
      ]);
    },
  );

  it("passes over a file of the URL's name that declares another namespace, for the one svcutil names", () => {
    const decoy =
      '<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified" targetNamespace="urn:other"/>\n';
    const wsdl = writeSet('decoy', STYLES['svcutil']!, { 'OrderService.svc@xsd=xsd2': decoy });
    const { yaml, problems, notes } = importSet(wsdl);
    expect(problems.map(formatProblem)).toEqual(
      expectedProblems.map((p) => renamed(p, `${TMP}/decoy`, STYLES['svcutil']!)),
    );
    expect(yaml).toBe(renamed(expectedDraft, `${TMP}/decoy`, STYLES['svcutil']!));
    expect(notes.map((n) => n.message)).toContain(
      `${SVC}?xsd=xsd2 is read from ${TMP}/decoy/MyApp.Models.xsd (a URL named in a file is not fetched)`,
    );
  });

  it('with no file for a URL: a problem at the reference naming the URL and the names looked for; nothing fetched', () => {
    const names = { ...STYLES['svcutil']! };
    delete names['xsd2'];
    const wsdl = writeSet('missing', names, {
      'OrderService.svc@xsd=xsd2':
        '<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:other"/>\n',
      // Of the namespace, but a WSDL, which an xs:import does not read.
      'xsd2.xsd':
        '<?xml version="1.0"?>\n<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" targetNamespace="http://schemas.datacontract.org/2004/07/MyApp.Models"/>\n',
    });
    const { problems, read } = importSet(wsdl);
    expect(read.filter((p) => p.includes('://'))).toEqual([]);
    const looked = [
      'OrderService.svc?xsd=xsd2',
      'OrderService.svc@xsd=xsd2',
      'OrderService.xsd2.xsd',
      'OrderService.2.xsd',
      'OrderService2.xsd',
      'xsd2.xsd',
      'xsd2',
      'Service2.xsd',
      'Service.2.xsd',
      'Service_2.xsd',
      'MyApp.Models.xsd',
    ].join(', ');
    const missing = `${SVC}?xsd=xsd2 is a URL, which a WSDL read from a file does not fetch, and no file beside it stands for it (looked for ${looked}; passed over: ${TMP}/missing/OrderService.svc@xsd=xsd2 is of the namespace urn:other; ${TMP}/missing/xsd2.xsd is not an XML Schema); save the document there under one of those names`;
    // Named by the WSDL and by the schema of tempuri.org (xsd0): each reference is reported where it stands.
    expect(problems.map(formatProblem).filter((p) => p.includes('is a URL'))).toEqual([
      `${TMP}/missing/tempuri.org.wsdl:7:7: s:import: ${missing}`,
      `${TMP}/missing/tempuri.org.xsd:3:3: s:import: ${missing}`,
    ]);
  });

  it('import-wsdl and generate --wsdl say on stderr which file stood for which URL', async () => {
    const wsdl = writeSet('cli', STYLES['svcutil']!);
    const note = `${TMP}/cli/Service.wsdl:3:3: wsdl:import: ${SVC}?wsdl=wsdl0 is read from ${TMP}/cli/tempuri.org.wsdl (a URL named in a file is not fetched)`;
    const imported = await runImportWsdl({ file: wsdl, cwd: fromRoot() });
    expect(imported.exitCode).toBe(0);
    expect(imported.stderr.split('\n')).toContain(note);
    const generated = await runGenerate({ wsdl, out: `${TMP}/cli-out`, cwd: fromRoot() });
    expect(generated.exitCode).toBe(0);
    expect(generated.stderr.split('\n')).toContain(note);
  });
});

describe('the names that may stand for a URL', () => {
  it.each([
    // [url, namespace, wanted, names]
    [
      `${SVC}?xsd=xsd0`,
      'http://tempuri.org/',
      'schema',
      [
        'OrderService.svc?xsd=xsd0',
        'OrderService.svc@xsd=xsd0',
        'OrderService.xsd0.xsd',
        'OrderService.0.xsd',
        'OrderService0.xsd',
        'xsd0.xsd',
        'xsd0',
        'tempuri.org.xsd',
      ],
    ],
    [
      `${SVC}?wsdl=wsdl1`,
      'http://example.org/a/b/',
      'wsdl',
      [
        'OrderService.svc?wsdl=wsdl1',
        'OrderService.svc@wsdl=wsdl1',
        'OrderService.wsdl1.wsdl',
        'OrderService.1.wsdl',
        'OrderService1.wsdl',
        'wsdl1.wsdl',
        'wsdl1',
        'example.org.a.b.wsdl',
      ],
    ],
    ['http://host/schemas/types.xsd', 'urn:x:types', 'schema', ['types.xsd', 'urn.x.types.xsd']],
    // With the entry WSDL's path: its name and the number too.
    [
      `${SVC}?xsd=xsd3`,
      undefined,
      'schema',
      [
        'OrderService.svc?xsd=xsd3',
        'OrderService.svc@xsd=xsd3',
        'OrderService.xsd3.xsd',
        'OrderService.3.xsd',
        'OrderService3.xsd',
        'xsd3.xsd',
        'xsd3',
        'team_software3.xsd',
        'team_software.3.xsd',
        'team_software_3.xsd',
      ],
      'sets/team_software.wsdl',
    ],
    // A WSDL of a set saved with the entry: any of the entry's name and a digit, if it declares the namespace.
    [
      `${SVC}?wsdl=wsdl0`,
      'urn:c',
      'wsdl',
      [
        'OrderService.svc?wsdl=wsdl0',
        'OrderService.svc@wsdl=wsdl0',
        'OrderService.wsdl0.wsdl',
        'OrderService.0.wsdl',
        'OrderService0.wsdl',
        'wsdl0.wsdl',
        'wsdl0',
        'bookt0.wsdl',
        'bookt.0.wsdl',
        'bookt_0.wsdl',
        'urn.c.wsdl',
        ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `bookt${n}.wsdl`),
      ],
      'sets/bookt.wsdl',
    ],
    // The service's own WSDL (`?wsdl`), named back by one it imports (as rio2-security's): the entry.
    [`${SVC}?wsdl`, undefined, 'wsdl', ['rio2.wsdl'], 'sets/rio2.wsdl'],
    [`${SVC}?WSDL`, undefined, 'schema', ['rio2.wsdl'], 'sets/rio2.wsdl'],
    [`${SVC}?wsdl`, undefined, 'wsdl', []],
    // A query of another shape names no file; a namespace of nothing but separators neither.
    ['http://host/Service.asmx?op=Ping', '', 'schema', []],
    // A name that would lead out of the folder is never a candidate.
    ['http://host/a/..%2F..%2Fsecret.xsd', undefined, 'schema', []],
  ] as const)('%s', (url, namespace, wanted, names, entry?: string) => {
    expect(standInNames(url, namespace, wanted, entry)).toEqual(names);
  });

  it.each([
    ['http://tempuri.org/', 'tempuri.org'],
    ['http://schemas.microsoft.com/2003/10/Serialization/', 'schemas.microsoft.com.2003.10.Serialization'],
    ['http://schemas.datacontract.org/2004/07/System.Net', 'System.Net'],
    ['CustomNamespace', 'CustomNamespace'],
    ['http:///', undefined],
  ])('svcutil names %s %s', (ns, name) => {
    expect(svcutilName(ns)).toBe(name);
  });
});
