/**
 * Type-checks a directory of TypeScript files with the compiler API, with the settings a strict consumer project
 * would use, and returns the diagnostics formatted (empty when the code is clean).
 */
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { listFiles } from './files.js';
import { fromRoot } from './paths.js';

export const CONSUMER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: ['node'],
  // Found through the repository even when the checked directory lives elsewhere (a temp dir).
  typeRoots: [fromRoot('node_modules', '@types')],
  skipLibCheck: true,
  noEmit: true,
};

export interface TypecheckOptions {
  /** More files to check along with the directory's (e.g. a consumer written by the test), absolute paths. */
  readonly extraFiles?: readonly string[];
  /** Options overriding or adding to {@link CONSUMER_OPTIONS}. */
  readonly compilerOptions?: ts.CompilerOptions;
  /**
   * Resolve every import, relative ones too, to the file a link names (TypeScript does so only for node_modules), so that
   * outputs whose runtime/ links to one shared copy have that copy checked once.
   */
  readonly realpathImports?: boolean;
}

export interface TypecheckResult {
  /** The .ts files checked, relative to the directory. */
  readonly files: readonly string[];
  /** One formatted diagnostic per entry (file:line:column - error TSnnnn: message). */
  readonly diagnostics: readonly string[];
}

/**
 * Parsed declaration files of TypeScript's lib and of node_modules (lib.dom.d.ts, @types/node), which no test writes,
 * kept for the worker's next program: parsing and binding them is most of what a small program costs (about a
 * second and a half of CPU). Keyed by path and by what the parse depends on (language version, module format).
 */
const libraryFiles = new Map<string, ts.SourceFile>();

function isLibraryFile(fileName: string): boolean {
  return fileName.includes('/node_modules/') && fileName.endsWith('.d.ts');
}

/** `host` keeping the library files it parses in {@link libraryFiles} and handing them to later programs. */
function sharingLibraryFiles(host: ts.CompilerHost): ts.CompilerHost {
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
    if (shouldCreateNewSourceFile || !isLibraryFile(fileName))
      return parse(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
    const key = `${fileName}\0${JSON.stringify(languageVersionOrOptions)}`;
    let file = libraryFiles.get(key);
    if (file === undefined) {
      file = parse(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
      if (file !== undefined) libraryFiles.set(key, file);
    }
    return file;
  };
  return host;
}

export function typecheckDir(dir: string, options: TypecheckOptions = {}): TypecheckResult {
  const files = listFiles(dir).filter((f) => f.endsWith('.ts'));
  const roots = [...files.map((f) => join(dir, f)), ...(options.extraFiles ?? [])];
  const compilerOptions = { ...CONSUMER_OPTIONS, ...options.compilerOptions };
  const host = sharingLibraryFiles(ts.createCompilerHost(compilerOptions, true));
  if (options.realpathImports) {
    const cache = ts.createModuleResolutionCache(dir, (f) => f, compilerOptions);
    host.resolveModuleNameLiterals = (literals, containingFile, redirected, resolutionOptions, containingSourceFile) =>
      literals.map((literal) => {
        const mode = ts.getModeForUsageLocation(containingSourceFile, literal, resolutionOptions);
        const resolved = ts.resolveModuleName(
          literal.text,
          containingFile,
          resolutionOptions,
          host,
          cache,
          redirected,
          mode,
        );
        const module = resolved.resolvedModule;
        return module
          ? { ...resolved, resolvedModule: { ...module, resolvedFileName: realpathSync(module.resolvedFileName) } }
          : resolved;
      });
  }
  const program = ts.createProgram({ rootNames: roots, options: compilerOptions, host });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const formatHost: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => dir,
    getNewLine: () => '\n',
  };
  return {
    files,
    diagnostics: diagnostics.map((d) => ts.formatDiagnostic(d, formatHost).trimEnd()),
  };
}
