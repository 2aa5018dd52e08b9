/**
 * Inheritance (`extends`): a type's fields are its base's, then its own (xs:extension appends to the base's sequence).
 * Then what needs every base linked: each abstract record's concrete descendants, and the problems of content models.
 */
import type { FieldModel, StructModel } from '../../model/types.js';
import type { SpecPath } from '../locate.js';
import type { RawField } from '../schema.js';
import { suggest } from '../suggest.js';
import { contentProblems } from '../text-content.js';
import type { Report, StructEntry, TypesContext } from './context.js';

/** Links every record and result type to its base, and checks what inheritance makes of it. */
export function linkTypes(cx: TypesContext): void {
  const done = new Set<string>();
  for (const name of cx.structs.keys()) complete(cx, done, name, [name]);
  // Each abstract record's concrete descendants, once every base is linked.
  for (const { model } of cx.structs.values()) {
    if (model.abstract) continue;
    for (let base = model.base; base !== undefined; base = base.base)
      (base.abstract?.concrete as StructModel[] | undefined)?.push(model);
  }
  for (const [name, entry] of cx.structs) {
    const section = entry.model.kind === 'record' ? 'records' : 'results';
    const raws = rawFields(cx, section, name);
    for (const p of contentProblems(name, entry.all, entry.own, raws)) cx.report([section, name, ...p.at], p.message);
  }
}

function rawFields(cx: TypesContext, section: 'records' | 'results', name: string): readonly RawField[] {
  return (section === 'records' ? cx.raw.records[name] : cx.raw.results[name])?.fields ?? [];
}

/** Fills the type `name` with its base's fields (the base first), then its own; `chain`: the types extending it. */
function complete(cx: TypesContext, done: Set<string>, name: string, chain: readonly string[]): void {
  if (done.has(name)) return;
  done.add(name);
  const { raw, report } = cx;
  const entry = cx.structs.get(name)!;
  const section = entry.model.kind === 'record' ? 'records' : 'results';
  const baseName = raw.records[name]?.extends ?? raw.results[name]?.extends;
  if (baseName !== undefined) {
    const base = cx.structs.get(baseName);
    const path: SpecPath = [section, name, 'extends'];
    if (!base) {
      cx.incompleteTypes.add(name);
      // A base set aside was reported where it is written.
      if (!cx.aside.has('records', baseName) && !cx.aside.has('results', baseName)) {
        report(
          path,
          `unknown base type "${baseName}"; expected a record${entry.model.kind === 'result' ? ' or a result' : ''}${suggest(baseName, [...cx.structs.keys()])}`,
        );
      }
    } else if (base.model.kind === 'result' && entry.model.kind === 'record')
      report(path, `a record cannot extend the result type "${baseName}"`);
    else if (chain.includes(baseName))
      report(path, `"${name}" extends itself through ${[...chain, baseName].join(' -> ')}`);
    else {
      complete(cx, done, baseName, [...chain, baseName]);
      if (cx.incompleteTypes.has(baseName)) cx.incompleteTypes.add(name);
      inherit(cx, entry, base, baseName, name);
    }
  }
  entry.all.push(...entry.own);
  if (entry.model.base)
    ambiguousRedeclarations(report, entry.model, rawFields(cx, section, name), [section, name, 'fields']);
}

/** Gives `entry` the fields of its base, reporting an own field or attribute the base defines already. */
function inherit(cx: TypesContext, entry: StructEntry, base: StructEntry, baseName: string, name: string): void {
  const section = entry.model.kind === 'record' ? 'records' : 'results';
  entry.model.base = base.model;
  entry.all.push(...base.all);
  const inherited = new Set(base.all.map((f) => f.name));
  const fields = (section === 'records' ? cx.raw.records[name]! : cx.raw.results[name]!).fields;
  fields.forEach((f, i) => {
    if (inherited.has(f.name)) {
      const again = base.all.find(
        (x) => x.name === f.name && x.xmlName === (f.xmlName ?? f.name) && !x.attribute && !f.attribute,
      );
      const hint = again
        ? `: a field of the same element name needs a key of its own (name: ${f.name}1, xmlName: ${f.name})`
        : '';
      cx.report(
        [section, name, 'fields', i, 'name'],
        `field "${f.name}" is already defined by the base type ${baseName}${hint}`,
      );
    }
    // An extension adds elements after its base's; an attribute is the type's once (XML Schema refuses it twice).
    const attribute = f.attribute
      ? base.all.find((x) => x.attribute && x.xmlName === (f.xmlName ?? f.name))
      : undefined;
    if (attribute)
      cx.report(
        [section, name, 'fields', i, f.xmlName !== undefined ? 'xmlName' : 'name'],
        `the attribute "${attribute.xmlName}" is already defined by the base type ${baseName} (field "${attribute.name}")`,
      );
  });
}

/**
 * An extension's element of the name of one of its base's, in the same namespace (xmlName), is told apart from it by
 * order: the decoder reads the first into the base's field. That holds when the base's field, or one between the
 * two, is required; otherwise a lone element could be either (the schema's content model is not deterministic, which
 * XML Schema forbids as Unique Particle Attribution), and a value would come back in the other member.
 */
function ambiguousRedeclarations(report: Report, s: StructModel, raws: readonly RawField[], at: SpecPath): void {
  const namespaceOf = (f: FieldModel): string | undefined => {
    if (f.form === 'unqualified') return '';
    for (let t: StructModel | undefined = s; t !== undefined; t = t.base)
      if (t.ownFields.includes(f)) return t.namespace?.uri;
    return undefined;
  };
  const elements = s.fields.filter((x) => !x.attribute && !x.text && x.type.kind !== 'choice');
  const mayBeAbsent = (x: FieldModel) => x.optional || (x.type.kind === 'list' && !x.type.container);
  for (const f of s.ownFields) {
    const i = elements.indexOf(f);
    if (i < 0) continue;
    const earlier = elements
      .slice(0, i)
      .filter((x) => x.xmlName === f.xmlName && namespaceOf(x) === namespaceOf(f))
      .at(-1);
    if (earlier === undefined || s.ownFields.includes(earlier)) continue;
    const all = s.fields.filter((x) => !x.attribute && !x.text);
    if (!all.slice(all.indexOf(earlier), all.indexOf(f)).every(mayBeAbsent)) continue;
    const j = raws.findIndex((r) => r.name === f.name);
    report(
      [...at, j, raws[j]?.xmlName !== undefined ? 'xmlName' : 'name'],
      `field "${f.name}" and the base's field "${earlier.name}" are both <${f.xmlName}>, and nothing required stands between them: a lone <${f.xmlName}> could be either (XML Schema forbids such a content model: Unique Particle Attribution); make the base's field, or one between them, required`,
    );
  }
}
