#!/usr/bin/env node
// The package's executable: runs the TypeScript CLI through tsx, so no build step is needed. tsx is loaded into
// the one child process (`node --import tsx`) rather than run as its own command, which would start a third.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const tsx = import.meta.resolve('tsx');
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const { status } = spawnSync(process.execPath, ['--import', tsx, cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(status ?? 1);
