import { describe, expect, it } from 'vitest';
import { IPC_CHANNELS, type IpcReply } from '../../shared/ipc/contract.ts';
import { ARG_GUARDS } from '../../shared/ipc/validate.ts';
import type { Backend, Handlers } from '../../electron/node/backend/backend.ts';
import { registerIpcHandlers, type FrameLike, type IpcMainLike } from '../../electron/node/backend/dispatch.ts';
import { APP_ENTRY_URL, isAppUrl } from '../../electron/main/app-origin.ts';

/** A fake ipcMain: records handlers so the test can invoke them as Electron would. */
function fakeIpcMain() {
  const handlers = new Map<
    string,
    (event: { senderFrame: FrameLike | null }, ...args: unknown[]) => Promise<unknown>
  >();
  const ipc: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => void handlers.delete(channel),
  };
  const invoke = (channel: string, frame: FrameLike | null, ...args: unknown[]) => {
    const h = handlers.get(channel);
    if (!h) throw new Error(`No handler registered for '${channel}'`);
    return h({ senderFrame: frame }, ...args) as Promise<IpcReply<unknown>>;
  };
  return { ipc, handlers, invoke };
}

function fakeBackend(calls: { channel: string; args: unknown[] }[]): Backend {
  const handlers = new Proxy({} as Handlers, {
    get:
      (_t, channel: string) =>
      async (...args: unknown[]) => {
        calls.push({ channel, args });
        if (channel === 'carriers:rename' && args[1] === 'boom')
          throw new Error('renaming failed for key SECRET-KEY-123');
        return { echoed: args };
      },
  });
  return {
    handlers,
    publicError: (err) => ({
      kind: 'other',
      message: String((err as Error).message).replace('SECRET-KEY-123', '[redacted]'),
    }),
    cspOrigins: async () => [],
    close: async () => {},
  };
}

// The Electron main's own sender rule: a frame at app://routelens.
const APP = APP_ENTRY_URL;
const topFrame: FrameLike = { url: APP, parent: null };
const trusted = (f: FrameLike) => isAppUrl(f.url);

describe('IPC wiring (fake ipcMain)', () => {
  it('registers exactly one handler per contract channel, and unregisters them', () => {
    const { ipc, handlers } = fakeIpcMain();
    const off = registerIpcHandlers(ipc, fakeBackend([]), IPC_CHANNELS, trusted);
    expect([...handlers.keys()].sort()).toEqual([...IPC_CHANNELS].sort());
    expect(Object.keys(ARG_GUARDS).sort()).toEqual([...IPC_CHANNELS].sort());
    off();
    expect(handlers.size).toBe(0);
  });

  it('runs the handler for a trusted top frame with valid arguments', async () => {
    const calls: { channel: string; args: unknown[] }[] = [];
    const { ipc, invoke } = fakeIpcMain();
    registerIpcHandlers(ipc, fakeBackend(calls), IPC_CHANNELS, trusted);
    const reply = await invoke('carriers:rename', topFrame, 'demo-prairie-line', 'Prairie');
    expect(reply).toEqual({ ok: true, result: { echoed: ['demo-prairie-line', 'Prairie'] } });
    expect(calls).toEqual([{ channel: 'carriers:rename', args: ['demo-prairie-line', 'Prairie'] }]);
  });

  it.each([
    ['another origin', { url: 'https://evil.example/index.html', parent: null }],
    ['a file:// page (the old way of loading the app)', { url: 'file:///app/out/renderer/index.html', parent: null }],
    ['another app:// host', { url: 'app://evil/index.html', parent: null }],
    ['a subframe of the app', { url: APP, parent: topFrame }],
    ['no frame (destroyed)', null],
  ])('rejects a call from %s without running the handler', async (_name, frame) => {
    const calls: { channel: string; args: unknown[] }[] = [];
    const { ipc, invoke } = fakeIpcMain();
    registerIpcHandlers(ipc, fakeBackend(calls), IPC_CHANNELS, trusted);
    const reply = await invoke('keys:setProviderKey', frame as FrameLike | null, 'pk', null);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['carriers:rename', ['demo-x']],
    ['carriers:rename', ['demo-x', '']],
    ['carriers:rename', ['../../etc', 'x']],
    ['carriers:add', [{ label: 'A', companyKey: 'k', baseUrl: 'javascript:alert(1)' }]],
    ['carriers:add', [{ label: 'A', companyKey: 'k', baseUrl: null, extra: 1 }]],
    ['keys:setProviderKey', ['line\nbreak', null]],
    ['keys:setProviderKey', ['x'.repeat(513), null]],
    ['keys:testAndSetProviderKey', ['pk', 'ftp://127.0.0.1']],
    ['keys:testAndSetProviderKey', ['pk']],
    ['keys:testAndSetCompanyKey', ['../x', 'ck']],
    ['keys:testAndSetCompanyKey', ['c1', '']],
    ['keys:testAndSetCompanyKey', ['c1', 'ck', 'extra']],
    ['carriers:testAndAdd', [{ label: 'A', companyKey: 'k\u0000', baseUrl: null }]],
    ['carriers:testAndAdd', [{ label: 'A', companyKey: 'k', baseUrl: 'http://user:pw@host' }]],
    ['fleet:vehicles', ['demo-x', 'yes']],
    ['downloads:start', [{ carrierId: 'c', vehicleId: 'v', from: '2026-02-30', to: '2026-03-01', completeDays: [] }]],
    ['downloads:start', [{ carrierId: 'c', vehicleId: 'v', from: '2026-03-02', to: '2026-03-01', completeDays: [] }]],
    ['downloads:poll', ['s', -1]],
    ['app:getInfo', [1]],
  ])('rejects malformed arguments to %s: %j', async (channel, args) => {
    const calls: { channel: string; args: unknown[] }[] = [];
    const { ipc, invoke } = fakeIpcMain();
    registerIpcHandlers(ipc, fakeBackend(calls), IPC_CHANNELS, trusted);
    const reply = await invoke(channel, topFrame, ...args);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    expect(calls).toHaveLength(0);
  });

  it('turns a handler failure into a readable reply without the key', async () => {
    const { ipc, invoke } = fakeIpcMain();
    registerIpcHandlers(ipc, fakeBackend([]), IPC_CHANNELS, trusted);
    const reply = await invoke('carriers:rename', topFrame, 'demo-x', 'boom');
    expect(reply).toEqual({ ok: false, error: { kind: 'other', message: 'renaming failed for key [redacted]' } });
  });
});
