import type { RouteLensApi } from '../../../shared/ipc/contract.ts';
import { createHttpBridge } from './http-bridge.ts';

/** The one way renderer code reaches the backend: Electron's preload, else the browser shell's bridge. */
export const api: RouteLensApi | null = window.routelens ?? createHttpBridge();
