import type { RouteLensApi } from '../../shared/ipc/contract.ts';

declare global {
  interface Window {
    /** Present in Electron (preload) and in the browser shell (bridge). */
    routelens?: RouteLensApi;
  }
}
export {};
