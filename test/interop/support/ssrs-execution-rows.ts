/**
 * ReportExecutionService (SQL Server Reporting Services, ReportExecution2005.asmx): every operation of
 * test/fixtures/wsdl/ssrs-execution/ReportExecutionService.yaml (all 29). Two optional SOAP headers sent
 * per operation (`TrustedUserHeader` with a base64Binary token, `ExecutionHeader`; none for LogonUser and Logoff).
 * Shapes: result elements not named `<OpResult>` (`executionInfo`, `ExecutionInfo`, `result`, `Found`, `PageNumber`,
 * `Extensions`), void results, boolean and int results, `ExecutionInfo2` extending `ExecutionInfo`, the recursive
 * `DocumentMapNode`, list items with their own element names (`<Dependency>`, `<Value>`), optional value-type fields,
 * list parameters of records (`ParameterValue` extends an empty type), xs:double, dateTime at DateTime.MinValue, and
 * out parameters (`outputs`: Render's bytes with extension, MIME type, encoding, warnings and stream ids, Sort's page
 * number with its item and page count), decoded as one `<Op>Output` record.
 */
import { INT_MAX, INT_MIN, MARKUP, NIL_ITEM, UNICODE, type ServiceCase } from './real-service-case.js';

const TOKEN = new Uint8Array([0, 1, 2, 250, 255, 62, 63]);
const trustedUser = { UserName: 'CONTOSO\\reader', UserToken: TOKEN };
const execution = { ExecutionID: 'ebz5pwyhxiufc0jogfudjn55' };
/** The headers as node-soap parses them (base64Binary as its text). */
const TRUSTED = {
  TrustedUserHeader: { UserName: 'CONTOSO\\reader', UserToken: Buffer.from(TOKEN).toString('base64') },
};
const BOTH = { ...TRUSTED, ExecutionHeader: execution };

const parameter = {
  Name: 'StartDate',
  Type: 'DateTime',
  Nullable: false,
  AllowBlank: false,
  MultiValue: true,
  QueryParameter: true,
  Prompt: 'Start <date>',
  PromptUser: true,
  Dependencies: { Dependency: ['Region', NIL_ITEM(), ''] },
  ValidValuesQueryBased: false,
  ValidValues: { ValidValue: [{ Label: MARKUP, Value: '1' }, NIL_ITEM(), { Label: UNICODE }] },
  DefaultValuesQueryBased: true,
  DefaultValues: { Value: ['2024-01-01', NIL_ITEM()] },
  State: 'HasOutstandingDependencies',
  ErrorMessage: '',
};
const parameterTyped = {
  ...parameter,
  Dependencies: ['Region', null, ''],
  ValidValues: [{ Label: MARKUP, Value: '1' }, null, { Label: UNICODE }],
  DefaultValues: ['2024-01-01', null],
};
const executionInfo = {
  HasSnapshot: false,
  NeedsProcessing: true,
  AllowQueryExecution: true,
  CredentialsRequired: false,
  ParametersRequired: true,
  ExpirationDateTime: '2024-05-01T12:30:00.1234567+02:00',
  ExecutionDateTime: '0001-01-01T00:00:00',
  NumPages: INT_MAX,
  Parameters: { ReportParameter: [parameter, { Name: 'Region' }, NIL_ITEM()] },
  DataSourcePrompts: { DataSourcePrompt: [{ Name: 'Sales', DataSourceID: 'ds-1', Prompt: MARKUP }] },
  HasDocumentMap: true,
  ExecutionID: execution.ExecutionID,
  ReportPath: '/Sales/Quarterly <draft>',
  HistoryID: '',
  ReportPageSettings: {
    PaperSize: { Height: '279.4', Width: '215.9' },
    Margins: { Top: '25.4', Bottom: '0', Left: '-0', Right: '1E-05' },
  },
  AutoRefreshInterval: 0,
};
const executionInfoTyped = {
  ...executionInfo,
  ExpirationDateTime: new Date('2024-05-01T10:30:00.123Z'),
  ExecutionDateTime: new Date('0001-01-01T00:00:00Z'),
  Parameters: [parameterTyped, { Name: 'Region' }, null],
  DataSourcePrompts: [{ Name: 'Sales', DataSourceID: 'ds-1', Prompt: MARKUP }],
  ReportPageSettings: {
    PaperSize: { Height: 279.4, Width: 215.9 },
    Margins: { Top: 25.4, Bottom: 0, Left: -0, Right: 0.00001 },
  },
};
const executionInfo2 = { ...executionInfo, PageCountMode: 'Estimate' };
const executionInfo2Typed = { ...executionInfoTyped, PageCountMode: 'Estimate' };
/** Required fields only, empty lists, page settings without the optional parts. */
const executionInfoBare = {
  HasSnapshot: true,
  NeedsProcessing: false,
  AllowQueryExecution: false,
  CredentialsRequired: true,
  ParametersRequired: false,
  ExpirationDateTime: '9999-12-31T23:59:59.9999999',
  ExecutionDateTime: '2024-05-01T08:00:00Z',
  NumPages: 0,
  Parameters: { ReportParameter: [] },
  DataSourcePrompts: { DataSourcePrompt: [] },
  HasDocumentMap: false,
  ReportPageSettings: {},
  AutoRefreshInterval: INT_MIN,
};
const executionInfoBareTyped = {
  ...executionInfoBare,
  ExpirationDateTime: new Date('9999-12-31T23:59:59.999Z'),
  ExecutionDateTime: new Date('2024-05-01T08:00:00Z'),
  Parameters: [],
  DataSourcePrompts: [],
};

const documentMap = {
  Label: 'Sales',
  UniqueName: 'root',
  Children: {
    DocumentMapNode: [
      {
        Label: 'North',
        UniqueName: 'n',
        Children: { DocumentMapNode: [{ Label: UNICODE, UniqueName: 'n1', Children: { DocumentMapNode: [] } }] },
      },
      NIL_ITEM(),
      { Label: MARKUP },
    ],
  },
};
const documentMapTyped = {
  Label: 'Sales',
  UniqueName: 'root',
  Children: [
    { Label: 'North', UniqueName: 'n', Children: [{ Label: UNICODE, UniqueName: 'n1', Children: [] }] },
    null,
    { Label: MARKUP },
  ],
};

const PDF_BYTES = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x00, 0xff]);
const warning = {
  Code: 'rsFieldReference',
  Severity: 'Warning',
  ObjectName: 'Table1',
  ObjectType: 'Tablix',
  Message: MARKUP,
};

const pdf = {
  ExtensionType: 'Render',
  Name: 'PDF',
  LocalizedName: 'PDF (Acrobat) <file>',
  Visible: true,
  IsModelGenerationSupported: false,
};

export const ssrsExecution: ServiceCase = {
  name: 'ssrs-execution',
  spec: 'ssrs-execution/ReportExecutionService.yaml',
  wsdl: 'ssrs-execution/ReportExecutionService.wsdl',
  path: '/ReportServer/ReportExecution2005.asmx',
  service: 'ReportExecutionService',
  port: 'ReportExecutionServiceSoap',
  clientClass: 'ReportExecutionServiceClient',
  clients: { default: { trustedUser, execution }, withoutHeaders: {} },
  // What a report server sends back in every response (ServerInfoHeader) and from LoadReport, LoadReport2,
  // LoadDrillthroughTarget and LoadDrillthroughTarget2 (ExecutionHeader).
  responseHeaders: {
    ServerInfoHeader:
      '<ReportServerVersionNumber>2009.100.1600.01</ReportServerVersionNumber>' +
      '<ReportServerEdition>Enterprise</ReportServerEdition>' +
      '<ReportServerVersion>Microsoft SQL Server Reporting Services Version 10.50.1600.1</ReportServerVersion>' +
      '<ReportServerDateTime>2024-05-01T10:30:00</ReportServerDateTime>',
    ExecutionHeader: `<ExecutionID>${execution.ExecutionID}</ExecutionID>`,
  },
  rows: [
    {
      op: 'ListSecureMethods',
      args: {},
      received: null,
      headers: TRUSTED,
      returns: { ListSecureMethodsResult: { string: ['Render', NIL_ITEM(), '', MARKUP] } },
      expected: ['Render', null, '', MARKUP],
    },
    {
      op: 'ListSecureMethods',
      variant: 'the optional headers not given: none sent',
      client: 'withoutHeaders',
      args: {},
      received: null,
      returns: { ListSecureMethodsResult: { string: [] } },
      expected: [],
    },
    {
      op: 'LoadReport',
      args: { Report: '/Sales/Quarterly <draft> & "final"', HistoryID: '2024-05-01T00:00:00' },
      received: { Report: '/Sales/Quarterly <draft> & "final"', HistoryID: '2024-05-01T00:00:00' },
      headers: TRUSTED,
      returns: { executionInfo },
      expected: executionInfoTyped,
    },
    {
      op: 'LoadReport',
      variant: 'optional parameters left out, the result left out: null',
      args: {},
      received: null,
      headers: TRUSTED,
      returns: {},
      expected: null,
    },
    {
      op: 'LoadReport2',
      args: { Report: UNICODE },
      received: { Report: UNICODE },
      headers: TRUSTED,
      returns: { executionInfo: executionInfo2 },
      expected: executionInfo2Typed,
    },
    {
      op: 'LoadReportDefinition',
      variant: 'out parameter: the warnings beside the result',
      args: { Definition: PDF_BYTES },
      received: { Definition: Buffer.from(PDF_BYTES).toString('base64') },
      headers: TRUSTED,
      returns: { executionInfo, warnings: { Warning: [warning, NIL_ITEM()] } },
      expected: { executionInfo: executionInfoTyped, warnings: [warning, null] },
    },
    {
      op: 'LoadReportDefinition2',
      variant: 'out parameter: an empty list of warnings, the result left out',
      args: {},
      received: null,
      headers: TRUSTED,
      returns: { warnings: {} },
      expected: { warnings: [] },
    },
    {
      op: 'SetExecutionCredentials',
      args: { Credentials: [{ DataSourceName: 'Sales', UserName: 'sa', Password: MARKUP }, null, {}] },
      received: {
        Credentials: {
          DataSourceCredentials: [{ DataSourceName: 'Sales', UserName: 'sa', Password: MARKUP }, null, null],
        },
      },
      headers: BOTH,
      returns: { executionInfo: executionInfoBare },
      expected: executionInfoBareTyped,
    },
    {
      op: 'SetExecutionCredentials2',
      args: { Credentials: [] },
      received: { Credentials: null },
      headers: BOTH,
      returns: { executionInfo: { ...executionInfoBare, PageCountMode: 'Actual' } },
      expected: { ...executionInfoBareTyped, PageCountMode: 'Actual' },
    },
    {
      op: 'SetExecutionParameters',
      args: {
        Parameters: [{ Name: 'StartDate', Value: '2024-01-01', Label: 'Start' }, { Name: 'Region', Value: '' }, null],
        ParameterLanguage: 'de-CH',
      },
      received: {
        Parameters: {
          ParameterValue: [
            { Name: 'StartDate', Value: '2024-01-01', Label: 'Start' },
            { Name: 'Region', Value: '' },
            null,
          ],
        },
        ParameterLanguage: 'de-CH',
      },
      headers: BOTH,
      returns: { executionInfo },
      expected: executionInfoTyped,
    },
    {
      op: 'SetExecutionParameters2',
      args: { Parameters: [{ Name: 'Region', Value: UNICODE }] },
      received: { Parameters: { ParameterValue: [{ Name: 'Region', Value: UNICODE }] } },
      headers: BOTH,
      returns: { executionInfo: executionInfo2 },
      expected: executionInfo2Typed,
    },
    {
      op: 'ResetExecution',
      args: {},
      received: null,
      headers: BOTH,
      returns: { executionInfo: executionInfoBare },
      expected: executionInfoBareTyped,
    },
    {
      op: 'ResetExecution2',
      args: {},
      received: null,
      headers: BOTH,
      returns: { executionInfo: executionInfo2 },
      expected: executionInfo2Typed,
    },
    {
      op: 'Render',
      variant: 'out parameters: bytes, extension, MIME type, encoding, warnings and stream ids',
      args: { Format: 'PDF', DeviceInfo: '<DeviceInfo><StartPage>1</StartPage></DeviceInfo>' },
      received: { Format: 'PDF', DeviceInfo: '<DeviceInfo><StartPage>1</StartPage></DeviceInfo>' },
      headers: BOTH,
      returns: {
        Result: Buffer.from(PDF_BYTES).toString('base64'),
        Extension: 'pdf',
        MimeType: 'application/pdf',
        Encoding: '',
        Warnings: { Warning: [warning] },
        StreamIds: { string: ['img1', UNICODE] },
      },
      expected: {
        Result: PDF_BYTES,
        Extension: 'pdf',
        MimeType: 'application/pdf',
        Encoding: '',
        Warnings: [warning],
        StreamIds: ['img1', UNICODE],
      },
    },
    {
      op: 'Render2',
      variant: 'the result and every out parameter left out',
      args: { Format: 'HTML4.0', PaginationMode: 'Estimate' },
      received: { Format: 'HTML4.0', PaginationMode: 'Estimate' },
      headers: BOTH,
      returns: {},
      expected: {},
    },
    {
      op: 'RenderStream',
      args: { Format: 'HTML4.0', StreamID: 'img1', DeviceInfo: '' },
      received: { Format: 'HTML4.0', StreamID: 'img1', DeviceInfo: '' },
      headers: BOTH,
      returns: { Result: 'iVBORw0KGgo=', Encoding: '', MimeType: 'image/png' },
      expected: {
        Result: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Encoding: '',
        MimeType: 'image/png',
      },
    },
    {
      op: 'GetExecutionInfo',
      args: {},
      received: null,
      headers: BOTH,
      returns: { executionInfo },
      expected: executionInfoTyped,
    },
    {
      op: 'GetExecutionInfo2',
      variant: 'the result left out: null',
      args: {},
      received: null,
      headers: BOTH,
      returns: {},
      expected: null,
    },
    {
      op: 'GetDocumentMap',
      args: {},
      received: null,
      headers: BOTH,
      returns: { result: documentMap },
      expected: documentMapTyped,
    },
    {
      op: 'LoadDrillthroughTarget',
      args: { DrillthroughID: '3iS0' },
      received: { DrillthroughID: '3iS0' },
      headers: BOTH,
      returns: { ExecutionInfo: executionInfo },
      expected: executionInfoTyped,
    },
    {
      op: 'LoadDrillthroughTarget2',
      args: { DrillthroughID: '' },
      received: { DrillthroughID: '' },
      headers: BOTH,
      returns: { ExecutionInfo: { ...executionInfoBare, PageCountMode: 'Estimate' } },
      expected: { ...executionInfoBareTyped, PageCountMode: 'Estimate' },
    },
    {
      op: 'ToggleItem',
      args: { ToggleID: '12' },
      received: { ToggleID: '12' },
      headers: BOTH,
      returns: { Found: true },
      expected: true,
    },
    {
      op: 'ToggleItem',
      variant: 'false, the parameter left out',
      args: {},
      received: null,
      headers: BOTH,
      returns: { Found: false },
      expected: false,
    },
    {
      op: 'NavigateDocumentMap',
      args: { DocMapID: 'n1' },
      received: { DocMapID: 'n1' },
      headers: BOTH,
      returns: { PageNumber: INT_MAX },
      expected: INT_MAX,
    },
    {
      op: 'NavigateBookmark',
      variant: 'a scalar result under its own name, and an out parameter',
      args: { BookmarkID: 'bm<1>' },
      received: { BookmarkID: 'bm<1>' },
      headers: BOTH,
      returns: { PageNumber: INT_MAX, UniqueName: UNICODE },
      expected: { PageNumber: INT_MAX, UniqueName: UNICODE },
    },
    {
      op: 'FindString',
      args: { StartPage: 1, EndPage: INT_MAX, FindValue: MARKUP },
      received: { StartPage: 1, EndPage: INT_MAX, FindValue: MARKUP },
      headers: BOTH,
      returns: { PageNumber: 0 },
      expected: 0,
    },
    {
      op: 'FindString',
      variant: 'FindValue left out',
      args: { StartPage: INT_MIN, EndPage: 0 },
      received: { StartPage: INT_MIN, EndPage: 0 },
      headers: BOTH,
      returns: { PageNumber: INT_MIN },
      expected: INT_MIN,
    },
    {
      op: 'Sort',
      args: { SortItem: 'Textbox3', Direction: 'Descending', Clear: true },
      received: { SortItem: 'Textbox3', Direction: 'Descending', Clear: true },
      headers: BOTH,
      returns: { PageNumber: 2, ReportItem: 'Textbox3', NumPages: INT_MIN },
      expected: { PageNumber: 2, ReportItem: 'Textbox3', NumPages: INT_MIN },
    },
    {
      op: 'Sort2',
      args: { Direction: 'None', Clear: false, PaginationMode: 'Actual' },
      received: { Direction: 'None', Clear: false, PaginationMode: 'Actual' },
      headers: BOTH,
      returns: { PageNumber: 1, ReportItem: '', ExecutionInfo: executionInfo2 },
      expected: { PageNumber: 1, ReportItem: '', ExecutionInfo: executionInfo2Typed },
    },
    {
      op: 'GetRenderResource',
      args: { Format: 'HTML4.0' },
      received: { Format: 'HTML4.0' },
      headers: TRUSTED,
      returns: { Result: '', MimeType: 'image/gif' },
      expected: { Result: new Uint8Array(0), MimeType: 'image/gif' },
    },
    {
      op: 'ListRenderingExtensions',
      args: {},
      received: null,
      headers: TRUSTED,
      returns: {
        Extensions: {
          Extension: [pdf, { ExtensionType: 'Data', Visible: false, IsModelGenerationSupported: true }, NIL_ITEM()],
        },
      },
      expected: [pdf, { ExtensionType: 'Data', Visible: false, IsModelGenerationSupported: true }, null],
    },
    {
      op: 'LogonUser',
      args: { userName: 'reader', password: MARKUP, authority: '' },
      received: { userName: 'reader', password: MARKUP, authority: '' },
      returns: {},
      expected: undefined,
    },
    {
      op: 'Logoff',
      args: {},
      received: null,
      returns: {},
      expected: undefined,
    },
  ],
};
