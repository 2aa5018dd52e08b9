/**
 * A static SOAP 1.1 server for the loopback benchmark, in its own process so that it does not share an event loop
 * with the clients it serves: node:http on 127.0.0.1, a port the system picks, answering every POST to the service
 * path (after reading the request body, as a real server does) with the same GetBalances response. It tells the
 * parent its port and runs until the parent disconnects.
 */
import { createServer } from 'node:http';
import { SERVICE_PATH, balancesResponse, responseHeaders } from '../responses.js';

const response = balancesResponse();
const body = Buffer.from(response.bytes);
const headers = responseHeaders(body.byteLength);

const server = createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    if (req.method !== 'POST' || req.url !== SERVICE_PATH) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, headers).end(body);
  });
});

// Idle connections are kept a minute rather than Node's 5 s: on a loaded machine a contender's connections can sit
// idle for seconds between its rounds, and a server closing one just as a request goes out on it fails that call
// (clients do not resend a POST). The clients' own agents let idle sockets go after 4 s.
server.keepAliveTimeout = 60_000;

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.send?.({ port, items: response.items });
});

process.on('disconnect', () => {
  server.closeAllConnections();
  server.close();
});
