import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createAppWindow, type BrowserWindowClass } from '../../electron/main/app-window.ts';

/** The options createAppWindow gives Electron, caught by a fake BrowserWindow class. */
function optionsOf(preload: string): BrowserWindowConstructorOptions {
  let seen: BrowserWindowConstructorOptions | undefined;
  const FakeWindow = function (this: unknown, options: BrowserWindowConstructorOptions) {
    seen = options;
  } as unknown as BrowserWindowClass;
  createAppWindow(FakeWindow, preload) satisfies BrowserWindow;
  if (!seen) throw new Error('createAppWindow did not construct a window');
  return seen;
}

describe('the app window', () => {
  const prefs = optionsOf('/app/out/preload/index.cjs').webPreferences ?? {};

  it('isolates and sandboxes the renderer, with no Node anywhere in it', () => {
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
    });
  });

  it('keeps web security on and refuses insecure content, experimental features and webviews', () => {
    expect(prefs).toMatchObject({
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    });
  });

  it('turns off middle-click new windows and navigation by dropping a file', () => {
    expect(prefs.disableBlinkFeatures?.split(',')).toContain('Auxclick');
    expect(prefs.navigateOnDragDrop).toBe(false);
  });

  it('starts hidden (shown on ready-to-show, so no blank frame)', () => {
    expect(optionsOf('/p').show).toBe(false);
  });
});
