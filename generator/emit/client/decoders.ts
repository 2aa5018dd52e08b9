/**
 * Decoder functions, one per record and result: a loop over the element's children that switches on the names
 * the spec gives (in the service namespace), reading each with the reader for its declared type. Unknown elements,
 * and elements of other namespaces, are skipped; a field sent twice is an error, never last-one-wins.
 */
import { StructureKind, type FunctionDeclarationStructure, type WriterFunction } from 'ts-morph';
import type { FieldModel, PrimitiveName, ScalarType, StructModel, TypeModel } from '../../model/types.js';
import { jsDoc } from '../../print/jsdoc.js';
import { valueType } from '../ts-types.js';

export function decoderName(struct: StructModel): string {
  return `read${struct.name}`;
}

const PRIMITIVE_READERS: Readonly<Record<PrimitiveName, string>> = {
  string: 'readString',
  int: 'readInt',
  long: 'readLong',
  double: 'readDouble',
  boolean: 'readBoolean',
  dateTime: 'readDateTime',
  decimal: 'readDecimal',
  float: 'readFloat',
  short: 'readShort',
  byte: 'readByte',
  unsignedByte: 'readUnsignedByte',
  unsignedShort: 'readUnsignedShort',
  unsignedInt: 'readUnsignedInt',
  unsignedLong: 'readUnsignedLong',
  base64Binary: 'readBase64',
  guid: 'readGuid',
  char: 'readChar',
  date: 'readDate',
  time: 'readTime',
  duration: 'readDuration',
};

/** The runtime names a set of structs' decoders use, for the import list. */
export function decoderImports(structs: readonly StructModel[]): string[] {
  const names = new Set<string>(['duplicateElement', 'missingElement', 'skipNil']);
  const visit = (t: TypeModel) => {
    if (t.kind === 'list') {
      names.add(t.nillableItems ? 'readNillableList' : 'readList');
      visit(t.item);
    } else if (t.kind === 'primitive') names.add(PRIMITIVE_READERS[t.name]);
    else if (t.kind === 'enum') names.add('readEnum');
  };
  for (const s of structs) for (const f of s.fields) visit(f.type);
  return [...names].sort();
}

function scalarReader(t: ScalarType): string {
  switch (t.kind) {
    case 'primitive':
      return PRIMITIVE_READERS[t.name];
    case 'enum':
      return 'readEnum';
    case 'record':
      return decoderName(t.record);
  }
}

function readExpression(f: FieldModel): string {
  const t = f.type;
  const read =
    t.kind === 'list'
      ? `${t.nillableItems ? 'readNillableList' : 'readList'}(r, ${scalarReader(t.item)})`
      : `${scalarReader(t)}(r)`;
  // readEnum returns a plain string; the field's type is the open union, which accepts any string.
  return f.nillable ? `r.isNil ? skipNil(r) : ${read}` : read;
}

function local(f: FieldModel): string {
  return `f_${f.name}`;
}

export function decoderFunction(s: StructModel): FunctionDeclarationStructure {
  const body: WriterFunction = (w) => {
    for (const f of s.fields) {
      const type = f.nillable ? `${valueType(f.type)} | null` : valueType(f.type);
      w.writeLine(`let ${local(f)}: ${type} | undefined;`);
    }
    w.write('while (r.nextChild())').block(() => {
      w.write('switch (r.memberName)').block(() => {
        for (const f of s.fields) {
          w.writeLine(`case '${f.name}':`);
          w.indent(() => {
            w.writeLine(`if (${local(f)} !== undefined) throw duplicateElement(r, '${s.name}');`);
            w.writeLine(`${local(f)} = ${readExpression(f)};`);
            w.writeLine('break;');
          });
        }
        w.writeLine('default:');
        w.indent(() => w.writeLine('r.skip();'));
      });
    });
    for (const f of s.fields.filter((x) => !x.optional)) {
      w.writeLine(`if (${local(f)} === undefined) throw missingElement(r, '${s.name}', '${f.name}');`);
    }
    w.write('return ').inlineBlock(() => {
      for (const f of s.fields) w.writeLine(`${f.name}: ${local(f)},`);
    });
    w.write(';');
  };
  return {
    kind: StructureKind.Function,
    name: decoderName(s),
    isExported: true,
    parameters: [{ name: 'r', type: 'XmlReader' }],
    returnType: s.name,
    docs: [
      jsDoc(
        `Decodes a ${s.name} from the element the reader is positioned on: its children in any order, unknown ones and those of other namespaces skipped, none twice.`,
      ),
    ],
    statements: body,
  };
}
