/**
 * HolidayService2 (holidaywebservice.com): every operation of test/fixtures/wsdl/holiday/HolidayService2.yaml. No SOAP
 * headers. Shapes: list results of records extending an (abstract) base with nillable items, a dateTime result, an
 * enum parameter on every operation, an optional string parameter, int and dateTime parameters, a container inside
 * a record. (The spec's HTTP POST binding is not served by node-soap, so only SOAP is exercised here.)
 */
import { INT_MAX, INT_MIN, MARKUP, NIL_ITEM, UNICODE, type ServiceCase } from './real-service-case.js';

const christmas = {
  Country: 'Canada',
  HolidayCode: 'CHRISTMAS',
  Descriptor: 'Christmas',
  HolidayType: 'NotableReligious',
  DateType: 'ObservedActual',
  BankHoliday: 'Recognized',
  Date: '2024-12-25T00:00:00',
  RelatedHolidayCode: '',
  ApplicableRegions: {
    RegionCode: [{ Code: 'ON', Description: 'Ontario' }, NIL_ITEM(), { Code: 'QC', Description: UNICODE }],
  },
};
const christmasTyped = {
  Country: 'Canada',
  HolidayCode: 'CHRISTMAS',
  Descriptor: 'Christmas',
  HolidayType: 'NotableReligious',
  DateType: 'ObservedActual',
  BankHoliday: 'Recognized',
  Date: new Date('2024-12-25T00:00:00Z'),
  RelatedHolidayCode: '',
  ApplicableRegions: [{ Code: 'ON', Description: 'Ontario' }, null, { Code: 'QC', Description: UNICODE }],
};
// Required fields only; a value the spec's enum does not list (enums are open when decoded); an empty container.
const boxingDay = {
  Country: 'GreatBritain',
  HolidayType: 'Other',
  DateType: 'Observed',
  BankHoliday: 'NotRecognized',
  Date: '2024-12-26T00:00:00.1234567+01:00',
  ApplicableRegions: { RegionCode: [] },
};
const boxingDayTyped = {
  Country: 'GreatBritain',
  HolidayType: 'Other',
  DateType: 'Observed',
  BankHoliday: 'NotRecognized',
  Date: new Date('2024-12-25T23:00:00.123Z'),
  ApplicableRegions: [],
};

export const holiday: ServiceCase = {
  name: 'holiday',
  spec: 'holiday/HolidayService2.yaml',
  wsdl: 'holiday/HolidayService2.wsdl',
  path: '/HolidayService_v2/HolidayService2.asmx',
  service: 'HolidayService2',
  port: 'HolidayService2Soap',
  clientClass: 'HolidayService2Client',
  clients: { default: {} },
  rows: [
    {
      op: 'GetCountriesAvailable',
      args: {},
      received: null,
      returns: {
        GetCountriesAvailableResult: {
          CountryCode: [{ Code: 'Canada', Description: 'Canada' }, NIL_ITEM(), { Code: '', Description: MARKUP }, {}],
        },
      },
      expected: [{ Code: 'Canada', Description: 'Canada' }, null, { Code: '', Description: MARKUP }, {}],
    },
    {
      op: 'GetCountriesAvailable',
      variant: 'result element left out: null',
      args: {},
      received: null,
      returns: {},
      expected: null,
    },
    {
      op: 'GetHolidaysAvailable',
      args: { countryCode: 'IrelandRepublicOf' },
      received: { countryCode: 'IrelandRepublicOf' },
      returns: {
        GetHolidaysAvailableResult: {
          HolidayCode: [
            { Code: 'STPATRICKS', Description: "St. Patrick's Day" },
            { Code: 'NEWYEARS', Description: UNICODE },
            { Code: ' EASTER\t', Description: '  two\nlines  ' },
          ],
        },
      },
      expected: [
        { Code: 'STPATRICKS', Description: "St. Patrick's Day" },
        { Code: 'NEWYEARS', Description: UNICODE },
        // Strings are kept exactly as sent, whitespace included.
        { Code: ' EASTER\t', Description: '  two\nlines  ' },
      ],
    },
    {
      op: 'GetHolidayDate',
      args: { countryCode: 'UnitedStates', holidayCode: MARKUP, year: INT_MAX },
      received: { countryCode: 'UnitedStates', holidayCode: MARKUP, year: INT_MAX },
      returns: { GetHolidayDateResult: '2024-11-28T00:00:00' },
      expected: new Date('2024-11-28T00:00:00Z'),
    },
    {
      op: 'GetHolidayDate',
      variant: 'optional holidayCode left out, year at the int minimum, a result with an offset',
      args: { countryCode: 'Scotland', year: INT_MIN },
      received: { countryCode: 'Scotland', year: INT_MIN },
      returns: { GetHolidayDateResult: '2025-01-02T00:00:00-05:00' },
      expected: new Date('2025-01-02T05:00:00Z'),
    },
    {
      op: 'GetHolidaysForDateRange',
      args: {
        countryCode: 'Canada',
        startDate: new Date('2024-12-01T00:00:00Z'),
        endDate: '2024-12-31T23:59:59.999+02:00',
      },
      received: { countryCode: 'Canada', startDate: '2024-12-01T00:00:00.000Z', endDate: '2024-12-31T21:59:59.999Z' },
      returns: { GetHolidaysForDateRangeResult: { Holiday: [christmas, boxingDay] } },
      expected: [christmasTyped, boxingDayTyped],
    },
    {
      op: 'GetHolidaysForYear',
      variant: 'an empty list',
      args: { countryCode: 'IrelandNorthern', year: 2024 },
      received: { countryCode: 'IrelandNorthern', year: 2024 },
      returns: { GetHolidaysForYearResult: { Holiday: [] } },
      expected: [],
    },
    {
      op: 'GetHolidaysForYear',
      variant: 'nil result element: null',
      args: { countryCode: 'IrelandNorthern', year: 0 },
      received: { countryCode: 'IrelandNorthern', year: 0 },
      returns: { GetHolidaysForYearResult: null },
      // ASMX leaves a null result out (minOccurs="0"); the client reads a nil one as null as well.
      responseOutsideSchema: ['/GetHolidaysForYearResponse/GetHolidaysForYearResult is nil, but not nillable'],
      expected: null,
    },
    {
      op: 'GetHolidaysForMonth',
      args: { countryCode: 'GreatBritain', year: 2024, month: 12 },
      received: { countryCode: 'GreatBritain', year: 2024, month: 12 },
      returns: { GetHolidaysForMonthResult: { Holiday: [boxingDay, NIL_ITEM()] } },
      expected: [boxingDayTyped, null],
    },
  ],
};
