import type { RouteLensApi } from '../../../shared/ipc/contract.ts';
import { createHttpBridge } from './http-bridge.ts';

/**
 * The bridge to the backend: Electron's preload, else the browser shell's HTTP
 * bridge; null when neither is there (a shell URL opened without its token).
 * Only the boot (main.tsx, App.tsx) looks at it: screens get the non-null api
 * from the app state (app/app-state.tsx).
 */
export const bridge: RouteLensApi | null = window.routelens ?? createHttpBridge();
