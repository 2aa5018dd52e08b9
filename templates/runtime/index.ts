/**
 * The runtime of generated clients and mocks: errors, XML reading and writing, scalar codecs, SOAP framing, signing
 * and transport. Generic ASMX: nothing here knows a particular service.
 */
export * from './errors.js';
export * from './xml-chars.js';
export * from './xml-reader.js';
export * from './values.js';
export * from './xml-writer.js';
export * from './soap.js';
export * from './signing.js';
export * from './charset.js';
export * from './transport.js';
export * from './redact.js';
export * from './decode.js';
export * from './request.js';
export * from './client-core.js';
export * from './poll.js';
