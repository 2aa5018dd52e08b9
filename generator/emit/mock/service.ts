/**
 * Emits mock/examples.ts (an answer for every operation nobody implemented), mock/service.ts (createMockService and
 * startMockServer over the runtime's MockCore) and mock/index.ts.
 */
import { titleAndVersion } from '../../model/text.js';
import { StructureKind, VariableDeclarationKind } from '../../print/kinds.js';
import type { ServiceModel } from '../../model/types.js';
import { jsDoc } from '../../print/jsdoc.js';
import { ImportSet, type ImportTable } from '../../print/imports.js';
import type { GeneratedFile, Printer, Statement } from '../../print/printer.js';
import { tsLiteral } from '../ts-types.js';
import { emptyDataSetTemplate, exampleResultText, examplesHoldDataSet, exampleValueText } from '../examples.js';
import type { CodeBlockWriter } from 'ts-morph';

import { handlersTypeName, operationTypeName } from './types.js';
import { propertyKey } from '../../load/names.js';

export const MOCK_EXAMPLES_FILE = 'mock/examples.ts';
export const MOCK_SERVICE_FILE = 'mock/service.ts';
export const MOCK_INDEX_FILE = 'mock/index.ts';

/** The constant of mock/examples.ts holding the empty DataSet, a line too wide to stand inside an answer's code. */
const EMPTY_DATA_SET = 'EMPTY_DATA_SET';

export function emitMockExamples(model: ServiceModel, printer: Printer): GeneratedFile {
  const handlers = handlersTypeName(model);
  const dataSet = model.operations.some((op) =>
    examplesHoldDataSet(
      op.result,
      op.httpPostRoot,
      op.responseHeaders.map((h) => ({ kind: 'record', record: h.record })),
    ),
  );
  return printer.typescript(MOCK_EXAMPLES_FILE, [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './types.js',
      isTypeOnly: true,
      namedImports: [handlers],
    },
    ...(dataSet
      ? [
          {
            kind: StructureKind.VariableStatement,
            declarationKind: VariableDeclarationKind.Const,
            docs: [jsDoc('An empty .NET DataSet, as ASMX writes one: its XML Schema, then its diffgram.')],
            declarations: [{ name: EMPTY_DATA_SET, initializer: emptyDataSetTemplate() }],
          } satisfies Statement,
        ]
      : []),
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        jsDoc(
          'What the mock answers for an operation nobody implemented: an example of its result type, the same every time, with the success code where the result has an error code, and an example of each SOAP header its answers carry.',
        ),
      ],
      declarations: [
        {
          name: 'exampleHandlers',
          type: handlers,
          initializer: (w) => {
            w.inlineBlock(() => {
              for (const op of model.operations) {
                const value = exampleResultText(op.result, op.httpPostRoot, EMPTY_DATA_SET);
                if (op.responseHeaders.length === 0) {
                  w.writeLine(`${op.methodName}: () => ${value.startsWith('{') ? `(${value})` : value},`);
                  continue;
                }
                w.write(`${op.methodName}: (_params, context) => `).inlineBlock(() => {
                  // Every header the answers may carry, so that an answer shows them all (and a required one is there).
                  w.write('if (context !== undefined) ').inlineBlock(() => {
                    for (const h of op.responseHeaders) {
                      w.writeLine(
                        `context.responseHeaders.${h.element} = ${exampleValueText({ kind: 'record', record: h.record }, EMPTY_DATA_SET)};`,
                      );
                    }
                  });
                  // Called without a context, as tests call an example handler to read its result, it gives that alone.
                  w.newLine().writeLine(`return ${value};`);
                });
                w.write(',').newLine();
              }
            });
          },
        },
      ],
    },
  ]);
}

/** Every module mock/service.ts may import from, and its names; a name is imported when the file writes it. */
function serviceImportTable(model: ServiceModel): ImportTable {
  return [
    {
      module: '../runtime/mock/core.js',
      names: ['MockCore', ...['MockAnswer', 'MockCall', 'MockContext', 'MockInjection'].map(typeName)],
    },
    { module: '../runtime/mock/clock.js', names: ['VirtualClock'] },
    { module: '../runtime/mock/auth.js', names: ['MockAuth'] },
    { module: '../runtime/mock/server.js', names: ['startServer'] },
    { module: './codec.js', names: ['errorCodes', 'operations'] },
    { module: './examples.js', names: ['exampleHandlers'] },
    { module: './wsdl.js', names: ['wsdlAt'] },
    {
      module: './simulator/index.js',
      names: ['createSimulator', ...['SimulatorControl', 'SimulatorOptions'].map(typeName)],
    },
    { module: './types.js', typeOnly: true, names: [handlersTypeName(model), operationTypeName(model)] },
  ];
}

const typeName = (name: string) => ({ name, type: true }) as const;

/** What the parts of mock/service.ts share: the model, the names they write, and the imports they use. */
interface ServiceParts {
  readonly model: ServiceModel;
  readonly handlers: string;
  readonly options: string;
  readonly service: string;
  readonly simulator: boolean;
  readonly errorCodes: boolean;
  /** What the docs may speak of: credentials (and request counts, kept for the request limit) only where checked. */
  readonly signed: boolean;
  /** Records an imported name the file writes, and gives it back (see ImportSet). */
  readonly use: (name: string) => string;
}

export function emitMockService(model: ServiceModel, printer: Printer): GeneratedFile {
  const imports = new ImportSet(serviceImportTable(model));
  const p: ServiceParts = {
    model,
    handlers: handlersTypeName(model),
    options: `${model.name}MockOptions`,
    service: `${model.name}MockService`,
    simulator: model.simulator !== undefined,
    errorCodes: model.serviceErrors !== undefined,
    signed: model.auth !== undefined,
    use: (name) => imports.use(name),
  };
  return printer.typescript(
    MOCK_SERVICE_FILE,
    [
      optionsInterface(p),
      serviceInterface(p),
      ...methodTables(p),
      {
        kind: StructureKind.Function,
        name: 'createMockService',
        isExported: true,
        parameters: [{ name: 'options', type: p.options, initializer: '{}' }],
        returnType: p.service,
        docs: [
          jsDoc(
            `A mock of ${titleAndVersion(model)}: strict like the real service, answering in the style it was asked in.`,
            p.simulator ? 'Throws when the simulator cannot start (a scenario that is not valid, say).' : '',
          ),
        ],
        statements: ['return assemble(options).service;'],
      },
      {
        kind: StructureKind.Function,
        name: 'assemble',
        parameters: [{ name: 'options', type: p.options }],
        returnType: `{ core: ${p.use('MockCore')}; service: ${p.service} }`,
        docs: [
          'The service and the engine behind it, which the server is given itself (it then reads requests without making web Requests).',
        ],
        statements: (w) => assembleBody(p, w),
      },
      startMockServerFunction(p),
    ],
    { imports },
  );
}

/** The options of createMockService. */
function optionsInterface(p: ServiceParts): Statement {
  const { model, simulator, use } = p;
  return {
    kind: StructureKind.Interface,
    name: p.options,
    isExported: true,
    extends: simulator ? [use('SimulatorOptions')] : [],
    docs: [
      simulator
        ? `Options of {@link createMockService}; the simulator's own (scenario, files) included.`
        : `Options of {@link createMockService}.`,
    ],
    properties: [
      {
        name: 'handlers',
        type: `Partial<${use(p.handlers)}> | undefined`,
        hasQuestionToken: true,
        docs: [
          simulator
            ? 'Your implementation of any operations; the simulator answers the others.'
            : 'Your implementation of any operations; the others answer with an example of their result.',
        ],
      },
      {
        name: 'maxRequestBytes',
        type: 'number | undefined',
        hasQuestionToken: true,
        docs: [
          'Largest request body read (default 4 MiB, as ASP.NET; at most 16 MiB); a larger one gets a Client fault.',
        ],
      },
      {
        name: 'requestValidation',
        type: 'boolean | undefined',
        hasQuestionToken: true,
        docs: [
          jsDoc(
            `Refuse HTTP POST form values that look like markup or script (\`<\` followed by a letter, \`!\`, \`/\` or \`?\`; \`&#\`) with HTTP 500 and an HttpRequestValidationException, as ASP.NET 4 does by default before the service runs. Default false${simulator ? " (or the simulator's setting)" : ''}. SOAP bodies are not validated, as ASP.NET does not validate them.`,
          ),
        ],
      },
      {
        name: 'clock',
        type: `${use('VirtualClock')} | undefined`,
        hasQuestionToken: true,
        docs: ["The mock's clock (default one that follows the system clock); tests move it instead of waiting."],
      },
      ...(model.auth ? authOptions(model, simulator) : []),
      {
        name: 'onAnswer',
        type: `((answer: ${use('MockAnswer')}) => void) | undefined`,
        hasQuestionToken: true,
        docs: [
          'Told of every answered request (operation, style, status, milliseconds; never a parameter or key), for a log.',
        ],
      },
    ],
  };
}

/** The service createMockService returns. */
function serviceInterface(p: ServiceParts): Statement {
  const { model, simulator, signed, use } = p;
  return {
    kind: StructureKind.Interface,
    name: p.service,
    isExported: true,
    docs: [`A mock of ${titleAndVersion(model)}, answering web Requests as the service would.`],
    properties: [
      {
        name: 'handle',
        type: '(request: Request) => Promise<Response>',
        isReadonly: true,
        docs: ['Answers one request; never rejects.'],
      },
      {
        name: 'calls',
        type: `readonly ${use('MockCall')}[]`,
        isReadonly: true,
        docs: [
          `The calls answered so far (the latest 1000): operation, style and decoded parameters${signed ? ' (never a credential)' : ''}.`,
        ],
      },
      {
        name: 'clock',
        type: use('VirtualClock'),
        isReadonly: true,
        docs: ["The mock's clock: `advance(seconds)` lets time pass."],
      },
      ...(simulator
        ? [
            {
              name: 'simulator',
              type: use('SimulatorControl'),
              isReadonly: true,
              docs: ["The simulator's control methods, for tests."],
            },
          ]
        : []),
    ],
    methods: serviceMethods(p),
  };
}

/** The methods of the service createMockService returns. */
function serviceMethods(p: ServiceParts) {
  const { model, simulator, signed, use } = p;
  return [
    {
      name: 'inject',
      parameters: [
        { name: 'operation', type: `${use(operationTypeName(model))} | keyof ${use(p.handlers)}` },
        { name: 'injection', type: use('MockInjection') },
      ],
      returnType: 'void',
      docs: [
        jsDoc(
          `Makes the next call of \`operation\` (the next \`times\` calls) answer with \`injection\`: ${p.errorCodes ? 'an error code, ' : ''}a SOAP fault, an HTTP status, a dropped connection or a result, optionally after a delay. Used after the request was read${signed ? ' and its credentials passed' : ''}.`,
          `\`operation\` is the name on the wire (\`${model.operations[0]?.name ?? 'Operation'}\`, as \`calls\` records it) or the handler's (\`${model.operations[0]?.methodName ?? 'operation'}\`, as \`handlers\` takes it).`,
        ),
      ],
    },
    {
      name: 'reset',
      returnType: 'Promise<void>',
      docs: [
        `Forgets calls${signed ? ', injections and request counts' : ' and injections'}${simulator ? ', and puts the simulator back at its start' : ''}.`,
      ],
    },
    {
      name: 'describe',
      returnType: 'readonly string[]',
      docs: ['Lines telling a person what the mock serves (the mock command prints them).'],
    },
    {
      name: 'close',
      returnType: 'Promise<void>',
      docs: [
        simulator
          ? 'Releases what the simulator holds.'
          : 'Releases what the mock holds (nothing, without a simulator).',
      ],
    },
  ];
}

/** `methods` (the handler method of each operation) and `operationOfMethod`, its inverse. */
function methodTables(p: ServiceParts): Statement[] {
  const operation = p.use(operationTypeName(p.model));
  return [
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['The handler method of each operation.'],
      declarations: [
        {
          name: 'methods',
          type: `Readonly<Record<${operation}, keyof ${p.use(p.handlers)}>>`,
          initializer: (w) => {
            w.inlineBlock(() => {
              for (const op of p.model.operations) w.writeLine(`${propertyKey(op.name)}: ${tsLiteral(op.methodName)},`);
            });
          },
        },
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['The operation of each handler method, so that `inject` takes either name.'],
      declarations: [
        {
          name: 'operationOfMethod',
          initializer: (w) => {
            const entries = `Object.entries(methods).map(([operation, method]) => [method, operation as ${operation}])`;
            w.write(`new Map<string, ${operation}>(${entries})`);
          },
        },
      ],
    },
  ];
}

/** startMockServer: the service over HTTP on loopback. */
function startMockServerFunction(p: ServiceParts): Statement {
  return {
    kind: StructureKind.Function,
    name: 'startMockServer',
    isExported: true,
    isAsync: true,
    parameters: [
      { name: 'options', type: `${p.options} & { readonly port?: number; readonly host?: string }`, initializer: '{}' },
    ],
    returnType: `Promise<{ url: string; close(): Promise<void>; service: ${p.service} }>`,
    docs: [
      jsDoc(
        'Serves the mock over HTTP on loopback (`port: 0`, the default, picks a free port); `url` is the origin. `close` stops the server and then the service.',
      ),
    ],
    statements: (w) => {
      const startServer = p.use('startServer');
      w.writeLine('const { core, service } = assemble(options);');
      w.writeLine(`let server: Awaited<ReturnType<typeof ${startServer}>>;`);
      w.write('try ').inlineBlock(() => {
        w.writeLine(
          `server = await ${startServer}(core, { port: options.port ?? 0, host: options.host ?? '127.0.0.1' });`,
        );
      });
      w.write(' catch (error) ').inlineBlock(() => {
        w.writeLine('await service.close();');
        w.writeLine('throw error;');
      });
      w.newLine();
      w.write('return ').inlineBlock(() => {
        w.writeLine('url: server.url,');
        w.write('close: async () => ').inlineBlock(() => {
          w.writeLine('await server.close();');
          w.writeLine('await service.close();');
        });
        w.write(',').newLine();
        w.writeLine('service,');
      });
      w.write(';');
    },
  };
}

/** The body of `assemble`: the handlers, the MockCore over them, and the service over the core. */
function assembleBody(p: ServiceParts, w: CodeBlockWriter): void {
  const { model, simulator, use } = p;
  w.writeLine(`const clock = options.clock ?? new ${use('VirtualClock')}();`);
  if (simulator)
    w.writeLine(
      `const simulator = ${use('createSimulator')}(options, { clock, errorCodes: ${p.errorCodes ? use('errorCodes') : 'undefined'} });`,
    );
  const spread = [
    `...${use('exampleHandlers')}`,
    ...(simulator ? ['...simulator.handlers'] : []),
    '...options.handlers',
  ];
  w.writeLine(`const handlers: ${use(p.handlers)} = { ${spread.join(', ')} };`);
  if (model.auth) {
    const credentials = simulator ? '(options.credentials ?? simulator.keyOf)' : 'options.credentials';
    w.writeLine(`const keys = options.credentials === false ? undefined : ${credentials};`);
  }
  // Written one member a line, which the formatter keeps for an object so written.
  w.write(`const core = new ${use('MockCore')}(`).inlineBlock(() => coreMembers(p, w));
  w.write(');').newLine();
  w.write(`const service: ${p.service} = `).inlineBlock(() => serviceMembers(p, w));
  w.write(';').newLine();
  w.writeLine('return { core, service };');
}

/** The members of the MockCore's options, one a line. */
function coreMembers(p: ServiceParts, w: CodeBlockWriter): void {
  const { model, simulator, use } = p;
  const members = [
    `path: ${tsLiteral(model.path)}`,
    `namespace: ${tsLiteral(model.namespace.uri)}`,
    `styles: [${model.bindings.map(tsLiteral).join(', ')}]`,
    use('operations'),
    ...(p.errorCodes ? [use('errorCodes')] : []),
    `wsdl: ${use('wsdlAt')}`,
    'clock',
    'maxRequestBytes: options.maxRequestBytes',
    `requestValidation: ${simulator ? 'options.requestValidation ?? simulator.requestValidation ?? false' : 'options.requestValidation ?? false'}`,
    'onAnswer: options.onAnswer',
    ...(model.auth
      ? [
          `auth: keys === undefined ? undefined : new ${use('MockAuth')}({ keys, now: () => clock.now(), skewSeconds: options.skewSeconds, requestLimit: options.requestLimit })`,
        ]
      : []),
  ];
  for (const m of members) w.writeLine(`${m},`);
  const context = use('MockContext');
  w.write(`invoke: (operation: string, params: Record<string, unknown>, context: ${context}) => `).inlineBlock(() => {
    w.writeLine(
      `const handler = handlers[methods[operation as ${use(operationTypeName(model))}]] as (params: unknown, context: ${context}) => unknown;`,
    );
    w.writeLine('return handler.call(handlers, params, context);');
  });
  w.write(',').newLine();
}

/** The members of the service object over the core. */
function serviceMembers(p: ServiceParts, w: CodeBlockWriter): void {
  const { simulator } = p;
  w.writeLine('handle: (request) => core.handle(request),');
  w.write('get calls() ').inlineBlock(() => w.writeLine('return core.calls;'));
  w.write(',').newLine();
  w.writeLine('clock,');
  if (simulator) w.writeLine('simulator: simulator.control,');
  w.writeLine(
    'inject: (operation, injection) => core.inject(operationOfMethod.get(operation) ?? operation, injection),',
  );
  if (simulator) {
    w.write('reset: async () => ').inlineBlock(() =>
      w.writeLine('core.reset();').writeLine('await simulator.reset();'),
    );
    w.write(',').newLine();
  } else {
    w.write('reset: async () => ').inlineBlock(() => w.writeLine('core.reset();'));
    w.write(',').newLine();
  }
  w.writeLine(`describe: () => ${simulator ? 'simulator.describe()' : '[]'},`);
  w.writeLine(`close: ${simulator ? '() => simulator.close()' : 'async () => {}'},`);
}

/** The options of a service that signs requests: whose credentials the mock accepts. */
function authOptions(model: ServiceModel, simulator: boolean) {
  const principal = model.parameters.find((p) => p.role === 'principal')?.name ?? 'principal';
  const codes = model.auth?.failures?.codes;
  const answered = codes
    ? `A request that fails is answered as the service answers it: a result with ${Object.values(codes)
        .map((c) => c.value)
        .filter((v, i, a) => a.indexOf(v) === i)
        .join(', ')}.`
    : 'A request that fails gets a Client fault.';
  return [
    {
      name: 'credentials',
      type: 'Readonly<Record<string, string>> | false | undefined',
      hasQuestionToken: true,
      docs: [
        jsDoc(
          simulator
            ? `The API key of each ${principal} the mock accepts, instead of the simulator's (its scenario's); \`false\`: none are checked. Checked: every request's ${principal}, signature (by the client's signing rule, compared in constant time) and timestamp.`
            : `The API key of each ${principal} the mock knows. Given, every request's ${principal}, signature (by the client's signing rule, compared in constant time) and timestamp are checked; left out or \`false\`, they are not.`,
          answered,
        ),
      ],
    },
    {
      name: 'skewSeconds',
      type: 'number | undefined',
      hasQuestionToken: true,
      docs: ['How far a timestamp may be from the clock, either way (default 300 s).'],
    },
    {
      name: 'requestLimit',
      type: '{ readonly max: number; readonly perSeconds: number } | undefined',
      hasQuestionToken: true,
      docs: [
        `At most \`max\` requests of one ${principal} in any \`perSeconds\` seconds of the mock's clock (default no limit).`,
      ],
    },
  ];
}

export function emitMockIndex(model: ServiceModel, printer: Printer): GeneratedFile {
  return printer.typescript(MOCK_INDEX_FILE, [
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './service.js',
      namedExports: [
        'createMockService',
        'startMockServer',
        { name: `${model.name}MockOptions`, isTypeOnly: true },
        { name: `${model.name}MockService`, isTypeOnly: true },
      ],
    },
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: './types.js' },
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: './examples.js', namedExports: ['exampleHandlers'] },
    ...(model.simulator
      ? [{ kind: StructureKind.ExportDeclaration, moduleSpecifier: './simulator/index.js' } satisfies Statement]
      : []),
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: '../runtime/mock/core.js',
      namedExports: [
        'MockFault',
        ...['MockAnswer', 'MockContext', 'MockCall', 'MockInjection'].map((name) => ({ name, isTypeOnly: true })),
        ...(model.operations.some((o) => o.responseHeaders.length > 0)
          ? [{ name: 'MockHeadersContext', isTypeOnly: true }]
          : []),
      ],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: '../runtime/mock/clock.js',
      namedExports: ['VirtualClock'],
    },
  ]);
}
