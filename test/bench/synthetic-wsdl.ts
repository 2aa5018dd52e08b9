/**
 * A synthetic ASMX WSDL of any number of operations, shaped like the large accounting APIs ASMX serves (e-conomic's,
 * test/fixtures/wsdl/economic): entities with a handle record, a data record and their `ArrayOfX` containers, an enum
 * each, operations named `Entity_Verb`, a SOAP header (the AuthHeader pattern) on every operation, and the four
 * bindings ASMX publishes (SOAP 1.1, SOAP 1.2, HTTP GET and HTTP POST, the latter two for the operations whose
 * parameters are all simple). Records refer to other entities' handles, so types grow with the operations as in a
 * real service. Deterministic: the same count always gives the same text, for measuring how import scales.
 */

const TNS = 'http://synthetic.example/accounting/';

/** An entity's operations, in order: name, parameters (name, type, minOccurs="0"), result type (undefined: void). */
const VERBS: ReadonlyArray<{
  readonly verb: string;
  readonly params: ReadonlyArray<readonly [string, string, boolean?]>;
  readonly result?: string;
}> = [
  { verb: 'GetData', params: [['entityHandle', 'tns:{E}Handle']], result: 'tns:{E}Data' },
  { verb: 'GetDataArray', params: [['entityHandles', 'tns:ArrayOf{E}Handle']], result: 'tns:ArrayOf{E}Data' },
  { verb: 'CreateFromData', params: [['data', 'tns:{E}Data']], result: 'tns:{E}Handle' },
  { verb: 'GetAll', params: [], result: 'tns:ArrayOf{E}Handle' },
  {
    verb: 'FindByName',
    params: [
      ['name', 's:string', true],
      ['status', 'tns:{E}Status'],
    ],
    result: 'tns:ArrayOf{E}Handle',
  },
  { verb: 'GetCount', params: [['since', 's:dateTime']], result: 's:int' },
  {
    verb: 'SetNote',
    params: [
      ['entityHandle', 'tns:{E}Handle'],
      ['note', 's:string', true],
    ],
  },
  { verb: 'Delete', params: [['entityHandle', 'tns:{E}Handle']] },
];

const NOUNS = [
  'Account',
  'Debtor',
  'Creditor',
  'Invoice',
  'Order',
  'Quotation',
  'Product',
  'Project',
  'Employee',
  'Entry',
  'Budget',
  'Currency',
];

const entityName = (k: number): string =>
  `${NOUNS[k % NOUNS.length]}${k < NOUNS.length ? '' : Math.floor(k / NOUNS.length) + 1}`;

const isSimple = (type: string): boolean => type.startsWith('s:') || type.endsWith('Status');

/** As ASMX writes it: reference types (strings, records, lists) may be left out, value types (numbers, enums) not. */
const minOccurs = (type: string): number => (type === 's:string' || !isSimple(type) ? 0 : 1);

export interface SyntheticOperation {
  readonly name: string;
  readonly params: ReadonlyArray<readonly [string, string, boolean?]>;
  readonly result?: string;
}

/** The operations of a synthetic WSDL of `count` operations, in order. */
export function syntheticOperations(count: number): SyntheticOperation[] {
  const ops: SyntheticOperation[] = [];
  for (let k = 0; ops.length < count; k++) {
    const e = entityName(k);
    for (const v of VERBS) {
      if (ops.length === count) break;
      ops.push({
        name: `${e}_${v.verb}`,
        params: v.params.map(([n, t, o]) => [n, t.replace('{E}', e), o] as const),
        ...(v.result ? { result: v.result.replace('{E}', e) } : {}),
      });
    }
  }
  return ops;
}

/** The types of entity `e` its first `verbs` operations reach (through its data record, which every entity's first reaches). */
function entityTypes(e: string, other: string, verbs: number): string[] {
  const field = (name: string, type: string) =>
    `<s:element minOccurs="${minOccurs(type)}" maxOccurs="1" name="${name}" type="${type}" />`;
  return [
    `<s:complexType name="${e}Handle"><s:sequence>${field('Id', 's:int')}</s:sequence></s:complexType>`,
    `<s:complexType name="${e}Data"><s:sequence>`,
    `  ${field('Handle', `tns:${e}Handle`)}`,
    `  ${field('Number', 's:int')}`,
    `  ${field('Name', 's:string')}`,
    `  ${field('Amount', 's:decimal')}`,
    `  ${field('Created', 's:dateTime')}`,
    `  ${field('Active', 's:boolean')}`,
    `  ${field('Status', `tns:${e}Status`)}`,
    `  ${field('Tags', 'tns:ArrayOfString')}`,
    `  ${field('Owner', `tns:${other}Handle`)}`,
    `  ${field('Related', `tns:ArrayOf${e}Handle`)}`,
    `  <s:element minOccurs="1" maxOccurs="1" name="Balance" nillable="true" type="s:decimal" />`,
    `</s:sequence></s:complexType>`,
    `<s:complexType name="ArrayOf${e}Handle"><s:sequence><s:element minOccurs="0" maxOccurs="unbounded" name="${e}Handle" nillable="true" type="tns:${e}Handle" /></s:sequence></s:complexType>`,
    ...(verbs > 1
      ? [
          `<s:complexType name="ArrayOf${e}Data"><s:sequence><s:element minOccurs="0" maxOccurs="unbounded" name="${e}Data" nillable="true" type="tns:${e}Data" /></s:sequence></s:complexType>`,
        ]
      : []),
    `<s:simpleType name="${e}Status"><s:restriction base="s:string"><s:enumeration value="Open" /><s:enumeration value="Closed" /><s:enumeration value="Archived" /></s:restriction></s:simpleType>`,
  ];
}

/** The WSDL text of a synthetic ASMX service of `count` operations (at least 1). */
export function syntheticWsdl(count: number): string {
  const ops = syntheticOperations(count);
  const entities = Math.ceil(count / VERBS.length);
  const schema: string[] = [];
  for (const op of ops) {
    const params = op.params.map(
      ([n, t, optional]) =>
        `<s:element minOccurs="${optional ? 0 : minOccurs(t)}" maxOccurs="1" name="${n}" type="${t}" />`,
    );
    schema.push(
      `<s:element name="${op.name}"><s:complexType>${params.length ? `<s:sequence>${params.join('')}</s:sequence>` : ''}</s:complexType></s:element>`,
    );
    const result = op.result
      ? `<s:sequence><s:element minOccurs="${minOccurs(op.result)}" maxOccurs="1" name="${op.name}Result" type="${op.result}" /></s:sequence>`
      : '';
    schema.push(`<s:element name="${op.name}Response"><s:complexType>${result}</s:complexType></s:element>`);
  }
  for (let k = 0; k < entities; k++) {
    schema.push(
      ...entityTypes(entityName(k), entityName(k === 0 ? 0 : k - 1), Math.min(VERBS.length, count - k * VERBS.length)),
    );
  }
  schema.push(
    '<s:complexType name="ArrayOfString"><s:sequence><s:element minOccurs="0" maxOccurs="unbounded" name="string" nillable="true" type="s:string" /></s:sequence></s:complexType>',
    '<s:element name="AuthHeader" type="tns:AuthHeader" />',
    '<s:complexType name="AuthHeader"><s:sequence><s:element minOccurs="0" maxOccurs="1" name="Token" type="s:string" /></s:sequence></s:complexType>',
  );
  // HTTP GET and POST answer with the result as the root element, declared globally as ASMX does.
  const simple = ops.filter((op) => op.params.every(([, t]) => isSimple(t)) && op.result !== undefined);
  for (const root of new Set(simple.map((op) => op.result!))) {
    const local = root.slice(root.indexOf(':') + 1);
    schema.push(
      root.startsWith('s:')
        ? `<s:element name="${local}" type="${root}" />`
        : `<s:element name="${local}" nillable="true" type="${root}" />`,
    );
  }
  const messages: string[] = [];
  for (const op of ops) {
    messages.push(
      `<wsdl:message name="${op.name}SoapIn"><wsdl:part name="parameters" element="tns:${op.name}" /></wsdl:message>`,
      `<wsdl:message name="${op.name}SoapOut"><wsdl:part name="parameters" element="tns:${op.name}Response" /></wsdl:message>`,
      `<wsdl:message name="${op.name}AuthHeader"><wsdl:part name="AuthHeader" element="tns:AuthHeader" /></wsdl:message>`,
    );
  }
  for (const http of ['HttpGet', 'HttpPost']) {
    for (const op of simple) {
      const root = op.result!.slice(op.result!.indexOf(':') + 1);
      messages.push(
        `<wsdl:message name="${op.name}${http}In">${op.params.map(([n]) => `<wsdl:part name="${n}" type="s:string" />`).join('')}</wsdl:message>`,
        `<wsdl:message name="${op.name}${http}Out"><wsdl:part name="Body" element="tns:${root}" /></wsdl:message>`,
      );
    }
  }

  const portType = (name: string, suffix: string, list: readonly SyntheticOperation[]) => [
    `<wsdl:portType name="${name}">`,
    ...list.map(
      (op) =>
        `<wsdl:operation name="${op.name}"><wsdl:input message="tns:${op.name}${suffix}In" /><wsdl:output message="tns:${op.name}${suffix}Out" /></wsdl:operation>`,
    ),
    '</wsdl:portType>',
  ];
  const soapBinding = (name: string, prefix: 'soap' | 'soap12') => [
    `<wsdl:binding name="${name}" type="tns:SyntheticAccountingSoap"><${prefix}:binding transport="http://schemas.xmlsoap.org/soap/http" />`,
    ...ops.map(
      (op) =>
        `<wsdl:operation name="${op.name}"><${prefix}:operation soapAction="${TNS}${op.name}" style="document" />` +
        `<wsdl:input><${prefix}:body use="literal" /><${prefix}:header message="tns:${op.name}AuthHeader" part="AuthHeader" use="literal" /></wsdl:input>` +
        `<wsdl:output><${prefix}:body use="literal" /></wsdl:output></wsdl:operation>`,
    ),
    '</wsdl:binding>',
  ];
  const httpBinding = (http: 'HttpGet' | 'HttpPost') => [
    `<wsdl:binding name="SyntheticAccounting${http}" type="tns:SyntheticAccounting${http}"><http:binding verb="${http === 'HttpGet' ? 'GET' : 'POST'}" />`,
    ...simple.map(
      (op) =>
        `<wsdl:operation name="${op.name}"><http:operation location="/${op.name}" />` +
        `<wsdl:input>${http === 'HttpGet' ? '<http:urlEncoded />' : '<mime:content type="application/x-www-form-urlencoded" />'}</wsdl:input>` +
        '<wsdl:output><mime:mimeXml part="Body" /></wsdl:output></wsdl:operation>',
    ),
    '</wsdl:binding>',
  ];
  const port = (name: string, address: string) =>
    `<wsdl:port name="${name}" binding="tns:${name}"><${address} location="https://synthetic.example/accounting/v1/SyntheticAccounting.asmx" /></wsdl:port>`;

  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<wsdl:definitions xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:mime="http://schemas.xmlsoap.org/wsdl/mime/" xmlns:tns="${TNS}" xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/" xmlns:http="http://schemas.xmlsoap.org/wsdl/http/" targetNamespace="${TNS}" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">`,
    '<wsdl:types>',
    `<s:schema elementFormDefault="qualified" targetNamespace="${TNS}">`,
    ...schema,
    '</s:schema>',
    '</wsdl:types>',
    ...messages,
    ...portType('SyntheticAccountingSoap', 'Soap', ops),
    ...portType('SyntheticAccountingHttpGet', 'HttpGet', simple),
    ...portType('SyntheticAccountingHttpPost', 'HttpPost', simple),
    ...soapBinding('SyntheticAccountingSoap', 'soap'),
    ...soapBinding('SyntheticAccountingSoap12', 'soap12'),
    ...httpBinding('HttpGet'),
    ...httpBinding('HttpPost'),
    '<wsdl:service name="SyntheticAccounting">',
    port('SyntheticAccountingSoap', 'soap:address'),
    port('SyntheticAccountingSoap12', 'soap12:address'),
    port('SyntheticAccountingHttpGet', 'http:address'),
    port('SyntheticAccountingHttpPost', 'http:address'),
    '</wsdl:service>',
    '</wsdl:definitions>',
    '',
  ].join('\n');
}
