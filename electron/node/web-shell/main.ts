/**
 * `npm run web`: the browser shell. Serves the built renderer and the backend
 * on http://127.0.0.1:<port> and prints the URL (with this run's token).
 *
 *   --port N        fixed port (default 5217; IndexedDB belongs to the origin,
 *                   so a fixed port keeps downloaded data across restarts);
 *                   0 picks a free port.
 *   ROUTELENS_DATA_DIR   settings folder (default: the platform's app-data folder)
 *   ROUTELENS_WEB_PORT   same as --port
 *   ROUTELENS_DEMO_NOW   pins the demo simulator's clock (ISO time; for tests and demos
 *                        that must show the same data every run)
 *   ROUTELENS_DEMO_SEED  seed of the demo world
 *   ROUTELENS_MIN_FREE_MB  free space kept on the data folder's disk while downloading (default 512)
 *   ROUTELENS_CHROMIUM   the Chromium that prints audit reports (default /usr/bin/chromium;
 *                        without one, the app cannot make audit bundles)
 *   ROUTELENS_SAVE_DIR   test/automation seam: exports are saved into this (existing)
 *                        folder through the backend, as Electron's save dialog path
 *                        does, instead of being browser downloads
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { createChromiumPdfPrinter, PdfPrinterUnavailable } from '../audit/chromium-pdf.ts';
import { createBackend } from '../backend/backend.ts';
import type { SaveDialogs } from '../backend/exports.ts';
import { createFolderSaveDialogs } from '../backend/folder-save-dialogs.ts';
import { createDiskGuard, DEFAULT_MIN_FREE_BYTES } from '../backend/disk-guard.ts';
import { createKeychain } from '../keychain/index.ts';
import { resolveDataDir } from '../paths.ts';
import { createSettingsStore } from '../settings/index.ts';
import type { SimulatorOptions } from '../simulator/types.ts';
import { startWebShell } from './server.ts';
import { errorText } from '../../../shared/util/error-text.ts';

const DEFAULT_PORT = 5217;

function portFromArgs(argv: string[]): number {
  const i = argv.indexOf('--port');
  const raw = i >= 0 ? argv[i + 1] : process.env['ROUTELENS_WEB_PORT'];
  if (raw === undefined) return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`routelens web: "${raw}" is not a port number (0-65535).`);
    process.exit(2);
  }
  return port;
}

function demoOptionsFromEnv(): SimulatorOptions {
  const opts: SimulatorOptions = {};
  const pinned = process.env['ROUTELENS_DEMO_NOW'];
  if (pinned) {
    const t = Date.parse(pinned);
    if (Number.isNaN(t)) throw new Error(`ROUTELENS_DEMO_NOW="${pinned}" is not an ISO time.`);
    opts.now = () => t;
  }
  const seed = process.env['ROUTELENS_DEMO_SEED'];
  if (seed) opts.seed = Number(seed);
  return opts;
}

function saveDialogsFromEnv(): SaveDialogs | undefined {
  const dir = process.env['ROUTELENS_SAVE_DIR'];
  if (!dir) return undefined;
  // A mistyped folder is an error at start, not a folder created somewhere unexpected.
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new Error(`ROUTELENS_SAVE_DIR="${dir}" is not an existing folder.`);
  return createFolderSaveDialogs(dir);
}

/** Chromium for audit reports, started on the first one; none found: the app says it cannot make bundles. */
function auditPrinterFromEnv(): ReturnType<typeof createChromiumPdfPrinter> | undefined {
  try {
    return createChromiumPdfPrinter();
  } catch (err) {
    if (!(err instanceof PdfPrinterUnavailable)) throw err;
    console.error(`routelens web: audit bundles are off: ${err.message}`);
    return undefined;
  }
}

async function main(): Promise<void> {
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const dataDir = resolveDataDir();
  const settings = createSettingsStore({ dataDir });
  const loaded = await settings.load();
  if (loaded.warning) console.error(`routelens web: ${loaded.warning.message}`);
  const minFreeMb = Number(process.env['ROUTELENS_MIN_FREE_MB'] ?? '');
  const printer = auditPrinterFromEnv();
  const backend = createBackend({
    demo: demoOptionsFromEnv(),
    dialogs: saveDialogsFromEnv(),
    diskGuard: createDiskGuard(
      dataDir,
      Number.isFinite(minFreeMb) && minFreeMb > 0 ? minFreeMb * 1024 * 1024 : DEFAULT_MIN_FREE_BYTES,
    ),
    keychain: createKeychain(),
    settings,
    shell: 'browser-shell',
    appName: 'RouteLens',
    appVersion: process.env['npm_package_version'] ?? 'dev',
    ...(printer ? { printAuditReport: printer.print } : {}),
    basemapDir: path.join(repoRoot, 'resources/basemap'),
  });
  const shell = await startWebShell({
    backend,
    rendererDir: path.join(repoRoot, 'out/renderer'),
    port: portFromArgs(process.argv.slice(2)),
  });
  console.log(JSON.stringify({ url: shell.url, dataDir }));
  const stop = () =>
    void shell
      .close()
      .then(() => backend.close())
      .then(() => printer?.close())
      .then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  const code = (err as { code?: string }).code;
  console.error(
    code === 'EADDRINUSE'
      ? 'routelens web: the port is in use; pass --port 0 for a free one.'
      : `routelens web: ${errorText(err)}`,
  );
  process.exit(1);
});
