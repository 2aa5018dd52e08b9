#!/usr/bin/env node
// The package's executable: runs the TypeScript CLI through tsx, so no build step is needed.
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const tsx = require.resolve('tsx/cli');
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const { status } = spawnSync(process.execPath, [tsx, cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(status ?? 1);
