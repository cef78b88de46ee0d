/**
 * The audit bundle of six months of one truck (target: under 10 s), the way
 * `routelens audit` makes it: the simulator on loopback (clock pinned), the
 * download through the sync engine (timed apart: it is the network's share),
 * then the bundle: analysis and the four data files, the report's HTML,
 * Chromium printing it to PDF, SHA-256 and the zip. Self-contained: run
 * `npx tsx bench/audit-bundle.ts` (or `npm run bench audit-bundle`).
 */
import { auditContent } from '../shared/audit/bundle-content.ts';
import { auditReportHtml } from '../shared/report/audit-report.ts';
import { resolveAnalysisParams } from '../shared/analysis/params.ts';
import { addLocalDays, lastLocalDay } from '../shared/time/local-day.ts';
import { createApiClient } from '../electron/node/api/index.ts';
import { buildAuditBundle, loadBasemap } from '../electron/node/audit/bundle.ts';
import { createChromiumPdfPrinter } from '../electron/node/audit/chromium-pdf.ts';
import { verifyBundle } from '../electron/node/audit/verify.ts';
import { auditSourceOf } from '../electron/node/cli/audit.ts';
import { downloadSelection } from '../electron/node/cli/selection.ts';
import { startSimulator } from '../electron/node/simulator/index.ts';
import { historyWindow } from '../shared/util/history-window.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const ZONE = 'America/Chicago';
const MB = 1024 * 1024;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const sim = await startSimulator({ now: () => NOW });
const printer = createChromiumPdfPrinter();
try {
  const carrier = sim.carriers[0]!;
  const vehicle = sim.truth.vehicles(carrier.id).find((v) => v.active)!;
  const client = createApiClient({
    baseUrl: sim.baseUrl,
    providerKey: sim.providerKey,
    companyKey: carrier.companyKey,
  });
  // Six months of Chicago days: from the first whole local day of the API's window to yesterday there.
  const to = addLocalDays(lastLocalDay(NOW, ZONE), -1);
  const from = addLocalDays(historyWindow(NOW).start, 1);

  let t = performance.now();
  const downloaded = await downloadSelection(
    client,
    { ref: vehicle.vehicle_id, from, to, zone: ZONE },
    { now: () => NOW, company: true },
  );
  const downloadMs = performance.now() - t;
  const source = auditSourceOf(
    downloaded,
    { app: { name: 'RouteLens', version: 'bench' }, baseUrl: sim.baseUrl },
    resolveAnalysisParams(),
    NOW,
  );
  const basemap = await loadBasemap();
  // Warm Chromium once: a user's first audit pays for the launch, and it is reported apart.
  t = performance.now();
  await printer.print('<!DOCTYPE html><p>warm-up</p>');
  const launchMs = performance.now() - t;

  // The parts, each timed alone (the total below is one real run of the whole bundle).
  t = performance.now();
  const content = auditContent(source);
  const files = Object.values(content.files).map((f) => [...f()].join(''));
  const filesMs = performance.now() - t;
  t = performance.now();
  const html = auditReportHtml({ source, content, basemap });
  const htmlMs = performance.now() - t;
  t = performance.now();
  const pdf = await printer.print(html);
  const pdfMs = performance.now() - t;

  const cpu = process.cpuUsage();
  t = performance.now();
  const built = await buildAuditBundle(source, { print: printer.print, basemap });
  const bundleMs = performance.now() - t;
  const cpuUsed = process.cpuUsage(cpu);
  t = performance.now();
  const verified = verifyBundle(built.zip);
  const verifyMs = performance.now() - t;

  const c = built.manifest.counts;
  console.log(
    `six months of one truck: ${from} – ${to} (${ZONE}), ${c.records.toLocaleString('en-US')} readings, ${c.trips} trips, ${c.events} events, ${downloaded.days.length} UTC days`,
  );
  console.log(`download (sync engine over loopback): ${s(downloadMs)}`);
  console.log(`Chromium launch (first audit only): ${s(launchMs)}`);
  console.log(
    `  analysis + data files: ${s(filesMs)} (${(files.reduce((n, f) => n + f.length, 0) / MB).toFixed(1)} MB of text)`,
  );
  console.log(`  report HTML: ${s(htmlMs)} (${(html.length / MB).toFixed(2)} MB)`);
  console.log(`  report PDF (Chromium): ${s(pdfMs)} (${(pdf.byteLength / MB).toFixed(2)} MB)`);
  console.log(
    `bundle total (files, report, PDF, SHA-256, zip): ${s(bundleMs)} (target < 10 s; main-process CPU ${s((cpuUsed.user + cpuUsed.system) / 1000)}), zip ${(built.zip.byteLength / MB).toFixed(1)} MB`,
  );
  console.log(`verify: ${s(verifyMs)} (${verified.ok ? 'verified' : `NOT verified: ${verified.problems.join('; ')}`})`);
  console.log(`peak RSS of this process: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
} finally {
  await printer.close();
  await sim.close();
}
