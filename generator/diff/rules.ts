/**
 * The classification table: every kind of change, what it means for existing clients and existing servers, and why.
 *
 * "Client" is a client built from the old spec (and code written against the old generated SDK) facing a service
 * that implements the new spec. "Server" is a server built from the old spec (the real service not yet updated, or
 * a mock generated from the old spec) facing clients built from the new one. Facts of this project the rules rely
 * on: generated decoders skip unknown elements and keep unknown enum values (enums are open on decode); a missing
 * required element is a decode error; the mock (like ASMX) refuses a missing, misspelt or unknown parameter and a
 * wrong SOAPAction or namespace, and accepts parameter elements in any order; callers pass parameters as an object.
 *
 * Records and enums are used in responses (output), in requests (input: parameters, SOAP headers) or both; a kind
 * with an `input` rule is classified by every direction the type is used in, the worse impact winning. A change of
 * a type used nowhere is classified as output.
 */
import type { Category, Impact } from './types.js';

export interface Rule {
  readonly category: Category;
  /** [client, server] when the element travels in responses (and for kinds that have no direction). */
  readonly output: readonly [Impact, Impact];
  /** [client, server] when the element travels in requests; the output rule when not given. */
  readonly input?: readonly [Impact, Impact];
  readonly why: string;
}

const B = 'breaking';
const C = 'compatible';

export const RULES = {
  // Service-wide
  'service-path-changed': { category: 'service', output: [B, B], why: 'requests go to another URL' },
  'service-namespace-changed': {
    category: 'service',
    output: [B, B],
    why: 'every element is qualified by it; SOAPActions derive from it',
  },
  'binding-added': {
    category: 'service',
    output: [C, B],
    why: 'old clients do not use it; an old server does not answer new clients choosing it',
  },
  'binding-removed': {
    category: 'service',
    output: [B, C],
    why: 'old clients using that style get no answer; new clients do not use it',
  },
  'client-renamed': {
    category: 'service',
    output: [B, C],
    why: 'the exported client class (and its options type) changes name; nothing changes on the wire',
  },

  // Operations
  'operation-added': {
    category: 'operations',
    output: [C, B],
    why: 'old clients do not call it; an old server faults when a new client does',
  },
  'operation-removed': {
    category: 'operations',
    output: [B, C],
    why: 'the method disappears and the service faults on old calls; new clients do not call it',
  },
  'operation-renamed': {
    category: 'operations',
    output: [B, B],
    why: 'the wire name and the method change (detected: same parameters and result)',
  },
  'operation-case-changed': {
    category: 'operations',
    output: [B, B],
    why: 'element names are case-sensitive on the wire; the method may change too',
  },
  'operation-result-changed': { category: 'operations', output: [B, B], why: 'the response holds another type' },
  'operation-result-element-changed': {
    category: 'operations',
    output: [B, B],
    why: 'the result element is named differently',
  },
  'operation-result-made-nullable': {
    category: 'operations',
    output: [B, C],
    why: 'old clients reject a missing result; the method type widens to | null',
  },
  'operation-result-made-non-nullable': {
    category: 'operations',
    output: [C, B],
    why: 'new clients reject the missing result an old server may send',
  },
  'soap-action-changed': {
    category: 'operations',
    output: [B, B],
    why: 'the service and the mock refuse a wrong SOAPAction',
  },
  'operation-namespace-changed': {
    category: 'operations',
    output: [B, B],
    why: 'the request and response elements are qualified differently',
  },
  'parameter-style-changed': {
    category: 'operations',
    output: [B, B],
    why: 'a wrapped Body holds one operation element, a bare one the parameter elements themselves: neither side reads the other SOAP body',
  },
  'http-post-root-changed': {
    category: 'operations',
    output: [B, B],
    why: 'both sides check the HTTP POST response root',
  },
  'http-post-root-now-checked': {
    category: 'operations',
    output: [C, B],
    why: 'old clients accepted any root; new clients check a root an old server does not send',
  },
  'http-post-root-now-unchecked': {
    category: 'operations',
    output: [B, C],
    why: 'old clients check the old root, which the new server no longer sends; new clients accept any root',
  },
  'http-post-root-marking-changed': {
    category: 'operations',
    output: [C, C],
    why: 'the same root is sent; only whether the document shows it (and the client checks it) changes',
  },
  'eat-marker-changed': {
    category: 'operations',
    output: [B, B],
    why: 'the signed message changes, so keys computed by one side fail on the other',
  },
  'poll-added': {
    category: 'operations',
    output: [C, C],
    why: 'a new client-side helper that calls an existing operation',
  },
  'poll-removed': {
    category: 'operations',
    output: [B, C],
    why: 'a client method disappears; nothing changes on the wire',
  },
  'submits-payments-changed': {
    category: 'operations',
    output: [C, C],
    why: "only the client's retry behaviour changes",
  },
  'response-header-added': {
    category: 'operations',
    output: [C, C],
    why: 'old clients pass an unknown header by (the service does not mark it mustUnderstand); new clients read it when an answer carries it, and an old server sending none is allowed',
  },
  'response-header-added-required': {
    category: 'operations',
    output: [C, B],
    why: 'old clients pass it by; new clients refuse every answer of an old server, which does not send it',
  },
  'response-header-removed': {
    category: 'operations',
    output: [B, C],
    why: 'the property leaves the headers type (the WithHeaders method too, with the last one), and old clients refuse answers without it where it was required; an old server sending it to new clients is passed by',
  },
  'response-header-made-required': {
    category: 'operations',
    output: [C, B],
    why: 'old clients accept it either way; new clients refuse answers of an old server that leave it out',
  },
  'fault-added': {
    category: 'operations',
    output: [C, C],
    why: 'old clients read a fault of it as before (an SvcSoapFault, its detail as text); an old server never sends it, which new clients allow',
  },
  'fault-removed': {
    category: 'operations',
    output: [B, C],
    why: "its member leaves the operation's <Op>Fault union (the type and its guard go with the last one), so code narrowing to it no longer compiles; an old server still sending it gives new clients a fault whose detail is text",
  },
  'fault-changed': {
    category: 'types',
    output: [B, B],
    why: "its detail element, namespace or record is another: each side reads the other's detail as text only, never as the typed fault it expects",
  },
  'response-header-made-optional': {
    category: 'operations',
    output: [B, C],
    why: 'old clients refuse the answers that now leave it out, and its property becomes optional; new clients accept either',
  },

  // Parameters (always in requests)
  'parameter-added': {
    category: 'parameters',
    output: [B, B],
    why: 'old clients do not send it (refused as missing); an old server refuses it as unknown; a new required property for callers',
  },
  'parameter-added-optional': {
    category: 'parameters',
    output: [C, B],
    why: 'old clients may leave it out; an old server refuses it as unknown when a new client sends it',
  },
  'parameter-removed': {
    category: 'parameters',
    output: [B, B],
    why: 'the service refuses it as unknown from old clients; an old server requires it from new clients',
  },
  'parameter-removed-optional': {
    category: 'parameters',
    output: [B, C],
    why: 'the service refuses it as unknown from old clients that send it; an old server did not require it',
  },
  'parameter-renamed': {
    category: 'parameters',
    output: [B, B],
    why: 'the element name differs (detected: same position, type, role and optionality)',
  },
  'parameter-case-changed': {
    category: 'parameters',
    output: [B, B],
    why: 'element names are case-sensitive: the service refuses a misspelt one (timestamp for timeStamp)',
  },
  'parameter-reordered': {
    category: 'parameters',
    output: [C, C],
    why: 'ASMX and the mock accept parameter elements in any order; callers pass an object',
  },
  'parameter-retyped': {
    category: 'parameters',
    output: [B, B],
    why: 'the value is encoded, checked or typed differently',
  },
  'parameter-role-changed': {
    category: 'parameters',
    output: [B, B],
    why: 'credentials are filled in (and signed) differently',
  },
  'parameter-made-optional': {
    category: 'parameters',
    output: [C, B],
    why: 'old clients still send it; an old server requires it from new clients that leave it out',
  },
  'parameter-made-required': {
    category: 'parameters',
    output: [B, C],
    why: 'old clients may leave it out; new clients always send it',
  },
  'parameter-made-nillable': {
    category: 'parameters',
    output: [C, B],
    why: 'an old server refuses the nil a new client may send',
  },
  'parameter-made-non-nillable': {
    category: 'parameters',
    output: [B, C],
    why: 'old clients may send nil, which the service now refuses',
  },
  'parameter-default-changed': {
    category: 'parameters',
    output: [C, C],
    why: 'what a new client sends for an omitted parameter; a valid value either way',
  },

  // Records, results and enums as named types
  'type-added': { category: 'types', output: [C, C], why: 'a new exported type; its uses are listed separately' },
  'type-removed': {
    category: 'types',
    output: [B, C],
    why: 'an exported type disappears from the SDK; its uses are listed separately',
  },
  'type-kind-changed': {
    category: 'types',
    output: [B, B],
    why: 'a record became a result or the reverse: error-code handling changes',
  },
  'type-namespace-changed': {
    category: 'types',
    output: [B, B],
    why: "the fields' elements are qualified by another namespace",
  },

  // Fields of records and results
  'field-added': {
    category: 'fields',
    output: [C, B],
    input: [B, B],
    why: 'response: old decoders skip it, new decoders require it from an old server; request: old clients do not send it, an old server does not expect it',
  },
  'field-added-optional': {
    category: 'fields',
    output: [C, C],
    input: [C, B],
    why: 'response: old decoders skip it, new ones accept its absence; request: an old server may refuse it when a new client sends it',
  },
  'field-removed': {
    category: 'fields',
    output: [B, C],
    input: [B, B],
    why: 'response: old decoders require it (and the property disappears), new decoders skip it from an old server; request: an old server may require it',
  },
  'field-removed-optional': {
    category: 'fields',
    output: [B, C],
    input: [B, C],
    why: 'response: old decoders accept its absence, but the property disappears from the type (a source break); new decoders skip it from an old server; request: the service may refuse it from old clients that send it, an old server never required it',
  },
  'field-case-changed': { category: 'fields', output: [B, B], why: 'element names are case-sensitive on the wire' },
  'field-retyped': { category: 'fields', output: [B, B], why: 'the value is encoded, checked or typed differently' },
  'field-made-optional': {
    category: 'fields',
    output: [B, C],
    input: [C, B],
    why: 'response: old decoders reject its absence (and the property becomes optional); request: an old server requires it',
  },
  'field-made-required': {
    category: 'fields',
    output: [C, B],
    input: [B, C],
    why: 'response: new decoders reject its absence from an old server; request: old clients may leave it out',
  },
  'field-made-nillable': {
    category: 'fields',
    output: [B, C],
    input: [C, B],
    why: 'response: old decoders reject nil (and the type widens to | null); request: an old server refuses nil',
  },
  'field-made-non-nillable': {
    category: 'fields',
    output: [C, B],
    input: [B, C],
    why: 'response: new decoders reject the nil an old server may send; request: old clients may send nil',
  },

  // Alternatives of a choice (xs:choice), in a field or a parameter, alone or as a list's items
  'choice-alternative-added': {
    category: 'fields',
    output: [B, C],
    input: [C, B],
    why: 'response: a choice is not open like an enum, so old decoders cannot read the new alternative (a required choice or a list item of it is a decode error, an optional one is lost); request: an old server refuses it when a new client sends it',
  },
  'choice-alternative-removed': {
    category: 'fields',
    output: [B, B],
    input: [B, C],
    why: 'response: the member leaves the union (source break), and new decoders cannot read it from an old server that still sends it; request: the service refuses it from old clients',
  },
  'choice-alternative-retyped': {
    category: 'fields',
    output: [B, B],
    why: "the alternative's value is encoded, checked or typed differently",
  },

  // Enum values
  'enum-value-added': {
    category: 'enums',
    output: [C, C],
    input: [C, B],
    why: 'enums are open on decode, so old clients keep the new value; in requests, an old server refuses a value a new client may send',
  },
  'enum-value-removed': {
    category: 'enums',
    output: [B, C],
    input: [B, C],
    why: 'the literal leaves the enum type and <Enum>Values (source break; in requests, the service refuses it from old clients); new clients keep the value an old server still sends, enums being open',
  },
  'enum-made-token': {
    category: 'enums',
    output: [C, C],
    input: [C, C],
    why: 'the values become xs:token (base: token), read with whitespace collapsed: every side sends the values as declared, which both bases read alike',
  },
  'enum-made-string': {
    category: 'enums',
    output: [C, B],
    input: [C, C],
    why: 'the values become xs:string, compared as written: an old server of the token enumeration may send a value with extra whitespace, which new clients keep as an unknown value where they read the member',
  },
  'enum-code-changed': {
    category: 'enums',
    output: [B, B],
    why: 'the integer code of a value differs between the two sides',
  },

  // Documentation only: a patch release
  'doc-changed': { category: 'docs', output: [C, C], why: 'documentation only' },
  'example-changed': {
    category: 'docs',
    output: [C, C],
    why: 'documentation only: an example is what the docs show and the example mock answers, never a check on the wire',
  },
} as const satisfies Record<string, Rule>;

export type ChangeKind = keyof typeof RULES;

/** Where a type travels. */
export interface Usage {
  readonly input: boolean;
  readonly output: boolean;
}

const OUTPUT_ONLY: Usage = { input: false, output: true };

/** The impacts of a change of `kind` for [client, server], the worse of each direction the element is used in. */
export function classify(kind: ChangeKind, usage: Usage = OUTPUT_ONLY): readonly [Impact, Impact] {
  const rule: Rule = RULES[kind];
  const pairs: Array<readonly [Impact, Impact]> = [];
  if (usage.output || !usage.input) pairs.push(rule.output);
  if (usage.input) pairs.push(rule.input ?? rule.output);
  const worst = (i: 0 | 1): Impact => (pairs.some((p) => p[i] === 'breaking') ? 'breaking' : 'compatible');
  return [worst(0), worst(1)];
}
