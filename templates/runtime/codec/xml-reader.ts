/**
 * A pull reader over a complete XML document held in a string.
 *
 * Response decoding is the hot path of a generated client, so the reader builds no tree and allocates little beyond
 * the name and text strings it hands out: it scans with native `indexOf`/`startsWith` wherever it can (a per-character
 * JavaScript loop is several times slower), keeps the open elements on parallel arrays, touches the namespace stack
 * only when a start tag declares something, and decodes text only when it holds a reference or a carriage return.
 *
 * There is no DTD support at all: a DOCTYPE is refused, so no entity other than the five predefined ones can exist
 * (no external entities, no expansion bombs).
 *
 * Everything else that makes a document not well-formed (XML 1.0 fifth edition, with Namespaces in XML 1.0) is
 * refused too, wherever it is, also inside skipped elements: characters XML does not allow, malformed names and
 * qualified names, duplicate attributes (also by expanded name), undeclared prefixes, bad references, `]]>` in text,
 * `--` in comments, an XML declaration that is malformed or not at the very start. The checks ride on the scans the
 * reader makes anyway, except for a leaf's text: it is found with a sticky regular expression that stops at anything
 * needing a closer look, where an indexOf would only find its end. That costs about a tenth of the decoding time of a
 * large response (see `npm run bench`, section "reader"); a JavaScript loop over the text costs twice as much.
 *
 * A large document can also come as a {@link TextSource} (a response body in the chunks it arrived in): the reader
 * then works over a window of the text, a few tens of kilobytes that it refills from the source as it moves on, so
 * that no string of the whole document is ever made. A string that large would be allocated in fresh memory whose first touch
 * costs about as much as decoding it; strings the size of a window are allocated in the young generation, whose pages
 * are reused, and dropped as the reader moves past them. What the reader gives (values, errors with their line,
 * column and path, readInnerXml/readOuterXml) is the same whatever the cut.
 */
import { SvcDecodeError } from '../errors.js';
import { keepResident } from './resident.js';
import type { TextSource } from './text-source.js';
import {
  ASCII_NAME_CLASS,
  ASCII_NAME_PART,
  ASCII_NAME_START,
  XML_NAMESPACE,
  XSI_NAMESPACE,
  decodeCharData,
  describeCharAt,
  isNameCodePoint,
  isNameStartCodePoint,
  trimXmlSpace,
  wideXmlCharLength,
} from './xml-chars.js';

const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const BANG = 33;
const DQUOTE = 34;
const QUOTE = 39;
const SLASH = 47;
const COLON = 58;
const LT = 60;
const EQUALS = 61;
const GT = 62;
const QUESTION = 63;
const AMP = 38;
const BOM = 0xfeff;
const FIRST_SURROGATE = 0xd800;
/**
 * A run of text that needs no decoding and that XML allows as it stands: no markup or reference start, no CR (line
 * ends are normalised), no `]` (which could begin `]]>`), no character outside XML's Char (surrogates, even paired,
 * take the slow path). Sticky: it is run at the cursor.
 */
// oxlint-disable-next-line no-control-regex -- the controls XML 1.0's Char production excludes end a plain run
const PLAIN_TEXT = /[^<&\r\]\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]*/y;

/** Namespace bound to the reserved `xmlns` prefix, which no declaration may bind or use. */
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';
/**
 * The XML declaration (XML 1.0 production XMLDecl), read where it is allowed: at the very start of the document.
 * Version 1.x, an encoding name of the EncName production, standalone yes or no.
 */
const XML_DECLARATION =
  /<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?:"1\.[0-9]+"|'1\.[0-9]+')(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\r\n]*\?>/y;

/** Initial capacity of the per-depth arrays; SOAP responses rarely nest deeper. */
const INITIAL_DEPTH = 32;
/**
 * Most namespace declarations in scope at once. Prefixes are resolved by scanning the in-scope declarations, which
 * is cheap for real responses (a handful) but would make a hostile document with thousands of them quadratic.
 */
const MAX_NAMESPACE_DECLARATIONS = 1000;
/** Deeper paths are shortened in `path()`, so that an error in a hostile, deeply nested document stays small. */
const MAX_PATH_ELEMENTS = 40;

/**
 * The window over a {@link TextSource} is refilled at the points where the reader holds no position but its own
 * (between markup) once fewer than this many characters are left in it, with at least {@link REFILL_CHARS} more.
 */
const REFILL_BELOW = 4096;
const REFILL_CHARS = 32 * 1024;

function isSpace(c: number): boolean {
  return c === SPACE || c === LF || c === TAB || c === CR;
}

/**
 * An element name met in the document, one object per distinct qualified name. Besides sparing a string per element,
 * it remembers which name followed it as a sibling and which came first among its children: responses repeat the
 * same record layout thousands of times, so the reader can usually confirm the next name with one string comparison
 * instead of scanning it character by character.
 */
class ElementName {
  /** Name of the sibling that followed this element last time. */
  next: ElementName | null = null;
  /** Name of the first child of this element last time. */
  firstChild: ElementName | null = null;
  /** The usual end tag, `</qName>`, compared in one piece. */
  readonly endTag: string;
  /** `</qName><next`, for the `next` it was built for: confirms an end tag and the following name in one comparison. */
  private pair = '';
  private pairFor: ElementName | null = null;

  constructor(
    readonly qName: string,
    readonly localName: string,
    /** Length of the prefix, or -1 when the name has none. */
    readonly prefixLength: number,
  ) {
    this.endTag = `</${qName}>`;
  }

  /** This element's end tag followed by the start of `next`'s start tag (`</a><b`). */
  endTagThen(next: ElementName): string {
    if (this.pairFor !== next) {
      this.pairFor = next;
      this.pair = flat(`${this.endTag}<${next.qName}`);
    }
    return this.pair;
  }
}

/**
 * The same text as a flat (internalised) string: a concatenation is a rope in V8, which every comparison would have to
 * walk.
 */
function flat(s: string): string {
  return Object.keys({ [s]: 0 })[0] ?? s;
}

/** Namespace URIs already internalised, by their text: every response declares the same few again. */
const URIS = new Map<string, string>();
/** Most URIs {@link URIS} keeps; beyond, it starts again, so that hostile documents cannot make it grow. */
const MAX_URIS = 256;

/**
 * `uri` internalised, as {@link flat} gives it. A lookup in a map costs about a microsecond less than internalising
 * again (measured on a small SOAP answer, which declares three namespaces: about a tenth of its decoding).
 */
function internedUri(uri: string): string {
  let interned = URIS.get(uri);
  if (interned === undefined) {
    interned = flat(uri);
    if (URIS.size >= MAX_URIS) URIS.clear();
    URIS.set(interned, interned);
  }
  return interned;
}

/** Most names a shared {@link XmlNameTable} keeps; a hostile document cannot make it grow further. */
const MAX_SHARED_NAMES = 4096;

/**
 * The element names met in documents, with what the reader learnt about their order. A reader makes a table of its
 * own by default; a client passes one table per operation to every reader of that operation's responses, so the
 * names and the sibling predictions are built once rather than for every document.
 */
export class XmlNameTable {
  /** @internal */
  readonly names = new Map<string, ElementName>();

  /**
   * The entry for `qName` (whose local part is `qName.slice(prefixLength + 1)`), creating it, and keeping it while
   * the table has room, when new.
   * @internal
   */
  entry(qName: string, prefixLength: number): ElementName {
    let name = this.names.get(qName);
    if (name === undefined) {
      // Internalised names make the decoders' `switch (reader.memberName)` compare pointers rather than characters.
      const q = flat(qName);
      name = new ElementName(q, prefixLength < 0 ? q : flat(qName.slice(prefixLength + 1)), prefixLength);
      if (this.names.size < MAX_SHARED_NAMES) this.names.set(qName, name);
    }
    return name;
  }
}

/** Stands for "no previous sibling" so that the per-depth array holds a single type. */
const NO_NAME = new ElementName('', '', -1);

/**
 * Forward-only reader of one XML document.
 *
 * Protocol: `readRoot()` positions on the root start tag. On a start tag, `localName`, `namespaceUri`, `isNil`,
 * `isEmpty` and `attr()` describe it, and exactly one of `readText()`, `skip()`, `readInnerXml()` or a
 * `while (nextChild())` loop must consume it. `nextChild()` returns false once the current element's end tag has been
 * consumed. Any malformed markup met on the way throws {@link SvcDecodeError} with line, column and element path.
 */
export class XmlReader {
  /** The document, or with a {@link TextSource} the window of it that the reader is in. */
  private xml: string;
  /** Offset in the document of the window's first character; positions are in the window. */
  private base = 0;
  private readonly source: TextSource | undefined;
  private readonly refillChars: number;
  /** Document offset of markup being returned (readInnerXml, readOuterXml): the window keeps it. */
  private keepFrom = Number.MAX_SAFE_INTEGER;
  private pos = 0;
  private started = false;
  /** True right after a start tag was read and before anything consumed it. */
  private onStartTag = false;

  // Open elements, index = depth - 1: the name (its qualified form matches the end tag with a native startsWith), the
  // previous sibling at that depth (for name prediction) and the position among consecutive same-named siblings (for
  // `path()`). Skip() uses the slots below the current depth the same way.
  private depth = 0;
  // Preallocated, filled with the one empty-name sentinel: the hot loop only ever overwrites slots.
  /* oxlint-disable unicorn/no-new-array, unicorn/no-array-fill-with-reference-type */
  private open: ElementName[] = new Array<ElementName>(INITIAL_DEPTH).fill(NO_NAME);
  private prevSibling: ElementName[] = new Array<ElementName>(INITIAL_DEPTH + 1).fill(NO_NAME);
  private runIndex: number[] = new Array<number>(INITIAL_DEPTH + 1).fill(0);
  /* oxlint-enable unicorn/no-new-array, unicorn/no-array-fill-with-reference-type */
  private readonly nameTable: XmlNameTable;

  // In-scope namespace declarations, innermost last, each with the depth of the element that declared it.
  private nsPrefix: string[] = [];
  private nsUri: string[] = [];
  private nsDepth: number[] = [];
  private nsCount = 0;
  private defaultNs = '';

  // The start tag last read.
  private cur: ElementName = NO_NAME;
  private curNamespace = '';
  private curEmpty = false;
  private curNil = false;
  private attrCount = 0;
  private attrNameStart: number[] = [];
  private attrColon: number[] = [];
  private attrNameEnd: number[] = [];
  private attrValueStart: number[] = [];
  private attrValueEnd: number[] = [];
  private attrIsDecl: boolean[] = [];
  /** Namespace of each prefixed attribute that is not a declaration (resolved when checked). */
  private attrNs: string[] = [];

  /** Where the last consumed end tag started (for readInnerXml). */
  private lastEndTag = 0;
  /** Where the start tag last read starts (for readOuterXml). */
  private curStart = 0;
  /** First colon of the name scanName last read, or -1. */
  private nameColon = -1;
  /** End of the name readName last read. */
  private nameEnd = 0;
  /** Start of a name already confirmed (with the end tag before it) as `confirmedName`, or -1. */
  private confirmedAt = -1;
  private confirmedName: ElementName = NO_NAME;

  /** Where the XML declaration may be: the very start, after a byte-order mark if there is one. */
  private prologStart = 0;
  /** Whether the name scanName last read is a proper qualified name (at most one colon, neither first nor last). */
  private nameOk = true;

  /**
   * Whether values are held to their patterns (xs:pattern) as they are read: the mock sets it on requests, which the
   * service's schema binds; the client leaves it off, reading an answer as the service sent it.
   */
  checkPatterns = false;

  /** `fail` as a callback for the character-data decoder, bound once rather than per call. */
  private readonly failAt = (message: string, offset: number): never => this.fail(message, offset);

  /**
   * @param xml - the complete document, e.g. the text of an HTTP response, or a source of its text
   * @param names - a name table shared with other readers of documents of the same shape (default: a new one)
   * @param refillChars - with a source, the least the window grows by when refilled (tests make it small)
   */
  constructor(xml: string | TextSource, names: XmlNameTable = new XmlNameTable(), refillChars = REFILL_CHARS) {
    if (typeof xml === 'string') {
      this.xml = xml;
      this.source = undefined;
    } else {
      this.xml = '';
      this.source = xml;
    }
    this.nameTable = names;
    this.refillChars = Math.max(1, refillChars);
  }

  /**
   * The namespace of the elements that generated decoders read as fields and items (the service namespace), or
   * undefined to match fields by local name alone.
   */
  get memberNamespace(): string | undefined {
    return this.member;
  }

  set memberNamespace(ns: string | undefined) {
    // Internalised, like the URIs of the document's declarations, so that comparing them is a pointer comparison;
    // found among those already internalised, as a client sets the same one for every answer.
    this.member = ns === undefined ? undefined : internedUri(ns);
  }

  private member: string | undefined = undefined;

  /** Local name of the current start tag. */
  get localName(): string {
    return this.cur.localName;
  }

  /**
   * Local name of the current start tag when it is in {@link memberNamespace}, else `''`: an element of another
   * namespace is never taken for a field of the same local name.
   */
  get memberName(): string {
    const ns = this.member;
    return ns === undefined || this.curNamespace === ns ? this.cur.localName : '';
  }

  /** Namespace URI of the current start tag, resolved from the in-scope declarations; `''` for no namespace. */
  get namespaceUri(): string {
    return this.curNamespace;
  }

  /** True when the current start tag carries `nil="true"` (or `"1"`) in the XML Schema instance namespace. */
  get isNil(): boolean {
    return this.curNil;
  }

  /**
   * The local part of the current start tag's `xsi:type` (`q1:Derived` gives `Derived`), or undefined without one:
   * .NET names the derived type this way where an element declared as a base type holds a derived one.
   */
  get xsiType(): string | undefined {
    const i = this.xsiAttribute('type');
    if (i < 0) return undefined;
    const value = trimXmlSpace(this.attrValue(i));
    return value.slice(value.indexOf(':') + 1);
  }

  /**
   * The current start tag's `xsi:type` as `{namespace}local` (Clark notation), its prefix resolved among the in-scope
   * declarations (no prefix: the default namespace, as XML Schema resolves a QName), or undefined without one. An
   * undeclared prefix names no type: a decode error.
   */
  get xsiTypeName(): string | undefined {
    const i = this.xsiAttribute('type');
    if (i < 0) return undefined;
    const value = trimXmlSpace(this.attrValue(i));
    const colon = value.indexOf(':');
    const ns = colon < 0 ? this.defaultNs : this.lookup(value.slice(0, colon));
    if (ns === undefined)
      throw new SvcDecodeError(`undeclared namespace prefix "${value.slice(0, colon)}" in xsi:type="${value}"`, {
        path: this.path(),
      });
    return `{${ns}}${value.slice(colon + 1)}`;
  }

  /** True when the current start tag is self-closing (`<a/>`). */
  get isEmpty(): boolean {
    return this.curEmpty;
  }

  /** Depth of the current position: 1 on the root's start tag, 0 once the root is consumed. */
  get currentDepth(): number {
    return this.depth;
  }

  /**
   * Value of the current start tag's attribute with this local name (any prefix, or with `unqualified` none at all;
   * namespace declarations excluded), entities decoded, or undefined.
   */
  attr(localName: string, unqualified = false): string | undefined {
    const xml = this.xml;
    for (let i = 0; i < this.attrCount; i++) {
      if (this.attrIsDecl[i]) continue;
      const colon = this.attrColon[i]!;
      if (unqualified && colon >= 0) continue;
      const start = colon >= 0 ? colon + 1 : this.attrNameStart[i]!;
      if (this.attrNameEnd[i]! - start === localName.length && xml.startsWith(localName, start)) {
        return this.attrValue(i);
      }
    }
    return undefined;
  }

  /**
   * Every attribute of the current start tag but namespace declarations, in document order, values decoded: an
   * unprefixed one keyed by its name, one in a namespace as `{uri}local` (Clark notation), so that two prefixes bound to
   * one namespace give one key and a key never depends on the prefix chosen.
   */
  attributes(): Array<[string, string]> {
    const out: Array<[string, string]> = [];
    const xml = this.xml;
    for (let i = 0; i < this.attrCount; i++) {
      if (this.attrIsDecl[i]) continue;
      const colon = this.attrColon[i]!;
      const end = this.attrNameEnd[i]!;
      const key =
        colon >= 0 ? `{${this.attrNs[i]!}}${xml.slice(colon + 1, end)}` : xml.slice(this.attrNameStart[i]!, end);
      out.push([key, this.attrValue(i)]);
    }
    return out;
  }

  /**
   * Skips the XML declaration, comments, processing instructions and whitespace, and positions on the root element's
   * start tag. Calling it again once the root is found does nothing. Refuses a DOCTYPE and anything that is not XML.
   */
  readRoot(): void {
    if (this.started) return;
    // The prolog is read without refilling the window: it starts at the document's start.
    let p = this.reach(1) && this.xml.charCodeAt(0) === BOM ? 1 : 0;
    this.prologStart = p;
    for (;;) {
      p = this.skipSpace(p);
      if (p >= this.xml.length) {
        this.fail(this.xml.length === 0 ? 'empty document, expected XML' : 'no root element in the document', p);
      }
      if (this.xml.charCodeAt(p) !== LT) this.fail('not XML: the document does not start with markup', p);
      const next = this.charAt(p + 1);
      if (next === QUESTION) {
        p = this.skipProcessingInstruction(p);
      } else if (next === BANG) {
        p = this.skipDeclaration(p);
      } else {
        this.started = true;
        this.openElement(p);
        return;
      }
    }
  }

  /**
   * Advances to the next child element of the current element and returns true, positioned on its start tag; or
   * consumes the current element's end tag and returns false. Comments, processing instructions and text between
   * children are skipped.
   */
  nextChild(): boolean {
    if (this.onStartTag) {
      this.onStartTag = false;
      if (this.curEmpty) {
        this.closeElement();
        return false;
      }
    }
    if (this.depth === 0) {
      if (!this.started) throw new Error('XmlReader.nextChild() called before readRoot()');
      return false;
    }
    let p = this.pos;
    for (;;) {
      if (this.xml.length - p < REFILL_BELOW && this.source !== undefined) p = this.refill(p);
      const xml = this.xml;
      // Compact documents put the next tag right here; a native call is only worth it to cross whitespace.
      let lt = xml.charCodeAt(p) === LT ? p : xml.indexOf('<', p);
      if (lt < 0) lt = this.find('<', p);
      if (lt < 0) this.failEof();
      if (lt > p) this.requireSpace(p, lt);
      const c = lt + 1 < xml.length ? xml.charCodeAt(lt + 1) : this.charAt(lt + 1);
      if (c === SLASH) {
        this.consumeEndTag(lt);
        return false;
      }
      if (c === BANG) {
        if (this.startsWithAt('<![CDATA[', lt)) this.requireBlankCData(lt);
        p = this.skipDeclaration(lt);
      } else if (c === QUESTION) {
        p = this.skipProcessingInstruction(lt);
      } else {
        this.openElement(lt);
        return true;
      }
    }
  }

  /**
   * Checks that nothing but whitespace, comments and processing instructions follows the root element, which must
   * have been consumed. A second root element or stray text makes the document not well-formed.
   */
  readEnd(): void {
    if (!this.started || this.depth !== 0)
      throw new Error('XmlReader.readEnd() called before the root element was consumed');
    let p = this.pos;
    for (;;) {
      if (this.xml.length - p < REFILL_BELOW && this.source !== undefined) p = this.refill(p);
      p = this.skipSpace(p);
      if (p >= this.xml.length) return;
      const c = this.charAt(p + 1);
      if (this.xml.charCodeAt(p) !== LT) this.fail('content after the root element', p);
      // Comments pass; the declaration skipper refuses a CDATA section here, a DOCTYPE and other declarations.
      if (c === QUESTION) p = this.skipProcessingInstruction(p);
      else if (c === BANG) p = this.skipDeclaration(p);
      else this.fail('a second root element after the root element', p);
    }
  }

  /**
   * Returns the text content of the current element and consumes its end tag: references decoded, CDATA sections
   * included, comments and processing instructions dropped, nothing trimmed. `''` for `<a/>` and `<a></a>`.
   * Throws {@link SvcDecodeError} when the element has child elements.
   */
  readText(): string {
    this.requireStartTag('readText');
    this.onStartTag = false;
    if (this.curEmpty) {
      this.closeElement();
      return '';
    }
    let start = this.pos;
    if (this.xml.length - start < REFILL_BELOW && this.source !== undefined) start = this.refill(start);
    let xml = this.xml;
    // One native scan finds the end of plain text and proves it needs no decoding and holds nothing XML refuses.
    PLAIN_TEXT.lastIndex = start;
    PLAIN_TEXT.test(xml);
    let lt = PLAIN_TEXT.lastIndex;
    // At the window's end the text may go on beyond it.
    while (lt + 1 >= xml.length && this.more()) {
      xml = this.xml;
      PLAIN_TEXT.lastIndex = lt;
      PLAIN_TEXT.test(xml);
      lt = PLAIN_TEXT.lastIndex;
    }
    if (xml.charCodeAt(lt) === LT && xml.charCodeAt(lt + 1) === SLASH) {
      const text = xml.slice(start, lt);
      this.consumeEndTag(lt);
      return text;
    }
    return this.readMixedText(start);
  }

  /**
   * Skips the current element with all its descendants, consuming its end tag. What is skipped is checked as
   * thoroughly as what is read (names, namespaces, attributes, references, characters), so that a document is refused
   * or accepted whatever part of it the caller reads.
   */
  skip(): void {
    this.requireStartTag('skip');
    this.onStartTag = false;
    if (this.curEmpty) {
      this.closeElement();
      return;
    }
    // The descendants' start tags pass through openElement; the skipped element stays the one the getters describe.
    const { cur, curNamespace, curNil } = this;
    const base = this.depth;
    let p = this.pos;
    for (;;) {
      if (this.xml.length - p < REFILL_BELOW && this.source !== undefined) p = this.refill(p);
      let lt = this.xml.indexOf('<', p);
      if (lt < 0) lt = this.find('<', p);
      if (lt < 0) this.failEof();
      if (lt > p) this.checkText(p, lt);
      const c = this.charAt(lt + 1);
      if (c === SLASH) {
        p = this.matchEndTag(lt, this.depth);
        this.lastEndTag = lt;
        this.closeElement();
        if (this.depth < base) break;
      } else if (c === BANG) {
        p = this.skipDeclaration(lt);
      } else if (c === QUESTION) {
        p = this.skipProcessingInstruction(lt);
      } else {
        this.openElement(lt);
        this.onStartTag = false;
        p = this.pos;
        if (this.curEmpty) this.closeElement();
      }
    }
    this.pos = p;
    this.cur = cur;
    this.curNamespace = curNamespace;
    this.curNil = curNil;
    this.curEmpty = false;
  }

  /**
   * Returns the markup between the current element's start and end tags exactly as it appears in the source
   * (nothing decoded) and consumes the element. Meant for opaque content such as a SOAP fault's detail.
   */
  readInnerXml(): string {
    this.requireStartTag('readInnerXml');
    if (this.curEmpty) {
      this.onStartTag = false;
      this.closeElement();
      return '';
    }
    const start = this.base + this.pos;
    this.skipKeeping(start);
    return this.xml.slice(start - this.base, this.lastEndTag);
  }

  /** Consumes the current element as `skip()` does, the window kept from `start` on (to slice its markup out). */
  private skipKeeping(start: number): void {
    const kept = this.keepFrom;
    this.keepFrom = Math.min(kept, start);
    try {
      this.skip();
    } finally {
      this.keepFrom = kept;
    }
  }

  /**
   * The namespace declarations in scope at the current element (its own included), one per prefix, the innermost
   * binding of each (`''` the default namespace), without the predeclared `xml`: what markup taken out of the
   * document with {@link readInnerXml} needs declared around it to mean the same.
   */
  namespacesInScope(): Array<[prefix: string, uri: string]> {
    const found = new Map<string, string>();
    for (let i = this.nsCount - 1; i >= 0; i--) {
      const prefix = this.nsPrefix[i]!;
      if (prefix !== 'xml' && !found.has(prefix)) found.set(prefix, this.nsUri[i]!);
    }
    return [...found];
  }

  /**
   * Returns the current element's markup, its start and end tags included, exactly as it appears in the source, and
   * consumes it. Namespace declarations of its ancestors are not added: meant for a document's root (XML content
   * sent as a whole document).
   */
  readOuterXml(): string {
    this.requireStartTag('readOuterXml');
    const start = this.base + this.curStart;
    if (this.curEmpty) {
      this.onStartTag = false;
      this.closeElement();
    } else {
      this.skipKeeping(start);
    }
    return this.xml.slice(start - this.base, this.pos);
  }

  /**
   * Slash-joined local names of the open elements, with `[n]` after the n-th (n > 1) of consecutive same-named
   * siblings, e.g. `Envelope/Body/GetOrdersResponse/GetOrdersResult/Orders/Order[2]/Amount`.
   * Beyond 40 levels the middle is shortened to `...`.
   */
  path(): string {
    const depth = this.depth;
    const head = depth > MAX_PATH_ELEMENTS ? 10 : depth;
    const tailFrom = depth > MAX_PATH_ELEMENTS ? depth - (MAX_PATH_ELEMENTS - 10) : depth;
    let out = '';
    for (let i = 0; i < depth; i++) {
      if (i === head && i < tailFrom) {
        out += '/...';
        i = tailFrom - 1;
        continue;
      }
      const n = this.runIndex[i]!;
      out += (i > 0 ? '/' : '') + this.open[i]!.localName + (n > 1 ? `[${n}]` : '');
    }
    return out;
  }

  /**
   * The path of the element consumed last by `readText()`, `skip()` or `readInnerXml()` (the current path plus that
   * element, with its `[n]`), for error messages about a value after it was read.
   */
  closedPath(): string {
    const d = this.depth;
    const name = this.open[d];
    if (name === undefined || name === NO_NAME) return this.path();
    const n = this.runIndex[d]!;
    const parent = this.path();
    return `${parent === '' ? '' : `${parent}/`}${name.localName}${n > 1 ? `[${n}]` : ''}`;
  }

  /** Throws a {@link SvcDecodeError} for `message`, adding the current element path. */
  error(message: string, cause?: unknown): never {
    throw new SvcDecodeError(message, { path: this.path(), cause });
  }

  // ---- internals -------------------------------------------------------------------------------------------------

  // The window over a source. Inside a piece of markup the window only grows (`more`), so that every position held,
  // also in callers' locals, stays valid; it is moved on (`refill`) only where nothing but the cursor is held. Over a
  // plain string there is nothing more and each of these returns at once.

  /**
   * Extends the window by at least its own length (so that markup spanning many windows costs linear time); false at
   * the document's end.
   */
  private more(): boolean {
    const src = this.source;
    const end = this.base + this.xml.length;
    if (src === undefined || end >= src.length) return false;
    this.xml = src.text(this.base, Math.min(src.length, end + Math.max(this.refillChars, this.xml.length)));
    return true;
  }

  /**
   * Moves the window to start at the cursor `p` and extends it; returns `p` in the new window. Called between markup,
   * where no other position is held than the ones adjusted here.
   */
  private refill(p: number): number {
    const src = this.source!;
    const cut = p;
    const end = this.base + this.xml.length;
    // Markup being kept (readInnerXml) is never cut, and a window that only grew would be made again whole at every
    // refill: the window then grows by doubling, in `more`.
    if (end >= src.length || this.keepFrom - this.base < cut) return p;
    this.xml = src.text(this.base + cut, Math.min(src.length, end + this.refillChars));
    this.base += cut;
    this.pos -= cut;
    this.curStart -= cut;
    this.lastEndTag -= cut;
    this.prologStart -= cut;
    this.confirmedAt = this.confirmedAt >= cut ? this.confirmedAt - cut : -1;
    for (let i = 0; i < this.attrCount; i++) {
      this.attrNameStart[i]! -= cut;
      if (this.attrColon[i]! >= 0) this.attrColon[i]! -= cut;
      this.attrNameEnd[i]! -= cut;
      this.attrValueStart[i]! -= cut;
      this.attrValueEnd[i]! -= cut;
    }
    return p - cut;
  }

  /** Makes the window reach `end` (exclusive); false when the document ends before. */
  private reach(end: number): boolean {
    while (this.xml.length < end) if (!this.more()) return false;
    return true;
  }

  /** The character code at `i`, growing the window to it; NaN beyond the document's end. */
  private charAt(i: number): number {
    if (i >= this.xml.length) this.reach(i + 1);
    return this.xml.charCodeAt(i);
  }

  private startsWithAt(s: string, at: number): boolean {
    if (at + s.length > this.xml.length) this.reach(at + s.length);
    return this.xml.startsWith(s, at);
  }

  /** `indexOf` over the rest of the document, growing the window until `s` is found; -1 when it is not there. */
  private find(s: string, from: number): number {
    let i = this.xml.indexOf(s, from);
    while (i < 0) {
      const again = Math.max(from, this.xml.length - s.length + 1);
      if (!this.more()) return -1;
      i = this.xml.indexOf(s, again);
    }
    return i;
  }

  /** The first index from `p` that is not XML whitespace (the document's length at its end). */
  private skipSpace(p: number): number {
    for (;;) {
      const xml = this.xml;
      const len = xml.length;
      while (p < len && isSpace(xml.charCodeAt(p))) p++;
      if (p < len || !this.more()) return p;
    }
  }

  private requireStartTag(method: string): void {
    // A generated decoder that calls these off a start tag would silently read the wrong element: fail loudly.
    if (!this.onStartTag) throw new Error(`XmlReader.${method}() called when not positioned on a start tag`);
  }

  /** Reads the start tag at `lt` and pushes it as the new current element. */
  private openElement(lt: number): void {
    const nameStart = lt + 1;
    this.curStart = lt;
    const d = this.depth;
    if (d === this.open.length) this.grow();
    const name = this.readName(nameStart, d);
    const nameEnd = this.nameEnd;
    // Push before reading attributes so that declarations on this tag are recorded at this element's depth.
    this.enter(d, name);
    this.depth = d + 1;
    this.cur = name;

    let tagEnd: number;
    // readName saw the character after the name, so it is in the window.
    const c = this.xml.charCodeAt(nameEnd);
    if (c === GT) {
      this.attrCount = 0;
      tagEnd = nameEnd + 1;
    } else {
      tagEnd = this.scanAttributes(lt, nameEnd, d + 1);
    }
    this.curEmpty = this.xml.charCodeAt(tagEnd - 2) === SLASH;
    this.curNil = this.attrCount > 0 && (this.checkAttributes(), this.hasNilAttribute());
    this.curNamespace =
      name.prefixLength < 0 ? this.defaultNs : this.resolvePrefix(nameStart, nameStart + name.prefixLength, lt);
    this.pos = tagEnd;
    this.onStartTag = true;
  }

  /** Records `name` as the element open at index `d`, for end-tag matching, prediction and `path()`. */
  private enter(d: number, name: ElementName): void {
    this.open[d] = name;
    if (this.prevSibling[d] === name) {
      this.runIndex[d]!++;
    } else {
      this.prevSibling[d] = name;
      this.runIndex[d] = 1;
    }
    this.prevSibling[d + 1] = NO_NAME;
  }

  /**
   * Reads the element name starting at `nameStart` for an element at index `d`, leaving its end in `nameEnd`. The
   * name predicted from the previous sibling (or, for a first child, from the parent) is confirmed with startsWith;
   * only a new or unexpected name is scanned and looked up.
   */
  private readName(nameStart: number, d: number): ElementName {
    if (nameStart === this.confirmedAt) {
      this.confirmedAt = -1;
      const name = this.confirmedName;
      this.nameEnd = nameStart + name.qName.length;
      return name;
    }
    const prev = this.prevSibling[d]!;
    const guess = prev !== NO_NAME ? prev.next : d > 0 ? this.open[d - 1]!.firstChild : null;
    if (guess !== null) {
      // slice + === beats startsWith (about 2.5 times faster in V8) and a character loop.
      const end = nameStart + guess.qName.length;
      if (end >= this.xml.length) this.reach(end + 1);
      const xml = this.xml;
      if (xml.slice(nameStart, end) === guess.qName) {
        const c = xml.charCodeAt(end);
        if (c === GT || c === SLASH || isSpace(c)) {
          this.nameEnd = end;
          return guess;
        }
      }
    }
    const end = this.scanName(nameStart);
    const xml = this.xml;
    const c = xml.charCodeAt(end);
    if (end === nameStart || !this.nameOk || !(c === GT || c === SLASH || isSpace(c)))
      this.failName(nameStart - 1, nameStart, end);
    this.nameEnd = end;
    const qName = xml.slice(nameStart, end);
    const colon = this.nameColon;
    const name = this.nameTable.entry(qName, colon < 0 ? -1 : colon - nameStart);
    if (prev !== NO_NAME) prev.next = name;
    else if (d > 0) this.open[d - 1]!.firstChild = name;
    return name;
  }

  /** Pops the current element and the namespace declarations it made. */
  private closeElement(): void {
    const d = this.depth;
    this.depth = d - 1;
    if (this.nsCount > 0 && this.nsDepth[this.nsCount - 1] === d) {
      let n = this.nsCount;
      let defaultChanged = false;
      while (n > 0 && this.nsDepth[n - 1] === d) {
        n--;
        if (this.nsPrefix[n] === '') defaultChanged = true;
      }
      this.nsCount = n;
      this.nsPrefix.length = n;
      this.nsUri.length = n;
      this.nsDepth.length = n;
      if (defaultChanged) this.defaultNs = this.lookup('') ?? '';
    }
  }

  /**
   * Returns the end of the name starting at `p`: the first character that cannot continue an XML name (XML 1.0 fifth
   * edition: ASCII by a table, the rest by the NameStartChar and NameChar ranges, surrogate pairs as one character).
   * Records its first colon in `nameColon` (-1 if none) and in `nameOk` whether it is a proper qualified name.
   */
  private scanName(p: number): number {
    let xml = this.xml;
    let len = xml.length;
    let colon = -1;
    let ok = true;
    // Start of the current part (prefix or local name), where only a start character may stand.
    let part = p;
    for (; ; p++) {
      if (p >= len) {
        // The name may go on beyond the window, which then ends in a name character.
        if (!this.more()) break;
        xml = this.xml;
        len = xml.length;
      }
      const c = xml.charCodeAt(p);
      if (c < 128) {
        const kind = ASCII_NAME_CLASS[c];
        if (kind === ASCII_NAME_START) continue;
        if (kind === ASCII_NAME_PART && p > part) continue;
        if (c !== COLON || kind === ASCII_NAME_PART) break;
        if (colon >= 0 || p === part) ok = false;
        else colon = p;
        part = p + 1;
        continue;
      }
      let cp = c;
      if (c >= 0xd800 && c <= 0xdbff) {
        if (p + 1 >= len) {
          this.reach(p + 2);
          xml = this.xml;
          len = xml.length;
        }
        const low = xml.charCodeAt(p + 1);
        if (low >= 0xdc00 && low <= 0xdfff) cp = (c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      }
      if (!(p === part ? isNameStartCodePoint(cp) : isNameCodePoint(cp))) break;
      if (cp > 0xffff) p++;
    }
    if (colon >= 0 && p === part) ok = false;
    this.nameColon = colon;
    this.nameOk = ok;
    return p;
  }

  /**
   * Fails for the name at `start`, which scanName ended at `end` and which is empty, not a proper qualified name, or
   * followed by a character that cannot follow a name there.
   */
  private failName(tagStart: number, start: number, end: number): never {
    // What the message quotes, as from the whole document.
    this.reach(Math.max(end + 2, start + 41));
    const xml = this.xml;
    const len = xml.length;
    if (end >= len) this.fail('unterminated start tag', tagStart);
    const c = xml.charCodeAt(end);
    if (end === start && (c === GT || c === SLASH || isSpace(c))) this.fail('start tag without a name', tagStart);
    if (c === LT || c === DQUOTE || c === QUOTE) this.fail('malformed start tag', tagStart);
    let stop = end;
    while (stop < len && stop - start < 40) {
      const k = xml.charCodeAt(stop);
      if (k === GT || k === SLASH || k === EQUALS || k === LT || isSpace(k)) break;
      stop++;
    }
    const name = JSON.stringify(xml.slice(start, Math.max(stop, start + 1)));
    const char = c > SPACE && c < 127 ? JSON.stringify(String.fromCharCode(c)) : describeCharAt(xml, end);
    const why =
      end === start || this.nameOk
        ? `${char} cannot ${end === start ? 'start' : 'be part of'} a name`
        : 'a qualified name has at most one colon, with a name on each side';
    return this.fail(`malformed name ${name}: ${why}`, end);
  }

  /**
   * Scans the attributes of the tag opened at `tagStart` from `p` (just after the element name) to the end of the tag
   * and returns the index after its `>`. Attributes are recorded for `attr()`/`isNil` and checkAttributes, and
   * namespace declarations pushed at `depth`. Every value is checked here, whether or not anyone reads it.
   */
  private scanAttributes(tagStart: number, p: number, depth: number): number {
    let count = 0;
    for (;;) {
      const afterValue = p;
      p = this.skipSpace(p);
      let xml = this.xml;
      if (p >= xml.length) this.fail('unterminated start tag', tagStart);
      let c = xml.charCodeAt(p);
      if (c === GT) {
        this.attrCount = count;
        return p + 1;
      }
      if (c === SLASH) {
        if (this.charAt(p + 1) !== GT) this.fail('"/" not followed by ">" in a start tag', p);
        this.attrCount = count;
        return p + 2;
      }
      if (p === afterValue && count > 0) this.fail('attributes not separated by whitespace', p);
      const nameStart = p;
      const nameEnd = this.scanName(p);
      const colon = this.nameColon;
      p = nameEnd;
      xml = this.xml;
      if (p >= xml.length) this.fail('unterminated start tag', tagStart);
      c = xml.charCodeAt(p);
      if ((c !== EQUALS && !isSpace(c)) || nameEnd === nameStart || !this.nameOk) {
        const delimiter = c === GT || c === SLASH || c === LT || c === DQUOTE || c === QUOTE;
        if (delimiter && nameEnd > nameStart && this.nameOk) this.fail('malformed attribute', p);
        this.failName(tagStart, nameStart, nameEnd);
      }
      p = this.skipSpace(p);
      if (this.xml.charCodeAt(p) !== EQUALS) this.fail('attribute without "="', nameStart);
      p = this.skipSpace(p + 1);
      const quote = this.xml.charCodeAt(p);
      if (quote !== DQUOTE && quote !== QUOTE) this.fail('attribute value not quoted', p);
      const valueStart = p + 1;
      const valueEnd = this.find(quote === DQUOTE ? '"' : "'", valueStart);
      if (valueEnd < 0) this.fail('unterminated attribute value', p);
      xml = this.xml;
      let plain = true;
      for (let i = valueStart; i < valueEnd; i++) {
        const v = xml.charCodeAt(i);
        if (v <= LT) {
          if (v === LT) this.fail('"<" in an attribute value', i);
          if (v === AMP || v < SPACE) plain = false;
        } else if (v >= FIRST_SURROGATE) {
          plain = false;
        }
      }
      // References and characters are checked by decoding the value once, also when nobody reads it.
      if (!plain) decodeCharData(xml, valueStart, valueEnd, true, this.failAt);
      p = valueEnd + 1;
      const isDecl = xml.startsWith('xmlns', nameStart) && (nameEnd - nameStart === 5 || colon === nameStart + 5);
      this.attrNameStart[count] = nameStart;
      this.attrColon[count] = colon;
      this.attrNameEnd[count] = nameEnd;
      this.attrValueStart[count] = valueStart;
      this.attrValueEnd[count] = valueEnd;
      this.attrIsDecl[count] = isDecl;
      if (isDecl) {
        this.declare(colon < 0 ? '' : xml.slice(colon + 1, nameEnd), this.attrValue(count), depth, nameStart);
      }
      count++;
    }
  }

  /**
   * Checks the attributes of the start tag just read, once its declarations are in scope: every prefix must be
   * declared, and no two attributes may have the same name, nor the same local name in the same namespace (`a:x` and
   * `b:x` with `a` and `b` bound to one URI).
   */
  private checkAttributes(): void {
    const n = this.attrCount;
    const xml = this.xml;
    for (let i = 0; i < n; i++) {
      const colon = this.attrColon[i]!;
      const start = this.attrNameStart[i]!;
      this.attrNs[i] = colon >= 0 && !this.attrIsDecl[i] ? this.resolvePrefix(start, colon, start) : '';
    }
    if (n < 2) return;
    // A namespace URI holds no `}` in practice and a name never does, so `{uri}local` cannot collide with a plain name.
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) {
      const start = this.attrNameStart[i]!;
      const colon = this.attrColon[i]!;
      const end = this.attrNameEnd[i]!;
      const key =
        colon >= 0 && !this.attrIsDecl[i] ? `{${this.attrNs[i]!}}${xml.slice(colon + 1, end)}` : xml.slice(start, end);
      if (seen.has(key)) {
        const name = xml.slice(start, end);
        const same = key.startsWith('{')
          ? ` (the same local name in namespace ${JSON.stringify(this.attrNs[i])} as an earlier attribute)`
          : '';
        this.fail(`duplicate attribute ${JSON.stringify(name)}${same}`, start);
      }
      seen.add(key);
    }
  }

  private attrValue(i: number): string {
    const start = this.attrValueStart[i]!;
    const end = this.attrValueEnd[i]!;
    const xml = this.xml;
    for (let k = start; k < end; k++) {
      const c = xml.charCodeAt(k);
      if (c === AMP || c === CR || c === LF || c === TAB) {
        return decodeCharData(xml, start, end, true, this.failAt);
      }
    }
    return xml.slice(start, end);
  }

  private declare(prefix: string, uri: string, depth: number, at: number): void {
    const n = this.nsCount;
    if (n >= MAX_NAMESPACE_DECLARATIONS) {
      this.fail(`more than ${MAX_NAMESPACE_DECLARATIONS} namespace declarations in scope`, at);
    }
    // Namespaces in XML 1.0: the reserved prefixes and namespaces stay as they are, and a prefix cannot be undeclared.
    if (prefix === 'xmlns' || uri === XMLNS_NAMESPACE)
      this.fail('the xmlns prefix and namespace cannot be declared', at);
    if ((prefix === 'xml') !== (uri === XML_NAMESPACE)) {
      this.fail(`the xml prefix and only it is bound to ${XML_NAMESPACE}`, at);
    }
    if (prefix !== '' && uri === '') this.fail(`the prefix "${prefix}" is declared with an empty namespace name`, at);
    this.nsPrefix[n] = prefix;
    // Internalised, so that every namespace comparison of the decoders is a pointer one.
    this.nsUri[n] = internedUri(uri);
    this.nsDepth[n] = depth;
    this.nsCount = n + 1;
    if (prefix === '') this.defaultNs = this.nsUri[n]!;
  }

  private lookup(prefix: string): string | undefined {
    for (let i = this.nsCount - 1; i >= 0; i--) {
      if (this.nsPrefix[i] === prefix) return this.nsUri[i];
    }
    return undefined;
  }

  /** Namespace bound to the prefix `xml.slice(start, colon)`. */
  private resolvePrefix(start: number, colon: number, at: number): string {
    const xml = this.xml;
    const len = colon - start;
    for (let i = this.nsCount - 1; i >= 0; i--) {
      const prefix = this.nsPrefix[i]!;
      if (prefix.length === len && xml.startsWith(prefix, start)) return this.nsUri[i]!;
    }
    if (len === 3 && xml.startsWith('xml', start)) return XML_NAMESPACE;
    return this.fail(`undeclared namespace prefix "${xml.slice(start, colon)}"`, at);
  }

  private hasNilAttribute(): boolean {
    const i = this.xsiAttribute('nil');
    if (i < 0) return false;
    const value = trimXmlSpace(this.attrValue(i));
    return value === 'true' || value === '1';
  }

  /** The index of the current start tag's attribute `xsi:<localName>` (any prefix bound to XSI), or -1. */
  private xsiAttribute(localName: string): number {
    const xml = this.xml;
    for (let i = 0; i < this.attrCount; i++) {
      const colon = this.attrColon[i]!;
      // An unprefixed attribute is in no namespace, so only a prefixed one can be in the XSI namespace.
      if (
        colon < 0 ||
        this.attrIsDecl[i] ||
        this.attrNameEnd[i]! - colon - 1 !== localName.length ||
        !xml.startsWith(localName, colon + 1)
      )
        continue;
      const start = this.attrNameStart[i]!;
      if (this.resolvePrefix(start, colon, start) === XSI_NAMESPACE) return i;
    }
    return -1;
  }

  /**
   * Consumes the end tag at `lt`, which must close the current element, and pops it. When a start tag follows at
   * once (compact documents) and the sibling that came next last time is known, one comparison of `</a><b` checks
   * the end tag and confirms the next name for readName.
   */
  private consumeEndTag(lt: number): void {
    const name = this.open[this.depth - 1]!;
    const next = name.next;
    const after = lt + name.endTag.length;
    let end = -1;
    if (next !== null && this.charAt(after) === LT) {
      const pair = name.endTagThen(next);
      const pairEnd = lt + pair.length;
      if (pairEnd >= this.xml.length) this.reach(pairEnd + 1);
      const xml = this.xml;
      if (xml.slice(lt, pairEnd) === pair) {
        const c = xml.charCodeAt(pairEnd);
        if (c === GT || c === SLASH || isSpace(c)) {
          this.confirmedAt = after + 1;
          this.confirmedName = next;
          end = after;
        }
      }
    }
    this.pos = end >= 0 ? end : this.matchEndTag(lt, this.depth);
    this.lastEndTag = lt;
    this.closeElement();
  }

  /** Checks that the end tag at `lt` closes the element open at `depth` and returns the index after its `>`. */
  private matchEndTag(lt: number, depth: number): number {
    if (depth < 1) this.fail('end tag without a start tag', lt);
    const name = this.open[depth - 1]!;
    const endTag = name.endTag;
    const after = lt + endTag.length;
    if (after > this.xml.length) this.reach(after + 1);
    let xml = this.xml;
    if (xml.slice(lt, after) === endTag) return after;
    const qName = name.qName;
    if (xml.slice(lt + 2, lt + 2 + qName.length) === qName) {
      let p = lt + 2 + qName.length;
      const c = xml.charCodeAt(p);
      if (c === GT) return p + 1;
      if (isSpace(c)) {
        p = this.skipSpace(p);
        if (this.xml.charCodeAt(p) === GT) return p + 1;
        this.fail('malformed end tag', lt);
      }
      if (Number.isNaN(c)) this.fail('unterminated end tag', lt);
    }
    // What the message quotes, as from the whole document.
    this.reach(lt + 64);
    xml = this.xml;
    const gt = xml.indexOf('>', lt);
    const found = xml.slice(lt + 2, gt < 0 ? Math.min(xml.length, lt + 64) : Math.min(gt, lt + 64)).trim();
    return this.fail(`mismatched end tag: expected </${qName}> but found </${found}>`, lt);
  }

  /** Text content that holds references, CR, CDATA, comments or PIs (or child elements, which is an error). */
  private readMixedText(start: number): string {
    const fail = this.failAt;
    let out = '';
    let p = start;
    for (;;) {
      let lt = this.xml.indexOf('<', p);
      if (lt < 0) lt = this.find('<', p);
      if (lt < 0) this.failEof();
      if (lt > p) out += decodeCharData(this.xml, p, lt, false, fail);
      const c = this.charAt(lt + 1);
      if (c === SLASH) {
        this.consumeEndTag(lt);
        return out;
      }
      if (c === BANG && this.startsWithAt('<![CDATA[', lt)) {
        const end = this.find(']]>', lt + 9);
        if (end < 0) this.fail('unterminated CDATA section', lt);
        this.checkChars(lt + 9, end);
        out += normaliseLineEnds(this.xml.slice(lt + 9, end));
        p = end + 3;
      } else if (c === BANG) {
        p = this.skipDeclaration(lt);
      } else if (c === QUESTION) {
        p = this.skipProcessingInstruction(lt);
      } else {
        this.pos = lt;
        return this.fail(`element <${this.cur.localName}> has child elements where text was expected`, lt);
      }
    }
  }

  /**
   * The children of an element read with nextChild() are elements only: text between them (as in
   * `<Result>true</Result>` where a record is expected) is an error, not something to skip.
   */
  private requireSpace(from: number, to: number): void {
    const xml = this.xml;
    for (let i = from; i < to; i++) {
      if (!isSpace(xml.charCodeAt(i))) this.failText(i, to);
    }
  }

  /** A CDATA section between child elements must be blank, like any other text there. */
  private requireBlankCData(lt: number): void {
    const end = this.find(']]>', lt + 9);
    if (end < 0) this.fail('unterminated CDATA section', lt);
    const xml = this.xml;
    for (let i = lt + 9; i < end; i++) {
      if (!isSpace(xml.charCodeAt(i))) this.failText(i, end);
    }
  }

  private failText(at: number, end: number): never {
    const text = this.xml.slice(at, Math.min(end, at + 40)).trim();
    const name = this.depth > 0 ? this.open[this.depth - 1]!.localName : '';
    return this.fail(`element <${name}> holds text ${JSON.stringify(text)} where only child elements are expected`, at);
  }

  /** Skips `<!--...-->` or `<![CDATA[...]]>` at `lt`; refuses DOCTYPE and other declarations. */
  private skipDeclaration(lt: number): number {
    if (this.startsWithAt('<!--', lt)) {
      const end = this.find('-->', lt + 4);
      if (end < 0) this.fail('unterminated comment', lt);
      // The first "--" must be the one that ends the comment (which also refuses a comment ending in "--->").
      const dashes = this.xml.indexOf('--', lt + 4);
      if (dashes < end) this.fail('"--" inside a comment', dashes);
      this.checkChars(lt + 4, end);
      return end + 3;
    }
    if (this.startsWithAt('<![CDATA[', lt)) {
      if (this.depth === 0) this.fail('CDATA section outside the root element', lt);
      const end = this.find(']]>', lt + 9);
      if (end < 0) this.fail('unterminated CDATA section', lt);
      this.checkChars(lt + 9, end);
      return end + 3;
    }
    this.reach(lt + 9);
    if (this.xml.slice(lt + 2, lt + 9).toUpperCase() === 'DOCTYPE') {
      this.fail('DOCTYPE is not allowed (no DTD processing)', lt);
    }
    return this.fail('unexpected "<!" markup', lt);
  }

  /**
   * Skips `<?target ...?>` at `lt`. The target is a name without a colon and not `xml` in any case, except for the XML
   * declaration at the very start of the document, which must be well-formed itself.
   */
  private skipProcessingInstruction(lt: number): number {
    const targetEnd = this.scanName(lt + 2);
    const end = this.find('?>', targetEnd);
    if (end < 0) this.fail('unterminated processing instruction', lt);
    const xml = this.xml;
    const c = xml.charCodeAt(targetEnd);
    if (targetEnd === lt + 2 || this.nameColon >= 0 || (targetEnd !== end && !isSpace(c))) {
      this.fail('malformed processing instruction target', lt + 2);
    }
    if (targetEnd === lt + 5 && xml.slice(lt + 2, targetEnd).toLowerCase() === 'xml') {
      if (lt === this.prologStart && !this.started && xml.startsWith('xml', lt + 2)) return this.readXmlDeclaration(lt);
      this.fail(
        xml.startsWith('xml', lt + 2)
          ? 'XML declaration not at the very start of the document'
          : `processing instruction named "${xml.slice(lt + 2, targetEnd)}" (reserved for the XML declaration)`,
        lt,
      );
    }
    this.checkChars(targetEnd, end);
    return end + 2;
  }

  /** Reads the XML declaration at `lt` and returns the index after it; refuses one that is not well-formed. */
  private readXmlDeclaration(lt: number): number {
    XML_DECLARATION.lastIndex = lt;
    if (!XML_DECLARATION.test(this.xml)) {
      this.fail('malformed XML declaration (version 1.x, then optionally encoding and standalone, are expected)', lt);
    }
    return XML_DECLARATION.lastIndex;
  }

  /**
   * Checks character data that was skipped rather than decoded (between a skipped element's children): what
   * decoding would refuse is refused. Plain text needs only the loop; anything else is decoded once and dropped.
   */
  private checkText(from: number, to: number): void {
    const xml = this.xml;
    for (let i = from; i < to; i++) {
      const c = xml.charCodeAt(i);
      if (c < SPACE || c >= FIRST_SURROGATE || c === AMP || c === GT) {
        decodeCharData(xml, from, to, false, this.failAt);
        return;
      }
    }
  }

  /** Checks that `xml.slice(from, to)` holds only characters XML allows (comments, PIs, CDATA sections). */
  private checkChars(from: number, to: number): void {
    const xml = this.xml;
    for (let i = from; i < to; i++) {
      const c = xml.charCodeAt(i);
      if (c < SPACE) {
        if (c !== LF && c !== TAB && c !== CR) this.fail(`${describeCharAt(xml, i)}, which XML does not allow`, i);
      } else if (c >= FIRST_SURROGATE) {
        const n = wideXmlCharLength(xml, i);
        if (n === 0) this.fail(`${describeCharAt(xml, i)}, which XML does not allow`, i);
        i += n - 1;
      }
    }
  }

  private grow(): void {
    const n = this.open.length * 2;
    const extend = <T>(a: T[], fill: T, size: number): T[] => {
      const b = a.slice();
      while (b.length < size) b.push(fill);
      return b;
    };
    this.open = extend(this.open, NO_NAME, n);
    this.prevSibling = extend(this.prevSibling, NO_NAME, n + 1);
    this.runIndex = extend(this.runIndex, 0, n + 1);
  }

  private failEof(): never {
    const name = this.depth > 0 ? this.open[this.depth - 1]!.localName : undefined;
    while (this.more());
    return this.fail(`unexpected end of document${name !== undefined ? ` inside <${name}>` : ''}`, this.xml.length);
  }

  /** Fails at `offset` in the window. */
  private fail(message: string, offset: number): never {
    throw new SvcDecodeError(`${message} at ${this.location(this.base + offset)}`, { path: this.path() });
  }

  /** Line and column of a document offset. */
  private location(offset: number): string {
    // The window may have moved past the start: the text before it is made again (errors are rare).
    const xml = this.base > 0 ? this.source!.text(0, this.base) + this.xml : this.xml;
    let line = 1;
    let lineStart = 0;
    for (let nl = xml.indexOf('\n'); nl >= 0 && nl < offset; nl = xml.indexOf('\n', nl + 1)) {
      line++;
      lineStart = nl + 1;
    }
    return `line ${line}, column ${offset - lineStart + 1} (offset ${offset})`;
  }
}

function normaliseLineEnds(s: string): string {
  return s.indexOf('\r') < 0 ? s : s.replace(/\r\n?/g, '\n');
}

// A reader that has read a little, so that the maps of its fields are those of a working reader (see resident.ts).
keepResident(residentReader());

function residentReader(): XmlReader {
  const reader = new XmlReader('<a xmlns="urn:a" xmlns:b="urn:b" b:c="d">e</a>');
  reader.readRoot();
  reader.readText();
  return reader;
}
