/** Types of build-cli.mjs, for the TypeScript that imports it (test/setup/compile-entries.ts, the bench). */
export declare const DIST_DIR: string;
export declare function buildCli(outDir?: string): Promise<string>;
export declare function buildEntry(entry: string, outFile: string): Promise<string>;
