import type { IpcChannel, IpcReply } from '../../../shared/ipc/contract.ts';
import { isChannel, validArgs } from '../../../shared/ipc/validate.ts';
import type { Backend } from './backend.ts';

/**
 * The one path from an untrusted caller to a handler, shared by Electron's
 * ipcMain and the browser shell's HTTP bridge: known channel, trusted sender,
 * valid arguments, then the handler; every failure becomes a readable reply.
 */
export async function dispatch(
  backend: Backend,
  channel: unknown,
  args: unknown,
  trusted: boolean,
): Promise<IpcReply<unknown>> {
  if (!isChannel(channel)) return reject('bad-request', `Unknown channel.`);
  if (!trusted) return reject('forbidden', `Rejected ${channel}: the request did not come from the RouteLens window.`);
  if (!Array.isArray(args) || !validArgs(channel, args))
    return reject('bad-request', `Rejected ${channel}: invalid arguments.`);
  try {
    const handler = backend.handlers[channel] as (...a: unknown[]) => Promise<unknown>;
    return { ok: true, result: await handler(...args) };
  } catch (err) {
    return { ok: false, error: backend.publicError(err) };
  }
}

function reject(kind: string, message: string): IpcReply<never> {
  return { ok: false, error: { kind, message } };
}

/** The slice of Electron's ipcMain this wiring uses (a fake stands in for it in unit tests). */
export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: { senderFrame: FrameLike | null }, ...args: unknown[]) => Promise<unknown>,
  ): void;
  removeHandler(channel: string): void;
}
export interface FrameLike {
  url: string;
  parent: FrameLike | null;
}

export function registerIpcHandlers(
  ipcMain: IpcMainLike,
  backend: Backend,
  channels: readonly IpcChannel[],
  isTrustedFrame: (frame: FrameLike) => boolean,
): () => void {
  for (const channel of channels) {
    ipcMain.handle(channel, (event, ...args) => {
      const frame = event.senderFrame;
      return dispatch(backend, channel, args, frame !== null && frame.parent === null && isTrustedFrame(frame));
    });
  }
  return () => channels.forEach((c) => ipcMain.removeHandler(c));
}
