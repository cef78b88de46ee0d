import { contextBridge, ipcRenderer } from 'electron';
import type { RouteLensApi } from '../../shared/ipc/contract.ts';

// Named functions only: the renderer can call exactly these, nothing else.
const api: RouteLensApi = {
  getInfo: () => ipcRenderer.invoke('app:getInfo'),
};

contextBridge.exposeInMainWorld('routelens', api);
