/**
 * A loopback front for the API simulator that serves one demo carrier under several company keys: each key
 * is a carrier of its own to the app, and their vehicles have the same ids (a truck moved between carriers,
 * a test and a production tenant of one fleet). Every request is passed on with the carrier's real company
 * key; any other company key is refused, as the API refuses it.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COMPANY_KEY_HEADER } from '../../shared/api/wire.ts';

export interface TwinCarrierServer {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Each twin is a company of its own (its own USDOT number): the app refuses a second carrier of one
 * company (issue 31), and these twins stand for two fleets whose vehicle ids collide.
 */
function ownCompany(reply: IncomingMessage, res: ServerResponse, key: string): void {
  const parts: Buffer[] = [];
  reply.on('data', (b: Buffer) => parts.push(b));
  reply.on('end', () => {
    const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as {
      data: { dot_number: string; company_name: string };
    };
    body.data.dot_number = `${body.data.dot_number}${[...key].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 1000, 7)}`;
    body.data.company_name = `${body.data.company_name} (${key})`;
    const text = JSON.stringify(body);
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
  });
}

/** Serves `upstream` (the simulator's base URL) under `twinKeys`, each standing for the company key `companyKey`. */
export async function startTwinCarrierServer(
  upstream: string,
  companyKey: string,
  twinKeys: readonly string[],
): Promise<TwinCarrierServer> {
  const header = COMPANY_KEY_HEADER.toLowerCase();
  const server: Server = createServer((req, res) => {
    const key = req.headers[header];
    if (typeof key !== 'string' || !twinKeys.includes(key)) {
      req.resume();
      const body = JSON.stringify({ description: 'The company API key is not valid', data: null, status_code: 401 });
      res.writeHead(401, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(body);
      return;
    }
    const target = new URL(req.url ?? '/', upstream);
    const headers = { ...req.headers, [header]: companyKey, host: target.host };
    const forward = request(target, { method: req.method, headers }, (reply: IncomingMessage) => {
      if (target.pathname.endsWith('/company-info') && reply.statusCode === 200) return ownCompany(reply, res, key);
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
