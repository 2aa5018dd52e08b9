/**
 * The runtime of generated clients and mocks: errors, XML reading and writing, scalar codecs, SOAP framing, signing
 * and transport. Generic ASMX: nothing here knows a particular service.
 */
export * from './errors.js';
export * from './codec/xml-chars.js';
export * from './codec/text-source.js';
export * from './codec/xml-reader.js';
export * from './codec/values.js';
export * from './codec/xml-writer.js';
export * from './codec/soap.js';
export * from './signing.js';
export * from './codec/charset.js';
export * from './client/transport.js';
export * from './redact.js';
export * from './codec/decode.js';
export * from './client/request.js';
export * from './client/client-core.js';
export * from './client/poll.js';
