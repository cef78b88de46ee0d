import { describe, expect, it } from 'vitest';
import { secureWebPreferences } from '../../electron/main/window-preferences.ts';

describe("the app window's webPreferences", () => {
  const prefs = secureWebPreferences('/app/out/preload/index.cjs');

  it('isolate and sandbox the renderer, with no Node anywhere in it', () => {
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
    });
  });

  it('keep web security on and refuse insecure content, experimental features and webviews', () => {
    expect(prefs).toMatchObject({ webSecurity: true, allowRunningInsecureContent: false, experimentalFeatures: false, webviewTag: false });
  });

  it('turn off middle-click new windows and navigation by dropping a file', () => {
    expect(prefs.disableBlinkFeatures?.split(',')).toContain('Auxclick');
    expect(prefs.navigateOnDragDrop).toBe(false);
  });
});
