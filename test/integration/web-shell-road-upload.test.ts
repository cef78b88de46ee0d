import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/node/backend/backend.ts';
import { SHELL_LIMITS } from '../../electron/node/web-shell/request-guards.ts';
import { startWebShell, type RunningWebShell } from '../../electron/node/web-shell/server.ts';
import { decodeBridge, encodeBridge } from '../../shared/ipc/codec.ts';
import { ROAD_IPC_LIMITS } from '../../shared/ipc/roads-contract.ts';
import { createTestBackend } from '../support/test-backend.ts';

/**
 * The browser shell carries a whole piece of an extract (ROAD_IPC_LIMITS.pieceBytes, 8 MiB, about 11.2 MB
 * as base64 in the bridge's JSON) to roads:importWrite, while every other channel keeps the smaller bound.
 */
describe('browser shell: an extract piece through the HTTP bridge', () => {
  let dataDir: string;
  let backend: Backend;
  let shell: RunningWebShell;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'routelens-shell-roads-'));
    const rendererDir = path.join(dataDir, 'renderer');
    mkdirSync(rendererDir);
    backend = createTestBackend(dataDir);
    shell = await startWebShell({ backend, rendererDir });
  });
  afterAll(async () => {
    await shell.close();
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = async (channel: string, args: unknown[]) => {
    const res = await fetch(`${shell.origin}/api/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: shell.origin, 'X-RouteLens-Token': shell.token },
      body: encodeBridge(args),
    });
    return {
      status: res.status,
      reply: decodeBridge(await res.text()) as { ok: boolean; result?: unknown; error?: { message: string } },
    };
  };

  it('accepts a full 8 MiB piece for roads:importWrite', async () => {
    const piece = new Uint8Array(ROAD_IPC_LIMITS.pieceBytes).fill(7);
    expect(encodeBridge([0, piece]).length).toBeGreaterThan(SHELL_LIMITS.maxBodyBytes);
    const begin = await post('roads:importBegin', ['big.osm.pbf', piece.length]);
    expect(begin.reply.ok).toBe(true);
    const write = await post('roads:importWrite', [begin.reply.result, piece]);
    expect(write).toEqual({ status: 200, reply: { ok: true } });
    const poll = await post('roads:importPoll', [begin.reply.result]);
    expect(poll.reply.result).toEqual({ phase: 'receiving', bytesReceived: piece.length, bytesTotal: piece.length });
    await post('roads:importCancel', [begin.reply.result]);
  });

  it('keeps the smaller bound on the other channels', async () => {
    const big = 'x'.repeat(SHELL_LIMITS.maxBodyBytes);
    const answer = await post('carriers:rename', ['c', big]);
    expect(answer.status).toBe(413);
  });
});
