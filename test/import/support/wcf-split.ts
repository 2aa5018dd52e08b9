/**
 * The WCF service of test/fixtures/wsdl/wcf-split/ (issue 17, item 8), for the end-to-end import test: its metadata
 * served as WCF serves it, node-soap answering as WCF answers, and the values of each call.
 *
 * - `serveWcfMetadata`: a loopback node:http server answering `GET /OrderService.svc?wsdl`, `?wsdl=wsdl0` and
 *   `?xsd=xsd0`..`xsd3` with the fixture's files, their locations rewritten to those absolute URLs as WCF writes them.
 *   Every request is recorded.
 * - `startWcfNodeSoap`: node-soap serving the same file set (it follows `wsdl:import` and `xs:import` itself, given the
 *   first file's path as `uri`), SOAP 1.1, with handlers that record what node-soap parsed and answer in WCF's shape.
 *   node-soap writes the fields of a record of another namespace in the service's when given plain names, so the
 *   handlers give WCF's prefixed names (`a:` for the DataContract namespace, `b:` for Arrays), declared on the result.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromRoot } from '../../helpers/paths.js';
import { startNodeSoapServer, type NodeSoapServer } from '../../helpers/node-soap-server.js';

export const WCF_DIR = 'test/fixtures/wsdl/wcf-split';
export const WCF_WSDL = `${WCF_DIR}/Service.wsdl`;
export const WCF_PATH = '/OrderService.svc';
const DATA_CONTRACT = 'http://schemas.datacontract.org/2004/07/MyApp.Models';
const ARRAYS = 'http://schemas.microsoft.com/2003/10/Serialization/Arrays';

/** The query of each file as WCF publishes it. */
const QUERIES: Record<string, string> = {
  wsdl: 'Service.wsdl',
  'wsdl=wsdl0': 'Service.wsdl0',
  'xsd=xsd0': 'xsd0',
  'xsd=xsd1': 'xsd1',
  'xsd=xsd2': 'xsd2',
  'xsd=xsd3': 'xsd3',
};

export interface MetadataServer {
  /** The `?wsdl` URL. */
  readonly wsdlUrl: string;
  /** The query of every request, in order. */
  readonly queries: string[];
  close(): Promise<void>;
}

export async function serveWcfMetadata(): Promise<MetadataServer> {
  const queries: string[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    const query = url.search.slice(1);
    queries.push(query);
    const file = url.pathname === WCF_PATH ? QUERIES[query] : undefined;
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const byFile = Object.fromEntries(Object.entries(QUERIES).map(([q, f]) => [f, `${base}${WCF_PATH}?${q}`]));
    const text = readFileSync(fromRoot(WCF_DIR, file), 'utf8').replace(
      /(location|schemaLocation)="([^"]+)"/g,
      (m, attr: string, loc: string) => (byFile[loc] ? `${attr}="${byFile[loc]}"` : m),
    );
    res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    wsdlUrl: `${base}${WCF_PATH}?wsdl`,
    queries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An order as the client takes and returns it: a nested record, a list of records, a list of strings. */
export const ORDER = {
  Customer: { Email: 'ann@example.org', Name: 'Ann Lee' },
  Id: 7,
  Lines: [
    { Price: '1.50', Quantity: 2, Sku: 'A-1' },
    { Price: '10.00', Quantity: 1, Sku: 'B-2' },
  ],
  PlacedAt: new Date('2024-01-02T03:04:05.000Z'),
  Tags: ['gift', 'rush'],
  Total: '13.00',
};

/** The order in WCF's shape for node-soap to write: prefixed names, the namespaces declared on the result element. */
function wcfOrder(order: typeof ORDER): Record<string, unknown> {
  return {
    attributes: { 'xmlns:a': DATA_CONTRACT, 'xmlns:b': ARRAYS },
    'a:Customer': { 'a:Email': order.Customer.Email, 'a:Name': order.Customer.Name },
    'a:Id': order.Id,
    'a:Lines': {
      'a:OrderLine': order.Lines.map((l) => ({ 'a:Price': l.Price, 'a:Quantity': l.Quantity, 'a:Sku': l.Sku })),
    },
    'a:PlacedAt': order.PlacedAt.toISOString(),
    'a:Tags': { 'b:string': order.Tags },
    'a:Total': order.Total,
  };
}

/** What node-soap parses from the client's request carrying ORDER (decimals kept as text). */
export const ORDER_AS_PARSED = {
  Customer: { Email: 'ann@example.org', Name: 'Ann Lee' },
  Id: 7,
  Lines: { OrderLine: ORDER.Lines },
  PlacedAt: ORDER.PlacedAt,
  Tags: { string: ORDER.Tags },
  Total: '13.00',
};

export interface WcfNodeSoap {
  readonly server: NodeSoapServer;
  /** What each handler received, in order. */
  readonly received: Array<{ op: string; args: unknown }>;
}

export async function startWcfNodeSoap(): Promise<WcfNodeSoap> {
  const received: Array<{ op: string; args: unknown }> = [];
  const handle = (op: string, answer: (args: any) => unknown) => (args: unknown) => {
    received.push({ op, args });
    return answer(args);
  };
  const server = await startNodeSoapServer({
    wsdl: readFileSync(fromRoot(WCF_WSDL), 'utf8'),
    path: WCF_PATH,
    nodeSoapOptions: { uri: fromRoot(WCF_WSDL), customDeserializer: { decimal: (text: string) => text } } as never,
    service: {
      OrderService: {
        BasicHttpBinding_IOrderService: {
          // Answers the order it was sent, as WCF would after saving it.
          SaveOrder: handle('SaveOrder', () => ({ SaveOrderResult: wcfOrder(ORDER) })),
          GetOrder: handle('GetOrder', (args) => ({ GetOrderResult: wcfOrder({ ...ORDER, Id: Number(args.id) }) })),
          FindTags: handle('FindTags', (args) => ({
            FindTagsResult: {
              attributes: { 'xmlns:b': ARRAYS },
              'b:string': [`${args.prefix}-one`, `${args.prefix}-two`],
            },
          })),
        },
      },
    },
  });
  return { server, received };
}
