/**
 * ServiceExternal (3PL Central's warehouse service, test/fixtures/wsdl/threepl-contracts/): the draft import-wsdl makes
 * of it, every operation bare (`parameterStyle: bare`: each part an element of its own in the Body).
 *
 * node-soap 1.13 serves none of its operations: it finds a bare operation's answer by the first Body element of the
 * request, hands the handler only the first part, and writes a handler's value as the content of ONE answer part
 * (test/bare/import.test.ts). Eight operations have several parts; the two with one part each way, ReportRetailers and
 * ReportStockStatus, start with `userLoginData` as FindOrders and SmallParcelOrders do, and node-soap answers all four as
 * SmallParcelOrders, the last of them in the WSDL (over SOAP 1.1 it runs the handler the SOAPAction names, over SOAP 1.2
 * SmallParcelOrders' handler too; the end-to-end test shows it). So the table has no rows, {@link notServedByNodeSoap}
 * gives each operation's reason, and every operation is called against the generated mock in both SOAP versions
 * instead, each request and answer validated against the WSDL's schema.
 */
import type { ServiceCase } from './real-service-case.js';

const SEVERAL = 'several parts (node-soap hands the handler the first and writes one answer part)';
const SHARED =
  'its one request part, userLoginData, starts FindOrders and SmallParcelOrders too; node-soap answers as SmallParcelOrders';

/** Why node-soap cannot serve an operation, by operation, in the WSDL's order. */
const notServedByNodeSoap: Readonly<Record<string, string>> = {
  CreateOrders: `${SEVERAL}: extLoginData, orders, warnings; answer Int32, warnings`,
  UpdateOrders: `${SEVERAL}: extLoginData, updateOrders, warnings; answer Int32, warnings`,
  CancelOrders: `${SEVERAL}: extLoginData, cancelOrders`,
  ReportRetailers: SHARED,
  FindOrders: `${SEVERAL}: userLoginData, focr, limitCount; answer FindOrders, totalOrders`,
  ReportStockStatus: SHARED,
  SmallParcelOrders: `${SEVERAL}: userLoginData, focr, limitCount; answer SmallParcelOrdersResult, totalOrders`,
  SmallParcelUpdateTrackingNumbers: `${SEVERAL}: extLoginData, updateOrders; answer Int32, notUpdated`,
  SmallParcelUpdateOrders: `${SEVERAL}: extLoginData, spUpdateOrders; answer Int32, notUpdated`,
  CreateItems: `${SEVERAL}: extLoginData, Items, warnings; answer CreateItemsResult, warnings`,
};

export const threeplContracts: ServiceCase = {
  name: 'threepl-contracts',
  wsdl: 'threepl-contracts/ServiceExternal.wsdl',
  path: '/webserviceexternal/contracts.asmx',
  service: 'ServiceExternal',
  port: 'ServiceExternalSoap',
  clientClass: 'ServiceExternalClient',
  clients: { default: {} },
  notServedByNodeSoap,
  rows: [],
};
