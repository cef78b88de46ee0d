import { contextBridge, ipcRenderer } from 'electron';
import {
  unwrapReply,
  type IpcArgs,
  type IpcChannel,
  type IpcReply,
  type IpcResult,
  type RouteLensApi,
} from '../../shared/ipc/contract.ts';

// Named functions only: the renderer can call exactly these channels, nothing
// else. Each is spelled out so that a reader (and a reviewer) sees the whole
// surface the page can reach.
function call<C extends IpcChannel>(channel: C) {
  return async (...args: IpcArgs<C>): Promise<IpcResult<C>> =>
    unwrapReply((await ipcRenderer.invoke(channel, ...args)) as IpcReply<IpcResult<C>>);
}

const api: RouteLensApi = {
  app: { getInfo: call('app:getInfo') },
  keys: {
    getStatus: call('keys:getStatus'),
    setProviderKey: call('keys:setProviderKey'),
    testAndSetProviderKey: call('keys:testAndSetProviderKey'),
    deleteProviderKey: call('keys:deleteProviderKey'),
    setCompanyKey: call('keys:setCompanyKey'),
    testAndSetCompanyKey: call('keys:testAndSetCompanyKey'),
    deleteCompanyKey: call('keys:deleteCompanyKey'),
  },
  carriers: {
    list: call('carriers:list'),
    add: call('carriers:add'),
    testAndAdd: call('carriers:testAndAdd'),
    rename: call('carriers:rename'),
    remove: call('carriers:remove'),
    testConnection: call('carriers:testConnection'),
    addDemo: call('carriers:addDemo'),
    setHomeZone: call('carriers:setHomeZone'),
  },
  fleet: {
    vehicles: call('fleet:vehicles'),
    drivers: call('fleet:drivers'),
  },
  settings: {
    getPreferences: call('settings:getPreferences'),
    setPreferences: call('settings:setPreferences'),
    getReviewer: call('settings:getReviewer'),
    setProviderBaseUrl: call('settings:setProviderBaseUrl'),
    getOnlineStyle: call('settings:getOnlineStyle'),
    setOnlineStyle: call('settings:setOnlineStyle'),
  },
  exports: {
    begin: call('exports:begin'),
    write: call('exports:write'),
    finish: call('exports:finish'),
    abort: call('exports:abort'),
    printToPdf: call('exports:printToPdf'),
  },
  audit: {
    begin: call('audit:begin'),
    addReadings: call('audit:addReadings'),
    finish: call('audit:finish'),
    abort: call('audit:abort'),
  },
  downloads: {
    start: call('downloads:start'),
    poll: call('downloads:poll'),
    cancel: call('downloads:cancel'),
  },
  roads: {
    status: call('roads:status'),
    read: call('roads:read'),
    importBegin: call('roads:importBegin'),
    importWrite: call('roads:importWrite'),
    importFinish: call('roads:importFinish'),
    importPoll: call('roads:importPoll'),
    importCancel: call('roads:importCancel'),
    remove: call('roads:remove'),
  },
  zones: {
    get: call('zones:get'),
    set: call('zones:set'),
  },
};

contextBridge.exposeInMainWorld('routelens', api);
