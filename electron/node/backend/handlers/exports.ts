import { systemZone } from '../../../../shared/time/local-day.ts';
import type { Basemap } from '../../../../shared/report/route-map-svg.ts';
import { loadBasemap } from '../../audit/bundle.ts';
import { effectiveBaseUrl } from '../../settings/index.ts';
import { createAuditRoads } from '../audit-roads.ts';
import { createAuditSessions } from '../audits.ts';
import type { BackendContext } from '../context.ts';
import { createExportSessions } from '../exports.ts';
import type { NamespaceHandlers } from '../options.ts';

/** exports:* and audit:*: files saved through the backend, and audit bundles (saved the same way). */
export function exportsHandlers(ctx: BackendContext): {
  handlers: NamespaceHandlers<'exports'> & NamespaceHandlers<'audit'>;
  close(): Promise<void>;
} {
  const { opts } = ctx;
  const exportsOut = createExportSessions(opts.dialogs, opts.exportLimits);
  let basemap: Promise<Basemap> | null = null;
  const audits = createAuditSessions({
    async carrier(carrierId) {
      const c = await ctx.carrierOrThrow(carrierId);
      const baseUrl =
        c.demo === true
          ? ((await ctx.demo.connection(carrierId))?.baseUrl ?? '')
          : (effectiveBaseUrl(await ctx.settings.get(), carrierId) ?? '');
      const company = c.company && c.company.name.trim() !== '' ? c.company : null;
      return {
        name: company ? company.name : `${c.label} (name entered in RouteLens)`,
        dotNumber: c.company?.dotNumber ?? '',
        zone: c.homeZone ?? systemZone(),
        baseUrl,
      };
    },
    print: opts.printAuditReport,
    basemap: () => (basemap ??= loadBasemap(opts.basemapDir)),
    saveBytes: (name, make) => exportsOut.saveBytes(name, 'zip', make),
    hasDialog: opts.dialogs !== undefined,
    app: { name: opts.appName, version: opts.appVersion },
    now: ctx.now,
    roads: createAuditRoads(ctx.roads),
    ...(opts.auditLimits ? { limits: opts.auditLimits } : {}),
  });
  return {
    handlers: {
      'exports:begin': (name, format) => exportsOut.begin(name, format),
      'exports:write': (id, piece) => exportsOut.write(id, piece),
      'exports:finish': (id) => exportsOut.finish(id),
      'exports:abort': (id) => exportsOut.abort(id),
      'exports:printToPdf': (name) => exportsOut.printToPdf(name),
      'audit:begin': (request) => audits.begin(request),
      'audit:addReadings': (auditId, chunk) => audits.addReadings(auditId, chunk),
      'audit:finish': (auditId, name) => audits.finish(auditId, name),
      'audit:abort': (auditId) => audits.abort(auditId),
    },
    async close() {
      audits.close();
      await exportsOut.closeAll();
    },
  };
}
