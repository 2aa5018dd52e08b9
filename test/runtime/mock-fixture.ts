/**
 * A small hand-built mock service for the mock runtime's tests: four operations covering a record result, a nullable
 * result, a void one and out parameters, with credentials spelt `timeStamp` in one and `timestamp` in another.
 */
import { SvcDecodeError } from '../../templates/runtime/errors.js';
import {
  readDateTime,
  readDouble,
  readInt,
  readList,
  readLong,
  readString,
} from '../../templates/runtime/codec/decode.js';
import {
  MockCore,
  type MockContext,
  type MockCoreOptions,
  type MockOperation,
  type MockParam,
} from '../../templates/runtime/mock/core.js';
import { decodeDateTime, decodeDouble, decodeInt, decodeLong } from '../../templates/runtime/codec/values.js';
import { escapeXmlText } from '../../templates/runtime/codec/xml-writer.js';

export const NS = 'http://svc.example/';
export const FIND_NS = 'urn:find';
export const PATH = '/v5/Test.asmx';
export const ORIGIN = 'http://mock.test';
export const S11 = 'http://schemas.xmlsoap.org/soap/envelope/';
export const S12 = 'http://www.w3.org/2003/05/soap-envelope';
export const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
export const XSD = 'http://www.w3.org/2001/XMLSchema';

/** The credential values the tests send; none may show up in an answer or a recorded call. */
export const PAYER = 'MyPayer';
export const STAMP = '1521234048';
export const KEY = 'bbffdacec3452b3ea2a23302589166c3fdee0224c5c07dd66b04a357d8bc1162';

/** A single-valued form field, refusing a repeated one as the generated mocks' readers do. */
const one =
  <T>(decode: (text: string, path: string) => T) =>
  (values: readonly string[], path: string): T => {
    if (values.length !== 1)
      throw new SvcDecodeError(`${path} is sent ${values.length} times, but holds a single value`, { path });
    return decode(values[0]!, path);
  };

function credentials(stampName: string): MockParam[] {
  return [
    { name: 'payerName', required: true, nillable: false, read: readString, form: one((t) => t), role: 'principal' },
    { name: stampName, required: true, nillable: false, read: readDouble, form: one(decodeDouble), role: 'timestamp' },
    { name: 'key', required: true, nillable: false, read: readString, form: one((t) => t), role: 'signature' },
  ];
}

export interface Thing {
  readonly id: string;
  readonly total: number;
}

function writeThing(name: string, value: unknown, attrs: string): string {
  const thing = value as Thing;
  if (typeof thing.total !== 'number') throw new TypeError('total must be a number');
  return `<${name}${attrs}><id>${escapeXmlText(thing.id)}</id><total>${thing.total}</total></${name}>`;
}

const getThing: MockOperation = {
  name: 'GetThing',
  params: [
    ...credentials('timeStamp'),
    { name: 'requestId', required: true, nillable: false, read: readLong, form: one(decodeLong) },
    { name: 'amount', required: true, nillable: false, read: readDouble, form: one(decodeDouble) },
    { name: 'note', required: false, nillable: true, read: readString, form: one((t) => t) },
    {
      name: 'tags',
      required: false,
      nillable: false,
      read: (r) => readList(r, readString),
      form: (values) => [...values],
    },
    { name: 'since', required: false, nillable: false, read: readDateTime, form: one(decodeDateTime) },
  ],
  resultElement: 'GetThingResult',
  httpPostRoot: 'SvcThing',
  write: writeThing,
};

const findThing: MockOperation = {
  name: 'FindThing',
  namespace: FIND_NS,
  params: [
    ...credentials('timestamp'),
    { name: 'ids', required: false, nillable: false, read: (r) => readList(r, readInt), form: undefined },
  ],
  resultElement: 'FindThingResult',
  result: 'nullable',
  httpPostRoot: 'string',
  write: (name, value, attrs) => `<${name}${attrs}>${escapeXmlText(String(value))}</${name}>`,
};

const ping: MockOperation = {
  name: 'Ping',
  params: [{ name: 'count', required: false, nillable: false, read: readInt, form: one(decodeInt) }],
  resultElement: 'PingResult',
  result: 'void',
  httpPostRoot: undefined,
  write: () => {
    throw new Error('a void operation writes nothing');
  },
};

const divide: MockOperation = {
  name: 'Divide',
  soapAction: 'urn:calc/divide',
  httpPost: false,
  params: [
    { name: 'a', required: true, nillable: false, read: readInt, form: one(decodeInt) },
    { name: 'b', required: true, nillable: false, read: readInt, form: one(decodeInt) },
  ],
  resultElement: 'DivideResult',
  result: 'outputs',
  httpPostRoot: undefined,
  write: (name, value, attrs) => {
    const { quotient, remainder } = value as { quotient: number; remainder: number };
    return `<${name}${attrs}><DivideResult>${quotient}</DivideResult><remainder>${remainder}</remainder></${name}>`;
  },
};

export const OPERATIONS: readonly MockOperation[] = [getThing, findThing, ping, divide];

/** What a test makes the handler do next; reset before each test. */
export interface Behaviour {
  result?: (operation: string, params: Record<string, unknown>) => unknown;
}

export interface Fixture {
  readonly core: MockCore;
  readonly behaviour: Behaviour;
  /** Every invocation, in order, with its context. */
  readonly seen: Array<{ operation: string; params: Record<string, unknown>; context: MockContext }>;
}

/** A MockCore over the four operations whose handler echoes what it got, unless the behaviour says otherwise. */
export function makeFixture(options: Partial<MockCoreOptions> = {}): Fixture {
  const behaviour: Behaviour = {};
  const seen: Fixture['seen'] = [];
  const core = new MockCore({
    path: PATH,
    namespace: NS,
    styles: ['soap11', 'soap12', 'httpPost'],
    operations: OPERATIONS,
    invoke: (operation, params, context) => {
      seen.push({ operation, params, context });
      if (behaviour.result) return behaviour.result(operation, params);
      switch (operation) {
        case 'GetThing':
          return { id: String(params['requestId']), total: params['amount'] as number } satisfies Thing;
        case 'FindThing':
          return params['ids'] === undefined ? null : `found ${(params['ids'] as number[]).join(',')}`;
        case 'Divide': {
          const a = params['a'] as number;
          const b = params['b'] as number;
          return { quotient: Math.trunc(a / b), remainder: a % b };
        }
        default:
          return undefined;
      }
    },
    ...options,
  });
  return { core, behaviour, seen };
}

/** The credentials of GetThing (`timeStamp`) or FindThing (`timestamp`) as SOAP parameter elements. */
export function credentialElements(stampName = 'timeStamp', prefix = ''): string {
  return (
    `<${prefix}payerName>${PAYER}</${prefix}payerName><${prefix}${stampName}>${STAMP}</${prefix}${stampName}>` +
    `<${prefix}key>${KEY}</${prefix}key>`
  );
}

/** A SOAP envelope of `version` around `body`. */
export function envelope(body: string, version: '1.1' | '1.2' = '1.1', header = ''): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${version === '1.1' ? S11 : S12}" ` +
    `xmlns:xsi="${XSI}" xmlns:xsd="${XSD}">${header}<soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

/** A GetThing body with the given parameter elements after the credentials. */
export function getThingBody(params = '<requestId>9007199254740993</requestId><amount>12.5</amount>'): string {
  return `<GetThing xmlns="${NS}">${credentialElements()}${params}</GetThing>`;
}

export function formCredentials(stampName = 'timeStamp'): string {
  return `payerName=${PAYER}&${stampName}=${STAMP}&key=${KEY}`;
}
