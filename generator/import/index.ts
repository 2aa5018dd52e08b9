/**
 * `importWsdl`: a spec drafted from the WSDL 1.1 of an ASMX-style service (document/literal wrapped; SOAP 1.1, SOAP
 * 1.2 and HTTP POST bindings), which generates as it is. What the WSDL says is carried over; what it does not say is
 * left out where the format has a default (docs, ...), and where a person must decide (a SOAP header's client
 * option), drafted and marked with a TODO(import) comment; XSD constructs the format cannot express are returned as
 * problems (with their line:column) and listed in the comment block on top, never dropped silently.
 */
import { readFileSync } from 'node:fs';
import type { DraftSpec } from './draft.js';
import { draftService } from './operations.js';
import { Problems, type ImportProblem } from './problems.js';
import { readWsdl, type ReadFile, type WsdlDoc } from './read-wsdl.js';
import { TypePlanner } from './schema.js';
import { failOnUndeclaredElements } from './undeclared.js';
import { writeYaml, type WriteOptions } from './write-yaml.js';
import { XmlReadError } from './xml.js';

export type { ImportProblem } from './problems.js';
export { formatProblem } from './problems.js';
export { readWsdlSource, shownName, WsdlSourceError, type WsdlSource } from './source.js';
export { SCHEMA_REFERENCE } from './write-yaml.js';

/** The input cannot be read as a WSDL of a SOAP service at all (not XML, not WSDL 1.1, no SOAP port). */
export class WsdlImportError extends Error {}

/**
 * The WSDL was read, but no operation of it could be drafted (each one's reason is among `problems`): a spec without
 * operations generates nothing, so there is no draft.
 */
export class NothingToDraftError extends WsdlImportError {
  constructor(
    message: string,
    readonly problems: readonly ImportProblem[],
  ) {
    super(message);
  }
}

export interface ImportOptions extends WriteOptions {
  /** Reads a schema the WSDL imports (`schemaLocation`, resolved from the WSDL's folder); default: from disk. */
  readonly readFile?: ReadFile;
}

export interface ImportResult {
  readonly yaml: string;
  readonly problems: ImportProblem[];
  /** What was done in the user's stead with no loss (a file beside the WSDL read for a URL it names), for stderr. */
  readonly notes: ImportProblem[];
  /** The service's name in the spec (`service.name`), e.g. for naming the draft `<name>.yaml`. */
  readonly service: string;
}

/** The draft of a WSDL once read: its types planned as the operations reach them, what nothing reaches reported. */
export function draftSpec(doc: WsdlDoc, problems: Problems): DraftSpec {
  const types = new TypePlanner(doc, problems);
  const service = draftService(doc, types, problems);
  if (service.operations.length === 0) failOnUndeclaredElements(doc, types, problems);
  types.reportUnreached();
  return { ...service, enums: types.enumsInOrder(), records: types.recordsInOrder() };
}

/** `file` names the WSDL in the draft and in problems: give it as the user did (see {@link shownName}). */
export function importWsdl(text: string, file: string, options: ImportOptions = {}): ImportResult {
  const problems = new Problems();
  let spec: DraftSpec;
  let doc: WsdlDoc;
  try {
    doc = readWsdl(text, file, problems, options.readFile ?? ((path) => readFileSync(path, 'utf8')));
    spec = draftSpec(doc, problems);
  } catch (error) {
    if (error instanceof XmlReadError) {
      const hint = error.reason.startsWith('not XML')
        ? ': check that it is the WSDL itself, not a web page or an error (an ASMX service gives its WSDL at Service.asmx?WSDL)'
        : '';
      throw new WsdlImportError(`${file}:${error.line}:${error.column}: cannot read the WSDL: ${error.reason}${hint}`);
    }
    if (error instanceof Error && !(error instanceof TypeError) && !(error instanceof RangeError)) {
      throw new WsdlImportError(error.message);
    }
    throw error;
  }
  const sorted = problems.sorted();
  if (spec.operations.length === 0) {
    const service = doc.services[0]!;
    const why =
      sorted.length > 0
        ? 'none of its operations could be drafted (the reasons are listed above)'
        : 'its SOAP port type has no operation';
    throw new NothingToDraftError(
      `${file}:${service.line}:${service.column}: wsdl:service ${spec.service.name}: nothing to draft: ${why}`,
      sorted,
    );
  }
  return {
    yaml: writeYaml(spec, file, sorted, options),
    problems: sorted,
    notes: problems.notes,
    service: spec.service.name,
  };
}
