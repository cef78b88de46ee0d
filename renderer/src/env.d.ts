import type { RouteLensApi } from '../../shared/ipc/contract.ts';

declare global {
  /** Set by the renderer build (electron.vite.config.ts): names the build, so data derived by another is redone. */
  const __ROUTELENS_BUILD__: string | undefined;
  interface Window {
    /** Present in Electron (preload) and in the browser shell (bridge). */
    routelens?: RouteLensApi;
  }
}
export {};
