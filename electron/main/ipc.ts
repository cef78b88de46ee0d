import { app, ipcMain, type IpcMainInvokeEvent } from 'electron';
import type { IpcChannel, IpcContract } from '../../shared/ipc/contract.ts';

/**
 * All IPC handlers are registered here, and only here. Each handler first
 * checks that the call comes from our own top frame, then validates its
 * arguments, before doing anything (Electron security checklist #17).
 */
type Handler<C extends IpcChannel> = (...args: IpcContract[C]['args']) => Promise<IpcContract[C]['result']> | IpcContract[C]['result'];

export function registerIpc(isTrustedSender: (event: IpcMainInvokeEvent) => boolean): void {
  handle('app:getInfo', (args) => args.length === 0, () => ({
    name: app.getName(),
    version: app.getVersion(),
    platform: process.platform,
  }));

  function handle<C extends IpcChannel>(
    channel: C,
    validArgs: (args: unknown[]) => boolean,
    handler: Handler<C>,
  ): void {
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!isTrustedSender(event)) throw new Error(`Rejected ${channel}: untrusted sender`);
      if (!validArgs(args)) throw new Error(`Rejected ${channel}: invalid arguments`);
      return handler(...(args as IpcContract[C]['args']));
    });
  }
}
