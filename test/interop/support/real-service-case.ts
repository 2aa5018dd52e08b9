/**
 * The shape of the tables in test/interop/real-services.test.ts: one table per third-party ASMX service of
 * test/fixtures/wsdl/, one row per operation of its spec (more where an operation has more than one shape worth
 * showing), each row run over SOAP 1.1 and SOAP 1.2 against node-soap serving the original WSDL.
 *
 * A row says what the generated client is called with, what the node-soap handler must receive, what the handler
 * returns, and what the client must decode from it. The handler's result is written the way node-soap 1.13 needs it
 * (see test/fixtures/wsdl/README.md, "node-soap 1.13.0 as a server"):
 *
 * - fields in schema order (node-soap writes the object's key order);
 * - `ArrayOfX` containers nested by hand: `{ Errors: { Error: [a, b] } }` (node-soap adds no container);
 * - xs:dateTime as the text a .NET service writes (a Date object would be written as an empty element), xs:decimal
 *   as a string (String() of a number would lose digits or switch to exponent notation);
 * - `null` for xsi:nil; a key left out for an element left out;
 * - {@link NIL_ITEM} for a nil list item (see there).
 *
 * The handler's arguments are node-soap's parse of the request with the exact text kept for xs:decimal, xs:double and
 * xs:dateTime ({@link EXACT_TEXT}): what the client sent, digit for digit. Lists keep their container level and are
 * arrays even with one item (`{ ProductIds: { int: [1] } }`); an empty container (`<ProductIds/>`) and a nil element
 * both arrive as null; an operation without parameters gets null.
 */

/** One call of one operation. */
export interface Row {
  /** The operation, as the WSDL names it. */
  readonly op: string;
  /** What this row shows, when the operation has more than one row. */
  readonly variant?: string;
  /** Which client of the service's `clients` calls it (default `default`). */
  readonly client?: string;
  /** The parameters passed to the generated client's method, typed as the generated params interface wants them. */
  readonly args: Readonly<Record<string, unknown>>;
  /** What the node-soap handler receives as its first argument (node-soap's parse, see the file comment). */
  readonly received: unknown;
  /**
   * The SOAP headers the handler receives (its third argument: keyed by the header element's local name), or
   * undefined when the request must carry none.
   */
  readonly headers?: Readonly<Record<string, unknown>>;
  /** What the handler returns (node-soap's form of the `<OpResponse>` children; `{}` for void, null for nil). */
  readonly returns: Readonly<Record<string, unknown>> | null;
  /**
   * Where the response knowingly breaks the WSDL's schema (see wsdl-facts.ts `schemaProblems`), e.g. an enum value
   * the WSDL does not list, which a newer service may send; every other response must be valid.
   */
  readonly responseOutsideSchema?: readonly string[];
  /** What the generated client returns, in its types (Date, exact decimal strings, arrays without containers). */
  readonly expected: unknown;
}

export interface ServiceCase {
  /** Short name, also the folder under test/fixtures/wsdl/. */
  readonly name: string;
  /**
   * The hand-written spec (YAML) and the original WSDL, relative to test/fixtures/wsdl/. A fixture without a hand-written
   * spec is exercised only through the draft import-wsdl makes of it (test/import/end-to-end.test.ts), and its table
   * names client options as that draft does.
   */
  readonly spec?: string;
  readonly wsdl: string;
  /** The service path (the spec's service.path). */
  readonly path: string;
  /** The WSDL's service name and its SOAP 1.1 port (the harness gives every port these handlers). */
  readonly service: string;
  readonly port: string;
  /** The exported client class (the spec's service.client). */
  readonly clientClass: string;
  /** Constructor options (besides baseUrl and style) of each client used by the rows; `default` is required. */
  readonly clients: Readonly<Record<string, Readonly<Record<string, unknown>>>> & {
    readonly default: Readonly<Record<string, unknown>>;
  };
  readonly rows: readonly Row[];
  /**
   * The content of the SOAP headers the service sends back, by header element: each operation's response carries
   * those its WSDL output declares (`<soap:header>` in `wsdl:output`), which the spec cannot express and the client
   * must skip.
   */
  readonly responseHeaders?: Readonly<Record<string, string>>;
  /**
   * Operations node-soap cannot serve, with the reason (bare operations): they have no rows and are called only against
   * the generated mock.
   */
  readonly notServedByNodeSoap?: Readonly<Record<string, string>>;
  /**
   * libxml2's messages that the generated mock's exchanges knowingly draw against the original WSDL's schema, because
   * the draft left a construct out (reported by the importer, explained in the fixture's ORIGIN.md); any other is a
   * failure.
   */
  readonly mockOutsideSchema?: readonly string[];
}

/**
 * A nil list item, as node-soap writes it. node-soap writes a `null` list item as an empty element
 * (`<Product></Product>`, an item with every field absent), never as a nil one; an `attributes` key gives the item
 * `xsi:nil="true"` instead, and the harness declares the xsi prefix that node-soap leaves undeclared. A fresh object
 * per use: node-soap must not see the same object twice.
 */
export const NIL_ITEM = (): { attributes: { 'xsi:nil': 'true' } } => ({ attributes: { 'xsi:nil': 'true' } });

/**
 * node-soap's request parsing per XML Schema type, with the exact text kept where node-soap would turn it into a lossy
 * JavaScript number or a Date (node-soap's own parse: decimal and double via Number(), dateTime via new Date()).
 */
export const EXACT_TEXT: Readonly<Record<string, (text: string) => string>> = {
  decimal: (text) => text,
  double: (text) => text,
  dateTime: (text) => text,
  long: (text) => text,
};

/** Text that stresses XML escaping, non-ASCII and astral-plane characters. */
export const MARKUP = '<a & "b"> \'c\' ]]>';
export const UNICODE = 'Zürich – Ærø 東京 🚢⛴️';

/** The extremes of .NET's System.Decimal, as text. */
export const DECIMAL_MAX = '79228162514264337593543950335';
export const DECIMAL_MIN = '-79228162514264337593543950335';
export const DECIMAL_TINY = '-0.0000000000000000000000000001';

export const INT_MAX = 2147483647;
export const INT_MIN = -2147483648;
