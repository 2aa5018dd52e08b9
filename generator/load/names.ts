/**
 * Naming rules shared by the resolver and the emitters: how a name on the wire (any XML NCName) becomes a name in the
 * generated TypeScript. docs/spec-format.md, "How names are formed", says the rule in prose; this is the one place it is coded.
 *
 * - Wire names stay as they are wherever they are data: element and attribute names, SOAPAction, the HTTP path, and
 *   the keys of the TypeScript values (a record's or the params' members), quoted where they are not identifiers.
 * - A name the generated code declares (a type, a function, a method) is made from the wire name: each character that
 *   cannot stand in an identifier becomes `_`, `_` goes before a first character that cannot start one; then a name
 *   that is taken (a reserved word, a global or runtime name the generated code uses, an earlier declaration, or a
 *   name the generator derives from it that is taken) gets the smallest number from 2 on that makes it free.
 */
import { ts } from 'ts-morph';
import { RUNTIME_EXPORTS } from '../model/runtime-names.js';

/** The XML NCName production (XML 1.0 fifth edition, Namespaces in XML): a name with no colon. */
const NAME_START =
  'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_PART = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;
export const NCNAME = new RegExp(`^[${NAME_START}][${NAME_PART}]*$`, 'u');

/** Whether `name` is an XML NCName (what any element, attribute or type name of a WSDL is). */
export function isNcName(name: string): boolean {
  return NCNAME.test(name);
}

/** Whether `name` is an identifier TypeScript accepts (its own scanner decides, so its Unicode tables are the ones used). */
export function isIdentifier(name: string): boolean {
  const chars = Array.from(name);
  return chars.length > 0 && isStart(chars[0]!) && chars.every((ch, i) => i === 0 || isPart(ch) || ch === '$');
}

function isStart(ch: string): boolean {
  return ts.isIdentifierStart(ch.codePointAt(0)!, ts.ScriptTarget.ESNext);
}

/** A member name in TypeScript: the name itself when it is an identifier, else a quoted string (`'List.Delete'`). */
export function propertyKey(name: string): string {
  return isIdentifier(name) ? name : `'${name.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

/** A member access: `.name`, or `['a-b']` for a name that is not an identifier. */
export function memberAccess(name: string): string {
  return isIdentifier(name) ? `.${name}` : `[${propertyKey(name)}]`;
}

/**
 * Words a declared name may not be: JavaScript's reserved words (strict mode, modules) and TypeScript's predefined
 * type names, which cannot name a type.
 */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'import in instanceof new null return super switch this throw true try typeof var void while with yield let static ' +
    'implements interface package private protected public await arguments eval ' +
    'any unknown never number string boolean symbol bigint object undefined intrinsic'
  ).split(' '),
);

/**
 * Globals the generated code uses or a reader expects to mean the standard thing: a type of one of these names would
 * shadow it there (a WSDL type named `Record` broke every `Record<...>` of the generated types).
 */
const GLOBALS = (
  'Record Partial Readonly Required Pick Omit Exclude Extract NonNullable ReturnType Parameters Awaited InstanceType ' +
  'Date Error TypeError RangeError SyntaxError Promise PromiseLike Map ReadonlyMap WeakMap Set ReadonlySet WeakSet ' +
  'Array ReadonlyArray ArrayLike Iterable Iterator IterableIterator AsyncIterable Object String Number Boolean Symbol ' +
  'BigInt Function RegExp JSON Math Intl Reflect Proxy globalThis console process require module exports Buffer URL ' +
  'URLSearchParams Uint8Array ArrayBuffer DataView TextEncoder TextDecoder AbortSignal AbortController Request Response ' +
  'Headers fetch FormData Blob ReadableStream setTimeout clearTimeout setInterval clearInterval queueMicrotask ' +
  'structuredClone NaN Infinity isNaN isFinite parseInt parseFloat encodeURIComponent decodeURIComponent Node NodeJS'
).split(' ');

/** Names the emitters declare in every output whatever the spec (besides the runtime's exports). */
const GENERATED = (
  'Open SignInput Style O T ORIGIN WSDL HttpHandler Retried SimulatorControl SimulatorOptions createMockService ' +
  'startMockServer mswHandlers exampleHandlers operationOfMethod bindings methods DEFAULT_PAYER'
).split(' ');

/**
 * Every name a generated declaration may not take, whatever the spec: see {@link RESERVED} and {@link GLOBALS}, the
 * runtime's exports, and the names the emitters declare.
 */
export function reservedNames(): Set<string> {
  return new Set([...RESERVED, ...GLOBALS, ...RUNTIME_EXPORTS, ...GENERATED]);
}

/**
 * The identifier a wire name stands for before collisions: each character that cannot stand in an identifier becomes
 * `_`, and `_` goes before a first character that cannot start one. `SalesOrder.Line` -> `SalesOrder_Line`,
 * `x-ray` -> `x_ray`, `Technologie_supportée` unchanged.
 */
export function identifierStem(name: string): string {
  if (name === '') return '_';
  let out = '';
  for (const ch of name)
    out += out === '' ? (isStart(ch) && ch !== '$' ? ch : isPart(ch) ? `_${ch}` : '_') : isPart(ch) ? ch : '_';
  return out;
}

function isPart(ch: string): boolean {
  return ts.isIdentifierPart(ch.codePointAt(0)!, ts.ScriptTarget.ESNext) && ch !== '$';
}

/**
 * The stem of a name the generated code declares (a type, or the stem of an operation's `XParams`, `encodeX`):
 * {@link identifierStem} with its first letter in upper case, so that the words of a derived name join in camel case
 * (`serverVersion` -> `encodeServerVersion`, `ServerVersionParams`; a type `temp` -> `Temp`). A first character with
 * no single upper-case form (`ß`, `_`) stays as it is.
 */
export function declaredStem(name: string): string {
  const stem = identifierStem(name);
  const first = Array.from(stem)[0]!;
  const upper = first.toUpperCase();
  return Array.from(upper).length === 1 && isStart(upper) ? upper + stem.slice(first.length) : stem;
}

/**
 * Hands out declared names: each name asked for is given its stem when the stem and every name derived from it are
 * free, else the stem with the smallest number from 2 on for which they all are; what is given is taken from then on.
 * Asked in declaration order, the first of two names that meet keeps the plain name.
 */
export class NameTable {
  private readonly taken: Set<string>;
  private readonly stemOf: (wire: string) => string;

  /** `stem` makes a wire name an identifier before collisions: {@link identifierStem}, or {@link declaredStem}. */
  constructor(taken: Iterable<string> = reservedNames(), stem: (wire: string) => string = identifierStem) {
    this.taken = new Set(taken);
    this.stemOf = stem;
  }

  /** Takes names as they are (ones fixed elsewhere, e.g. the spec's client class). */
  reserve(...names: readonly string[]): void {
    for (const n of names) this.taken.add(n);
  }

  has(name: string): boolean {
    return this.taken.has(name);
  }

  /**
   * The declared name for `wire`, with `derive` giving the other names the generator makes from it (`XParams`,
   * `encodeX`, ...): all are taken on return. Not `declared` (an operation's stem), the name itself is not declared,
   * only what is derived from it.
   */
  claim(wire: string, derive: (name: string) => readonly string[] = () => [], options: ClaimOptions = {}): string {
    const declared = options.declared ?? true;
    const stem = this.stemOf(wire);
    const names = (n: string) => (declared ? [n, ...derive(n)] : derive(n));
    // Names derived from one stem are distinct from each other, so only what is already taken can stand in the way.
    const free = (n: string) => names(n).every((d) => !this.taken.has(d));
    let name = stem;
    for (let i = 2; !free(name); i++) name = `${stem}${i}`;
    this.reserve(...names(name));
    return name;
  }

  /**
   * Names for several wire names, in declaration order, in three rounds: first each name that is an identifier as it
   * is keeps itself (its first letter in upper case, in a table of {@link declaredStem}) where that is free, then each other takes its stem where that is free, then the rest take numbered
   * ones. So a name is renamed only when it must be: `a_b` stays `a_b` whatever comes before it (`a.b` is then
   * `a_b2`), and a numbered name never takes the plain name of a later declaration (`Address` (A), `Address` (B),
   * `Address2` are `Address`, `Address3`, `Address2`).
   */
  claimAll(requests: readonly NameRequest[]): string[] {
    const names: Array<string | undefined> = requests.map(() => undefined);
    const round = (which: (r: NameRequest) => boolean, plainOnly: boolean) => {
      requests.forEach((r, i) => {
        if (names[i] !== undefined || !which(r)) return;
        if (plainOnly && !this.isFree(this.stemOf(r.wire), r)) return;
        names[i] = this.claim(r.wire, r.derive, r.options);
      });
    };
    round((r) => r.plain ?? identifierStem(r.wire) === r.wire, true);
    round(() => true, true);
    round(() => true, false);
    return names as string[];
  }

  private isFree(stem: string, r: NameRequest): boolean {
    const derived = r.derive?.(stem) ?? [];
    const own = r.options?.declared === false ? derived : [stem, ...derived];
    return own.every((n) => !this.taken.has(n));
  }
}

/** One name to hand out in {@link NameTable.claimAll}. */
export interface NameRequest {
  readonly wire: string;
  /** Whether it is asked in the first round (see {@link NameTable.claimAll}); default: its stem is the wire name. */
  readonly plain?: boolean | undefined;
  readonly derive?: ((name: string) => readonly string[]) | undefined;
  readonly options?: ClaimOptions | undefined;
}

export interface ClaimOptions {
  /** False: the stem itself is not declared, only what is derived from it (an operation's stem). Default true. */
  readonly declared?: boolean;
}

/** The names the generated code derives from a record's or result's declared name (its reader, writer, ...). */
export function structDerived(name: string): string[] {
  return [`read${name}`, `write${name}`, `failed${name}`];
}

/** The names the generated code derives from an enum's declared name. */
export function enumDerived(name: string): string[] {
  return [`${name}Values`, `${name}ByNumber`, `encode${name}`, `write${name}`];
}

/**
 * The names the generated code declares from an operation's stem: its params and request types, its encoder, and
 * its result reader, outputs type and response headers type when it has them.
 */
export function operationDerived(has: OperationShape): (name: string) => string[] {
  return (name) => [
    ...(has.responseHeaders ? [`${name}ResponseHeaders`] : []),
    `${name}Params`,
    `${name}Request`,
    ...(has.outputs ? [`${name}Output`, ...structDerived(`${name}Output`)] : []),
    `encode${name}`,
    // A result that is a record is read by the record's reader; only another value has a reader of its own.
    ...(has.valueResult ? [`read${name}Result`] : []),
    // The typed faults it declares: their union and its guard (emit/client/faults.ts).
    ...(has.faults === true ? [`${name}Fault`, `is${name}Fault`] : []),
  ];
}

/** What of an operation decides the names it declares. */
export interface OperationShape {
  readonly outputs: boolean;
  readonly responseHeaders: boolean;
  /** It returns a value that is not a record or result type (and has no outputs). */
  readonly valueResult: boolean;
  /** It declares typed faults. */
  readonly faults?: boolean;
}

/**
 * What a client method's name derives: the variant returning the response headers, when the operation has them.
 * Methods are handed out from a table of their own, apart from the declared names: a method may be a word a
 * declaration may not (`delete`), and a type named `PingParams` renumbers the operation Ping's declared names
 * (`Ping2Params`) but not its method (`ping`). Two operations whose names differ only in the case of the first letter
 * (`Ping`, `ping`) get distinct methods (`ping`, `ping2`).
 */
export function methodDerived(has: { readonly responseHeaders: boolean }): (method: string) => string[] {
  return (method) => (has.responseHeaders ? [`${method}WithHeaders`] : []);
}

/** Members every generated client class has besides the operations' methods. */
export const CLIENT_MEMBERS = ['constructor', 'isServiceError', 'prototype', 'name', 'length'];

/**
 * lowerCamelCase of an operation name. A leading acronym is lowered as a whole, keeping the capital that starts
 * the next word: `GetBalances` -> `getBalances`, `GLAccounts` -> `glAccounts`, `URL` -> `url`.
 */
export function methodName(name: string): string {
  const lead = /^[A-Z]+/.exec(name)?.[0] ?? '';
  if (lead.length <= 1) return name.charAt(0).toLowerCase() + name.slice(1);
  if (lead.length === name.length) return name.toLowerCase();
  const next = name.charAt(lead.length);
  const keep = /[a-z]/.test(next) ? lead.length - 1 : lead.length;
  return name.slice(0, keep).toLowerCase() + name.slice(keep);
}

/**
 * kebab-case of a service name, for npm package names (which must be lower case). Acronyms stay one word:
 * `WeatherService` -> `weather-service`, `HTTPGateway` -> `http-gateway`, `Orders_V2` -> `orders-v2`.
 */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/_+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/**
 * A local variable's name part for a wire name, one to one: identifier characters stay, any other becomes `$`, its
 * code point in hex and `$` (`List.Id` -> `List$2e$Id`). No XML name holds `$`, so two wire names never meet.
 */
export function localName(name: string): string {
  let out = '';
  for (const ch of name) out += isPart(ch) ? ch : `$${ch.codePointAt(0)!.toString(16)}$`;
  return out;
}

/** A function parameter's name for a wire name: {@link localName}, with `_` before a reserved word or a digit. */
export function parameterName(name: string): string {
  const local = localName(name);
  return RESERVED.has(local) || !isStart(Array.from(local)[0] ?? '') ? `_${local}` : local;
}
