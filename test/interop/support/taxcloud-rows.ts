/**
 * TaxCloud (a US sales tax service, test/fixtures/wsdl/taxcloud/): every operation of the draft import-wsdl makes of
 * it. No SOAP headers. Shapes: five enums (one of 51 states), records extending a response base (with and without own
 * fields), lists of records with nillable items as parameters and inside results, a record three levels deep
 * (certificate, detail, list of states), xs:float and xs:double side by side, dateTime parameters, a boolean parameter.
 */
import { INT_MAX, INT_MIN, MARKUP, NIL_ITEM, UNICODE, type ServiceCase } from './real-service-case.js';

const login = { apiLoginID: 'F2A1D3C4', apiKey: '0C1D-2E3F-4A5B' };

const origin = {
  Address1: '162 East Ave',
  Address2: 'Third Floor',
  City: 'Norwalk',
  State: 'CT',
  Zip5: '06851',
  Zip4: '5715',
};
const destination = { Address1: '1 Infinite Loop', City: 'Cupertino', State: 'CA', Zip5: '95014' };
const cartItems = [
  { Index: 0, ItemID: 'SKU-1', TIC: 20010, Price: 19.99, Qty: 1.5 },
  { Index: 1, ItemID: MARKUP, TIC: 0, Price: -1e-7, Qty: 0 },
];
/** As node-soap parses the cart (double kept as text, float read with parseFloat, the container level kept). */
const cartItemsParsed = {
  CartItem: [
    { Index: 0, ItemID: 'SKU-1', TIC: 20010, Price: '19.99', Qty: 1.5 },
    { Index: 1, ItemID: MARKUP, TIC: 0, Price: '-1e-7', Qty: 0 },
  ],
};

const certificate = {
  CertificateID: 'a3c2e1f0-cert',
  Detail: {
    ExemptStates: [
      { StateAbbr: 'NY', ReasonForExemption: 'Resale', IdentificationNumber: '12-3456789' },
      { StateAbbr: 'WY' },
    ],
    SinglePurchase: false,
    PurchaserFirstName: 'Zoë',
    PurchaserLastName: UNICODE,
    PurchaserState: 'NY',
    PurchaserZip: '10001',
    PurchaserTaxID: { TaxType: 'FEIN', IDNumber: '12-3456789', StateOfIssue: 'NY' },
    PurchaserBusinessType: 'RetailTrade',
    PurchaserExemptionReason: 'Resale',
    PurchaserExemptionReasonValue: 'NY-RS-0042',
    CreatedDate: new Date('2024-11-25T12:30:00Z'),
  },
};
/** The certificate as the service writes it (lists in their containers, dateTime as text). */
const certificateWire = {
  ...certificate,
  Detail: {
    ...certificate.Detail,
    ExemptStates: { ExemptState: certificate.Detail.ExemptStates },
    CreatedDate: '2024-11-25T12:30:00',
  },
};
/** The certificate as node-soap parses a request carrying it. */
const certificateParsed = {
  ...certificateWire,
  Detail: { ...certificateWire.Detail, CreatedDate: '2024-11-25T12:30:00.000Z' },
};

const ok = { ResponseType: 'OK', Messages: { ResponseMessage: [] } };
const okTyped = { ResponseType: 'OK', Messages: [] };
const warned = {
  ResponseType: 'Warning',
  Messages: {
    ResponseMessage: [
      { ResponseType: 'Warning', Message: MARKUP },
      NIL_ITEM(),
      { ResponseType: 'Informational', Message: '' },
    ],
  },
};
const warnedTyped = {
  ResponseType: 'Warning',
  Messages: [{ ResponseType: 'Warning', Message: MARKUP }, null, { ResponseType: 'Informational', Message: '' }],
};
const failed = {
  ResponseType: 'Error',
  Messages: { ResponseMessage: [{ ResponseType: 'Error', Message: 'Invalid apiLoginID' }] },
};
const failedTyped = { ResponseType: 'Error', Messages: [{ ResponseType: 'Error', Message: 'Invalid apiLoginID' }] };

const lookupResponse = {
  ...ok,
  CartID: 'cart-77',
  CartItemsResponse: {
    CartItemResponse: [
      { CartItemIndex: 0, TaxAmount: '1.7491' },
      NIL_ITEM(),
      { CartItemIndex: INT_MAX, TaxAmount: '-3.4028235E+38' },
    ],
  },
};
const lookupTyped = {
  ...okTyped,
  CartID: 'cart-77',
  CartItemsResponse: [
    { CartItemIndex: 0, TaxAmount: 1.7491 },
    null,
    { CartItemIndex: INT_MAX, TaxAmount: -3.4028235e38 },
  ],
};

export const taxcloud: ServiceCase = {
  name: 'taxcloud',
  wsdl: 'taxcloud/TaxCloud.wsdl',
  path: '/1.0/TaxCloud.asmx',
  service: 'TaxCloud',
  port: 'TaxCloudSoap',
  clientClass: 'TaxCloudClient',
  clients: { default: {} },
  rows: [
    {
      op: 'VerifyAddress',
      args: {
        uspsUserID: '123ABCDE4567',
        address1: '162 East Ave',
        address2: 'Third Floor',
        city: 'Norwalk',
        state: 'CT',
        zip5: '06851',
      },
      received: {
        uspsUserID: '123ABCDE4567',
        address1: '162 East Ave',
        address2: 'Third Floor',
        city: 'Norwalk',
        state: 'CT',
        zip5: '06851',
      },
      returns: { VerifyAddressResult: { ...origin, ErrNumber: '0' } },
      expected: { ...origin, ErrNumber: '0' },
    },
    {
      op: 'VerifyAddress',
      variant: 'an address that does not verify',
      args: { address1: UNICODE },
      received: { address1: UNICODE },
      returns: { VerifyAddressResult: { ErrNumber: '80040B1A', ErrDescription: 'Address Not Found.' } },
      expected: { ErrNumber: '80040B1A', ErrDescription: 'Address Not Found.' },
    },
    {
      op: 'LookupForDate',
      args: {
        ...login,
        customerID: 'cust-1',
        cartID: 'cart-77',
        cartItems,
        origin,
        destination,
        deliveredBySeller: true,
        exemptCert: certificate,
        useDate: new Date('2024-11-25T00:00:00Z'),
      },
      received: {
        ...login,
        customerID: 'cust-1',
        cartID: 'cart-77',
        cartItems: cartItemsParsed,
        origin,
        destination,
        deliveredBySeller: true,
        exemptCert: certificateParsed,
        useDate: '2024-11-25T00:00:00.000Z',
      },
      returns: { LookupForDateResult: lookupResponse },
      expected: lookupTyped,
    },
    {
      op: 'Lookup',
      args: {
        ...login,
        customerID: 'cust-1',
        cartID: 'cart-77',
        cartItems,
        origin,
        destination,
        deliveredBySeller: false,
      },
      received: {
        ...login,
        customerID: 'cust-1',
        cartID: 'cart-77',
        cartItems: cartItemsParsed,
        origin,
        destination,
        deliveredBySeller: false,
      },
      returns: { LookupResult: lookupResponse },
      expected: lookupTyped,
    },
    {
      op: 'Lookup',
      variant: 'an empty cart; an error answer with an empty item list',
      args: { cartItems: [], deliveredBySeller: false },
      received: { cartItems: null, deliveredBySeller: false },
      returns: { LookupResult: { ...failed, CartItemsResponse: { CartItemResponse: [] } } },
      expected: { ...failedTyped, CartItemsResponse: [] },
    },
    {
      op: 'Authorized',
      args: {
        ...login,
        customerID: 'cust-1',
        cartID: 'cart-77',
        orderID: 'order-9',
        dateAuthorized: new Date('2024-11-25T14:00:00.5Z'),
      },
      received: {
        ...login,
        customerID: 'cust-1',
        cartID: 'cart-77',
        orderID: 'order-9',
        dateAuthorized: '2024-11-25T14:00:00.500Z',
      },
      returns: { AuthorizedResult: ok },
      expected: okTyped,
    },
    {
      op: 'AuthorizedWithCapture',
      args: {
        ...login,
        orderID: 'order-9',
        dateAuthorized: new Date('2024-11-25T14:00:00Z'),
        dateCaptured: new Date('0001-01-01T00:00:00Z'),
      },
      received: {
        ...login,
        orderID: 'order-9',
        dateAuthorized: '2024-11-25T14:00:00.000Z',
        dateCaptured: '0001-01-01T00:00:00.000Z',
      },
      returns: { AuthorizedWithCaptureResult: warned },
      expected: warnedTyped,
    },
    {
      op: 'Captured',
      args: { ...login, orderID: 'order-9' },
      received: { ...login, orderID: 'order-9' },
      returns: { CapturedResult: ok },
      expected: okTyped,
    },
    {
      op: 'Captured',
      variant: 'result left out: null',
      args: {},
      received: null,
      returns: {},
      expected: null,
    },
    {
      op: 'Returned',
      args: { ...login, orderID: 'order-9', cartItems: [cartItems[0]], returnedDate: new Date('2024-12-01T08:00:00Z') },
      received: {
        ...login,
        orderID: 'order-9',
        cartItems: { CartItem: [cartItemsParsed.CartItem[0]] },
        returnedDate: '2024-12-01T08:00:00.000Z',
      },
      returns: { ReturnedResult: failed },
      expected: failedTyped,
    },
    {
      op: 'GetTICGroups',
      args: login,
      received: login,
      returns: {
        GetTICGroupsResult: {
          ...ok,
          TICGroups: {
            TICGroup: [
              { GroupID: 1, Description: 'Clothing' },
              { GroupID: INT_MIN, Description: UNICODE },
            ],
          },
        },
      },
      expected: {
        ...okTyped,
        TICGroups: [
          { GroupID: 1, Description: 'Clothing' },
          { GroupID: INT_MIN, Description: UNICODE },
        ],
      },
    },
    {
      op: 'GetTICs',
      args: login,
      received: login,
      returns: {
        GetTICsResult: {
          ...ok,
          TICs: { TIC: [{ TICID: 20010, Description: 'Clothing & related products (B2C)' }, NIL_ITEM()] },
        },
      },
      expected: { ...okTyped, TICs: [{ TICID: 20010, Description: 'Clothing & related products (B2C)' }, null] },
    },
    {
      op: 'GetTICsByGroup',
      args: { ...login, ticGroup: 1 },
      received: { ...login, ticGroup: 1 },
      returns: { GetTICsByGroupResult: { ...ok, TICs: { TIC: [] } } },
      expected: { ...okTyped, TICs: [] },
    },
    {
      op: 'AddExemptCertificate',
      args: { ...login, customerID: 'cust-1', exemptCert: certificate },
      received: { ...login, customerID: 'cust-1', exemptCert: certificateParsed },
      returns: { AddExemptCertificateResult: { ...ok, CertificateID: 'a3c2e1f0-cert' } },
      expected: { ...okTyped, CertificateID: 'a3c2e1f0-cert' },
    },
    {
      op: 'DeleteExemptCertificate',
      args: { ...login, certificateID: 'a3c2e1f0-cert' },
      received: { ...login, certificateID: 'a3c2e1f0-cert' },
      returns: { DeleteExemptCertificateResult: ok },
      expected: okTyped,
    },
    {
      op: 'GetExemptCertificates',
      args: { ...login, customerID: 'cust-1' },
      received: { ...login, customerID: 'cust-1' },
      returns: {
        GetExemptCertificatesResult: {
          ...ok,
          ExemptCertificates: { ExemptionCertificate: [certificateWire, NIL_ITEM()] },
        },
      },
      expected: { ...okTyped, ExemptCertificates: [certificate, null] },
    },
  ],
};
