/**
 * Request encoders, one per operation: check the caller's object, encode each parameter as its declared SOAP
 * type in wire order and spelling, mark where credentials go, and compute the EAT value for signing.
 */
import { StructureKind, type FunctionDeclarationStructure } from 'ts-morph';
import type { OperationModel, ParameterModel, PrimitiveName } from '../../model/types.js';
import { paramType, paramsTypeName, tsLiteral } from '../ts-types.js';

export function encoderName(op: OperationModel): string {
  return `encode${op.name}`;
}

const ENCODERS: Readonly<Record<PrimitiveName, string>> = {
  string: 'encodeString',
  int: 'encodeInt',
  long: 'encodeLong',
  double: 'encodeDouble',
  boolean: 'encodeBoolean',
  dateTime: 'encodeDateTime',
  decimal: 'encodeDecimal',
  float: 'encodeFloat',
  short: 'encodeShort',
  byte: 'encodeByte',
  unsignedByte: 'encodeUnsignedByte',
  unsignedShort: 'encodeUnsignedShort',
  unsignedInt: 'encodeUnsignedInt',
  unsignedLong: 'encodeUnsignedLong',
  base64Binary: 'encodeBase64',
  guid: 'encodeGuid',
  char: 'encodeChar',
  date: 'encodeDate',
  time: 'encodeTime',
  duration: 'encodeDuration',
};


export function encoderImports(ops: readonly OperationModel[]): { values: string[]; request: string[] } {
  const values = new Set<string>();
  const request = new Set<string>(['checkParams', 'encodeParam']);
  for (const op of ops) {
    for (const p of op.inputParams) values.add(ENCODERS[p.type]);
    const helper = op.eat.kind === 'parameter' ? EAT_HELPERS[op.eat.parameter.type] : undefined;
    if (helper) request.add(helper.name);
  }
  return { values: [...values].sort(), request: [...request].sort() };
}


function wireLocal(p: ParameterModel): string {
  return `w_${p.name}`;
}

/**
 * How the EAT value is made from a parameter's wire text where it is not that text: numbers with a fraction are
 * truncated to an integer, dateTimes become Unix seconds. Every other type is signed as sent.
 */
const EAT_HELPERS: Partial<Record<PrimitiveName, { readonly name: string; readonly call: (wire: string) => string }>> = {
  double: { name: 'eatDouble', call: (w) => `eatDouble(Number(${w}))` },
  float: { name: 'eatDouble', call: (w) => `eatDouble(Number(${w}))` },
  decimal: { name: 'eatDecimal', call: (w) => `eatDecimal(${w})` },
  dateTime: { name: 'eatDateTime', call: (w) => `eatDateTime(${w})` },
};

/** The EAT value expression of an operation. */
function eatExpression(op: OperationModel): string {
  if (op.eat.kind !== 'parameter') return "''";
  const p = op.eat.parameter;
  const wire = wireLocal(p);
  const value = EAT_HELPERS[p.type]?.call(wire) ?? wire;
  // An optional parameter without a default may be left out: then nothing is signed for it.
  return p.optional && p.default === undefined ? `${wire} === undefined ? '' : ${value}` : value;
}

export function encoderFunction(op: OperationModel): FunctionDeclarationStructure {
  const known = op.inputParams.map((p) => `'${p.name}'`).join(', ');
  const required = op.inputParams.filter((p) => !p.optional).map((p) => `'${p.name}'`).join(', ');
  return {
    kind: StructureKind.Function,
    name: encoderName(op),
    isExported: true,
    parameters: [{ name: 'params', type: `${paramsTypeName(op.name)} | undefined` }],
    returnType: 'EncodedRequest',
    docs: [`Encodes a ${op.name} request: parameters in wire order and spelling, credentials marked for the client to fill in.`],
    statements: (w) => {
      w.writeLine(`const p = checkParams('${op.name}', params, [${known}], [${required}]);`);
      for (const p of op.inputParams) {
        const value = `p['${p.name}'] as ${paramType(p)}`;
        const encode = (v: string) => `encodeParam('${op.name}', '${p.name}', ${v}, ${ENCODERS[p.type]})`;
        if (!p.optional) w.writeLine(`const ${wireLocal(p)} = ${encode(value)};`);
        else if (p.default !== undefined) {
          w.writeLine(`const ${wireLocal(p)} = ${encode(`p['${p.name}'] === undefined ? ${tsLiteral(p.default)} : ${value}`)};`);
        } else {
          w.writeLine(`const ${wireLocal(p)} = p['${p.name}'] === undefined ? undefined : ${encode(value)};`);
        }
      }
      w.write('return ').inlineBlock(() => {
        w.write('params: [').newLine();
        w.indent(() => {
          for (const p of op.params) {
            if (p.role) w.writeLine(`['${p.name}', { credential: '${p.role}' }],`);
            else if (p.optional && p.default === undefined) {
              w.writeLine(`...(${wireLocal(p)} === undefined ? [] : [['${p.name}', ${wireLocal(p)}] as const]),`);
            } else w.writeLine(`['${p.name}', ${wireLocal(p)}],`);
          }
        });
        w.writeLine('],');
        w.writeLine(`eat: ${eatExpression(op)},`);
      });
      w.write(';');
    },
  };
}
