/**
 * Emits mock/cli.ts: the mock as a command, `node mock/cli.js --port 8080` (the package's `bin`, so `npx` runs it): it prints where it serves and whose
 * credentials it accepts, logs one line per request (operation, style, status, time; never a parameter or key) and
 * stops cleanly on Ctrl-C.
 */
import { titleAndVersion } from '../../model/text.js';
import { StructureKind } from '../../print/kinds.js';
import type { ServiceModel } from '../../model/types.js';
import type { GeneratedFile, Printer } from '../../print/printer.js';
import type { CodeBlockWriter } from 'ts-morph';
import { tsLiteral } from '../ts-types.js';

export const MOCK_CLI_FILE = 'mock/cli.ts';

/** The mock's command as installed: the mock package's one `bin`, its name without the scope. */
export function mockCommandName(model: ServiceModel): string {
  return model.package.mockName.replace(/^@[^/]+\//, '');
}

/** What the parts of the command depend on. */
interface Cli {
  readonly model: ServiceModel;
  readonly signed: boolean;
  readonly simulated: boolean;
  readonly principal: string;
}

export function emitMockCli(model: ServiceModel, printer: Printer): GeneratedFile {
  const cli: Cli = {
    model,
    signed: model.auth !== undefined,
    simulated: model.simulator !== undefined,
    principal: model.parameters.find((p) => p.role === 'principal')?.name ?? 'principal',
  };
  return printer.typescript(
    MOCK_CLI_FILE,
    [
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: 'node:util', namedImports: ['parseArgs'] },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './service.js', namedImports: ['startMockServer'] },
      (w) => {
        w.writeLine(`const USAGE = ${tsLiteral(usage(cli).join('\n'))};`);
        w.blankLine();
        writeArguments(cli, w);
        w.blankLine();
        writeStart(cli, w);
        writeBanner(cli, w);
        w.blankLine();
        w.write('const stop = () => ').inlineBlock(() => {
          w.writeLine("process.stdout.write('stopping\\n');");
          w.writeLine('void mock.close().then(() => process.exit(0));');
        });
        w.write(';').newLine();
        w.writeLine("process.once('SIGINT', stop);");
        w.writeLine("process.once('SIGTERM', stop);");
      },
    ],
    { executable: true },
  );
}

/** The lines of `--help`. */
function usage({ model, signed, simulated, principal }: Cli): string[] {
  return [
    `Usage: ${mockCommandName(model)} [--port 8080] [--host 127.0.0.1]${simulated ? ' [--scenario <file>] [--sftp-root <dir>]' : ''}${
      signed ? ` [--credentials <${principal}>:<apiKey>]...` : ''
    } [--request-validation] [--log-level info|silent]`,
    `Serves a mock of ${titleAndVersion(model)} at http://<host>:<port>${model.path}.`,
    ...(simulated
      ? [
          "--scenario: the YAML or JSON file of the simulation's data (default: the default scenario).",
          '--sftp-root: the folder the simulator keeps its files in, if it keeps any (default: a new temporary folder).',
        ]
      : []),
    '--request-validation: refuse HTTP POST form values that look like markup or script, as ASP.NET does by default.',
    ...(signed
      ? [
          simulated
            ? `--credentials: a ${principal} the mock accepts and its API key (repeatable), instead of the scenario's.`
            : `--credentials: a ${principal} the mock accepts and its API key (repeatable); without any, credentials are not checked.`,
        ]
      : []),
  ];
}

/** `fail`, the parsing of the arguments and their checks, and the credentials given. */
function writeArguments(cli: Cli, w: CodeBlockWriter): void {
  w.writeLine('/** Ends the command with a message on stderr and exit code 2, as for any misuse. */');
  w.write('function fail(message: string): never ').block(() => {
    w.writeLine('process.stderr.write(`${message}\\n${USAGE}\\n`);');
    w.writeLine('process.exit(2);');
  });
  w.blankLine();
  w.writeLine('let values: Record<string, string | boolean | string[] | undefined>;');
  w.write('try ').inlineBlock(() => {
    w.write('values = parseArgs(').inlineBlock(() => {
      w.write('options: ').inlineBlock(() => {
        w.writeLine("port: { type: 'string', default: '8080' },");
        w.writeLine("host: { type: 'string', default: '127.0.0.1' },");
        if (cli.simulated) w.writeLine("scenario: { type: 'string' },");
        if (cli.simulated) w.writeLine("'sftp-root': { type: 'string' },");
        if (cli.signed) w.writeLine("credentials: { type: 'string', multiple: true },");
        w.writeLine("'request-validation': { type: 'boolean', default: false },");
        w.writeLine("'log-level': { type: 'string', default: 'info' },");
        w.writeLine("help: { type: 'boolean', default: false },");
      });
      w.write(',').newLine();
    });
    w.write(').values;');
  });
  w.write(' catch (error) ').block(() => w.writeLine('fail(error instanceof Error ? error.message : String(error));'));
  w.write('if (values.help === true) ').block(() => {
    w.writeLine('process.stdout.write(`${USAGE}\\n`);');
    w.writeLine('process.exit(0);');
  });
  w.writeLine('const port = Number(values.port);');
  w.writeLine(
    'if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number (0 for any free one), got ${String(values.port)}`);',
  );
  w.writeLine("const logLevel = values['log-level'];");
  w.writeLine(
    "if (logLevel !== 'info' && logLevel !== 'silent') fail(`--log-level must be info or silent, got ${String(logLevel)}`);",
  );
  if (cli.signed) {
    w.writeLine('const credentials: Record<string, string> = {};');
    w.write('for (const entry of (values.credentials as string[] | undefined) ?? []) ').block(() => {
      w.writeLine("const colon = entry.indexOf(':');");
      w.writeLine(
        `if (colon <= 0 || colon === entry.length - 1) fail(${tsLiteral(`--credentials must be <${cli.principal}>:<apiKey>`)});`,
      );
      w.writeLine('credentials[entry.slice(0, colon)] = entry.slice(colon + 1);');
    });
  }
}

/** Starting the server, or saying plainly why it cannot start. */
function writeStart({ signed, simulated }: Cli, w: CodeBlockWriter): void {
  w.writeLine('let mock: Awaited<ReturnType<typeof startMockServer>>;');
  w.write('try ').inlineBlock(() => {
    w.write('mock = await startMockServer(').inlineBlock(() => {
      w.writeLine('port,');
      w.writeLine('host: values.host as string,');
      if (simulated) w.writeLine('scenario: values.scenario as string | undefined,');
      if (simulated) w.writeLine("sftpRoot: values['sftp-root'] as string | undefined,");
      if (signed) w.writeLine('credentials: Object.keys(credentials).length > 0 ? credentials : undefined,');
      // Only when given, so that a simulator's own setting holds otherwise.
      w.writeLine("requestValidation: values['request-validation'] === true ? true : undefined,");
      w.write("onAnswer: logLevel === 'silent' ? undefined : (a) => ").inlineBlock(() => {
        w.writeLine(
          "process.stdout.write(`${new Date().toISOString()} ${a.operation ?? '-'} ${a.style ?? '-'} ${a.status} ${a.ms.toFixed(1)} ms\\n`);",
        );
      });
      w.write(',').newLine();
    });
    w.write(');').newLine();
  });
  w.write(' catch (error) ').block(() => {
    w.writeLine(
      `// ${simulated ? 'A scenario that is not valid, a port in use' : 'A port in use'}: said plainly, without a stack.`,
    );
    w.writeLine(
      'process.stderr.write(`the mock cannot start: ${error instanceof Error ? error.message : String(error)}\\n`);',
    );
    w.writeLine('process.exit(1);');
  });
}

/** The banner: where the mock serves, and whose credentials it accepts. */
function writeBanner({ model, signed, simulated, principal }: Cli, w: CodeBlockWriter): void {
  w.writeLine('// The banner goes out in one write, so that a program reading it (a test, a script) sees it whole.');
  // The origin is what the client's baseUrl takes (the service URL above it works too): printed as such.
  w.writeLine(
    `const banner = [\`${titleAndVersion(model)} mock at \${mock.url}${model.path}\`, \`baseUrl: \${mock.url}\`];`,
  );
  if (signed) {
    w.write('if (Object.keys(credentials).length > 0) ').inlineBlock(() => {
      w.writeLine(
        `for (const [name, key] of Object.entries(credentials)) banner.push(\`${principal} \${name}, API key \${key}\`);`,
      );
    });
    if (!simulated) w.write(" else banner.push('credentials are not checked (no --credentials)');");
    w.newLine();
  }
  w.writeLine('banner.push(...mock.service.describe());');
  w.writeLine("process.stdout.write(`${banner.join('\\n')}\\n`);");
}
