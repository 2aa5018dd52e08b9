/**
 * A document a WSDL read from a file names by URL, found among the files beside it. A published WCF `?wsdl` names its
 * schemas by URL (`schemaLocation="http://host/Service.svc?xsd=xsd0"`), and so does the WSDL `svcutil /t:metadata`
 * saves, while the files saved with it are named otherwise. The import never fetches a URL named inside a file, so it
 * looks beside the naming document for a file that stands for the URL, in this order:
 *
 * 1. the names the URL's own file is saved under: for `…/Service.svc?xsd=xsd0`, `Service.svc?xsd=xsd0` (wget, curl
 *    -O), `Service.svc@xsd=xsd0` (wget on Windows), `Service.xsd0.xsd`, `Service.0.xsd`, `Service0.xsd`, `xsd0.xsd`
 *    and `xsd0`, and the entry WSDL's name with the number (`team_software0.xsd` beside `team_software.wsdl`,
 *    `team_software.0.xsd`, `team_software_0.xsd`); for `?wsdl=wsdl0` the same with `wsdl`; for a URL without such a
 *    query, its last path segment; for `…/Service.svc?wsdl`, the service's own WSDL, the entry;
 * 2. the name svcutil gives the document of the import's namespace: `tempuri.org.xsd` for `http://tempuri.org/`,
 *    `schemas.microsoft.com.2003.10.Serialization.xsd`, `MyApp.Models.xsd` for a DataContract namespace
 *    (`http://schemas.datacontract.org/2004/07/MyApp.Models`), `.wsdl` for a `wsdl:import`;
 * 3. for a `wsdl:import` naming a namespace, the entry's name and a digit (`bookt2.wsdl`, `bookt3.wsdl`), as a set
 *    saved in the order it was fetched numbers its WSDLs: the one that declares the namespace.
 *
 * A file found by either name stands in only if it is the kind of document the reference wants and declares the
 * namespace the reference names (when it names one), so a file of the same name but another schema is passed over.
 */
import { basename } from 'node:path';
import { NS } from '../emit/wsdl/namespaces.js';
import { parseXml, type XmlElement } from './xml.js';

/** What a reference wants: a schema (`xs:import`, `xs:include`), or a WSDL or schema (`wsdl:import`). */
export type Wanted = 'schema' | 'wsdl';

/** The file names that may stand for `url` (see the module's comment), the names of the URL first, without repeats. */
export function standInNames(url: string, namespace: string | undefined, wanted: Wanted, entry?: string): string[] {
  const names: string[] = [];
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  const last = decodeURIComponent(parsed?.pathname.split('/').pop() ?? '');
  const query = /^\?(xsd|wsdl)=([^&=/\\]+)$/i.exec(parsed?.search ?? '');
  if (query) {
    const kind = query[1]!.toLowerCase();
    const value = decodeURIComponent(query[2]!);
    const stem = last.replace(/\.[^.]*$/, '');
    const index = /(\d+)$/.exec(value)?.[1];
    if (last !== '') names.push(`${last}?${kind}=${value}`, `${last}@${kind}=${value}`);
    if (stem !== '') {
      names.push(`${stem}.${value}.${kind}`);
      if (index !== undefined) names.push(`${stem}.${index}.${kind}`, `${stem}${index}.${kind}`);
    }
    names.push(`${value}.${kind}`, value);
    // Saved beside the entry WSDL under its name and the query's number (team_software.wsdl, team_software0.xsd).
    const saved = entry === undefined ? '' : basename(entry).replace(/\.[^.]*$/, '');
    if (saved !== '' && index !== undefined)
      names.push(`${saved}${index}.${kind}`, `${saved}.${index}.${kind}`, `${saved}_${index}.${kind}`);
  } else if (parsed?.search === '' && last !== '') {
    names.push(last);
  } else if (parsed !== undefined && /^\?wsdl$/i.test(parsed.search) && entry !== undefined) {
    // `…/Service.svc?wsdl` named by a document of the set is the service's own WSDL: the entry (read already).
    names.push(basename(entry));
  }
  const byNamespace = namespace ? svcutilName(namespace) : undefined;
  if (byNamespace) names.push(`${byNamespace}.${wanted === 'wsdl' ? 'wsdl' : 'xsd'}`);
  // A set saved as it was fetched numbers its WSDLs in that order (bookt.wsdl, bookt2.wsdl for ?wsdl=wsdl1, bookt3.wsdl
  // for ?wsdl=wsdl0): any of the entry's name and a digit stands in if it declares the namespace the import names.
  const entryStem = entry === undefined ? '' : basename(entry).replace(/\.[^.]*$/, '');
  if (wanted === 'wsdl' && namespace && entryStem !== '') {
    for (let n = 0; n < SAVED_WSDL_NUMBERS; n++) names.push(`${entryStem}${n}.wsdl`);
  }
  // A name with a path separator or of the folder itself would lead out of it.
  return [...new Set(names)].filter((n) => n !== '.' && n !== '..' && basename(n) === n && !n.includes('\\'));
}

/** How many numbered WSDLs beside the entry are looked at for a `wsdl:import` (saved sets have a few). */
const SAVED_WSDL_NUMBERS = 10;

const DATA_CONTRACT = 'http://schemas.datacontract.org/2004/07/';

/** The base name svcutil gives the document of `namespace`, or undefined for a namespace it cannot name. */
export function svcutilName(namespace: string): string | undefined {
  const name = namespace.startsWith(DATA_CONTRACT)
    ? namespace.slice(DATA_CONTRACT.length)
    : namespace.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/[/:]+/g, '.');
  const trimmed = name.replace(/^\.+|\.+$/g, '');
  return trimmed === '' ? undefined : trimmed;
}

export interface StandInFound {
  readonly at: string;
  readonly text: string;
  readonly node: XmlElement;
}

/**
 * The first of `candidates` (paths, in order) that `read` can read, parse and that is a document of the kind wanted
 * and of `namespace`; the others are passed over, with why for the ones that were read.
 */
export function findStandIn(
  candidates: readonly string[],
  namespace: string | undefined,
  wanted: Wanted,
  read: (path: string) => string,
): { readonly found: StandInFound } | { readonly passedOver: readonly string[] } {
  const passedOver: string[] = [];
  for (const at of candidates) {
    let text: string;
    try {
      text = read(at);
    } catch {
      continue;
    }
    let node: XmlElement;
    try {
      node = parseXml(text);
    } catch {
      passedOver.push(`${at} is not XML`);
      continue;
    }
    const isSchema = node.ns === NS.xsd && node.name === 'schema';
    const isWsdl = node.ns === NS.wsdl && node.name === 'definitions';
    if (!isSchema && !(wanted === 'wsdl' && isWsdl)) {
      passedOver.push(`${at} is not ${wanted === 'wsdl' ? 'a WSDL 1.1 document nor ' : ''}an XML Schema`);
      continue;
    }
    const declared = node.attrs.get('targetNamespace') ?? '';
    if (namespace !== undefined && declared !== namespace) {
      passedOver.push(`${at} is of the namespace ${declared || '(none)'}`);
      continue;
    }
    return { found: { at, text, node } };
  }
  return { passedOver };
}
