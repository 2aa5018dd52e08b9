/**
 * The format of a service spec (the YAML under spec/), as one zod definition.
 *
 * The loader validates with it and `npm run generate` emits the JSON Schema that editors use from it, so the
 * two can never disagree. This is the raw, as-written shape; cross-references (type names, parameter names,
 * decision ids) are checked later by the resolver, which knows positions of every node.
 */
import { z } from 'zod';
import { DATA_SET_TYPE, PRIMITIVE_NAMES } from '../model/primitives.js';
import { NCNAME } from './names.js';

/** The credentials docs' examples sign with when the spec's `auth.example` gives none: plainly made up, for any service. */
export const DEFAULT_AUTH_EXAMPLE = { principal: 'example', apiKey: 'example-api-key', timestamp: 1767225600 } as const;

const identifier = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an identifier (letters, digits and _, not starting with a digit)');

/**
 * A name on the wire: any XML NCName (`List.Delete`, `x-ray`, `Technologie_supportée`). Where TypeScript needs an
 * identifier for it, one is made by the rule of README.md's "How names are formed".
 */
const wireName = z
  .string()
  .regex(
    NCNAME,
    'must be an XML name (an NCName: a letter or _, then letters, digits, ., - and _; no colon, no space)',
  );

/** A wire name that is also the key of a TypeScript value: any XML name but `__proto__`, which no object holds as its own. */
const memberName = wireName.refine(
  (name) => name !== '__proto__',
  'cannot be __proto__: a JavaScript object cannot hold it as a member of its own',
);

const doc = z
  .string()
  .min(1)
  .optional()
  .describe(
    'Documentation, taken from the interface document; becomes JSDoc and docs text. Optional: an undocumented name gets none.',
  );

const decisionRef = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a decision id (lower-case words joined by -)')
  .describe('The id of an entry in `decisions` explaining a choice the interface document leaves "not shown".');

/** A type as written: a primitive, an enum or record name, or a list of one of those. */
const scalarTypeName = z
  .string()
  .min(1)
  .describe(
    `An XML Schema type (${PRIMITIVE_NAMES.join(', ')}), ${DATA_SET_TYPE} (a .NET DataSet: xml content, its schema then its diffgram), or the name of an enum or record.`,
  );

interface RawList {
  list: string | RawList | RawChoice;
  item?: string | undefined;
  nillableItems?: boolean | undefined;
  container?: boolean | undefined;
  namespace?: string | undefined;
  form?: 'unqualified' | undefined;
  minItems?: number | undefined;
  maxItems?: number | undefined;
}

interface RawElementAlternative {
  name: string;
  type: string | RawList;
  form?: 'unqualified' | undefined;
  namespace?: string | undefined;
  doc?: string | undefined;
}

interface RawSequenceMember {
  name: string;
  type: string | RawList;
  optional?: boolean | undefined;
  doc?: string | undefined;
}

/** A sequence of elements as one alternative (xs:sequence inside xs:choice), named by its first element. */
interface RawSequenceAlternative {
  sequence: RawSequenceMember[];
  doc?: string | undefined;
}

type RawAlternative = RawElementAlternative | RawSequenceAlternative;

interface RawChoice {
  choice: RawAlternative[];
}

const listType: z.ZodType<RawList> = z.lazy(() =>
  z
    .object({
      list: z
        .union([scalarTypeName, listType, choiceType])
        .describe(
          'The type of the items; a list again for nested lists; a choice for items that are each one of several elements, in document order.',
        ),
      item: wireName
        .optional()
        .describe(
          'The item element name. Defaults to the item type name (`string` for a list of strings, `ArrayOfInt` for a list of int lists).',
        ),
      nillableItems: z
        .boolean()
        .optional()
        .describe('Whether an item may be xsi:nil (decoded as null). Defaults to true for string and record items.'),
      container: z
        .boolean()
        .optional()
        .describe(
          'false: no container element; the items are the element of the field, parameter or out parameter itself, repeated directly in the record or the operation\'s element (maxOccurs="unbounded", ASMX\'s [XmlElement] on an array). Never nil: no items is an empty list (a parameter may be optional: left out, it sends no items either). Not for a result. Default true.',
        ),
      namespace: z
        .string()
        .min(1)
        .optional()
        .describe(
          "The namespace of the item elements, when it is not the service's (WCF's ArrayOfstring is in http://schemas.microsoft.com/2003/10/Serialization/Arrays).",
        ),
      form: z
        .enum(['unqualified'])
        .optional()
        .describe(
          'unqualified: the item elements are in no namespace (form="unqualified", or the list type\'s schema has elementFormDefault="unqualified"). Only with a container.',
        ),
      minItems: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe(
          "The fewest items the list holds (the item element's minOccurs). The client refuses a shorter list before sending. Default 0.",
        ),
      maxItems: z
        .number()
        .int()
        .min(1)
        .optional()
        .describe(
          "The most items the list holds (the item element's maxOccurs, when it is a number). The client refuses a longer list before sending. Default: no bound.",
        ),
    })
    .strict(),
);

const elementAlternative: z.ZodType<RawElementAlternative> = z.lazy(() =>
  z
    .object({
      name: memberName.describe(
        'The element name, spelled exactly as on the wire; also the key of the TypeScript value.',
      ),
      type: z
        .union([scalarTypeName, listType])
        .describe('What the element holds: an XML Schema type, an enum, a record, or a list in its container.'),
      form: z
        .enum(['unqualified'])
        .optional()
        .describe(
          'unqualified: the alternative\'s element is in no namespace (form="unqualified", or the schema declaring the choice has no elementFormDefault="qualified"): written with xmlns="" and read only there. Only in a choice typing a record field (or the items of its list without a container).',
        ),
      namespace: z
        .string()
        .min(1)
        .optional()
        .describe(
          "The namespace of the alternative's element itself, when it is not its record's: an element reference to another schema's global element, or a qualified element in a choice of an unqualified schema. Written with a prefix bound to it and read only there. Not with form; only in a choice typing a record field (or the items of its list without a container).",
        ),
      doc,
    })
    .strict(),
);

const sequenceMember: z.ZodType<RawSequenceMember> = z.lazy(() =>
  z
    .object({
      name: memberName.describe(
        "The element name, spelled exactly as on the wire; also its key in the alternative's TypeScript value.",
      ),
      type: z
        .union([scalarTypeName, listType])
        .describe('What the element holds: an XML Schema type, an enum, a record, or a list in its container.'),
      optional: z
        .boolean()
        .optional()
        .describe('The element may be absent (minOccurs="0"). Not the first member, which chooses the alternative.'),
      doc,
    })
    .strict(),
);

const sequenceAlternative: z.ZodType<RawSequenceAlternative> = z.lazy(() =>
  z
    .object({
      sequence: z
        .array(sequenceMember)
        .min(2)
        .describe(
          'The elements of the sequence, in wire order. The first, required, chooses the alternative on the wire and names it: the value is { First: { First: ..., Second: ... } }.',
        ),
      doc,
    })
    .strict()
    .describe(
      'A sequence of elements as one alternative (xs:sequence inside xs:choice), chosen by its first element. Only in a choice typing a record field that does not repeat.',
    ),
);

const alternative: z.ZodType<RawAlternative> = z.lazy(() => z.union([elementAlternative, sequenceAlternative]));

const choiceType: z.ZodType<RawChoice> = z.lazy(() =>
  z
    .object({
      choice: z
        .array(alternative)
        .min(2)
        .describe(
          'The alternatives (xs:choice), in order: exactly one of their elements is sent and read, where the field would be.',
        ),
    })
    .strict()
    .describe(
      'One of several elements (xs:choice). The value is an object holding exactly one of the alternatives, by name. In a list (list: {choice: ...}) each item is one alternative, kept in document order.',
    ),
);

const typeRef = z.union([scalarTypeName, listType, choiceType]);

const example = z
  .union([z.string(), z.number(), z.boolean()])
  .optional()
  .describe(
    "A value the docs' examples and the mock's example answers use, written as it is sent (an XML Schema lexical form; a char as the character): checked against the type. Without one, a value is picked by name and type. Documentation only: changing it breaks nobody.",
  );

const pattern = z
  .string()
  .optional()
  .describe(
    'An XML Schema pattern (xs:pattern) the text of a string, token, NMTOKEN, Name, NCName or language value matches, as the schema writes it (implicitly anchored): the client refuses a value not matching it before sending, the mock refuses a request holding one; answers are read without it. What JavaScript cannot say (\\i, \\c, block escapes such as \\p{IsBasicLatin}) is refused when the spec is loaded.',
  );

/**
 * An element's own namespace (a field's, a parameter's, a result's), where its place would put it elsewhere: an
 * element reference to a global element of another schema (`<xs:element ref="other:Name"/>`), or a qualified element
 * inside an unqualified one.
 */
const elementNamespace = z
  .string()
  .min(1)
  .optional()
  .describe(
    'The namespace of this element itself, when it is not the one its place gives it: an element reference to another schema\'s global element (<xs:element ref="other:Name"/>), or a qualified element inside an unqualified one. Written with a prefix bound to it and read only there; what it holds stays where its type puts it. Not with form, nor on an attribute, the text content or a choice.',
  );

const field = z
  .object({
    name: memberName.describe(
      'The element (or attribute) name, spelled exactly as on the wire, unless xmlName gives it; also the key of the TypeScript value.',
    ),
    xmlName: wireName
      .optional()
      .describe(
        "The element's (or attribute's) name on the wire, when it is not `name`: a type extending another may declare an element of the same name as one of its base's (both are sent, the base's first), and the two members need two keys (MsgSubID, MsgSubID1).",
      ),
    type: typeRef,
    doc,
    nillable: z
      .boolean()
      .optional()
      .describe('May be sent as xsi:nil="true" (decoded as null). Defaults to true for strings, records and lists.'),
    optional: z
      .boolean()
      .optional()
      .describe('May be absent (decoded as undefined). Defaults to true for strings, records and lists.'),
    secret: z
      .boolean()
      .optional()
      .describe('Holds a secret (a key): kept out of error texts, JSON.stringify and util.inspect of errors.'),
    attribute: z
      .boolean()
      .optional()
      .describe(
        'An unqualified XML attribute of the record element instead of a child element (primitive or enum types).',
      ),
    text: z
      .boolean()
      .optional()
      .describe(
        "The record element's text content (xs:simpleContent): a primitive or enum, beside attribute fields only (no child-element fields), at most one per record; never absent or nil (an empty element is the empty text).",
      ),
    form: z
      .enum(['qualified', 'unqualified'])
      .optional()
      .describe(
        'The field\'s namespace on the wire where it differs from the default of its kind (xs:form): `unqualified`, an element in no namespace (elementFormDefault="unqualified"); `qualified`, an attribute in the record\'s namespace (attributeFormDefault="qualified").',
      ),
    namespace: elementNamespace.describe(
      'The namespace of this element itself, when it is not the one its place gives it: an element reference to another schema\'s global element (<xs:element ref="other:Name"/>), or a qualified element inside an unqualified one. Written with a prefix bound to it and read only there; what it holds stays where its type puts it. Not with form, nor on the text content or a choice. On an attribute, only XML\'s own namespace (http://www.w3.org/XML/1998/namespace: xml:lang, xml:space, xml:base, xml:id, as <xs:attribute ref="xml:lang"/> says), written with the prefix xml, which needs no declaration.',
    ),
    example,
    pattern,
    fixed: z
      .union([z.string(), z.number(), z.boolean()])
      .optional()
      .describe(
        'The one value the field may hold (xs:element or xs:attribute fixed=), written as it is sent: the client sends it when the caller leaves the field out and refuses any other value before sending; the mock refuses a request with another. An XML Schema type or an enum only.',
      ),
    default: z
      .union([z.string(), z.number(), z.boolean()])
      .optional()
      .describe(
        'The value the schema gives the field when it is empty or left out (xs:element or xs:attribute default=), written as it is sent: kept in the WSDL and the docs; the client sends what the caller gives. An XML Schema type or an enum only.',
      ),
    onlyWith: wireName
      .optional()
      .describe(
        "The alternative of a choice of this record (a field before this one typed { choice: [...] }) that this field is sent with only: the field belongs to a sequence that is one alternative of the choice, drafted as its first element there (OpenTravel's Success, Warnings?; Equifax's AreaCode, Exchange, Number). The client refuses it beside another alternative before sending; a reader refuses it there.",
      ),
    decision: decisionRef.optional(),
  })
  .strict();

const extendsRef = wireName.describe(
  'The record (or result) this type extends (xs:extension): its fields come first, then these.',
);

const fieldsNamespace = z
  .string()
  .min(1)
  .optional()
  .describe("The namespace of the fields' elements, when it is not the service's (a WCF DataContract namespace).");

const xmlName = wireName
  .optional()
  .describe(
    "The type's name in XML Schema (the WSDL's complexType or simpleType name, xsi:type), when it is not this key: a WSDL may have two types of one name in two namespaces, which a spec keys apart (Address, Address2).",
  );

const record = z
  .object({
    doc,
    xmlName,
    namespace: fieldsNamespace,
    extends: extendsRef.optional(),
    fields: z.array(field).default([]),
    anyAttribute: z
      .boolean()
      .optional()
      .describe(
        'The element may carry attributes besides its attribute fields (xs:anyAttribute): kept as `$attributes`, a record of their values keyed by name (`{uri}name` for one in a namespace).',
      ),
    abstract: z
      .boolean()
      .optional()
      .describe(
        'No value is of this type itself (XML Schema abstract="true"): a value must be of a record extending it, sent with xsi:type; the client refuses one that is not, before sending, and the mock answers it with a Client fault.',
      ),
    decision: decisionRef.optional(),
  })
  .strict();

const result = z
  .object({
    doc,
    errorCode: z
      .enum(['S', 'I', 'none'])
      .optional()
      .describe(
        'How the document marks the result: (S) string enum errorCode, (I) int errorCode, or none (the default).',
      ),
    xmlName,
    namespace: fieldsNamespace,
    extends: extendsRef.optional(),
    fields: z.array(field).default([]),
    decision: decisionRef.optional(),
  })
  .strict();

const enumDef = z
  .object({
    doc,
    xmlName,
    values: z.array(z.string().min(1)).min(1).describe('The values in the order of the document, spelled exactly.'),
    base: z
      .enum(['string', 'token'])
      .optional()
      .describe(
        'The XML Schema type the enumeration restricts: string (the default), or token, whose whitespace XML Schema collapses before comparing, so a value read with extra spaces is the member.',
      ),
    numeric: z
      .object({
        decision: decisionRef,
        codes: z
          .record(z.string().regex(/^-?\d+$/, 'must be an integer'), z.string().min(1))
          .describe('Known integer codes and the enum value each stands for.'),
      })
      .strict()
      .optional()
      .describe('Integer codes known for some values, where int-coded results use the same vocabulary.'),
    placeholders: z
      .string()
      .optional()
      .describe('A note saying which values are placeholders for names the document omits.'),
  })
  .strict();

const parameterKeys = {
  type: typeRef.describe('Any type: an XML Schema type, an enum, a record, or a list of those.'),
  doc,
  role: z
    .enum(['principal', 'timestamp', 'signature'])
    .optional()
    .describe(
      'A credential filled in by the client: principal (from an option), timestamp, or the computed signature.',
    ),
  optional: z.boolean().optional().describe('The caller may leave it out.'),
  nillable: z
    .boolean()
    .optional()
    .describe('The caller may pass null, sent as xsi:nil="true" (left out of an HTTP POST form).'),
  default: z
    .union([z.string(), z.number(), z.boolean()])
    .optional()
    .describe('What the client sends when the caller leaves an optional parameter out.'),
  quirk: z.string().optional().describe('A wire quirk of this parameter, worth a line in the docs.'),
  secret: z
    .boolean()
    .optional()
    .describe(
      'Holds a secret (a password the caller passes): the client masks its value in errors and in what its onRequest/onResponse hooks see, as it does the API key. XML Schema types only; not for a credential (role).',
    ),
  form: z
    .enum(['unqualified'])
    .optional()
    .describe(
      'unqualified: the parameter element is in no namespace (its wrapper\'s schema has elementFormDefault="unqualified", or form="unqualified"): written with xmlns="" in SOAP; HTTP POST is unaffected. Not for a bare operation (its parameters are global elements) or a credential.',
    ),
  namespace: elementNamespace,
  example,
  pattern,
  decision: decisionRef.optional(),
};

const parameter = z.object(parameterKeys).strict();

const inlineParameter = z
  .object({
    name: memberName.describe(
      'The element name, spelled exactly as on the wire; also the key of the TypeScript value.',
    ),
    ...parameterKeys,
  })
  .strict()
  .describe('A parameter of this operation only (the same name may have another type in another operation).');

const operationResult = z.union([
  z.literal('void').describe('The operation returns nothing: an empty <OpResponse/>.'),
  typeRef.describe('A result type, record, enum, XML Schema type or list.'),
  z
    .object({
      type: typeRef,
      nullable: z
        .boolean()
        .optional()
        .describe('The service may return null (ASMX leaves the result element out): decoded as null. Default false.'),
      element: wireName.optional().describe('The result element, when it is not <OpResult>.'),
      form: z
        .enum(['unqualified'])
        .optional()
        .describe(
          'unqualified: the result element is in no namespace (the response wrapper\'s schema has elementFormDefault="unqualified", or form="unqualified"). Not for a bare operation (its result is a global element).',
        ),
      namespace: elementNamespace,
    })
    .strict(),
]);

const eat = z
  .object({
    marker: z
      .string()
      .min(1)
      .describe('The EAT marker exactly as the document gives it: a parameter name, "none", "null" or "not marked".'),
    absentParameter: z
      .boolean()
      .optional()
      .describe('The marker names a parameter the operation does not have; the empty string is signed.'),
    decision: decisionRef.optional(),
  })
  .strict();

const httpPostRoot = z.union([
  wireName.describe('The root element of the HTTP POST response.'),
  z
    .object({
      notShown: z.literal(true),
      assumed: wireName.describe('The root we document and the mock sends; the client accepts any root.'),
      decision: decisionRef,
    })
    .strict(),
]);

const parameterStyle = z.enum(['wrapped', 'bare']);

const operation = z
  .object({
    name: wireName.describe(
      "The operation's name on the wire: its request element, <name>Response, the SOAPAction's last part and the HTTP path. The client method is made from it (docs/spec-format.md, How names are formed).",
    ),
    doc,
    params: z
      .array(z.union([wireName, inlineParameter]))
      .default([])
      .describe(
        'Parameters in wire order: a name defined under `parameters`, or a definition of its own. Default: none.',
      ),
    result: operationResult,
    httpPostRoot: httpPostRoot
      .optional()
      .describe(
        "The HTTP POST response's root element. Default: ASMX's convention for the result type (its name, the XSD type name, ArrayOfX).",
      ),
    httpPost: z
      .boolean()
      .optional()
      .describe(
        'false: this operation has no HTTP POST binding (ASMX binds only primitive, enum and array-of-those parameters).',
      ),
    httpGet: z
      .boolean()
      .optional()
      .describe(
        'false: this operation has no HTTP GET binding (the same parameters as HTTP POST, carried in the query string).',
      ),
    soapAction: z
      .string()
      .optional()
      .describe(
        "The SOAPAction, when it is not namespace + operation name. '' (usual outside ASP.NET): SOAP 1.1 sends the header SOAPAction: \"\" and SOAP 1.2 no action; the service knows the operation by the Body's first element.",
      ),
    parameterStyle: parameterStyle
      .optional()
      .describe(
        "bare: document/literal not wrapped (ASMX's ParameterStyle = Bare): the SOAP Body holds each parameter's element, named as the parameter, and the answer the result element and the outputs, with no operation element around them; routed by SOAPAction. Default: the service's parameterStyle, else wrapped.",
      ),
    namespace: z
      .string()
      .min(1)
      .optional()
      .describe("The namespace of this operation's request and response elements, when it is not the service's."),
    headers: z
      .array(wireName)
      .optional()
      .describe(
        'The SOAP headers (by element name, from soapHeaders) this operation sends. Default: all of them that have a client option.',
      ),
    responseHeaders: z
      .array(
        z.union([
          wireName.describe('A header (by element name, from soapHeaders) the answer may carry in its soap:Header.'),
          z
            .object({
              element: wireName.describe('The header, by element name, from soapHeaders.'),
              required: z
                .boolean()
                .optional()
                .describe(
                  'Every SOAP answer carries it: the client refuses an answer without it (default false, as ASMX leaves out a header left null).',
                ),
            })
            .strict(),
        ]),
      )
      .optional()
      .describe(
        "The SOAP headers (by element name, from soapHeaders) this operation's SOAP answers carry in soap:Header, ASMX's SoapHeader(Direction = Out or InOut). Default: none.",
      ),
    faults: z
      .array(wireName.describe('A fault, by its name under the top-level faults.'))
      .optional()
      .describe(
        "The typed SOAP faults this operation declares (wsdl:fault; WCF's [FaultContract]), by name from the top-level faults: a fault whose detail holds one of their elements is read into SvcSoapFault.fault. Default: none (every fault is still an SvcSoapFault, its detail as text).",
      ),
    outputs: z
      .array(field)
      .min(1)
      .optional()
      .describe(
        'Out parameters: elements of the response after the result, in order (same keys as record fields). The method then resolves with one record, <Op>Output, holding the result and the outputs.',
      ),
    eat: eat.optional().describe('Required when the service signs requests (auth); left out when it does not.'),
    submitsPayments: z.boolean().optional().describe('The call has effects that must never be repeated by a retry.'),
    group: z
      .string()
      .min(1)
      .optional()
      .describe(
        'The title of the group the docs list this operation under. With top-level `groups`, one of their titles; without, groups are ordered by first appearance.',
      ),
  })
  .strict();

const group = z
  .object({
    title: z.string().min(1).describe('The group title, as operations name it in `group`.'),
    doc: doc.describe('An introduction to the group, shown above its operations in the docs.'),
  })
  .strict();

/** A typed SOAP fault: the element its detail holds (in SOAP 1.1 `<detail>`, in SOAP 1.2 `<soap:Detail>`). */
const fault = z
  .object({
    type: wireName.describe('The record the detail element holds.'),
    element: wireName.optional().describe("The detail element's name. Default: the fault's name (the key)."),
    namespace: z.string().min(1).optional().describe("The detail element's namespace. Default: the service namespace."),
    doc,
  })
  .strict();

const poll = z
  .object({
    method: identifier.describe('The client method that polls, e.g. waitForProcessingRequest.'),
    operation: wireName.describe('The status operation it calls repeatedly.'),
    idParameter: wireName.describe(
      'The parameter of that operation that names what is polled; the method takes it first.',
    ),
    statusField: wireName.describe('The result field holding the status.'),
    finalValues: z.array(z.string().min(1)).min(1).describe('Status values at which polling stops.'),
    failureCodes: z
      .array(z.string().min(1))
      .optional()
      .describe(
        'Error codes that end the wait with a service error while the status is not final (the request cannot progress). Any other non-success code with a status that is not final is a warning: polling goes on.',
      ),
    decision: decisionRef.optional(),
    doc,
  })
  .strict();

const decision = z
  .object({
    id: decisionRef,
    title: z.string().min(1),
    note: z.string().min(1).describe('What was decided and why.'),
  })
  .strict();

// Stricter than npm (which also accepts a leading - or ~): a name that starts with a letter or digit, lower case.
export const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
// Semantic Versioning 2.0.0: numbers without leading zeros; pre-release identifiers that are all digits likewise.
const SEMVER_NUMBER = '(?:0|[1-9][0-9]*)';
const SEMVER_PRE = `(?:${SEMVER_NUMBER}|[0-9]*[A-Za-z-][0-9A-Za-z-]*)`;
export const SEMVER = new RegExp(
  `^${SEMVER_NUMBER}\\.${SEMVER_NUMBER}\\.${SEMVER_NUMBER}(?:-${SEMVER_PRE}(?:\\.${SEMVER_PRE})*)?(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?$`,
);
export const NPM_NAME_LENGTH_MESSAGE = 'must be an npm package name of at most 214 characters';
export const NPM_NAME_MESSAGE =
  'must be an npm package name: lower-case letters, digits, -, ., _ and ~, optionally scoped as @scope/name';
export const SEMVER_MESSAGE = 'must be a semantic version such as 1.2.3 or 2.0.0-beta.1';

/** An npm package name, as the spec, the config file and the flags accept it. */
export const npmNameSchema = z.string().max(214, NPM_NAME_LENGTH_MESSAGE).regex(NPM_NAME, NPM_NAME_MESSAGE);
/** A package version, likewise. */
export const semverSchema = z.string().regex(SEMVER, SEMVER_MESSAGE);

const packageInfo = z
  .object({
    name: npmNameSchema.describe(
      'The npm package name of the generated SDK, e.g. my-service-client or @acme/my-service-client.',
    ),
    version: semverSchema.describe(
      'The package version (semver); bump it with each published change of the spec or the generator.',
    ),
    description: z
      .string()
      .min(1)
      .optional()
      .describe('The package description. Defaults to one made of the service title and version.'),
    license: z
      .string()
      .min(1)
      .optional()
      .describe('An SPDX license expression, or UNLICENSED (the default) for a package not licensed to others.'),
    repository: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Where the source is, as package.json says it: a URL or a shorthand such as github:acme/my-service-sdk.',
      ),
    author: z.string().min(1).optional().describe('The author, as package.json says it: "Name <email> (url)".'),
    mockName: npmNameSchema
      .optional()
      .describe('The npm package name of the generated mock. Defaults to the package name with -mock.'),
  })
  .strict();

export const specSchema = z
  .object({
    $schema: z.string().optional(),
    specVersion: z.literal(1).describe('The version of this spec format.'),
    service: z
      .object({
        name: identifier.describe('The service name, e.g. the .asmx file name without extension.'),
        title: z.string().min(1),
        version: z
          .string()
          .min(1)
          .optional()
          .describe("The service's version, shown after its title; left out where the service has none."),
        // `/` alone and a trailing slash are real services' paths (a root address, JAX-WS); `//x` would be read as a host.
        path: z
          .string()
          .regex(/^\/(?!\/)[^\s?#]*$/, 'must be an absolute path such as /v5/Service.asmx or / (no //, ? or # in it)'),
        namespace: z
          .object({
            uri: z
              .string()
              .describe(
                "The XML namespace of the service's elements. '' (a WCF contract with Namespace = \"\"): its elements are in no namespace, written unqualified; give every operation's soapAction then.",
              ),
            decision: decisionRef.optional(),
          })
          .strict(),
        client: identifier.describe('The name of the generated client class.'),
        bindings: z
          .array(z.enum(['soap11', 'soap12', 'httpPost', 'httpGet']))
          .min(1)
          .optional()
          .describe('The bindings the service offers (default soap11, soap12, httpPost; httpGet only when listed).'),
        parameterStyle: parameterStyle
          .optional()
          .describe(
            "The parameter style of every operation that does not give its own: wrapped (the default) or bare (ASMX's ParameterStyle = Bare).",
          ),
        package: packageInfo
          .optional()
          .describe(
            'How the generated SDK is published as an npm package. Without it: the service name in kebab-case plus -client, version 0.0.0.',
          ),
        doc,
      })
      .strict(),
    serviceErrors: z
      .object({
        codeField: wireName,
        messageField: wireName,
        enum: wireName.describe('The enum of string error codes used by (S) results.'),
        success: z.object({ S: z.string().min(1), I: z.number().int() }).strict(),
        decision: decisionRef.optional(),
      })
      .strict()
      .optional()
      .describe('How results report service errors in a 200 response.'),
    auth: z
      .object({
        scheme: z.enum(['hmac-sha256-hex']).describe('How the signature parameter is computed.'),
        timestampUnit: z.enum(['unix-seconds']),
        failures: z
          .object({
            unknownPrincipal: z.string().min(1).describe('The code for a principal the service does not know.'),
            badSignature: z.string().min(1).describe('The code for a signature that does not match.'),
            staleTimestamp: z.string().min(1).describe('The code for a timestamp too far from the service clock.'),
            requestLimit: z.string().min(1).optional().describe('The code for a principal over its request limit.'),
            unknownNumber: z
              .number()
              .int()
              .optional()
              .describe(
                'What (I) results send for a failure whose integer code is not known (default: the string code cannot be sent, so the enum needs one).',
              ),
            decision: decisionRef.optional(),
          })
          .strict()
          .optional()
          .describe(
            'How the service answers a request whose credentials fail: error codes of serviceErrors.enum, sent in a 200 result in its own code kind (the mock answers so).',
          ),
        example: z
          .object({
            principal: z.string().min(1),
            apiKey: z
              .string()
              .min(1)
              .describe(
                'A public test key, as a service document gives one for a known-answer test; never a real key.',
              ),
            timestamp: z.number().int().nonnegative(),
          })
          .strict()
          .optional()
          .describe(
            `The credentials the docs' examples sign with: default principal "${DEFAULT_AUTH_EXAMPLE.principal}", API key "${DEFAULT_AUTH_EXAMPLE.apiKey}", timestamp ${DEFAULT_AUTH_EXAMPLE.timestamp}.`,
          ),
        decision: decisionRef.optional(),
      })
      .strict()
      .optional(),
    soapHeaders: z
      .array(
        z
          .object({
            element: wireName.describe('The header element, in the service namespace.'),
            type: wireName.describe('The record it holds.'),
            option: identifier
              .optional()
              .describe(
                'The client option that supplies it. Without one the client never sends it: a header only answers carry (responseHeaders).',
              ),
            required: z.boolean().optional().describe('The client cannot be built without it (default true).'),
            doc,
          })
          .strict(),
      )
      .default([])
      .describe(
        'SOAP header records sent with calls (the ASMX AuthHeader pattern) or carried by answers (responseHeaders of an operation).',
      ),
    decisions: z.array(decision).default([]),
    faults: z
      .record(wireName, fault)
      .default({})
      .describe(
        'Typed SOAP faults, by name (a WSDL fault message; one shared by every operation that declares it): the record a fault detail element holds. Operations list theirs under faults.',
      ),
    parameters: z.record(memberName, parameter).default({}),
    enums: z.record(wireName, enumDef).default({}),
    records: z.record(wireName, record).default({}),
    results: z.record(wireName, result).default({}),
    operations: z.array(operation).min(1),
    groups: z
      .array(group)
      .optional()
      .describe(
        'The groups the docs list operations under (each operation names its own with `group`), in this order, each with an optional introduction. Without it, the groups the operations name are listed in order of first appearance.',
      ),
    polls: z.array(poll).default([]).describe('Client methods that poll a status operation until a final status.'),
    mock: z
      .object({
        simulator: z
          .string()
          .regex(/^[^\\\0]+$/, 'must be a folder path relative to the spec, with / separators')
          .describe(
            'A folder beside the spec holding the hand-written behaviour of this one service for the generated mock (its index.ts exports createSimulator). Its .ts files are copied into the mock; they import generated code as #generated/<path>.',
          ),
      })
      .strict()
      .optional()
      .describe(
        'What the generated mock does beyond answering strictly: a simulator of the service, written beside the spec.',
      ),
  })
  .strict();

export type RawSpec = z.infer<typeof specSchema>;
export type RawField = z.infer<typeof field>;
export type RawTypeRef = z.infer<typeof typeRef>;
export type { RawChoice, RawAlternative, RawElementAlternative, RawSequenceAlternative };
export type RawOperation = z.infer<typeof operation>;
export type RawParameter = z.infer<typeof parameter>;
export type RawInlineParameter = z.infer<typeof inlineParameter>;
export type RawResult = z.infer<typeof operationResult>;

export { DEFAULT_SCHEMA_FILE } from './schema-file.js';

/** The JSON Schema of the format, for editors (referenced from the YAML with `$schema`). */
export function specJsonSchema(): unknown {
  return z.toJSONSchema(specSchema, { io: 'input' });
}
