/** The fixture specs whose docs are rendered by the docs tests: the generic ones and the third-party WSDL ones. */
import { readdirSync, statSync } from 'node:fs';
import { fromRoot } from '../../helpers/paths.js';

export const FIXTURE_SPECS = [
  'test/fixtures/specs/weather/weather.yaml',
  'test/fixtures/specs/minimal.yaml',
  'test/fixtures/specs/inventory/inventory.yaml',
  ...readdirSync(fromRoot('test/fixtures/wsdl'))
    .filter((d) => statSync(fromRoot('test/fixtures/wsdl', d)).isDirectory())
    .sort()
    .flatMap((d) =>
      readdirSync(fromRoot('test/fixtures/wsdl', d))
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => `test/fixtures/wsdl/${d}/${f}`),
    ),
];
