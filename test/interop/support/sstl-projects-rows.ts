/**
 * ProjectServices (a software testing lab's project service, test/fixtures/wsdl/sstl-projects/): every operation of the
 * draft import-wsdl makes of it. No SOAP headers. Shapes: an enum parameter, a list of records with a hundred fields of
 * which seven are required and nillable value types (`minOccurs="1" nillable="true"` int, double, dateTime), nillable
 * list items, and `DictionaryEntry` items whose Key and Value have no type (xs:anyType: the draft's `xml`, kept as the
 * markup inside the element, escapes as sent).
 */
import { INT_MAX, INT_MIN, MARKUP, NIL_ITEM, UNICODE, type ServiceCase } from './real-service-case.js';

/** A project as the service writes it (schema order; most optional strings left out). */
const project = {
  ApplyVersion: '2',
  ID: INT_MAX,
  Code: 'SSTL-2023-0517',
  CustomerID: 88,
  SoftwareName: UNICODE,
  Version: 'V1.0.3',
  ExpValue: '-1.5E-300',
  Scale: 3,
  Description: MARKUP,
  ApplyDT: '2023-05-17T09:30:00+08:00',
  ConfirmDT: null,
  Status: 2,
  CompanyName: '上海软件测评中心',
  LMEmail: 'lab@example.org',
};
const projectTyped = {
  ApplyVersion: '2',
  ID: INT_MAX,
  Code: 'SSTL-2023-0517',
  CustomerID: 88,
  SoftwareName: UNICODE,
  Version: 'V1.0.3',
  ExpValue: -1.5e-300,
  Scale: 3,
  Description: MARKUP,
  ApplyDT: new Date('2023-05-17T01:30:00Z'),
  ConfirmDT: null,
  Status: 2,
  CompanyName: '上海软件测评中心',
  LMEmail: 'lab@example.org',
};
/** Only the required members, every one nil. */
const bare = { ID: null, CustomerID: null, ExpValue: null, Scale: null, ApplyDT: null, ConfirmDT: null, Status: null };

export const sstlProjects: ServiceCase = {
  name: 'sstl-projects',
  wsdl: 'sstl-projects/ProjectServices.wsdl',
  path: '/webservices/projectservices.asmx',
  service: 'ProjectServices',
  port: 'ProjectServicesSoap',
  clientClass: 'ProjectServicesClient',
  clients: { default: {} },
  rows: [
    {
      op: 'ProjectStatusChange',
      args: {
        Account: 'wechat',
        Password: 'pw & <secret>',
        ProjectId: INT_MAX,
        ProjectCode: 'SSTL-2023-0517',
        projectstatus: 'ST_PROJ_REPORTCHECK',
        Describe: UNICODE,
      },
      received: {
        Account: 'wechat',
        Password: 'pw & <secret>',
        ProjectId: INT_MAX,
        ProjectCode: 'SSTL-2023-0517',
        projectstatus: 'ST_PROJ_REPORTCHECK',
        Describe: UNICODE,
      },
      returns: { ProjectStatusChangeResult: true },
      expected: true,
    },
    {
      op: 'ProjectStatusChange',
      variant: 'required members only, the int minimum, false',
      args: { ProjectId: INT_MIN, projectstatus: 'ABANDON' },
      received: { ProjectId: INT_MIN, projectstatus: 'ABANDON' },
      returns: { ProjectStatusChangeResult: false },
      expected: false,
    },
    {
      op: 'GetProjectList',
      args: { Account: 'wechat', Password: 'pw', Mobile: '+86 138 0013 8000' },
      received: { Account: 'wechat', Password: 'pw', Mobile: '+86 138 0013 8000' },
      returns: { GetProjectListResult: { Project: [project, NIL_ITEM(), bare] } },
      expected: [projectTyped, null, bare],
    },
    {
      op: 'GetProjectList',
      variant: 'an empty list',
      args: { Mobile: '' },
      received: { Mobile: '' },
      returns: { GetProjectListResult: { Project: [] } },
      expected: [],
    },
    {
      op: 'GetProjectList',
      variant: 'result left out: null',
      args: {},
      received: null,
      returns: {},
      expected: null,
    },
    {
      op: 'GetStatusList',
      args: {},
      received: null,
      returns: {
        GetStatusListResult: {
          DictionaryEntry: [
            { Key: 'NEW', Value: '新建' },
            { Key: { $xml: '<code xmlns="urn:example">ST_PROJ_CREATE</code>' }, Value: 'Created & waiting' },
            {},
          ],
        },
      },
      expected: [
        { Key: 'NEW', Value: '新建' },
        { Key: '<code xmlns="urn:example">ST_PROJ_CREATE</code>', Value: 'Created &amp; waiting' },
        {},
      ],
    },
    {
      op: 'GetStatusList',
      variant: 'an empty list',
      args: {},
      received: null,
      returns: { GetStatusListResult: { DictionaryEntry: [] } },
      expected: [],
    },
  ],
};
