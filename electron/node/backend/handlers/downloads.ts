import { dayOfMs } from '../../../../shared/util/day.ts';
import type { BackendContext } from '../context.ts';
import { createDownloadSessions } from '../downloads.ts';
import type { NamespaceHandlers } from '../options.ts';

/** downloads:*: sync sessions the renderer pulls finished days from. */
export function downloadsHandlers(ctx: BackendContext): { handlers: NamespaceHandlers<'downloads'>; close(): void } {
  const { opts } = ctx;
  const downloads = createDownloadSessions({
    toFailure: ctx.failure,
    beforeSync: (request, client) => ctx.ensureCompany(request.carrierId, client),
    ...(opts.diskGuard ? { diskGuard: opts.diskGuard } : {}),
    ...opts.downloadLimits,
  });
  return {
    handlers: {
      'downloads:start': async (request) =>
        downloads.start(request, await ctx.clientFor(request.carrierId), dayOfMs(ctx.now())),
      'downloads:poll': (sessionId, ackSeq) => downloads.poll(sessionId, ackSeq),
      'downloads:cancel': async (sessionId) => downloads.cancel(sessionId),
    },
    close: () => downloads.cancelAll(),
  };
}
