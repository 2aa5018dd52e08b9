/** `svc-codegen import-wsdl <file.wsdl | url> [--out spec.yaml]`: a spec drafted from a WSDL. */
import type { Argv } from 'yargs';

export function importWsdlCommand(cli: Argv): Argv {
  return cli;
}
