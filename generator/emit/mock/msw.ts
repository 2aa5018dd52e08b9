/**
 * Emits mock/msw.ts: MSW (2.x) request handlers over a mock service, so that a test in a browser or in Node can
 * intercept the client's fetch without a server. msw is an optional peer dependency: it is loaded when this module
 * is, and only `mswHandlers` needs it, so a mock used without MSW runs without it installed.
 */
import { StructureKind, VariableDeclarationKind } from 'ts-morph';
import type { ServiceModel } from '../../model/types.js';
import { jsDoc } from '../../print/jsdoc.js';
import type { GeneratedFile, Printer } from '../../print/printer.js';

export const MOCK_MSW_FILE = 'mock/msw.ts';

export function emitMockMsw(model: ServiceModel, printer: Printer): GeneratedFile {
  return printer.typescript(MOCK_MSW_FILE, [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: 'msw', isTypeOnly: true, namedImports: ['HttpHandler'] },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['msw, when it is installed; loaded once, when this module is.'],
      declarations: [
        {
          name: 'msw',
          initializer: "await import('msw').catch(() => undefined)",
        },
      ],
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
          '@throws Error when the msw package (2.x) is not installed',
        ),
      ],
      statements: (w) => {
        w.writeLine("if (msw === undefined) throw new Error('mswHandlers needs the msw package (2.x): npm install --save-dev msw@2');");
        w.writeLine(`const path = \`\${baseUrl.replace(/\\/+$/, '')}${model.path}\`;`);
        w.writeLine('const answer = ({ request }: { request: Request }) => service.handle(request);');
        w.writeLine(`return [msw.http.all(path, answer), msw.http.all(\`\${path}/*\`, answer)];`);
      },
    },
  ]);
}
