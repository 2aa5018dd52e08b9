/**
 * The whole WSDL 1.1 document of a service, as an ASMX service publishes it at `?WSDL`: definitions with ASMX's
 * prefixes, the schema, messages, port types, bindings and the service. Pure and deterministic: the same model and
 * origin give the same text, byte for byte (no dates; everything in spec order).
 */
import { create } from 'xmlbuilder2';
import type { ServiceModel } from '../../model/types.js';
import { DEFAULT_ORIGIN, writeBindings, writeService } from './bindings.js';
import { writeMessages, writePortTypes } from './messages.js';
import { Prefixes } from './namespaces.js';
import { planSchema } from './schema.js';
import { documentation } from './xml.js';
import { writeTypes } from './xsd.js';

/**
 * The WSDL text (with its XML declaration, without the generated-file header), 2-space indented. `origin` is the
 * scheme and host the ports' addresses start with (default `http://localhost`), e.g. a mock's own URL when it serves
 * the document.
 */
export function wsdlDocument(model: ServiceModel, origin: string = DEFAULT_ORIGIN): string {
  // Written once per model (the WSDL file and the mock's module both need it) with a stand-in origin, which only
  // the ports' addresses hold; an origin that would need escaping, or a stand-in found elsewhere, is written afresh.
  const address = origin.replace(/\/+$/, '');
  if (/[&<>"'\s]/.test(address)) return build(model, origin);
  let text = BY_MODEL.get(model);
  if (text === undefined) {
    text = build(model, STAND_IN);
    BY_MODEL.set(model, text);
  }
  const parts = text.split(STAND_IN);
  // Every stand-in must be a port's address (the start of a location attribute), or the text is written afresh.
  if (parts.length - 1 !== text.split(`location="${STAND_IN}`).length - 1) return build(model, origin);
  return parts.join(address);
}

/** The origin the cached document is written with, replaced by the one asked for. */
const STAND_IN = 'http://svc-codegen-origin.stand-in.invalid';

const BY_MODEL = new WeakMap<ServiceModel, string>();

function build(model: ServiceModel, origin: string): string {
  const plan = planSchema(model);
  const prefixes = new Prefixes(model.namespace.uri);
  for (const ns of plan.namespaces) prefixes.add(ns);

  const doc = create({ version: '1.0', encoding: 'utf-8' });
  const definitions = doc.ele('wsdl:definitions');
  for (const [name, value] of prefixes.attributes()) definitions.att(name, value);
  // A service in no namespace has none: XML Schema and WSDL give no namespace by leaving targetNamespace out.
  if (model.namespace.uri !== '') definitions.att('targetNamespace', model.namespace.uri);
  definitions.att('xmlns:wsdl', 'http://schemas.xmlsoap.org/wsdl/');
  documentation(definitions, model.doc);
  writeTypes(definitions, plan.schemas, prefixes);
  writeMessages(definitions, model, plan, prefixes);
  writePortTypes(definitions, model);
  writeBindings(definitions, model);
  writeService(definitions, model, origin);
  return `${doc.end({ prettyPrint: true, indent: '  ', newline: '\n' })}\n`;
}
