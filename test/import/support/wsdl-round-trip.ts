/**
 * A hand-written WSDL taken the whole way a user takes it (issue 25): `import-wsdl --out`, generation from the draft
 * (client and mock), a type-check of the output as a consumer project would, and a client talking to the generated
 * mock in process, every exchange recorded so that a test can check what went on the wire.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runImportWsdl, type ImportRun } from '../../../generator/commands/import-wsdl.js';
import { typecheckDir } from '../../helpers/typecheck.js';
import { generateService, ROOT, type GeneratedService } from '../../mock/support/generated-service.js';

export type Client = Record<string, (params?: unknown) => Promise<unknown>>;

export interface MockService {
  handle(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export interface Exchange {
  readonly request: string;
  readonly status: number;
  readonly response: string;
}

export interface RoundTrip {
  readonly importRun: ImportRun;
  readonly yaml: string;
  readonly generated: GeneratedService;
  /** The type-check's diagnostics (none when the output is clean). */
  readonly diagnostics: readonly string[];
  /** A mock with these handlers, and a client of `style` calling it; `exchanges` fills as they talk. */
  connect(handlers: Record<string, unknown>, style?: string): { client: Client; mock: MockService; exchanges: Exchange[] };
}

/** `wsdl`: relative to the repository root; `name`: the folder under test/.tmp/issue25 to write into. */
export async function roundTrip(wsdl: string, name: string): Promise<RoundTrip> {
  const dir = join('test', '.tmp', 'issue25', name);
  rmSync(join(ROOT, dir), { recursive: true, force: true });
  mkdirSync(join(ROOT, dir), { recursive: true });
  const spec = join(dir, `${name}.yaml`);
  const importRun = await runImportWsdl({ file: wsdl, out: spec, cwd: ROOT });
  if (importRun.exitCode !== 0) throw new Error(`import-wsdl ${wsdl} exited ${importRun.exitCode}: ${importRun.stderr}`);
  const generated = await generateService(spec, join('issue25', name, 'out'));
  const diagnostics = typecheckDir(join(ROOT, dir, 'out')).diagnostics;
  const clientName = Object.keys(generated.client).find((k) => k.endsWith('Client') && typeof generated.client[k] === 'function')!;
  return {
    importRun,
    yaml: readFileSync(join(ROOT, spec), 'utf8'),
    generated,
    diagnostics,
    connect(handlers, style = 'soap11') {
      const create = generated.mock['createMockService'] as (o: Record<string, unknown>) => MockService;
      const mock = create({ handlers });
      const exchanges: Exchange[] = [];
      const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
        const request = new Request(url, init);
        const text = await request.clone().text();
        const response = await mock.handle(request);
        exchanges.push({ request: text, status: response.status, response: await response.clone().text() });
        return response;
      };
      const Ctor = generated.client[clientName] as new (o: Record<string, unknown>) => Client;
      return { client: new Ctor({ baseUrl: 'http://mock.test', style, fetch }), mock, exchanges };
    },
  };
}

/** The children of the SOAP Body's first element: what a call's parameters (or an answer's result) became. */
export function bodyContent(envelope: string, element: string): string {
  const found = new RegExp(`<(?:\\w+:)?${element}\\b[^>]*>([\\s\\S]*)</(?:\\w+:)?${element}>`).exec(envelope);
  if (!found) throw new Error(`no <${element}> in ${envelope}`);
  return found[1]!;
}
