import { app, BrowserWindow, dialog, ipcMain, protocol } from 'electron';
import { join } from 'node:path';
import { IPC_CHANNELS } from '../../shared/ipc/contract.ts';
import { createBackend, type Backend, type KeyCarryOver } from '../node/backend/backend.ts';
import { createDiskGuard } from '../node/backend/disk-guard.ts';
import type { SaveDialogs, SaveFormat } from '../node/backend/exports.ts';
import { registerIpcHandlers, type IpcMainLike } from '../node/backend/dispatch.ts';
import { createKeychain } from '../node/keychain/index.ts';
import { resolveDataDir } from '../node/paths.ts';
import { createSettingsStore } from '../node/settings/index.ts';
import type { RendererFiles } from '../node/renderer-files/serve.ts';
import {
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  appProtocolResponse,
  isAppUrl as isAppUrlOf,
  loadRenderer,
} from './app-origin.ts';
import { hardenApp, hardenContents, hardenSession } from './security.ts';
import { createAppWindow } from './app-window.ts';
import { printHtmlToPdf } from './print-html.ts';

// Thin on purpose: windows and wiring only. Everything the window can ask for
// lives in electron/node/backend, which the browser shell and the tests share.
const dataDir = resolveDataDir();
app.setPath('userData', dataDir);

const rendererDevUrl = !app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : undefined;
// The built renderer, served as app://routelens/ (inside app.asar when packaged, where Node's fs reads it in place).
const rendererDir = join(import.meta.dirname, '../renderer');
const isAppUrl = (url: string) => isAppUrlOf(url, rendererDevUrl);

// Before ready, and once: the scheme's privileges are fixed when Chromium starts.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

function createWindow(): BrowserWindow {
  const win = createAppWindow(BrowserWindow, join(import.meta.dirname, '../preload/index.cjs'));
  hardenContents(win.webContents, isAppUrl);
  win.once('ready-to-show', () => win.show());
  void loadRenderer(win, rendererDevUrl);
  return win;
}

let backend: Backend | null = null;
let mainWindow: BrowserWindow | null = null;

const FILTERS: Record<SaveFormat, Electron.FileFilter> = {
  csv: { name: 'CSV', extensions: ['csv'] },
  gpx: { name: 'GPX track', extensions: ['gpx'] },
  pdf: { name: 'PDF', extensions: ['pdf'] },
  zip: { name: 'Audit bundle (zip)', extensions: ['zip'] },
};

const dialogs: SaveDialogs = {
  async chooseSavePath(suggestedName, format) {
    const options = { defaultPath: join(app.getPath('documents'), suggestedName), filters: [FILTERS[format]] };
    const result = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  },
  async printToPdf() {
    if (!mainWindow) throw new Error('No RouteLens window to print.');
    return mainWindow.webContents.printToPDF({ pageSize: 'Letter', printBackground: true, preferCSSPageSize: true });
  },
};

/**
 * Keys are bound to the API origin they were entered for; when an address
 * change would send them to another origin, the user decides here (the
 * browser shell has no such dialog and asks for the keys again instead).
 * "Enter them again" is the default and the cancel answer.
 */
async function confirmKeyCarryOver({ origin, keys }: KeyCarryOver): Promise<boolean> {
  const options: Electron.MessageBoxOptions = {
    type: 'warning',
    title: 'Send keys to a new API address?',
    message: `Send ${keys.join(', ')} to ${origin}?`,
    detail: `These keys were entered for another API address. RouteLens sends a key only to an address it was entered for, unless you allow it here. Only allow it if you trust ${origin}.`,
    buttons: ['Enter them again', `Send to ${origin}`],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
  const result = mainWindow ? await dialog.showMessageBox(mainWindow, options) : await dialog.showMessageBox(options);
  return result.response === 1;
}

app.enableSandbox();
hardenApp();
void app.whenReady().then(() => {
  const created = createBackend({
    keychain: createKeychain(),
    settings: createSettingsStore({ dataDir }),
    shell: 'electron',
    appName: app.getName(),
    appVersion: app.getVersion(),
    dialogs,
    confirmKeyCarryOver,
    diskGuard: createDiskGuard(dataDir),
    printAuditReport: printHtmlToPdf,
    // The built-in basemap is part of the renderer build: the report's map draws its outlines.
    basemapDir: rendererDir,
  });
  backend = created;
  // The CSP follows the user's online-basemap opt-in (settings), before any page loads.
  const files: RendererFiles = { root: rendererDir, cspOrigins: () => created.cspOrigins() };
  hardenSession(files.cspOrigins);
  protocol.handle(APP_SCHEME, (request) => appProtocolResponse(request, files));
  registerIpcHandlers(ipcMain as unknown as IpcMainLike, backend, IPC_CHANNELS, (frame) => isAppUrl(frame.url));
  mainWindow = createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('will-quit', () => {
  void backend?.close();
});
