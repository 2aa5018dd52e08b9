/**
 * ProductService (24SevenOffice product API V001): every operation of
 * test/fixtures/wsdl/products/ProductService.yaml. No SOAP headers. Shapes: a boolean scalar result, decimal and int
 * parameters, a record parameter with a list inside, list parameters of strings (nillable items) and of records
 * (nillable items), list results, list items that may not be nil (`ArrayOfKeyValuePair`), optional value-type fields
 * (`minOccurs="0"`), nillable optional booleans, xs:double (with .NET's `double.MinValue` and `INF`), xs:decimal at
 * both ends of System.Decimal, dateTime with seven fraction digits.
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

/** Every field of Product, as a .NET service writes it (schema order). */
const product = {
  CashPriceIncTax: '-1.7976931348623157E+308',
  WebPrice: DECIMAL_MAX,
  SupplierId: INT_MAX,
  Id: 1001,
  Name: MARKUP,
  TaxRate: '0.25',
  Stock: DECIMAL_TINY,
  StatusId: 0,
  CategoryId: INT_MIN,
  PriceGroupID: 3,
  InPrice: '12.5000',
  Description: '',
  DescriptionLong: UNICODE,
  Cost: '-0.5',
  EAN1: '7310865004703',
  Price: DECIMAL_MIN,
  No: '00042',
  DateChanged: '2024-02-29T23:59:59.9999999',
  APIException: { Type: 'None', Message: '', StackTrace: MARKUP },
  Weight: '0',
  MinimumStock: '1.0',
  OrderProposal: '100',
  StockLocation: 'A-1',
  SupplierProductCode: 'SP-1',
  SupplierProductName: 'Supplier product',
  Web: true,
  ProductCode: 'PC',
  StockControlled: false,
  NewOffer: null,
  NewProduct: true,
};
const productTyped = {
  ...product,
  CashPriceIncTax: -1.7976931348623157e308,
  DateChanged: new Date('2024-02-29T23:59:59.999Z'),
};
/** A product with most fields left out (the service returns only the requested properties). */
const sparse = { CashPriceIncTax: 'INF', Id: 7, Name: 'Gadget', APIException: {}, Web: null, NewProduct: false };
const sparseTyped = {
  CashPriceIncTax: Infinity,
  Id: 7,
  Name: 'Gadget',
  APIException: {},
  Web: null,
  NewProduct: false,
};

const apiException = { Type: 'Validation', Message: MARKUP, StackTrace: '' };
const category = { Id: 10, Name: UNICODE, No: '010', ParentId: INT_MIN, APIException: apiException };

export const products: ServiceCase = {
  name: 'products',
  spec: 'products/ProductService.yaml',
  wsdl: 'products/ProductService.wsdl',
  path: '/Logistics/Product/V001/ProductService.asmx',
  service: 'ProductService',
  port: 'ProductServiceSoap',
  clientClass: 'ProductServiceClient',
  clients: { default: {} },
  rows: [
    {
      op: 'SetStockQuantity',
      args: { productId: INT_MAX, stockQuantity: DECIMAL_MAX },
      received: { productId: INT_MAX, stockQuantity: DECIMAL_MAX },
      returns: { SetStockQuantityResult: true },
      expected: true,
    },
    {
      op: 'SetStockQuantity',
      variant: 'the smallest decimal step, false',
      args: { productId: INT_MIN, stockQuantity: DECIMAL_TINY },
      received: { productId: INT_MIN, stockQuantity: DECIMAL_TINY },
      returns: { SetStockQuantityResult: false },
      expected: false,
    },
    {
      op: 'SetStockQuantity',
      variant: 'a decimal given as a number (written without exponent)',
      args: { productId: 0, stockQuantity: 1e21 },
      received: { productId: 0, stockQuantity: '1000000000000000000000' },
      returns: { SetStockQuantityResult: true },
      expected: true,
    },
    {
      op: 'SetStockQuantity',
      variant: 'a decimal given as a bigint',
      args: { productId: 1, stockQuantity: -(10n ** 28n) },
      received: { productId: 1, stockQuantity: '-10000000000000000000000000000' },
      returns: { SetStockQuantityResult: true },
      expected: true,
    },
    {
      op: 'GetProducts',
      args: {
        searchParams: {
          Id: INT_MIN,
          CategoryId: 7,
          No: '',
          EAN1: MARKUP,
          Name: UNICODE,
          Price: DECIMAL_TINY,
          DateChanged: new Date('2024-01-02T03:04:05.006Z'),
          ProductIds: [1, INT_MAX, INT_MIN],
        },
        returnProperties: ['Name', null, '', 'Price'],
      },
      received: {
        searchParams: {
          Id: INT_MIN,
          CategoryId: 7,
          No: '',
          EAN1: MARKUP,
          Name: UNICODE,
          Price: DECIMAL_TINY,
          DateChanged: '2024-01-02T03:04:05.006Z',
          ProductIds: { int: [1, INT_MAX, INT_MIN] },
        },
        returnProperties: { string: ['Name', null, '', 'Price'] },
      },
      returns: { GetProductsResult: { Product: [product, sparse, NIL_ITEM(), {}] } },
      expected: [productTyped, sparseTyped, null, {}],
    },
    {
      op: 'GetProducts',
      variant: 'empty lists sent, an empty list returned',
      args: { searchParams: { ProductIds: [] }, returnProperties: [] },
      // node-soap parses an empty container element as null (the wire check below shows <ProductIds/>).
      received: { searchParams: { ProductIds: null }, returnProperties: null },
      returns: { GetProductsResult: { Product: [] } },
      expected: [],
    },
    {
      op: 'GetProducts',
      variant: 'optional parameters left out, the result left out: null',
      args: {},
      received: null,
      returns: {},
      expected: null,
    },
    {
      op: 'SaveProducts',
      args: { products: [productTyped, null, { Name: 'New' }] },
      received: {
        products: {
          Product: [
            { ...product, CashPriceIncTax: '-1.7976931348623157e+308', DateChanged: '2024-02-29T23:59:59.999Z' },
            null,
            { Name: 'New' },
          ],
        },
      },
      returns: { SaveProductsResult: { Product: [product, { ...sparse, Id: 8 }] } },
      expected: [productTyped, { ...sparseTyped, Id: 8 }],
    },
    {
      op: 'DeleteProducts',
      args: { products: [{ Id: 1001 }, { Id: INT_MAX, Web: null, NewOffer: true }] },
      received: { products: { Product: [{ Id: 1001 }, { Id: INT_MAX, Web: null, NewOffer: true }] } },
      returns: { DeleteProductsResult: { Product: [{ Id: 1001, APIException: apiException }] } },
      expected: [{ Id: 1001, APIException: apiException }],
    },
    {
      op: 'DeleteProducts',
      variant: 'result left out: null',
      args: { products: [] },
      received: { products: null },
      returns: {},
      expected: null,
    },
    {
      op: 'GetPriceList',
      args: { priceListId: 0 },
      received: { priceListId: 0 },
      returns: {
        GetPriceListResult: {
          KeyValuePair: [{ Key: '1001', Value: '99.50' }, { Key: MARKUP, Value: '' }, { Key: UNICODE }],
        },
      },
      expected: [{ Key: '1001', Value: '99.50' }, { Key: MARKUP, Value: '' }, { Key: UNICODE }],
    },
    {
      op: 'GetAllPriceLists',
      args: {},
      received: null,
      returns: {
        GetAllPriceListsResult: {
          ProductPriceList: [
            { Id: 1, Name: 'Retail', IncVat: true, Currency: 'NOK' },
            { Id: INT_MIN, IncVat: false },
            NIL_ITEM(),
          ],
        },
      },
      expected: [{ Id: 1, Name: 'Retail', IncVat: true, Currency: 'NOK' }, { Id: INT_MIN, IncVat: false }, null],
    },
    {
      op: 'GetCategories',
      args: { returnProperties: ['Id', 'Name', 'No', 'ParentId', 'APIException'] },
      received: { returnProperties: { string: ['Id', 'Name', 'No', 'ParentId', 'APIException'] } },
      returns: { GetCategoriesResult: { Category: [category, { Id: 11 }, NIL_ITEM()] } },
      expected: [category, { Id: 11 }, null],
    },
    {
      op: 'SaveCategories',
      args: { categories: [{ Name: UNICODE, No: '010', ParentId: 0 }, null, category] },
      received: { categories: { Category: [{ Name: UNICODE, No: '010', ParentId: 0 }, null, category] } },
      returns: { SaveCategoriesResult: { Category: [category] } },
      expected: [category],
    },
    {
      op: 'GetDiscountMatrixPriceGroup',
      args: {},
      received: null,
      returns: {
        GetDiscountMatrixPriceGroupResult: {
          Discount: [{ PriceGroupId: 1, CategoryId: 2, CustomerId: INT_MAX, Value: DECIMAL_MIN }, { Value: '0.0' }],
        },
      },
      expected: [{ PriceGroupId: 1, CategoryId: 2, CustomerId: INT_MAX, Value: DECIMAL_MIN }, { Value: '0.0' }],
    },
    {
      op: 'GetDiscountMatrixCategory',
      args: {},
      received: null,
      returns: {
        GetDiscountMatrixCategoryResult: { Discount: [{ CategoryId: INT_MIN, Value: DECIMAL_TINY }, NIL_ITEM()] },
      },
      expected: [{ CategoryId: INT_MIN, Value: DECIMAL_TINY }, null],
    },
  ],
};
