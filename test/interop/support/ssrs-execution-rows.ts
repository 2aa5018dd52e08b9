/**
 * ReportExecutionService (SQL Server Reporting Services, ReportExecution2005.asmx): every operation of
 * test/fixtures/wsdl/ssrs-execution/ReportExecutionService.yaml (the 20 the spec keeps). Two optional SOAP headers sent
 * per operation (`TrustedUserHeader` with a base64Binary token, `ExecutionHeader`; none for LogonUser and Logoff).
 * Shapes: result elements not named `<OpResult>` (`executionInfo`, `ExecutionInfo`, `result`, `Found`, `PageNumber`,
 * `Extensions`), void results, boolean and int results, `ExecutionInfo2` extending `ExecutionInfo`, the recursive
 * `DocumentMapNode`, list items with their own element names (`<Dependency>`, `<Value>`), optional value-type fields,
 * list parameters of records (`ParameterValue` extends an empty type), xs:double, dateTime at DateTime.MinValue.
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
