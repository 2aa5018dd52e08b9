/**
 * MNBArfolyamService (the Hungarian National Bank's exchange rates, test/fixtures/wsdl/mnb-exchange/): every operation
 * of the draft import-wsdl makes of it. No SOAP headers, no records: every parameter and every result is an optional
 * string, and each result is an XML document sent as text (the service's own design), so markup, entities and
 * non-ASCII text travel escaped inside a string.
 */
import { MARKUP, UNICODE, type ServiceCase } from './real-service-case.js';

const INFO =
  '<MNBExchangeRatesQueryValues><FirstDate>1949-01-03</FirstDate><LastDate>2024-11-25</LastDate><Currencies><Curr>AUD</Curr><Curr>EUR</Curr><Curr>HUF</Curr></Currencies></MNBExchangeRatesQueryValues>';
const CURRENT =
  '<MNBCurrentExchangeRates><Day date="2024-11-25"><Rate unit="1" curr="EUR">410,12</Rate><Rate unit="100" curr="JPY">252,31</Rate></Day></MNBCurrentExchangeRates>';
const RATES =
  '<MNBExchangeRates><Day date="2024-11-22"><Rate unit="1" curr="EUR">410,40</Rate></Day><Day date="2024-11-25"><Rate unit="1" curr="EUR">410,12</Rate></Day></MNBExchangeRates>';

export const mnbExchange: ServiceCase = {
  name: 'mnb-exchange',
  wsdl: 'mnb-exchange/MNBArfolyamService.wsdl',
  path: '/arfolyamok.asmx',
  service: 'MNBArfolyamService',
  port: 'MNBArfolyamServiceSoap',
  clientClass: 'MNBArfolyamServiceClient',
  clients: { default: {} },
  rows: [
    {
      op: 'GetInfo',
      args: {},
      received: null,
      returns: { GetInfoResult: INFO },
      expected: INFO,
    },
    {
      op: 'GetCurrentExchangeRates',
      args: {},
      received: null,
      returns: { GetCurrentExchangeRatesResult: CURRENT },
      expected: CURRENT,
    },
    {
      op: 'GetCurrentExchangeRates',
      variant: 'result left out: null',
      args: {},
      received: null,
      returns: {},
      expected: null,
    },
    {
      op: 'GetExchangeRates',
      args: { startDate: '2024-11-22', endDate: '2024-11-25', currencyNames: 'EUR,JPY' },
      received: { startDate: '2024-11-22', endDate: '2024-11-25', currencyNames: 'EUR,JPY' },
      returns: { GetExchangeRatesResult: RATES },
      expected: RATES,
    },
    {
      op: 'GetExchangeRates',
      variant: 'only the currencies, text with markup; an empty result',
      args: { currencyNames: MARKUP },
      received: { currencyNames: MARKUP },
      returns: { GetExchangeRatesResult: '' },
      expected: '',
    },
    {
      op: 'GetDateInterval',
      args: {},
      received: null,
      returns: {
        GetDateIntervalResult:
          '<MNBStoredInterval><DateInterval startdate="1949-01-03" enddate="2024-11-25" /></MNBStoredInterval>',
      },
      expected: '<MNBStoredInterval><DateInterval startdate="1949-01-03" enddate="2024-11-25" /></MNBStoredInterval>',
    },
    {
      op: 'GetCurrencies',
      args: {},
      received: null,
      returns: {
        GetCurrenciesResult: `<MNBCurrencies><Currencies><Curr>HUF</Curr><Curr>${UNICODE}</Curr></Currencies></MNBCurrencies>`,
      },
      expected: `<MNBCurrencies><Currencies><Curr>HUF</Curr><Curr>${UNICODE}</Curr></Currencies></MNBCurrencies>`,
    },
    {
      op: 'GetCurrencyUnits',
      args: { currencyNames: 'JPY' },
      received: { currencyNames: 'JPY' },
      returns: {
        GetCurrencyUnitsResult: '<MNBCurrencyUnits><Units><Unit curr="JPY">100</Unit></Units></MNBCurrencyUnits>',
      },
      expected: '<MNBCurrencyUnits><Units><Unit curr="JPY">100</Unit></Units></MNBCurrencyUnits>',
    },
    {
      op: 'GetCurrencyUnits',
      variant: 'no currency named',
      args: {},
      received: null,
      returns: { GetCurrencyUnitsResult: '<MNBCurrencyUnits><Units /></MNBCurrencyUnits>' },
      expected: '<MNBCurrencyUnits><Units /></MNBCurrencyUnits>',
    },
  ],
};
