/**
 * The one typed IPC contract both sides import. Each entry names a channel and
 * the argument and result types of its handler. The preload exposes one named
 * function per entry (never a generic invoke), main registers one validated
 * handler per entry, and the renderer's `window.routelens` type is derived from
 * this table.
 */

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
}

/** Channel name → [argument tuple, result]. */
export interface IpcContract {
  'app:getInfo': { args: []; result: AppInfo };
}

export type IpcChannel = keyof IpcContract;

/** The API object the preload exposes as `window.routelens`. */
export type RouteLensApi = {
  [C in IpcChannel as ApiName<C>]: (...args: IpcContract[C]['args']) => Promise<IpcContract[C]['result']>;
};

/** 'app:getInfo' → 'getInfo' */
type ApiName<C extends string> = C extends `${string}:${infer Name}` ? Name : never;

/** Function name exposed by the preload for each channel. */
export const API_FUNCTIONS = {
  'app:getInfo': 'getInfo',
} as const satisfies { [C in IpcChannel]: ApiName<C> };
