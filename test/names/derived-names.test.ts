/**
 * Issue 25: a type's XML name is what `xsi:type` says, whatever its TypeScript name. A record `Sub.Type` (TypeScript
 * `Sub_Type`) extending `Base`, sent where a Base is declared, travels as `xsi:type="Sub.Type"` both ways between the
 * generated client and the generated mock, under an operation whose wire name has a dot.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../helpers/paths.js';
import { generateService, type GeneratedService } from '../mock/support/generated-service.js';

const OUT = 'names-derived';
const SPEC = `test/.tmp/${OUT}.yaml`;
const YAML = `specVersion: 1
service: { name: Shapes, title: Shapes, version: v1, path: /Shapes.asmx, namespace: { uri: "http://shapes.example/" }, client: ShapesClient }
records:
  Base: { fields: [ { name: a-1, type: string } ] }
  Sub.Type: { extends: Base, fields: [ { name: b.2, type: int } ] }
operations:
  - { name: Echo.It, params: [ { name: v, type: Base } ], result: Base, httpPost: false }
`;

describe('xsi:type says the XML name', () => {
  let generated: GeneratedService;
  beforeAll(async () => {
    mkdirSync(fromRoot('test/.tmp'), { recursive: true });
    writeFileSync(fromRoot(SPEC), YAML);
    generated = await generateService(SPEC, OUT);
  });
  afterAll(() => {
    rmSync(fromRoot(SPEC), { force: true });
    rmSync(fromRoot('test/.tmp', OUT), { recursive: true, force: true });
  });

  it('sends and reads back a derived value under its XML name', async () => {
    expect(generated.model.records.map((r) => [r.name, r.xmlName])).toEqual([
      ['Base', 'Base'],
      ['Sub_Type', 'Sub.Type'],
    ]);
    const exchanged: string[] = [];
    const { createMockService } = generated.mock as {
      createMockService: (o: object) => { handle(r: Request): Promise<Response> };
    };
    const service = createMockService({ handlers: { echo_It: ({ v }: { v: object }) => v } });
    const Client = generated.client['ShapesClient'] as new (o: object) => { echo_It(p: object): Promise<unknown> };
    const client = new Client({
      baseUrl: 'http://shapes.test',
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        exchanged.push(await request.clone().text());
        const response = await service.handle(request);
        exchanged.push(await response.clone().text());
        return response;
      },
    });
    const value = { 'a-1': 'x', 'b.2': 2 };
    expect(await client.echo_It({ v: value })).toEqual(value);
    expect(exchanged).toHaveLength(2);
    for (const xml of exchanged) expect(xml).toMatch(/ xsi:type="Sub\.Type"/);
  });
});
