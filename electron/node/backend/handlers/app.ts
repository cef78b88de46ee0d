import { dayOfMs } from '../../../../shared/util/day.ts';
import type { BackendContext } from '../context.ts';
import type { NamespaceHandlers } from '../options.ts';

/** app:*: what the renderer learns about the shell it runs in. */
export function appHandlers(ctx: BackendContext): NamespaceHandlers<'app'> {
  const { opts } = ctx;
  return {
    'app:getInfo': async () => {
      const now = ctx.now();
      return {
        name: opts.appName,
        version: opts.appVersion,
        platform: process.platform,
        shell: opts.shell,
        saveMode: opts.dialogs ? 'dialog' : 'download',
        canPrintToPdf: opts.dialogs?.printToPdf !== undefined,
        canMakeAuditBundle: opts.printAuditReport !== undefined,
        today: dayOfMs(now),
        now,
      };
    },
  };
}
