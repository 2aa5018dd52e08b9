/**
 * The base of an enumeration a WSDL declares, as the format keeps it: xs:string (the default) or xs:token, whose values
 * XML Schema compares with their whitespace collapsed. Another base is drafted as a string enum and reported.
 */
import { collapseWhitespace } from '../../templates/runtime/codec/lexical.js';
import { NS } from '../emit/wsdl/namespaces.js';
import type { QName } from './xml.js';

/** `string` or `token` for the bases the format has, undefined for another (a missing base reads as string). */
export function enumBase(base: QName | undefined): 'string' | 'token' | undefined {
  if (base === undefined) return 'string';
  if (base.ns !== NS.xsd) return undefined;
  return base.local === 'string' ? 'string' : base.local === 'token' ? 'token' : undefined;
}

/**
 * The draft's `base` and values of an enumeration: a token's values as XML Schema reads them (collapsed: `" A "` is
 * `A`), without the repeats collapsing may make; a string's as written.
 */
export function draftEnumValues(
  base: 'string' | 'token' | undefined,
  values: readonly string[],
): { readonly values: string[]; readonly base?: 'token' } {
  if (base !== 'token') return { values: [...values] };
  const collapsed = [...new Set(values.map(collapseWhitespace).filter((v) => v !== ''))];
  return { values: collapsed, base: 'token' };
}
