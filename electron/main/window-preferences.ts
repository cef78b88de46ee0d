import type { WebPreferences } from 'electron';

/**
 * The app window's webPreferences, Electron's security checklist in one value:
 * an isolated, sandboxed renderer with no Node, web security on, and no
 * middle-click (auxclick) new windows. Types only, so the unit tests can check
 * it without the Electron runtime.
 */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
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
  };
}
