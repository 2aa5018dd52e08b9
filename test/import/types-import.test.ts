/**
 * Two leniencies of the WSDL reader that real Java-stack WSDLs need (test/fixtures/wsdl-rpc/number-management is
 * one): an `xsd:import` written straight in `wsdl:types`, outside any schema, is read as the schema import it stands
 * for; and an element that only a fault message names is not taken for why no operation could be drafted (faults are
 * never drafted), so a service is judged by its operations' own messages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runImportWsdl } from '../../generator/commands/import-wsdl.js';
import { importWsdl } from '../../generator/import/index.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';

const WSDL = 'test/fixtures/import/types-import/Quotes.wsdl';

describe('an xsd:import in wsdl:types, outside any schema', () => {
  it('is read: the operation is drafted from the imported schema, with its parameter and result', () => {
    const readFile = (path: string) => readFileSync(fromRoot(path), 'utf8');
    const { yaml, problems } = importWsdl(readFile(WSDL), WSDL, { readFile });
    expect(yaml).toContain(
      '  - name: GetQuote\n    params:\n      - { name: symbol, type: string, optional: true }\n    result: double\n',
    );
    // The only construct left out is the fault, which the format never drafts; the fault's undeclared element is not
    // an error of its own.
    expect(problems.map((p) => p.construct)).toEqual(['wsdl:fault']);
  });

  it('is what import-wsdl reads from the folder, exit 0', async () => {
    const run = await runImportWsdl({ file: WSDL, cwd: repoRoot });
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toBe(
      `${WSDL}:17:7: wsdl:fault: the fault QuoteError of GetQuote is left out: its detail element QuoteError holds no record; it is an SvcSoapFault, its detail as text\nleft out: 1 construct (wsdl:fault 1)\n`,
    );
  });
});
