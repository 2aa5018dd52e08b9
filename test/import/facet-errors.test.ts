/**
 * support/facet-errors.ts, the corpus test's rule for libxml2 errors counted apart as "a sample value outside a facet
 * the spec does not keep": only a `[facet '…']` error (and libxml2's type-check error of the same value right after it)
 * on an element or attribute that every member of that name in the model has as a plain primitive.
 */
import { expect, it } from 'vitest';
import type { ServiceModel, TypeModel } from '../../generator/model/types.js';
import { splitFacetErrors } from './support/facet-errors.js';

const STRING: TypeModel = { kind: 'primitive', name: 'string' } as TypeModel;
const ENUM = { kind: 'enum' } as unknown as TypeModel;
const field = (name: string, type: TypeModel, attribute = false) => ({ name, type, attribute });
// OpenTravel's attribute Type: a plain string on UniqueID_Type (a pattern not kept), an enum on an amount's record.
const ID = { fields: [field('Type', STRING, true)] };
const AMOUNT = { fields: [field('Type', ENUM, true)] };
const record = (r: object) => ({ kind: 'record', record: r }) as unknown as TypeModel;
const choice = (...alternatives: Array<readonly [string, TypeModel]>) =>
  ({ kind: 'choice', alternatives: alternatives.map(([name, type]) => ({ name, type })) }) as unknown as TypeModel;
const list = (item: TypeModel, itemElement: string) =>
  ({ kind: 'list', item, itemElement, container: false }) as unknown as TypeModel;
/** The parts of a model the rule reads: records' fields, results, operations' parameters and value results. */
const MODEL = {
  records: [
    {
      fields: [
        field('ISOCurrency', STRING, true),
        field('Code', STRING),
        field('Kind', ENUM),
        field('Mixed', STRING),
        field('RequestorID', record(ID)),
        field('Fee', record(AMOUNT)),
      ],
    },
    // Equifax's Name: a choice of MiddleName (a pattern not kept) and an enum; a repeated choice of the same kinds.
    {
      fields: [
        field('Item', choice(['MiddleName', STRING], ['Suffix', ENUM])),
        field('Items', list(choice(['Initial', STRING], ['Title', ENUM]), 'Items')),
      ],
    },
    ID,
    AMOUNT,
  ],
  results: [{ fields: [field('Mixed', ENUM), field('State', ENUM, true)] }],
  operations: [
    { params: [{ name: 'query', type: STRING }], result: { kind: 'value', element: 'Answer', type: STRING } },
  ],
} as unknown as ServiceModel;

const facet = (place: string, name = 'pattern') =>
  `Schemas validity error : ${place}: [facet '${name}'] The value 'x' is not accepted.`;
const atomic = (place: string) =>
  `Schemas validity error : ${place}: 'x' is not a valid value of the local atomic type.`;
const union = (place: string) =>
  `Schemas validity error : ${place}: 'x' is not a valid value of the union type '{urn:a}TagType'.`;
const OTHER = "Schemas validity error : Element '{urn:a}Code': This element is not expected.";
const builtIn = (place: string, type: string) =>
  `Schemas validity error : ${place}: 'x y' is not a valid value of the atomic type 'xs:${type}'.`;

it.each([
  // [messages, counted apart, left as failures]
  [
    [facet("Element 'Source', attribute 'ISOCurrency'"), atomic("Element 'Source', attribute 'ISOCurrency'")],
    ['pattern on attribute ISOCurrency'],
    [],
  ],
  [[facet("Element '{urn:a}Code'", 'maxLength')], ['maxLength on element Code'], []],
  [
    [facet("Element '{urn:a}query'"), facet("Element 'Answer'", 'enumeration')],
    ['pattern on element query', 'enumeration on element Answer'],
    [],
  ],
  // An enum in the model: its facet is kept, so a value outside it is a failure.
  [[facet("Element '{urn:a}Kind'", 'enumeration')], [], [facet("Element '{urn:a}Kind'", 'enumeration')]],
  [
    [facet("Element 'x', attribute 'State'", 'enumeration')],
    [],
    [facet("Element 'x', attribute 'State'", 'enumeration')],
  ],
  // One name, a primitive in one record and an enum in another: not counted apart.
  [[facet("Element '{urn:a}Mixed'")], [], [facet("Element '{urn:a}Mixed'")]],
  // An attribute named by the element holding its record: that record's attribute, whatever others of its name are.
  [[facet("Element 'RequestorID', attribute 'Type'")], ['pattern on attribute Type'], []],
  [
    [facet("Element 'Fee', attribute 'Type'", 'enumeration')],
    [],
    [facet("Element 'Fee', attribute 'Type'", 'enumeration')],
  ],
  [[facet("Element 'Elsewhere', attribute 'Type'")], [], [facet("Element 'Elsewhere', attribute 'Type'")]],
  // A name the model does not have, or an element where the model has only an attribute of that name.
  [[facet("Element '{urn:a}Nowhere'")], [], [facet("Element '{urn:a}Nowhere'")]],
  [[facet("Element '{urn:a}ISOCurrency'")], [], [facet("Element '{urn:a}ISOCurrency'")]],
  // The type check of a value whose facet error was not counted apart, or of another place, stays.
  [[atomic("Element '{urn:a}Code'")], [], [atomic("Element '{urn:a}Code'")]],
  [
    [facet("Element '{urn:a}Code'"), atomic("Element '{urn:a}query'")],
    ['pattern on element Code'],
    [atomic("Element '{urn:a}query'")],
  ],
  [
    [facet("Element '{urn:a}Code'"), OTHER, atomic("Element '{urn:a}Code'")],
    ['pattern on element Code'],
    [OTHER, atomic("Element '{urn:a}Code'")],
  ],
  [[OTHER], [], [OTHER]],
  // A choice's alternatives are elements of their own names: a plain primitive counted apart, an enum a failure.
  [[facet("Element '{urn:a}MiddleName'")], ['pattern on element MiddleName'], []],
  [[facet("Element '{urn:a}Initial'", 'length')], ['length on element Initial'], []],
  [[facet("Element '{urn:a}Suffix'", 'enumeration')], [], [facet("Element '{urn:a}Suffix'", 'enumeration')]],
  [[facet("Element '{urn:a}Title'", 'enumeration')], [], [facet("Element '{urn:a}Title'", 'enumeration')]],
  // A union's error names no facet: counted apart as `union` on a plain primitive, a failure on anything else.
  [[union("Element 'x', attribute 'ISOCurrency'")], ['union on attribute ISOCurrency'], []],
  [[union("Element '{urn:a}Kind'")], [], [union("Element '{urn:a}Kind'")]],
  // A built-in type the format lacks, drafted as string (whl-travel's xs:anyURI URL): counted apart by the type's name
  // on a plain string; a failure on an enum, and for a built-in type the format has (xs:int is kept, so is its rule).
  [[builtIn("Element 'x', attribute 'ISOCurrency'", 'anyURI')], ['anyURI on attribute ISOCurrency'], []],
  [[builtIn("Element '{urn:a}Code'", 'normalizedString')], ['normalizedString on element Code'], []],
  [[builtIn("Element '{urn:a}Kind'", 'anyURI')], [], [builtIn("Element '{urn:a}Kind'", 'anyURI')]],
  [[builtIn("Element '{urn:a}Code'", 'int')], [], [builtIn("Element '{urn:a}Code'", 'int')]],
] as const)('%j', (messages, kept, others) => {
  expect(splitFacetErrors(messages, MODEL)).toEqual({ kept, others });
});

// The corpus splits the messages of every document it validates while node-soap calls run on the same thread: the
// model is read once, not once a document (virtualbox-web's 2,316 documents blocked the calls past their time limit).
it('reads the model once, however many documents are split', () => {
  let reads = 0;
  const counted = new Proxy(MODEL, {
    get(target, key, receiver) {
      if (key === 'operations') reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  for (let i = 0; i < 5; i++)
    expect(splitFacetErrors([facet("Element '{urn:a}query'")], counted).kept).toEqual(['pattern on element query']);
  expect(reads).toBe(1);
});
