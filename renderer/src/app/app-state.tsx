import { createContext, useContext } from 'react';
import type { CarrierView, KeysStatus } from '../../../shared/domain/carrier.ts';
import type { AppInfo, IpcResult, RouteLensApi } from '../../../shared/ipc/contract.ts';

export type Preferences = IpcResult<'settings:getPreferences'>;

/**
 * What every screen may rely on once the app has booted (App.tsx loads it,
 * then renders the screens inside it): the bridge, which is never null here,
 * the app's facts, the carriers, the keys' status and the preferences.
 * Screens read these instead of fetching them again, and report changes
 * through the setters so every screen sees the same list.
 */
export interface AppState {
  api: RouteLensApi;
  info: AppInfo;
  carriers: CarrierView[];
  setCarriers(next: CarrierView[]): void;
  keys: KeysStatus;
  setKeys(next: KeysStatus): void;
  preferences: Preferences;
  setPreferences(next: Preferences): void;
}

const AppStateContext = createContext<AppState | null>(null);

export const AppStateProvider = AppStateContext.Provider;

export function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error('useAppState is used outside the booted app (App.tsx provides it).');
  return state;
}
