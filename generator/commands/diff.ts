/** `svc-codegen diff <old.yaml> <new.yaml>`: what changed between two specs, classified for clients and servers. */
import type { Argv } from 'yargs';

export function diffCommand(cli: Argv): Argv {
  return cli;
}
