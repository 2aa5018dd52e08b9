/**
 * The importer turns xs:choice into the spec's choice (issue 17 item 4) in the shapes Reporting Services publishes
 * (test/fixtures/import/Choices.wsdl): a container of alternatives (ArrayOfChoice1, the choice its only particle), a
 * record holding one of two elements, a repeated and an optional choice in a record, and a choice in an operation's
 * wrapper. A choice with an alternative the format cannot map is left out and reported, never dropped silently. The
 * draft loads as it is, and the client generated from it talks to node-soap serving the original WSDL.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture } from '../client/support/generate-fixture.js';
import { startNodeSoapServer, type NodeSoapServer } from '../helpers/node-soap-server.js';
import { importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';
import { typeSummary } from './model-summary.js';

const WSDL = 'test/fixtures/import/Choices.wsdl';
const imported = importWsdl(readFileSync(fromRoot(WSDL), 'utf8'), WSDL);
const model = parseSpec(imported.yaml, 'Choices.yaml', { strict: true });

const fields = (record: string) =>
  model.records
    .find((r) => r.name === record)!
    .fields.map((f) => ({ name: f.name, type: typeSummary(f.type), optional: f.optional }));

describe('importWsdl: choices', () => {
  it('drafts a container of alternatives as a list of choices, items in document order', () => {
    const parameters = model.operations
      .find((o) => o.name === 'CreateSubscription')!
      .params.find((p) => p.name === 'Parameters')!;
    expect(typeSummary(parameters.type)).toEqual({
      list: {
        choice: [
          { name: 'ParameterFieldReference', type: 'record ParameterFieldReference' },
          { name: 'ParameterValue', type: 'record ParameterValue' },
        ],
      },
      item: 'ParameterFieldReference',
      nillableItems: false,
      container: true,
    });
    // ArrayOfChoice1 is the list itself, not a record of its own.
    expect(model.records.map((r) => r.name)).not.toContain('ArrayOfChoice1');
  });

  it('drafts a choice in a record as a field named as xsd.exe names one: Item, Items when repeated', () => {
    expect(fields('DataRetrievalPlan')).toEqual([
      // SSRS marks each alternative minOccurs="0": the choice may be absent.
      {
        name: 'Item',
        type: {
          choice: [
            { name: 'DataSourceDefinition', type: 'record DataSourceDefinition' },
            { name: 'DataSourceReference', type: 'string' },
          ],
        },
        optional: true,
      },
      { name: 'Query', type: 'string', optional: true },
    ]);
    expect(fields('Schedule')).toEqual([
      { name: 'Name', type: 'string', optional: true },
      {
        name: 'Items',
        type: {
          list: {
            choice: [
              { name: 'Daily', type: 'int' },
              { name: 'Weekly', type: 'string' },
            ],
          },
          item: 'Items',
          nillableItems: false,
          container: false,
        },
        optional: false,
      },
      {
        name: 'Item',
        type: {
          choice: [
            { name: 'EndDate', type: 'dateTime' },
            { name: 'Occurrences', type: 'int' },
          ],
        },
        optional: true,
      },
    ]);
  });

  it('drafts a choice in an operation wrapper as a parameter, numbered past the names taken', () => {
    const move = model.operations.find((o) => o.name === 'MoveItem')!;
    expect(move.params.map((p) => [p.name, typeSummary(p.type), p.optional])).toEqual([
      ['Item', 'string', true],
      // Folder may be absent (minOccurs="0"), so the choice may be empty: optional.
      [
        'Item1',
        {
          choice: [
            { name: 'Folder', type: 'string' },
            { name: 'FolderId', type: 'int' },
          ],
        },
        true,
      ],
    ]);
  });

  it('writes choices in block style, one alternative a line', () => {
    expect(imported.yaml).toContain(
      [
        '      - name: Item',
        '        type:',
        '          choice:',
        '            - { name: DataSourceDefinition, type: DataSourceDefinition }',
        '            - { name: DataSourceReference, type: string }',
        '        optional: true',
      ].join('\n'),
    );
  });

  it('reports a choice it cannot map, with its place, and the alternative that is why', () => {
    expect(imported.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.construct}: ${p.message}`)).toEqual([
      `${WSDL}:62:11 s:choice: in Schedule: the choice is left out, since not all of its alternatives can be mapped`,
      `${WSDL}:63:13 s:any in s:choice: in Schedule: only elements are mapped as the alternatives of a choice`,
      `${WSDL}:68:7 s:element Marker: the element Marker is left out: no message of the WSDL names it`,
    ]);
  });
});

describe('the client generated from the draft, against node-soap serving the original WSDL', () => {
  type Client = {
    createSubscription(p: unknown): Promise<string | null>;
    moveItem(p: unknown): Promise<Record<string, unknown> | null>;
  };
  let server: NodeSoapServer;
  let client: Client;
  const received: unknown[] = [];

  beforeAll(async () => {
    const dir = join(repoRoot, 'test', '.tmp', 'choices-import');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'Choices.yaml'), imported.yaml);
    const [mod, s] = await Promise.all([
      generateFixture(join(dir, 'Choices.yaml'), 'choices-import/out'),
      startNodeSoapServer({
        wsdl: readFileSync(fromRoot(WSDL), 'utf8'),
        path: '/Choices.asmx',
        service: {
          Choices: {
            ChoicesSoap: {
              CreateSubscription: (args: unknown) => (received.push(args), { CreateSubscriptionResult: 'sub-7' }),
              MoveItem: (args: unknown) => (
                received.push(args),
                { MoveItemResult: { Name: 'weekly', Weekly: 'Mon', Occurrences: 3 } }
              ),
            },
          },
        },
      }),
    ]);
    server = s;
    const Ctor = mod['ChoicesClient'] as new (o: Record<string, unknown>) => Client;
    client = new Ctor({ baseUrl: server.url });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('sends the alternatives given, in order, where the WSDL puts them', async () => {
    const result = await client.createSubscription({
      Report: '/Sales',
      Parameters: [
        { ParameterValue: { Name: 'Year', Value: '2024' } },
        { ParameterFieldReference: { ParameterName: 'Region', FieldAlias: 'r' } },
      ],
      Plan: { Item: { DataSourceReference: '/Data/Sales' }, Query: 'q' },
    });
    expect(result).toBe('sub-7');
    const body = server.requests.at(-1)!.body;
    expect(body).toContain(
      '<Parameters><ParameterValue><Name>Year</Name><Value>2024</Value></ParameterValue><ParameterFieldReference><ParameterName>Region</ParameterName><FieldAlias>r</FieldAlias></ParameterFieldReference></Parameters><Plan><DataSourceReference>/Data/Sales</DataSourceReference><Query>q</Query></Plan>',
    );
    expect(received.at(-1)).toMatchObject({
      Report: '/Sales',
      Plan: { DataSourceReference: '/Data/Sales', Query: 'q' },
    });
  });

  it('sends a choice parameter as its alternative and reads the choices of the answer', async () => {
    const result = await client.moveItem({ Item: '/a', Item1: { FolderId: 4 } });
    expect(params(server.requests.at(-1)!.body)).toBe('<Item>/a</Item><FolderId>4</FolderId>');
    expect(received.at(-1)).toEqual({ Item: '/a', FolderId: 4 });
    expect(result).toEqual({ Name: 'weekly', Items: [{ Weekly: 'Mon' }], Item: { Occurrences: 3 } });
  });
});

/** The children of the MoveItem element of a request. */
function params(envelope: string): string {
  return /<MoveItem[^>]*>([\s\S]*)<\/MoveItem>/.exec(envelope)![1]!;
}
