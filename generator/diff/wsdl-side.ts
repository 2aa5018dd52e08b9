/**
 * A side of a diff given as a WSDL (a file, or a live service's `?WSDL` URL): drift between a spec and the service.
 *
 * A WSDL says less than a spec (no docs written by hand, no auth, no error codes, no polls, no examples), so when
 * either side is a WSDL both are compared as WSDLs: the WSDL side is drafted into a spec as `import-wsdl` drafts it,
 * and the spec side is exported to its WSDL and drafted back the same way. Each side then holds exactly what a WSDL
 * can say, named by one rule, and only a change of the interface itself shows.
 */
import type { ServiceModel, TypeModel } from '../model/types.js';
import { isReferencePrimitive } from '../model/primitives.js';
import type { Change } from './types.js';
import { wsdlDocument } from '../emit/wsdl/index.js';
import { importWsdl, readWsdlSource } from '../import/index.js';
import { parseSpec } from '../load/load.js';
import { isHttpUrl } from '../model/text.js';

/** Whether `arg` names a WSDL rather than a spec: a URL, or a file named `.wsdl`/`.xml`, or text that starts with `<`. */
export function isWsdlArg(arg: string, text?: string): boolean {
  if (isHttpUrl(arg) || /\.(wsdl|xml)$/i.test(arg)) return true;
  return text !== undefined && /^\uFEFF?\s*</.test(text);
}

/** The model of what the WSDL at `arg` (a file or URL) says, drafted as import-wsdl drafts it. */
export async function wsdlSide(arg: string, cwd: string): Promise<ServiceModel> {
  const source = await readWsdlSource(arg, cwd);
  return drafted(source.text, source.shown, source.readFile);
}

/** `model` as a WSDL can say it: exported to its WSDL and drafted back. */
export function asWsdlSays(model: ServiceModel): ServiceModel {
  const wsdl = wsdlDocument(model);
  return drafted(wsdl, model.source, () => {
    throw new Error('an exported WSDL reaches no other document');
  });
}

function drafted(text: string, shown: string, readFile: (path: string) => string): ServiceModel {
  return parseSpec(importWsdl(text, shown, { readFile }).yaml, shown, { source: shown });
}

/**
 * Whether `change`, between two sides compared as WSDLs, is one an ASMX WSDL cannot show, so that drift would report
 * it on every run for a service that never changed: ASMX publishes every result of a .NET reference type (a class,
 * a string, an array) with minOccurs="0", whatever the spec decided about null; and every nillable element of a
 * reference type with minOccurs="1" nillable="true", where a spec may say "absent or nil". Both are decisions a spec
 * makes over its WSDL (kept by import-wsdl --update), not changes of the service.
 */
export function asmxCannotShow(change: Change, oldModel: ServiceModel, newModel: ServiceModel): boolean {
  if (change.kind === 'operation-result-made-nullable' || change.kind === 'operation-result-made-non-nullable') {
    const name = change.path.slice(0, -'.result'.length);
    return [oldModel, newModel].every((m) => {
      const op = m.operations.find((o) => o.name === name);
      const result = op?.result.kind === 'outputs' ? op.result.returned : op?.result;
      return result?.kind === 'value' && isReferenceType(result.type);
    });
  }
  if (change.kind === 'field-made-required' || change.kind === 'field-made-optional') {
    const dot = change.path.lastIndexOf('.');
    const [record, field] = [change.path.slice(0, dot), change.path.slice(dot + 1)];
    return [oldModel, newModel].every((m) => {
      const f = m.records.find((r) => r.name === record)?.fields.find((x) => x.name === field);
      return f !== undefined && f.nillable && isReferenceType(f.type);
    });
  }
  return false;
}

/** A .NET reference type: a class, an array, a string or byte[] (null is a value of it); not a number, enum or date. */
function isReferenceType(type: TypeModel): boolean {
  if (type.kind === 'primitive') return isReferencePrimitive(type.name);
  return type.kind !== 'enum';
}
