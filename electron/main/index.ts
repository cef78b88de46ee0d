import { app, BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { registerIpc } from './ipc.ts';
import { hardenApp, hardenContents, hardenSession } from './security.ts';

const rendererDevUrl = !app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : undefined;
const rendererFile = join(import.meta.dirname, '../renderer/index.html');
const appOrigin = rendererDevUrl ? new URL(rendererDevUrl).origin : 'file://';

function isAppUrl(url: string): boolean {
  if (rendererDevUrl) return url.startsWith(`${appOrigin}/`);
  return url === pathToFileURL(rendererFile).href || url.startsWith(`${pathToFileURL(rendererFile).href}#`);
}

function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isAppUrl(frame.url);
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    show: false,
    title: 'RouteLens',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      spellcheck: false,
    },
  });
  hardenContents(win.webContents, isAppUrl);
  win.once('ready-to-show', () => win.show());
  if (rendererDevUrl) void win.loadURL(rendererDevUrl);
  else void win.loadFile(rendererFile);
  return win;
}

app.enableSandbox();
hardenApp();
void app.whenReady().then(() => {
  hardenSession();
  registerIpc(isTrustedSender);
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
