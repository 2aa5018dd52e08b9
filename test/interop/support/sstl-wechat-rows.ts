/**
 * ProjectOperateforWeChat (a software testing lab's WeChat project service, test/fixtures/wsdl/sstl-wechat/): every
 * operation of the draft import-wsdl makes of it. No SOAP headers. Shapes: `s1:guid` (a pattern-restricted string of
 * Microsoft's types namespace, in a second schema), xs:decimal, a record of 84 fields with 37 required value types
 * (int, decimal, dateTime, guid) as a result, as list items and as a parameter, an int result, string results.
 */
import {
  DECIMAL_MAX,
  DECIMAL_MIN,
  DECIMAL_TINY,
  INT_MAX,
  INT_MIN,
  MARKUP,
  NIL_ITEM,
  UNICODE,
  type ServiceCase,
} from './real-service-case.js';

const GUID = '6f9619ff-8b86-d011-b42d-00c04fc964ff';
const MIN_DATE = '0001-01-01T00:00:00';

/** A project as the service writes it: every field in schema order, the optional strings mostly left out. */
const project = {
  iid: 1024,
  guid: GUID,
  code: 'SSTL-2023-0517',
  name: UNICODE,
  kind: '登记测试',
  mana_id: 7,
  fee: '12800.00',
  income_fee: DECIMAL_MAX,
  payout_fee: DECIMAL_TINY,
  product_id: 31,
  company_id: 5,
  contact_client_id: 11,
  tech_client_id: 12,
  contract_id: 0,
  purpose: MARKUP,
  project_score: '98.5',
  plan_start_dt: '2023-05-17T09:00:00',
  plan_end_dt: '2023-06-30T18:00:00.1234567+08:00',
  start_dt: '2023-05-18T00:00:00Z',
  end_dt: MIN_DATE,
  apply_dt: '2023-05-16T10:15:30',
  check_dt: MIN_DATE,
  archive_dt: MIN_DATE,
  dispatch_dt: MIN_DATE,
  apply_uid: 100,
  check_uid: 0,
  archive_uid: 0,
  dispatch_uid: 0,
  description: '',
  fid: -1,
  state: 'ST_PROJ_EXECUTE',
  status: 1,
  qa_uid: 3,
  prefee: '0',
  invoice_dt: MIN_DATE,
  invoice_num: INT_MAX,
  company_name: '上海某软件有限公司',
  reportcheck_uid: 0,
  reportapprove_uid: INT_MIN,
  tag18: ' spaced ',
};
const projectTyped = {
  ...project,
  plan_start_dt: new Date('2023-05-17T09:00:00Z'),
  plan_end_dt: new Date('2023-06-30T10:00:00.123Z'),
  start_dt: new Date('2023-05-18T00:00:00Z'),
  end_dt: new Date('0001-01-01T00:00:00Z'),
  apply_dt: new Date('2023-05-16T10:15:30Z'),
  check_dt: new Date('0001-01-01T00:00:00Z'),
  archive_dt: new Date('0001-01-01T00:00:00Z'),
  dispatch_dt: new Date('0001-01-01T00:00:00Z'),
  invoice_dt: new Date('0001-01-01T00:00:00Z'),
};

/** The project as a client sends it, and what node-soap parses (dateTime and decimal as exact text). */
const sent = {
  ...projectTyped,
  fee: DECIMAL_MIN,
  plan_end_dt: new Date('2023-06-30T10:00:00.123Z'),
};
const sentParsed = {
  ...project,
  fee: DECIMAL_MIN,
  plan_start_dt: '2023-05-17T09:00:00.000Z',
  plan_end_dt: '2023-06-30T10:00:00.123Z',
  start_dt: '2023-05-18T00:00:00.000Z',
  end_dt: '0001-01-01T00:00:00.000Z',
  apply_dt: '2023-05-16T10:15:30.000Z',
  check_dt: '0001-01-01T00:00:00.000Z',
  archive_dt: '0001-01-01T00:00:00.000Z',
  dispatch_dt: '0001-01-01T00:00:00.000Z',
  invoice_dt: '0001-01-01T00:00:00.000Z',
  // node-soap trims the strings it parses and reads an empty element as ''.
  tag18: 'spaced',
};

const member = {
  iid: 1,
  guid: '00000000-0000-0000-0000-000000000000',
  project_id: 1024,
  user_uid: 100,
  role_code: 'PM',
  plan_start_dt: '2023-05-17T09:00:00',
  plan_end_dt: '2023-06-30T18:00:00',
  start_dt: MIN_DATE,
  end_dt: MIN_DATE,
  q_score: '-0.25',
  q_info: UNICODE,
  status: 0,
};
const memberTyped = {
  ...member,
  plan_start_dt: new Date('2023-05-17T09:00:00Z'),
  plan_end_dt: new Date('2023-06-30T18:00:00Z'),
  start_dt: new Date('0001-01-01T00:00:00Z'),
  end_dt: new Date('0001-01-01T00:00:00Z'),
};

const credentials = { Account: 'wechat', Password: 'pw & <secret>' };

export const sstlWechat: ServiceCase = {
  name: 'sstl-wechat',
  wsdl: 'sstl-wechat/ProjectOperateforWeChat.wsdl',
  path: '/WebServices/wechat/ProjectOperateforWeChat.asmx',
  service: 'ProjectOperateforWeChat',
  port: 'ProjectOperateforWeChatSoap',
  clientClass: 'ProjectOperateforWeChatClient',
  clients: { default: {} },
  rows: [
    {
      op: 'CheckProjectByEncryptCode',
      args: { EncryptCode: 'q1w2e3+/==' },
      received: { EncryptCode: 'q1w2e3+/==' },
      returns: { CheckProjectByEncryptCodeResult: '{"ok":true,"projectId":1024}' },
      expected: '{"ok":true,"projectId":1024}',
    },
    {
      op: 'CheckProjectByEncryptCode',
      variant: 'no code; result left out: null',
      args: {},
      received: null,
      returns: {},
      expected: null,
    },
    {
      op: 'GetMyProjectCount',
      args: { ...credentials, UserId: 100 },
      received: { ...credentials, UserId: 100 },
      returns: { GetMyProjectCountResult: INT_MAX },
      expected: INT_MAX,
    },
    {
      op: 'GetMyProjectList',
      args: { ...credentials, UserId: INT_MIN },
      received: { ...credentials, UserId: INT_MIN },
      returns: { GetMyProjectListResult: { LmTeProject: [project, NIL_ITEM()] } },
      expected: [projectTyped, null],
    },
    {
      op: 'GetMyProjectListbyPage',
      args: { ...credentials, UserId: 100, PageSize: 20, PageIndex: 0 },
      received: { ...credentials, UserId: 100, PageSize: 20, PageIndex: 0 },
      returns: { GetMyProjectListbyPageResult: { LmTeProject: [project] } },
      expected: [projectTyped],
    },
    {
      op: 'GetMyProjectListbyPage',
      variant: 'a page past the end: an empty list',
      args: { UserId: 100, PageSize: 20, PageIndex: INT_MAX },
      received: { UserId: 100, PageSize: 20, PageIndex: INT_MAX },
      returns: { GetMyProjectListbyPageResult: { LmTeProject: [] } },
      expected: [],
    },
    {
      op: 'GetProject',
      args: { ...credentials, ProjectId: 1024 },
      received: { ...credentials, ProjectId: 1024 },
      returns: { GetProjectResult: project },
      expected: projectTyped,
    },
    {
      op: 'GetProject',
      variant: 'no such project: null',
      args: { ...credentials, ProjectId: 0 },
      received: { ...credentials, ProjectId: 0 },
      returns: {},
      expected: null,
    },
    {
      op: 'GetProjectuserList',
      args: { ...credentials, ProjectId: 1024 },
      received: { ...credentials, ProjectId: 1024 },
      returns: {
        GetProjectuserListResult: { LmTeProjectuser: [member, NIL_ITEM(), { ...member, role_code: '', q_score: '0' }] },
      },
      expected: [memberTyped, null, { ...memberTyped, role_code: '', q_score: '0' }],
    },
    {
      op: 'GetFlowUrl',
      args: { ...credentials, ProjectId: 1024 },
      received: { ...credentials, ProjectId: 1024 },
      returns: { GetFlowUrlResult: 'https://lab.example.org/flow?id=1024&step=3' },
      expected: 'https://lab.example.org/flow?id=1024&step=3',
    },
    {
      op: 'GetExpertFinishDt',
      args: { ...credentials, ProjectId: 1024 },
      received: { ...credentials, ProjectId: 1024 },
      returns: { GetExpertFinishDtResult: '2023/6/30 18:00:00' },
      expected: '2023/6/30 18:00:00',
    },
    {
      op: 'SaveProject',
      args: { ...credentials, LmTeProject: sent, UserId: 100 },
      received: { ...credentials, LmTeProject: sentParsed, UserId: 100 },
      returns: { SaveProjectResult: 'OK' },
      expected: 'OK',
    },
    {
      op: 'SaveProject',
      variant: 'no project',
      args: { UserId: 100 },
      received: { UserId: 100 },
      returns: { SaveProjectResult: MARKUP },
      expected: MARKUP,
    },
    {
      op: 'ProjectCheckPass',
      args: { ...credentials, LmTeProject: sent, UserId: 3 },
      received: { ...credentials, LmTeProject: sentParsed, UserId: 3 },
      returns: { ProjectCheckPassResult: '' },
      expected: '',
    },
    {
      op: 'ProjectCheckNoPass',
      args: { ...credentials, LmTeProject: sent, UserId: 3 },
      received: { ...credentials, LmTeProject: sentParsed, UserId: 3 },
      returns: { ProjectCheckNoPassResult: UNICODE },
      expected: UNICODE,
    },
  ],
};
