/** app:getInfo tells the renderer the backend's own clock, so "the last n days" are counted on it from the start. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/node/backend/dispatch.ts';
import { decodeBridge, encodeBridge } from '../../shared/ipc/codec.ts';
import type { AppInfo, IpcReply } from '../../shared/ipc/contract.ts';
import { createTestBackend } from '../support/test-backend.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'routelens-app-info-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function infoAt(clock: () => number): Promise<AppInfo> {
  const backend = createTestBackend(mkdtempSync(path.join(dir, 'b-')), { now: clock, demo: { now: clock } });
  try {
    // Through the bridge's codec both ways, as the renderer receives it.
    const reply = decodeBridge(encodeBridge(await dispatch(backend, 'app:getInfo', [], true))) as IpcReply<AppInfo>;
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.result;
  } finally {
    await backend.close();
  }
}

describe('app:getInfo', () => {
  it("answers the backend's clock and its day: a pinned one, not this computer's", async () => {
    const pinned = Date.parse('2026-11-20T23:59:59.500Z');
    const info = await infoAt(() => pinned);
    expect(info.now).toBe(pinned);
    expect(info.today).toBe('2026-11-20');
  });

  it('takes one reading of the clock for both, so the day is the time’s own across midnight', async () => {
    // A clock on either side of midnight from one reading to the next: two readings would give two days.
    const last = Date.parse('2026-11-20T23:59:59.999Z');
    let k = 0;
    const info = await infoAt(() => last + (k++ % 2));
    expect(info.today).toBe(new Date(info.now).toISOString().slice(0, 10));
  });
});
