/** Prints the planned schemas (schema.ts) as `s:schema` elements of `wsdl:types`, in ASMX's spelling. */
import type { Prefixes, QName } from './namespaces.js';
import type { AttributeDecl, ElementParticle, Particle, Schema, SchemaItem, XsdTypeRef } from './schema.js';
import { child, type XMLBuilder } from './xml.js';

export function writeTypes(definitions: XMLBuilder, schemas: readonly Schema[], prefixes: Prefixes): void {
  const types = child(definitions, 'wsdl:types');
  for (const schema of schemas) {
    const s = child(types, 's:schema', [
      ['elementFormDefault', 'qualified'],
      // No namespace is said by leaving targetNamespace (and an import's namespace) out: XML Schema refuses ''.
      ['targetNamespace', schema.targetNamespace !== '' && schema.targetNamespace],
    ]);
    for (const ns of schema.imports) child(s, 's:import', [['namespace', ns !== '' && ns]]);
    for (const item of schema.items) writeItem(s, item, prefixes);
  }
}

function writeItem(schema: XMLBuilder, item: SchemaItem, prefixes: Prefixes): void {
  switch (item.kind) {
    case 'wrapper': {
      const e = child(schema, 's:element', [['name', item.name]]);
      writeSequence(child(e, 's:complexType'), item.sequence, prefixes);
      return;
    }
    case 'element': {
      const e = child(schema, 's:element', [
        ['name', item.name],
        ['nillable', item.nillable && 'true'],
        ['type', item.type !== 'any' && prefixes.format(item.type)],
      ]);
      if (item.type === 'any') anyContent(e);
      return;
    }
    case 'complexType': {
      const t = child(schema, 's:complexType', [
        ['name', item.name],
        ['abstract', item.abstract === true && 'true'],
      ]);
      if (item.simpleContent !== undefined) {
        // Text content with attributes: an extension of the text's simple type, or of the type it inherits it from.
        const base = item.simpleContent === true ? item.base! : item.simpleContent;
        const extension = child(child(t, 's:simpleContent'), 's:extension', [['base', prefixes.format(base)]]);
        writeAttributes(extension, item.attributes, prefixes);
        if (item.anyAttribute) anyAttribute(extension);
      } else if (item.base === undefined) {
        writeSequence(t, item.sequence, prefixes);
        writeAttributes(t, item.attributes, prefixes);
        if (item.anyAttribute) anyAttribute(t);
      } else {
        // ASMX spells out mixed="false" on every complexContent.
        const extension = child(child(t, 's:complexContent', [['mixed', 'false']]), 's:extension', [
          ['base', prefixes.format(item.base)],
        ]);
        writeSequence(extension, item.sequence, prefixes);
        writeAttributes(extension, item.attributes, prefixes);
        if (item.anyAttribute) anyAttribute(extension);
      }
      return;
    }
    case 'simpleType': {
      const restriction = child(child(schema, 's:simpleType', [['name', item.name]]), 's:restriction', [
        ['base', prefixes.format(item.base)],
      ]);
      for (const value of item.values) child(restriction, 's:enumeration', [['value', value]]);
      if (item.pattern !== undefined) child(restriction, 's:pattern', [['value', item.pattern]]);
      return;
    }
  }
}

/** A sequence of elements; nothing at all when there are none (ASMX's empty `<s:complexType />`). */
function writeSequence(parent: XMLBuilder, particles: readonly Particle[], prefixes: Prefixes): void {
  if (particles.length === 0) return;
  const sequence = child(parent, 's:sequence');
  for (const p of particles) {
    if ('choice' in p) {
      const choice = child(sequence, 's:choice', [
        ['minOccurs', p.minOccurs],
        ['maxOccurs', p.maxOccurs],
      ]);
      for (const a of p.choice) {
        if ('sequence' in a) writeElements(child(choice, 's:sequence'), a.sequence, prefixes);
        else writeElements(choice, [a], prefixes);
      }
    } else writeElements(sequence, [p], prefixes);
  }
}

/** Elements of a sequence or a choice. */
function writeElements(parent: XMLBuilder, particles: readonly ElementParticle[], prefixes: Prefixes): void {
  for (const p of particles) {
    if (p.ref !== undefined) {
      // An element of a namespace of its own: the top-level element of that namespace's schema says the rest.
      child(parent, 's:element', [
        ['minOccurs', p.minOccurs],
        ['maxOccurs', p.maxOccurs],
        ['ref', prefixes.format(p.ref)],
      ]);
      continue;
    }
    const e = child(parent, 's:element', [
      ['minOccurs', p.minOccurs],
      ['maxOccurs', p.maxOccurs],
      ['name', p.name],
      ['nillable', p.nillable && 'true'],
      ['type', p.pattern === undefined ? refText(p.type, prefixes) : undefined],
      ['form', p.unqualified === true && 'unqualified'],
      ['fixed', p.fixed],
      ['default', p.default],
    ]);
    if (p.type === 'any') anyContent(e);
    else if (p.pattern !== undefined) restrictedType(e, p.type, p.pattern, prefixes);
  }
}

/**
 * Other attributes allowed, as ASMX declares `[XmlAnyAttribute]` but with lax processing: ASMX's `<s:anyAttribute />`
 * is strict, which no undeclared attribute passes, so a schema check would refuse the very answers it describes.
 */
function anyAttribute(parent: XMLBuilder): void {
  child(parent, 's:anyAttribute', [['processContents', 'lax']]);
}

function writeAttributes(parent: XMLBuilder, attributes: readonly AttributeDecl[], prefixes: Prefixes): void {
  for (const a of attributes) {
    if (a.xmlRef === true) {
      // XML's own attribute (xml:lang): referred to, never declared; the prefix xml is bound in every document.
      child(parent, 's:attribute', [
        ['ref', `xml:${a.name}`],
        ['use', a.required && 'required'],
        ['fixed', a.fixed],
        ['default', a.default],
      ]);
      continue;
    }
    const declared = child(parent, 's:attribute', [
      ['name', a.name],
      ['type', a.pattern === undefined ? prefixes.format(a.type) : undefined],
      ['use', a.required && 'required'],
      ['form', a.qualified === true && 'qualified'],
      ['fixed', a.fixed],
      ['default', a.default],
    ]);
    if (a.pattern !== undefined) restrictedType(declared, a.type, a.pattern, prefixes);
  }
}

/** The anonymous type of a value with a pattern: its type restricted by it (`<s:simpleType><s:restriction>`). */
function restrictedType(parent: XMLBuilder, base: QName, pattern: string, prefixes: Prefixes): void {
  const restriction = child(child(parent, 's:simpleType', []), 's:restriction', [['base', prefixes.format(base)]]);
  child(restriction, 's:pattern', [['value', pattern]]);
}

function refText(ref: XsdTypeRef, prefixes: Prefixes): string | undefined {
  return ref === 'any' ? undefined : prefixes.format(ref);
}

/**
 * The `xml` type: any content, kept by the runtime as text (a DataSet, an XmlElement). ASMX declares an XmlElement as
 * a mixed complex type around `s:any`; here any number of elements is allowed and read laxly, since the spec says
 * nothing of what is inside.
 */
function anyContent(element: XMLBuilder): void {
  const sequence = child(child(element, 's:complexType', [['mixed', 'true']]), 's:sequence');
  child(sequence, 's:any', [
    ['minOccurs', 0],
    ['maxOccurs', 'unbounded'],
    ['processContents', 'lax'],
  ]);
}
