import type { BrowserWindow as ElectronBrowserWindow, BrowserWindowConstructorOptions } from 'electron';

/** Electron's BrowserWindow class, passed in so the unit tests can check the options with a fake. */
export type BrowserWindowClass = new (options: BrowserWindowConstructorOptions) => ElectronBrowserWindow;

/**
 * The app window, Electron's security checklist in its options: an isolated,
 * sandboxed renderer with no Node, web security on, no webviews and no
 * middle-click (auxclick) new windows. The options stay a literal here so
 * static checkers (electronegativity) can read them.
 */
export function createAppWindow(BrowserWindow: BrowserWindowClass, preloadPath: string): ElectronBrowserWindow {
  return new BrowserWindow({
    width: 1280,
    height: 820,
    show: false,
    title: 'RouteLens',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      // A middle click on a link would otherwise ask for a new window (setWindowOpenHandler denies it too).
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  });
}
