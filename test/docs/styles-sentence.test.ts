/**
 * The package README and the getting-started page say which styles the client can be asked for from the service's
 * own bindings, never naming one it does not offer (issue 17, item 12: nothing of one service in another's output).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { stylesSentence } from '../../generator/emit/features.js';
import { emitPackage } from '../../generator/emit/package/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { Printer } from '../../generator/print/printer.js';
import { fromRoot } from '../helpers/paths.js';

const SPEC = 'test/fixtures/specs/weather/weather.yaml';
const TEXT = readFileSync(fromRoot(SPEC), 'utf8');
const withBindings = (bindings: string) =>
  parseSpec(TEXT.replace('  client: WeatherClient\n', `  client: WeatherClient\n  bindings: ${bindings}\n`), SPEC);

describe('the styles a client is said to take are its service’s', () => {
  it.each([
    ['[soap11, soap12, httpPost]', "as SOAP 1.1 unless the `style` option asks for `'soap12'` or `'httpPost'`"],
    [
      '[soap11, soap12, httpPost, httpGet]',
      "as SOAP 1.1 unless the `style` option asks for `'soap12'`, `'httpPost'` or `'httpGet'`",
    ],
    ['[soap12, httpPost]', "as SOAP 1.2 unless the `style` option asks for `'httpPost'`"],
    ['[soap11, httpPost]', "as SOAP 1.1 unless the `style` option asks for `'httpPost'`"],
  ])('bindings %s: %s', (bindings, sentence) => {
    const model = withBindings(bindings);
    expect(stylesSentence(model)).toBe(sentence);
    const printer = new Printer(model);
    // The client package's README and the getting-started page (the workspace's README is about building).
    const texts = [...emitDocs(model, printer), ...emitPackage(model, printer)].filter(
      (f) => f.path === 'client/README.md' || f.path === 'docs/getting-started.md',
    );
    expect(texts.map((f) => f.path).sort()).toEqual(['client/README.md', 'docs/getting-started.md']);
    for (const f of texts) expect(f.content, f.path).toContain(sentence);
  });

  it('a service of one binding is called in it, with no style to ask for', () => {
    expect(stylesSentence({ bindings: ['soap11'] } as unknown as Parameters<typeof stylesSentence>[0])).toBe(
      'as SOAP 1.1, the one style the service offers',
    );
  });
});
