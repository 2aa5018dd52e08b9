/**
 * ASMX session state through the client's cookie jar, against a real ASMX service: Mono's System.Web.Services behind
 * nginx, a counter kept in Session by a `[WebMethod(EnableSession = true)]`. The client is generated from the
 * service's own live `?WSDL`. With a jar (tough-cookie's CookieJar), the second call sees the first call's session;
 * without one, every call starts a new session; two clients with jars of their own keep two sessions.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CookieJar } from 'tough-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../helpers/paths.js';
import { generatedFromWsdl } from '../import/support/generated-from-wsdl.js';
import { startAsmx, WEB_CONFIG_ALL_PROTOCOLS, type Asmx } from './support/asmx.js';

const COUNTER = `<%@ WebService Language="C#" Class="Counter" %>
using System.Web.Services;

[WebService(Namespace = "http://svc-codegen.test/session")]
public class Counter : WebService {
  [WebMethod(EnableSession = true)]
  public int Increment() {
    int n = Session["n"] == null ? 0 : (int)Session["n"];
    Session["n"] = ++n;
    return n;
  }
}
`;

const OUT = 'test/.tmp/network/session-client';
type Counter = { increment(): Promise<number> };
type CounterClass = new (options: Record<string, unknown>) => Counter;

let asmx: Asmx;
let Client: CounterClass;

beforeAll(async () => {
  asmx = await startAsmx({
    name: 'session',
    warmUp: '/Counter.asmx?WSDL',
    files: { 'Counter.asmx': COUNTER, 'web.config': WEB_CONFIG_ALL_PROTOCOLS },
  });
  const wsdl = await (await fetch(`${asmx.url}/Counter.asmx?WSDL`)).text();
  const dir = fromRoot('test', '.tmp', 'network', 'session-wsdl');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'Counter.wsdl'), wsdl);
  const { client } = await generatedFromWsdl(join(dir, 'Counter.wsdl'), OUT);
  Client = client['CounterClient'] as CounterClass;
}, 180_000);

afterAll(async () => {
  await asmx?.stop();
});

describe.each(['soap11', 'soap12', 'httpPost'] as const)('%s', (style) => {
  const make = (jar?: CookieJar): Counter =>
    new Client({ baseUrl: asmx.url, style, ...(jar ? { cookieJar: jar } : {}) });

  it('with a cookie jar, the second call sees the session the first began', async () => {
    const jar = new CookieJar();
    const counter = make(jar);
    expect([await counter.increment(), await counter.increment(), await counter.increment()]).toEqual([1, 2, 3]);
    expect((await jar.getCookies(asmx.url)).map((c) => c.key)).toContain('ASP.NET_SessionId');
  });

  it('without one, every call begins a new session', async () => {
    const counter = make();
    expect([await counter.increment(), await counter.increment()]).toEqual([1, 1]);
  });

  it('two clients with jars of their own keep two sessions', async () => {
    const a = make(new CookieJar());
    const b = make(new CookieJar());
    expect([
      await a.increment(),
      await a.increment(),
      await b.increment(),
      await a.increment(),
      await b.increment(),
    ]).toEqual([1, 2, 1, 3, 2]);
  });
});
