import http from 'node:http';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { applySocketLimits, readBody, serverOptions } from '../../electron/node/web-shell/request-guards.ts';

const LIMITS = {
  maxBodyBytes: 10,
  maxUploadBodyBytes: 20,
  headersTimeoutMs: 1_100,
  requestTimeoutMs: 2_200,
  keepAliveTimeoutMs: 3_300,
  socketIdleMs: 4_400,
  maxConnections: 7,
  maxTrustedConnections: 2,
  untrustedIdleMs: 5_500,
  timeoutCheckMs: 550,
};

/** A request body stream with the headers the shell reads (Node's IncomingMessage is a Readable too). */
function fakeRequest(headers: http.IncomingHttpHeaders = {}): PassThrough & http.IncomingMessage {
  return Object.assign(new PassThrough(), { headers }) as PassThrough & http.IncomingMessage;
}

describe('applySocketLimits and serverOptions', () => {
  const servers: http.Server[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) s.close();
  });

  it('sets every socket bound on the server', () => {
    const server = http.createServer();
    servers.push(server);
    applySocketLimits(server, LIMITS);
    expect(server.headersTimeout).toBe(1_100);
    expect(server.requestTimeout).toBe(2_200);
    expect(server.keepAliveTimeout).toBe(3_300);
    expect(server.timeout).toBe(4_400);
    // The backstop: untrusted and trusted budgets together (web-shell/socket-budget.ts keeps each).
    expect(server.maxConnections).toBe(9);
  });

  it('passes the header size, check interval and both timeouts to the server constructor', () => {
    expect(serverOptions(LIMITS)).toEqual({
      maxHeaderSize: 16_384,
      connectionsCheckingInterval: 550,
      requestTimeout: 2_200,
      headersTimeout: 1_100,
    });
  });
});

describe('readBody', () => {
  it('refuses on a declared Content-Length over the limit without reading the body', async () => {
    const req = fakeRequest({ 'content-length': '11' });
    req.end('[]');
    expect(await readBody(req, 10)).toBe('too-large');
  });

  it('reads a body whose declared Content-Length is exactly the limit', async () => {
    const req = fakeRequest({ 'content-length': '10' });
    req.end('0123456789');
    expect((await readBody(req, 10)).toString()).toBe('0123456789');
  });

  it('reads a streamed body of exactly the limit, across chunks', async () => {
    const req = fakeRequest();
    const body = readBody(req, 10);
    req.write('01234');
    req.write('567');
    req.end('89');
    expect((await body).toString()).toBe('0123456789');
  });

  it('refuses a streamed body one byte over the limit, and stops listening for more', async () => {
    const req = fakeRequest();
    const body = readBody(req, 10);
    req.write('01234');
    req.write('56789');
    req.write('X');
    expect(await body).toBe('too-large');
    expect(req.listenerCount('data')).toBe(0);
    req.destroy();
  });

  it('rejects with the stream error when the request fails mid-body', async () => {
    const req = fakeRequest();
    const body = readBody(req, 10);
    req.write('012');
    req.destroy(new Error('aborted'));
    await expect(body).rejects.toThrow('aborted');
  });
});
