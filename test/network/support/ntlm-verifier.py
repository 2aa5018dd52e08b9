"""An HTTP server that demands NTLM (or Negotiate carrying NTLM, as IIS accepts) and really verifies it, then forwards
the request to an upstream server (the generated mock) and relays its answer.

The verification is GSSAPI's: Debian's gss-ntlmssp as the accepting mechanism, its users from the file named by
NTLM_USER_FILE (DOMAIN:user:password lines), NTLMv1 refused (LM_COMPAT_LEVEL=5 in the environment). As IIS does, a
connection is authenticated once (connection-based authentication): later requests on it need no handshake, and a
new connection needs a new one.

Usage: python3 ntlm-verifier.py <port> <upstream http://host:port> [schemes offered, default Negotiate,NTLM]. Prints one JSON line per request on stdout:
{"connection": n, "scheme": "NTLM"|"Negotiate"|null, "length": body bytes, "status": s, "user": "DOMAIN\\\\user"|null}.
"""
import base64
import http.client
import http.server
import json
import sys
import threading
import urllib.parse

import gssapi

NTLMSSP = gssapi.OID.from_int_seq('1.3.6.1.4.1.311.2.2.10')
PORT = int(sys.argv[1])
UPSTREAM = urllib.parse.urlsplit(sys.argv[2])
OFFERED = sys.argv[3].split(',') if len(sys.argv) > 3 else ['Negotiate', 'NTLM']
CREDENTIALS = gssapi.Credentials(usage='accept', mechs=[NTLMSSP])
LOCK = threading.Lock()
COUNTER = [0]
HOP_BY_HOP = {'connection', 'keep-alive', 'transfer-encoding', 'authorization', 'host', 'content-length'}


def log(entry):
    with LOCK:
        sys.stdout.write(json.dumps(entry) + '\n')
        sys.stdout.flush()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def setup(self):
        super().setup()
        with LOCK:
            COUNTER[0] += 1
            self.connection_number = COUNTER[0]
        self.context = None
        self.user = None

    def log_message(self, format, *args):
        pass

    def do_POST(self):
        self.handle_any()

    def do_GET(self):
        self.handle_any()

    def handle_any(self):
        length = int(self.headers.get('Content-Length') or 0)
        body = self.rfile.read(length)
        scheme, token = self.authorization()
        self.length = length
        if self.user is None:
            if token is None:
                return self.reply(401, b'', scheme, self.offers())
            if self.context is None:
                self.context = gssapi.SecurityContext(creds=CREDENTIALS, usage='accept')
            try:
                out = self.context.step(token)
            except gssapi.exceptions.GSSError:
                self.context = None
                return self.reply(401, b'', scheme, self.offers())
            if not self.context.complete:
                return self.reply(401, b'', scheme, [('WWW-Authenticate', scheme + ' ' + base64.b64encode(out).decode())])
            # gss-ntlmssp's display name counts its C string's terminator.
            self.user = str(self.context.initiator_name).rstrip('\x00')
        self.forward(body, scheme)

    def offers(self):
        return [('WWW-Authenticate', scheme) for scheme in OFFERED]

    def authorization(self):
        value = self.headers.get('Authorization') or ''
        for scheme in OFFERED:
            if value.startswith(scheme + ' '):
                try:
                    token = base64.b64decode(value[len(scheme) + 1:], validate=True)
                except ValueError:
                    return scheme, None
                # Negotiate is accepted when it carries a raw NTLMSSP token, as IIS accepts it.
                return scheme, token if token.startswith(b'NTLMSSP\0') else None
        return None, None

    def forward(self, body, scheme):
        upstream = http.client.HTTPConnection(UPSTREAM.hostname, UPSTREAM.port, timeout=30)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
        upstream.request(self.command, self.path, body=body, headers=headers)
        answer = upstream.getresponse()
        data = answer.read()
        relayed = [(k, v) for k, v in answer.getheaders() if k.lower() not in HOP_BY_HOP]
        upstream.close()
        self.reply(answer.status, data, scheme, relayed)

    def reply(self, status, body, scheme, headers):
        log({'connection': self.connection_number, 'scheme': scheme, 'length': self.length, 'status': status, 'user': self.user})
        self.send_response(status)
        for key, value in headers:
            self.send_header(key, value)
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)


server = http.server.ThreadingHTTPServer(('127.0.0.1', PORT), Handler)
server.daemon_threads = True
log({'listening': PORT})
server.serve_forever()
