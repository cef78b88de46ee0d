/**
 * Where RouteLens keeps its data. Mirrors Electron's `app.getPath('userData')`
 * for an app named "RouteLens" so the main process and the CLI agree without
 * this module importing Electron.
 */
import os from 'node:os';
import path from 'node:path';

export const APP_DIR_NAME = 'RouteLens';
export const DATA_DIR_ENV = 'ROUTELENS_DATA_DIR';

type Env = Readonly<Record<string, string | undefined>>;

/** A set but empty variable counts as unset, like most shells' `${VAR:-…}`. */
function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

export function resolveDataDir(env: Env = process.env, platform: NodeJS.Platform = process.platform): string {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const override = nonEmpty(env[DATA_DIR_ENV]);
  if (override !== undefined) return p.resolve(override);

  // HOME wins over os.homedir() so tests (and users) can redirect it.
  const home = nonEmpty(platform === 'win32' ? env.USERPROFILE : env.HOME) ?? os.homedir();

  if (platform === 'win32') {
    const appData = nonEmpty(env.APPDATA) ?? p.join(home, 'AppData', 'Roaming');
    return p.join(appData, APP_DIR_NAME);
  }
  if (platform === 'darwin') return p.join(home, 'Library', 'Application Support', APP_DIR_NAME);

  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = nonEmpty(env.XDG_CONFIG_HOME);
  const configHome = xdg !== undefined && p.isAbsolute(xdg) ? xdg : p.join(home, '.config');
  return p.join(configHome, APP_DIR_NAME);
}
