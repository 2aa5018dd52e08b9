/** The one xmlbuilder2 helper the WSDL files share: a child element with attributes in the order given. */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';

export type { XMLBuilder };

/** Attributes in document order; `undefined` and `false` leave one out. */
export type Attributes = ReadonlyArray<readonly [string, string | number | undefined | false]>;

/** Appends `<name ...attributes>` to `parent` and returns it. */
export function child(parent: XMLBuilder, name: string, attributes: Attributes = []): XMLBuilder {
  const element = parent.ele(name);
  for (const [key, value] of attributes) if (value !== undefined && value !== false) element.att(key, String(value));
  return element;
}

/**
 * `<wsdl:documentation>` with `text`, as ASMX writes it for the service and for each operation; nothing for an
 * empty doc.
 */
export function documentation(parent: XMLBuilder, text: string | undefined): void {
  if (text !== undefined && text.trim() !== '') child(parent, 'wsdl:documentation').txt(text.trim());
}
