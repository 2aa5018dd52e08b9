/**
 * The handlebars environment of the docs, in one place: the templates of templates/docs/ (`<page>.md.hbs`; files
 * starting with `_` are partials, named without the `_` and the extension), read with fs like the runtime's
 * templates, compiled strictly (a name the view lacks is an error) without HTML escaping, since the output is
 * Markdown; table cells are escaped by the `cell` helper instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { cell, inlineCode } from './markdown.js';

/** What a template hands the `cell` and `code` helpers: a view's text, a number, or nothing. */
type HelperText = string | number | boolean | null | undefined;

const TEMPLATE_DIR = fileURLToPath(new URL('../../../templates/docs/', import.meta.url));

export class DocsTemplates {
  readonly #handlebars = Handlebars.create();
  readonly #pages = new Map<string, Handlebars.TemplateDelegate>();

  constructor(dir: string = TEMPLATE_DIR) {
    const hb = this.#handlebars;
    hb.registerHelper('cell', (text: HelperText) => cell(String(text ?? '')));
    hb.registerHelper('code', (text: HelperText) => inlineCode(String(text ?? '')));
    // A Description column where no row has one would be a column of blank cells: tables leave it out.
    hb.registerHelper('described', (rows: ReadonlyArray<{ readonly description: string }>) =>
      rows.some((r) => r.description !== ''),
    );
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.hbs'))
      .sort()) {
      const source = readFileSync(`${dir}${name}`, 'utf8').replace(/\r\n/g, '\n');
      const id = name.slice(0, -'.hbs'.length);
      if (id.startsWith('_')) hb.registerPartial(id.slice(1), source);
      else this.#pages.set(id, hb.compile(source, { noEscape: true, strict: true }));
    }
  }

  /** Renders the page template `name` (e.g. `operation.md`) with a view: Markdown, blank lines collapsed outside code. */
  render(name: string, view: object): string {
    const template = this.#pages.get(name);
    if (!template) throw new Error(`templates/docs has no ${name}.hbs`);
    return tidy(template(view));
  }
}

/** At most one blank line in a row, and no trailing spaces, outside fenced code blocks (whose text is kept as it is). */
function tidy(markdown: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^(`{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      out.push(line);
      if (marker !== undefined && line.trim() === marker && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (marker !== undefined) fence = marker;
    const trimmed = line.trimEnd();
    if (trimmed === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(trimmed);
  }
  return `${out.join('\n').trim()}\n`;
}
