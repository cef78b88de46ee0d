import { describe, expect, it, vi } from 'vitest';
import { API_FUNCTIONS, IPC_CHANNELS, RouteLensError } from '../../shared/ipc/contract.ts';

/** The preload against a fake Electron: what it exposes to the page, and what each function sends. */
const fake = vi.hoisted(() => ({
  exposed: [] as { name: string; api: unknown }[],
  invoked: [] as { channel: string; args: unknown[] }[],
  reply: (channel: string, args: unknown[]): unknown => ({ ok: true, result: { channel, args } }),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => fake.exposed.push({ name, api }) },
  ipcRenderer: {
    invoke: async (channel: string, ...args: unknown[]) => {
      fake.invoked.push({ channel, args });
      return fake.reply(channel, args);
    },
  },
}));

await import('../../electron/preload/index.ts');

type Fn = (...args: unknown[]) => Promise<unknown>;
const exposed = () => {
  expect(fake.exposed).toHaveLength(1);
  return fake.exposed[0]!;
};
/** Every leaf of the exposed object as "namespace:name" → value. */
function leaves(api: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [ns, group] of Object.entries(api as Record<string, unknown>)) {
    for (const [name, value] of Object.entries(group as Record<string, unknown>)) out.set(`${ns}:${name}`, value);
  }
  return out;
}

describe('preload surface (fake contextBridge and ipcRenderer)', () => {
  it('exposes one object, window.routelens, holding exactly the IPC contract’s functions and nothing else', () => {
    const { name, api } = exposed();
    expect(name).toBe('routelens');
    const contract = IPC_CHANNELS.map((c) => `${c.split(':')[0]}:${API_FUNCTIONS[c]}`).sort();
    const all = leaves(api);
    expect([...all.keys()].sort()).toEqual(contract);
    for (const [key, value] of all) expect(typeof value, key).toBe('function');
  });

  it('each function invokes its own channel with the arguments as given, and returns the reply’s result', async () => {
    const api = exposed().api as Record<string, Record<string, Fn>>;
    for (const channel of IPC_CHANNELS) {
      fake.invoked.length = 0;
      const fn = api[channel.split(':')[0]!]![API_FUNCTIONS[channel]]!;
      const args = [`arg-of-${channel}`, { n: 1 }];
      await expect(fn(...args)).resolves.toEqual({ channel, args });
      expect(fake.invoked).toEqual([{ channel, args }]);
    }
  });

  it('an error reply becomes a RouteLensError with its kind and message', async () => {
    const api = exposed().api as Record<string, Record<string, Fn>>;
    fake.reply = () => ({ ok: false, error: { kind: 'provider-key', message: 'The Provider Key was refused.' } });
    const err = await api.carriers!.testConnection!('demo').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RouteLensError);
    expect(err).toMatchObject({ kind: 'provider-key', message: 'The Provider Key was refused.' });
  });
});
