/**
 * XML Schema regular expressions (the `pattern` facet, XML Schema 1.0 Part 2, appendix F) translated to JavaScript
 * regular expressions of the `u` flag, where JavaScript has a faithful equivalent, and a sample string each matches.
 *
 * The two languages differ where it matters: an XML Schema pattern matches the whole value (no anchors: `^` and `$`
 * are plain characters); `.` is any character but a line feed or carriage return; `\s` is only space, tab, line feed
 * and carriage return; `\d` is every decimal digit of Unicode (`\p{Nd}`); `\w` is every character that is not
 * punctuation, a separator or "other" (`[^\p{P}\p{Z}\p{C}]`); a class may subtract another (`[a-z-[aeiou]]`), which
 * a lookahead says exactly; `{` and `}` are never literal. What JavaScript cannot say is refused with the place:
 * `\i`, `\c` and their complements (the name characters of XML 1.0's own tables) and the block escapes
 * `\p{IsBasicLatin}` (JavaScript's property escapes have no blocks).
 */

/** A pattern translated: the anchored JavaScript source (for `new RegExp(source, 'u')`) and a string it matches. */
export interface TranslatedPattern {
  readonly source: string;
  /** A string the pattern matches (each repeat taken once or its least count), or undefined where none was found. */
  readonly sample: string | undefined;
}

/** Why a pattern is refused: a message and the index in the pattern (UTF-16) where the problem starts. */
export interface PatternProblem {
  readonly problem: string;
  readonly index: number;
}

/** The general categories of Unicode, which both languages name alike (`\p{Lu}`). */
const CATEGORIES = new Set(
  'L Lu Ll Lt Lm Lo M Mn Mc Me N Nd Nl No P Pc Pd Ps Pe Pi Pf Po Z Zs Zl Zp S Sm Sc Sk So C Cc Cf Co Cn'.split(' '),
);

/** One character matcher: what matches one code point. */
type CharClass =
  | { readonly kind: 'char'; readonly cp: number }
  | { readonly kind: 'range'; readonly from: number; readonly to: number }
  /** A class escape or `.`, already JavaScript: `inClass` fits inside `[...]` (undefined where it cannot). */
  | { readonly kind: 'escape'; readonly alone: string; readonly inClass: string | undefined; readonly first: number }
  | {
      readonly kind: 'set';
      readonly negated: boolean;
      readonly items: readonly CharClass[];
      readonly minus: CharClass | undefined;
    };

type Atom = { readonly kind: 'class'; readonly c: CharClass } | { readonly kind: 'group'; readonly branches: Branch[] };
interface Piece {
  readonly atom: Atom;
  readonly min: number;
  readonly max: number;
}
type Branch = Piece[];

/** The escapes of one character (`\n`, `\-`, `\^`...). */
const SINGLE_ESCAPES: Readonly<Record<string, number>> = {
  n: 0x0a,
  r: 0x0d,
  t: 0x09,
  '\\': 0x5c,
  '|': 0x7c,
  '.': 0x2e,
  '?': 0x3f,
  '*': 0x2a,
  '+': 0x2b,
  '(': 0x28,
  ')': 0x29,
  '{': 0x7b,
  '}': 0x7d,
  '-': 0x2d,
  '[': 0x5b,
  ']': 0x5d,
  '^': 0x5e,
};

/** The escapes of several characters, with their JavaScript forms and a first member for samples. */
const MULTI_ESCAPES: Readonly<Record<string, Extract<CharClass, { kind: 'escape' }>>> = {
  s: { kind: 'escape', alone: '[ \\t\\n\\r]', inClass: ' \\t\\n\\r', first: 0x20 },
  S: { kind: 'escape', alone: '[^ \\t\\n\\r]', inClass: undefined, first: 0x61 },
  d: { kind: 'escape', alone: '\\p{Nd}', inClass: '\\p{Nd}', first: 0x30 },
  D: { kind: 'escape', alone: '\\P{Nd}', inClass: '\\P{Nd}', first: 0x61 },
  w: { kind: 'escape', alone: '[^\\p{P}\\p{Z}\\p{C}]', inClass: undefined, first: 0x61 },
  W: { kind: 'escape', alone: '[\\p{P}\\p{Z}\\p{C}]', inClass: '\\p{P}\\p{Z}\\p{C}', first: 0x2e },
};

const ANY: CharClass = { kind: 'escape', alone: '[^\\n\\r]', inClass: undefined, first: 0x61 };

class Refused extends Error {
  constructor(
    message: string,
    readonly index: number,
  ) {
    super(message);
  }
}

class Parser {
  private pos = 0;
  constructor(private readonly text: string) {}

  parse(): Branch[] {
    const branches = this.branches();
    if (this.pos < this.text.length) throw new Refused(`"${this.peek()}" has no opening "("`, this.pos);
    return branches;
  }

  private peek(): string | undefined {
    const cp = this.text.codePointAt(this.pos);
    return cp === undefined ? undefined : String.fromCodePoint(cp);
  }

  private take(): string {
    const c = this.peek();
    if (c === undefined) throw new Refused('the pattern ends too early', this.pos);
    this.pos += c.length;
    return c;
  }

  private branches(): Branch[] {
    const out: Branch[] = [this.branch()];
    while (this.peek() === '|') {
      this.pos++;
      out.push(this.branch());
    }
    return out;
  }

  private branch(): Branch {
    const pieces: Piece[] = [];
    for (let c = this.peek(); c !== undefined && c !== '|' && c !== ')'; c = this.peek()) {
      const atom = this.atom();
      pieces.push({ atom, ...this.quantifier() });
    }
    return pieces;
  }

  private atom(): Atom {
    const at = this.pos;
    const c = this.take();
    if (c === '(') {
      if (this.peek() === '?') throw new Refused('"(?" is no group of XML Schema (no lookaround, no flags)', this.pos);
      const branches = this.branches();
      if (this.peek() !== ')') throw new Refused('a "(" is never closed', at);
      this.pos++;
      return { kind: 'group', branches };
    }
    if (c === '[') return { kind: 'class', c: this.classBody(at) };
    if (c === '.') return { kind: 'class', c: ANY };
    if (c === '\\') return { kind: 'class', c: this.escape(at) };
    if ('?*+{}]'.includes(c)) throw new Refused(`"${c}" stands where a character is expected: escape it as \\${c}`, at);
    return { kind: 'class', c: { kind: 'char', cp: c.codePointAt(0)! } };
  }

  private quantifier(): { min: number; max: number } {
    const c = this.peek();
    if (c === '?' || c === '*' || c === '+') {
      this.pos++;
      return { min: c === '+' ? 1 : 0, max: c === '?' ? 1 : Infinity };
    }
    if (c !== '{') return { min: 1, max: 1 };
    const at = this.pos;
    const m = /^\{(\d+)(,(\d*))?\}/.exec(this.text.slice(this.pos));
    if (!m) throw new Refused('a quantifier is {n}, {n,} or {n,m}', at);
    this.pos += m[0].length;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    if (max < min) throw new Refused(`the quantifier ${m[0]} has its least count above its most`, at);
    return { min, max };
  }

  /** After `\`: a character, a class escape, or a refusal. */
  private escape(at: number): CharClass {
    const c = this.take();
    const single = SINGLE_ESCAPES[c];
    if (single !== undefined) return { kind: 'char', cp: single };
    const multi = MULTI_ESCAPES[c];
    if (multi) return multi;
    if ('iIcC'.includes(c))
      throw new Refused(
        `\\${c} (XML 1.0's name characters) has no JavaScript equivalent; spell the characters out in a class`,
        at,
      );
    if (c === 'p' || c === 'P') return this.property(c === 'P', at);
    throw new Refused(`\\${c} is no escape of XML Schema's regular expressions`, at);
  }

  private property(negated: boolean, at: number): CharClass {
    const m = /^\{([A-Za-z0-9-]+)\}/.exec(this.text.slice(this.pos));
    if (!m) throw new Refused('\\p and \\P take a name in braces, e.g. \\p{Lu}', at);
    this.pos += m[0].length;
    const name = m[1]!;
    if (name.startsWith('Is'))
      throw new Refused(
        `the block escape \\p{${name}} has no JavaScript equivalent (JavaScript's \\p has no blocks); spell the block as a range`,
        at,
      );
    if (!CATEGORIES.has(name)) throw new Refused(`\\p{${name}} names no Unicode general category`, at);
    const js = `\\${negated ? 'P' : 'p'}{${name}}`;
    return { kind: 'escape', alone: js, inClass: js, first: negated ? 0x20 : (CATEGORY_FIRST[name] ?? 0x61) };
  }

  /** After `[`: the group, maybe a subtraction, and the closing `]`. */
  private classBody(open: number): CharClass {
    const negated = this.peek() === '^';
    if (negated) this.pos++;
    const items: CharClass[] = [];
    let minus: CharClass | undefined;
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw new Refused('a "[" is never closed', open);
      if (c === ']') {
        if (items.length === 0) throw new Refused('a character class is never empty', this.pos);
        this.pos++;
        break;
      }
      if (c === '-' && this.text[this.pos + 1] === '[') {
        if (items.length === 0) throw new Refused('a class subtracts from a class that is never empty', this.pos);
        const at = this.pos + 1;
        this.pos += 2;
        minus = this.classBody(at);
        if (this.peek() !== ']') throw new Refused('a subtraction ends its class', this.pos);
        this.pos++;
        break;
      }
      items.push(this.classItem(items.length === 0));
    }
    return { kind: 'set', negated, items, minus };
  }

  private classItem(first: boolean): CharClass {
    const at = this.pos;
    const from = this.classChar(first);
    if (from.kind !== 'char') return from;
    if (this.peek() !== '-' || this.text[this.pos + 1] === ']' || this.text[this.pos + 1] === '[') return from;
    this.pos++;
    const to = this.classChar(false);
    if (to.kind !== 'char') throw new Refused('a range ends at a single character', at);
    if (to.cp < from.cp) throw new Refused('a range ends below where it starts', at);
    return { kind: 'range', from: from.cp, to: to.cp };
  }

  private classChar(first: boolean): CharClass {
    const at = this.pos;
    const c = this.take();
    if (c === '\\') return this.escape(at);
    if (c === '[') throw new Refused('"[" inside a class is escaped as \\[ (or starts a subtraction, -[...])', at);
    // A dash is a character of its own at either end of a group only.
    if (c === '-' && !first && this.peek() !== ']')
      throw new Refused('"-" inside a class is a range or escaped as \\-', at);
    return { kind: 'char', cp: c.codePointAt(0)! };
  }
}

/** A first member of the general categories whose members are not letters, for samples. */
const CATEGORY_FIRST: Readonly<Record<string, number>> = {
  Lu: 0x41,
  Lt: 0x1c5,
  Lm: 0x2b0,
  Lo: 0xaa,
  M: 0x300,
  Mn: 0x300,
  Mc: 0x903,
  Me: 0x488,
  N: 0x30,
  Nd: 0x30,
  Nl: 0x2160,
  No: 0xb2,
  P: 0x2e,
  Pc: 0x5f,
  Pd: 0x2d,
  Ps: 0x28,
  Pe: 0x29,
  Pi: 0xab,
  Pf: 0xbb,
  Po: 0x2e,
  Z: 0x20,
  Zs: 0x20,
  Zl: 0x2028,
  Zp: 0x2029,
  S: 0x2b,
  Sm: 0x2b,
  Sc: 0x24,
  Sk: 0x5e,
  So: 0xa6,
  C: 0x01,
  Cc: 0x01,
  Cf: 0xad,
  Co: 0xe000,
  Cn: 0x378,
};

/** A code point as JavaScript source, outside a class (`inClass`: inside one). */
function literal(cp: number, inClass: boolean): string {
  const c = String.fromCodePoint(cp);
  if (c === '\n') return '\\n';
  if (c === '\r') return '\\r';
  if (c === '\t') return '\\t';
  if ((inClass ? '\\]-^[/' : '^$\\.*+?()[]{}|/').includes(c)) return `\\${c}`;
  // Controls, separators and lone surrogates are written by their code: visible, and valid in a `u` pattern.
  return /[\p{C}\p{Z}]/u.test(c) && c !== ' ' ? `\\u{${cp.toString(16).toUpperCase()}}` : c;
}

/** The JavaScript source matching exactly one code point of `c`. */
function classSource(c: CharClass): string {
  switch (c.kind) {
    case 'char':
      return literal(c.cp, false);
    case 'range':
      return `[${literal(c.from, true)}-${literal(c.to, true)}]`;
    case 'escape':
      return c.alone;
    case 'set': {
      const simple: string[] = [];
      const whole: string[] = [];
      for (const item of c.items) {
        if (item.kind === 'char') simple.push(literal(item.cp, true));
        else if (item.kind === 'range') simple.push(`${literal(item.from, true)}-${literal(item.to, true)}`);
        else if (item.kind === 'escape' && item.inClass !== undefined) simple.push(item.inClass);
        else whole.push(classSource(item));
      }
      const positive =
        whole.length === 0
          ? `[${simple.join('')}]`
          : `(?:${[...(simple.length > 0 ? [`[${simple.join('')}]`] : []), ...whole].join('|')})`;
      const own = !c.negated ? positive : whole.length === 0 ? `[^${simple.join('')}]` : `(?!${positive})[\\s\\S]`;
      return c.minus ? `(?:(?!${classSource(c.minus)})${own})` : own;
    }
  }
}

function branchesSource(branches: readonly Branch[]): string {
  return branches.map((b) => b.map(pieceSource).join('')).join('|');
}

function pieceSource(p: Piece): string {
  const atom = p.atom.kind === 'group' ? `(?:${branchesSource(p.atom.branches)})` : classSource(p.atom.c);
  if (p.min === 1 && p.max === 1) return atom;
  const q =
    p.min === 0 && p.max === 1
      ? '?'
      : p.min === 0 && p.max === Infinity
        ? '*'
        : p.min === 1 && p.max === Infinity
          ? '+'
          : p.max === Infinity
            ? `{${p.min},}`
            : p.min === p.max
              ? `{${p.min}}`
              : `{${p.min},${p.max}}`;
  return `${atom}${q}`;
}

/** Candidates for a sample character, after the class's own first members: common ones, then ASCII and Latin-1. */
const FALLBACK = [
  0x61,
  0x41,
  0x30,
  0x20,
  0x2d,
  0x5f,
  0x2e,
  ...Array.from({ length: 0x17f - 0x20 }, (_, i) => i + 0x20),
];

function firstsOf(c: CharClass): number[] {
  switch (c.kind) {
    case 'char':
      return [c.cp];
    case 'range':
      return [c.from, c.to];
    case 'escape':
      return [c.first];
    case 'set':
      return c.items.flatMap(firstsOf);
  }
}

/** One code point `c` matches, or undefined where none of the candidates does. */
function sampleChar(c: CharClass): string | undefined {
  const test = new RegExp(`^${classSource(c)}$`, 'u');
  for (const cp of [...firstsOf(c), ...FALLBACK]) {
    const s = String.fromCodePoint(cp);
    if (test.test(s)) return s;
  }
  return undefined;
}

function sampleOf(branches: readonly Branch[]): string | undefined {
  const pieces = branches[0] ?? [];
  let out = '';
  for (const p of pieces) {
    // Once where the piece may repeat, its least count where that is more: a value of some length, never empty.
    const times = Math.max(p.min, Math.min(p.max, 1));
    const one = p.atom.kind === 'group' ? sampleOf(p.atom.branches) : sampleChar(p.atom.c);
    if (one === undefined) return undefined;
    out += one.repeat(times);
  }
  return out;
}

/** The JavaScript equivalent of the XML Schema pattern `xsd`, or why there is none. */
export function translateXsdPattern(xsd: string): TranslatedPattern | PatternProblem {
  try {
    const branches = new Parser(xsd).parse();
    const source = `^(?:${branchesSource(branches)})$`;
    // A translation JavaScript refuses would be this module's mistake: said as a refusal, never a crash.
    try {
      new RegExp(source, 'u');
    } catch {
      return { problem: `translated as /${source}/u, which JavaScript refuses`, index: 0 };
    }
    const sample = sampleOf(branches);
    return { source, sample: sample !== undefined && new RegExp(source, 'u').test(sample) ? sample : undefined };
  } catch (e) {
    if (e instanceof Refused) return { problem: e.message, index: e.index };
    throw e;
  }
}
