import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore } from '../../electron/node/settings/store.ts';
import { ARG_GUARDS } from '../../shared/ipc/validate.ts';

/**
 * One label rule: whatever the IPC guard lets through, settings stores, and
 * whatever the guard refuses, settings refuses too. Before, the guard allowed
 * 120 characters and settings 100, so a 110-character label passed one and
 * failed the other.
 */
let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rl-label-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const guardAccepts = (label: string) =>
  ARG_GUARDS['carriers:add']([{ label, companyKey: 'key', baseUrl: null }]) &&
  ARG_GUARDS['carriers:rename'](['c1', label]);
const guardRefuses = (label: string) =>
  !ARG_GUARDS['carriers:add']([{ label, companyKey: 'key', baseUrl: null }]) &&
  !ARG_GUARDS['carriers:rename'](['c1', label]);

async function settingsAccepts(label: string): Promise<boolean> {
  const store = createSettingsStore({ dataDir: dir });
  try {
    const added = await store.addCarrier({ label });
    await store.renameCarrier(added.id, label);
    return true;
  } catch {
    return false;
  }
}

const cases: [string, string][] = [
  ['100 characters', 'a'.repeat(100)],
  ['110 characters', 'b'.repeat(110)],
  ['101 characters', 'c'.repeat(101)],
  ['a C1 control character (U+0085)', 'Fleet\u0085East'],
  ['a line separator (U+2028)', 'Fleet\u2028East'],
  ['a tab', 'Fleet\tEast'],
  ['blank', '   '],
  ['a plain label', 'Acme Freight'],
];

describe('the label rule is the same in the IPC guard and in settings', () => {
  it.each(cases)('%s', async (_what, label) => {
    const stored = await settingsAccepts(label);
    if (stored) expect(guardAccepts(label)).toBe(true);
    else expect(guardRefuses(label)).toBe(true);
  });
  it('a 110-character label is refused by both; 100 characters are accepted by both', async () => {
    expect(guardRefuses('x'.repeat(110))).toBe(true);
    expect(await settingsAccepts('x'.repeat(110))).toBe(false);
    expect(guardAccepts('y'.repeat(100))).toBe(true);
    expect(await settingsAccepts('y'.repeat(100))).toBe(true);
  });
});
