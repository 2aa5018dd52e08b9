/**
 * Emits mock/msw.ts: MSW (2.x) request handlers over a mock service, so that a test in a browser or in Node can
 * intercept the client's fetch without a server. It is an entry point of its own (`<mock package>/msw`) that imports
 * msw statically: msw is an optional peer dependency, so the mock's main entry, which does not import this file,
 * loads and type-checks without it, and neither needs a top-level await (which `require()` cannot load).
 */
import { StructureKind } from '../../print/kinds.js';
import type { ServiceModel } from '../../model/types.js';
import { jsDoc } from '../../print/jsdoc.js';
import type { GeneratedFile, Printer } from '../../print/printer.js';

export const MOCK_MSW_FILE = 'mock/msw.ts';

export function emitMockMsw(model: ServiceModel, printer: Printer): GeneratedFile {
  return printer.typescript(MOCK_MSW_FILE, [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: 'msw',
      namedImports: ['http', { name: 'HttpHandler', isTypeOnly: true }],
    },
    {
      kind: StructureKind.Function,
      name: 'mswHandlers',
      isExported: true,
      parameters: [
        { name: 'service', type: '{ handle(request: Request): Promise<Response> }' },
        { name: 'baseUrl', type: 'string', initializer: "'*'" },
      ],
      returnType: 'HttpHandler[]',
      docs: [
        jsDoc(
          `MSW handlers answering every request to the service path (${model.path}, its HTTP POST paths and ?WSDL) with \`service\`, e.g. \`setupServer(...mswHandlers(createMockService()))\`.`,
          '@param service - a mock service, from createMockService',
          '@param baseUrl - the origin the client calls, e.g. `https://service.example`; default any origin',
        ),
      ],
      statements: (w) => {
        w.writeLine(`const path = \`\${baseUrl.replace(/\\/+$/, '')}${model.path}\`;`);
        w.writeLine('const answer = ({ request }: { request: Request }) => service.handle(request);');
        // The HTTP POST paths are `<path>/<Operation>` without the path's own trailing slash (a service at `/` has `/<Operation>`).
        const stem = model.path.endsWith('/') ? '${path.slice(0, -1)}' : '${path}';
        w.writeLine(`return [http.all(path, answer), http.all(\`${stem}/*\`, answer)];`);
      },
    },
  ]);
}
