/**
 * WebService (a city's noise, weather and traffic monitoring service, test/fixtures/wsdl/noise-monitoring/): every
 * operation of the draft import-wsdl makes of it. No SOAP headers. Shapes: .NET DataSet results (24 operations: the
 * WSDL's `<s:element ref="s:schema"/><s:any/>`, the draft's `xml` with `httpPostRoot: DataSet`), kept as the markup
 * inside the result element, schema and diffgram included; records extending a base record with their own fields;
 * a list of records; int and boolean results; int parameters among strings. The WSDL also has HTTP GET and HTTP POST
 * bindings, which node-soap does not serve (the generated mock answers every operation in all four styles).
 */
import { INT_MAX, INT_MIN, MARKUP, NIL_ITEM, UNICODE, type Row, type ServiceCase } from './real-service-case.js';

const user = { strUserName: 'admin', strUserPwd: 'p@ss & <word>' };

/** Text as XML character data. */
function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A DataSet of one table as .NET writes it: its schema, then the diffgram of its rows (each a record of columns). */
function dataSet(table: string, rows: ReadonlyArray<Readonly<Record<string, string>>>): string {
  const columns = Object.keys(rows[0] ?? { VALUE: '' });
  const schema =
    '<xs:schema id="NewDataSet" xmlns="" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:msdata="urn:schemas-microsoft-com:xml-msdata">' +
    '<xs:element name="NewDataSet" msdata:IsDataSet="true" msdata:UseCurrentLocale="true"><xs:complexType><xs:choice minOccurs="0" maxOccurs="unbounded">' +
    `<xs:element name="${table}"><xs:complexType><xs:sequence>` +
    columns.map((c) => `<xs:element name="${c}" type="xs:string" minOccurs="0" />`).join('') +
    '</xs:sequence></xs:complexType></xs:element></xs:choice></xs:complexType></xs:element></xs:schema>';
  const data = rows
    .map(
      (row, i) =>
        `<${table} diffgr:id="${table}${i + 1}" msdata:rowOrder="${i}">${columns.map((c) => `<${c}>${escaped(row[c] ?? '')}</${c}>`).join('')}</${table}>`,
    )
    .join('');
  return `${schema}<diffgr:diffgram xmlns:msdata="urn:schemas-microsoft-com:xml-msdata" xmlns:diffgr="urn:schemas-microsoft-com:xml-diffgram-v1">${
    rows.length === 0 ? '' : `<NewDataSet xmlns="">${data}</NewDataSet>`
  }</diffgr:diffgram>`;
}

const point = (code: string, name: string) => ({ POINT_CODE: code, POINT_NAME: name });
const NOISE = [
  { POINT_CODE: 'ZS001', MONITOR_TIME: '2017-03-23 08:00', LEQ: '56.3', L10: '58.1', L50: '54.0', L90: '51.2' },
  { POINT_CODE: 'ZS002', MONITOR_TIME: '2017-03-23 08:00', LEQ: '71.9', L10: '75.4', L50: '70.0', L90: '66.8' },
];

/** A row of an operation returning a DataSet: the client gets the markup as the handler wrote it. */
function dataSetRow(
  op: string,
  args: Record<string, unknown>,
  received: unknown,
  table: string,
  rows: ReadonlyArray<Record<string, string>>,
  variant?: string,
): Row {
  const markup = dataSet(table, rows);
  return {
    op,
    ...(variant ? { variant } : {}),
    args,
    received,
    returns: { [`${op}Result`]: { $xml: markup } },
    expected: markup,
  };
}

const day = { strPointCode: 'ZS001', strDayTime: '2017-03-23', ...user };
const codes = { strPointCodes: 'ZS001,ZS002', strDayTime: '2017-03', ...user };
const span = { strPointCodes: 'ZS001', strDayTimeStrat: '2017-03-01 00:00', strDayTimeEnd: '2017-03-23 23:59' };

const userVo = {
  SORT_TYPE: 'asc',
  ROWNO: '1',
  ID: '42',
  USER_NAME: 'admin',
  REAL_NAME: UNICODE,
  USER_TYPE: '0',
  EMAIL: 'ops@example.org',
  IS_USE: '1',
  REMARK5: MARKUP,
};
const stationVo = {
  ID: '7',
  POINT_CODE: 'ZS001',
  POINT_NAME: '人民广场',
  AREA_CODE: '150602',
  LONGITUDE: '109.99',
  LATITUDE: '39.81',
  CREATE_TIME: '2016/12/1 0:00:00',
};
const areaVo = {
  ID: '1',
  AREA_TEXT: '东胜区',
  AREA_CODE: '150602',
  PARENT_CODE: '1506',
  ARCGIS_LEVEL: '12',
  SERVICE_EXTENT: '109.8,39.7,110.1,39.9',
};
const dicts = [
  { DICT_TYPE: 'POINT_TYPE', DICT_TEXT: '功能区', DICT_CODE: '1', ORDER_ID: '1' },
  { SORT_FIELD: 'ORDER_ID', DICT_TYPE: 'POINT_TYPE', DICT_TEXT: MARKUP, DICT_CODE: '2', ORDER_ID: '2', REMARK3: '' },
];

export const noiseMonitoring: ServiceCase = {
  name: 'noise-monitoring',
  wsdl: 'noise-monitoring/WebService.wsdl',
  path: '/Services/WebService.asmx',
  service: 'WebService',
  port: 'WebServiceSoap',
  clientClass: 'WebServiceClient',
  clients: { default: {} },
  rows: [
    { op: 'CheckUser', args: user, received: user, returns: { CheckUserResult: true }, expected: true },
    {
      op: 'CheckUser',
      variant: 'no credentials, refused',
      args: {},
      received: null,
      returns: { CheckUserResult: false },
      expected: false,
    },
    dataSetRow('GetAreaPointData', user, user, 'Table', [
      { AREA_CODE: '150602', AREA_TEXT: '东胜区', ...point('ZS001', '人民广场') },
    ]),
    dataSetRow('GetAreaPointData', {}, null, 'Table', [], 'an empty DataSet'),
    {
      op: 'SavePwd',
      args: { strUserName: 'admin', strOldPwd: 'old', strNewPwd: UNICODE },
      received: { strUserName: 'admin', strOldPwd: 'old', strNewPwd: UNICODE },
      returns: { SavePwdResult: true },
      expected: true,
    },
    { op: 'GetUserInfoData', args: user, received: user, returns: { GetUserInfoDataResult: userVo }, expected: userVo },
    { op: 'GetUserInfoData', variant: 'unknown user: null', args: user, received: user, returns: {}, expected: null },
    {
      op: 'GetPointInfoData',
      args: { strPointCode: 'ZS001', ...user },
      received: { strPointCode: 'ZS001', ...user },
      returns: { GetPointInfoDataResult: stationVo },
      expected: stationVo,
    },
    dataSetRow('GetAllPointStata', user, user, 'Table', [
      { ...point('ZS001', '人民广场'), STATE: '1' },
      { ...point('ZS002', MARKUP), STATE: '0' },
    ]),
    dataSetRow('GetNoiseRealTime', user, user, 'Table', NOISE),
    dataSetRow('GetWeatherRealTime', user, user, 'Table', [
      { POINT_CODE: 'QX001', TEMP: '-12.5', HUMIDITY: '31', WIND_SPEED: '3.4', WIND_DIRECTION: 'NW' },
    ]),
    dataSetRow('GetTrafficRealTime', user, user, 'Table', [
      { POINT_CODE: 'JT001', LARGE: '12', MEDIUM: '30', SMALL: '411' },
    ]),
    dataSetRow('GetSinglePointDayReport_Head', day, day, 'Table', [
      { POINT_NAME: '人民广场', STANDARD: '2类', LIMIT_DAY: '60', LIMIT_NIGHT: '50' },
    ]),
    dataSetRow('GetSinglePointDayReport_Body', day, day, 'Table', NOISE.slice(0, 1)),
    dataSetRow(
      'GetSinglePointMonthReport_Head',
      { ...day, strDayTime: '2017-03' },
      { ...day, strDayTime: '2017-03' },
      'Table',
      [{ POINT_NAME: '人民广场', DAYS: '31' }],
    ),
    dataSetRow(
      'GetSinglePointMonthReport_Body',
      { ...day, strDayTime: '2017-03' },
      { ...day, strDayTime: '2017-03' },
      'Table',
      [
        { DAY: '1', LD: '55.2', LN: '46.0' },
        { DAY: '2', LD: '', LN: '' },
      ],
    ),
    dataSetRow(
      'GetSinglePointQuarterReport_Head',
      { ...day, strDayTime: '2017-1' },
      { ...day, strDayTime: '2017-1' },
      'Table',
      [{ POINT_NAME: '人民广场', QUARTER: '1' }],
    ),
    dataSetRow(
      'GetSinglePointQuarterReport_Body',
      { ...day, strDayTime: '2017-1' },
      { ...day, strDayTime: '2017-1' },
      'Table',
      [
        { MONTH: '1', LD: '54.8' },
        { MONTH: '2', LD: '55.0' },
        { MONTH: '3', LD: '56.1' },
      ],
    ),
    dataSetRow('GetDistributionStatistics_Body', day, day, 'Table', [
      { RANGE: '<50', COUNT: '3' },
      { RANGE: '50-60', COUNT: '17' },
      { RANGE: '>70', COUNT: '4' },
    ]),
    dataSetRow(
      'GetDynamicAnalysis_Body',
      { strPointCode: 'ZS001', strDayTimeStrat: '2017-03-01', strDayTimeEnd: '2017-03-23', strHour: '08', ...user },
      { strPointCode: 'ZS001', strDayTimeStrat: '2017-03-01', strDayTimeEnd: '2017-03-23', strHour: '08', ...user },
      'Table',
      [{ DAY: '2017-03-01', LEQ: '55.9' }],
    ),
    dataSetRow('GetRelativityData_Body', day, day, 'Table', [{ LEQ: '56.3', FLOW: '453', WIND_SPEED: '3.4' }]),
    dataSetRow('GetCollectionRate_Noise_Body', codes, codes, 'Table', [
      { POINT_CODE: 'ZS001', RATE: '99.86%' },
      { POINT_CODE: 'ZS002', RATE: '0%' },
    ]),
    dataSetRow('GetCollectionRate_Weather_Body', codes, codes, 'Table', [{ POINT_CODE: 'QX001', RATE: '100%' }]),
    dataSetRow('GetCollectionRate_Traffic_Body', codes, codes, 'Table', [{ POINT_CODE: 'JT001', RATE: '87.5%' }]),
    { op: 'GetInitMapInfo', args: user, received: user, returns: { GetInitMapInfoResult: areaVo }, expected: areaVo },
    dataSetRow('GetInitPointInfo', user, user, 'Table', [point('ZS001', '人民广场'), point('ZS002', UNICODE)]),
    dataSetRow(
      'GetInitPointInfoAll',
      { ...user, strPtName: '广场', strPtCateGory: '', strPtService: 'NOISE' },
      { ...user, strPtName: '广场', strPtCateGory: '', strPtService: 'NOISE' },
      'Table',
      [point('ZS001', '人民广场')],
    ),
    {
      op: 'GetPointWarningInfoNum',
      args: user,
      received: user,
      returns: { GetPointWarningInfoNumResult: 17 },
      expected: 17,
    },
    {
      op: 'GetPointWarningInfoNumNew',
      args: user,
      received: user,
      returns: { GetPointWarningInfoNumNewResult: 0 },
      expected: 0,
    },
    {
      op: 'GetPointWarningInfoSeachNum',
      args: { ...span, ...user },
      received: { ...span, ...user },
      returns: { GetPointWarningInfoSeachNumResult: INT_MAX },
      expected: INT_MAX,
    },
    {
      op: 'GetPointWarningInfoSeachNumNew',
      args: span,
      received: span,
      returns: { GetPointWarningInfoSeachNumNewResult: INT_MIN },
      expected: INT_MIN,
    },
    dataSetRow('GetPointWarningInfo', { iPage: 1, iRows: 20, ...user }, { iPage: 1, iRows: 20, ...user }, 'Table', [
      { POINT_CODE: 'ZS002', WARN_TIME: '2017-03-23 08:00', LEQ: '71.9', LIMIT: '70' },
    ]),
    dataSetRow(
      'GetPointWarningInfoNew',
      { iPage: INT_MAX, iRows: 0 },
      { iPage: INT_MAX, iRows: 0 },
      'Table',
      [],
      'a page past the end: an empty DataSet',
    ),
    dataSetRow(
      'GetPointWarningInfoSeach',
      { ...span, iPage: 1, iRows: 20, ...user },
      { ...span, iPage: 1, iRows: 20, ...user },
      'Table',
      [{ POINT_CODE: 'ZS001', WARN_TIME: '2017-03-02 22:00', LEQ: '52.3', LIMIT: '50' }],
    ),
    dataSetRow(
      'GetPointWarningInfoSeachNew',
      { ...span, iPage: 2, iRows: 10, ...user },
      { ...span, iPage: 2, iRows: 10, ...user },
      'Table',
      [{ POINT_CODE: 'ZS001', NOTE: MARKUP }],
    ),
    {
      op: 'GetCDicts',
      args: { ...user, strDictCode: 'POINT_TYPE' },
      received: { ...user, strDictCode: 'POINT_TYPE' },
      returns: { GetCDictsResult: { TSysDictVo: [dicts[0], NIL_ITEM(), dicts[1]] } },
      expected: [dicts[0], null, dicts[1]],
    },
    {
      op: 'GetCDicts',
      variant: 'an empty list',
      args: { strDictCode: 'NONE' },
      received: { strDictCode: 'NONE' },
      returns: { GetCDictsResult: { TSysDictVo: [] } },
      expected: [],
    },
    {
      op: 'GetAllPointStata',
      variant: 'result left out: null',
      args: user,
      received: user,
      returns: {},
      expected: null,
    },
  ],
};
