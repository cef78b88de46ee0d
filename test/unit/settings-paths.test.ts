import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveDataDir } from '../../electron/node/paths.ts';

describe('resolveDataDir', () => {
  it('prefers ROUTELENS_DATA_DIR on every platform, made absolute', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      expect(resolveDataDir({ ROUTELENS_DATA_DIR: '/tmp/rl-data', HOME: '/home/u' }, platform)).toBe('/tmp/rl-data');
    }
    expect(resolveDataDir({ ROUTELENS_DATA_DIR: 'D:\\rl', APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32')).toBe(
      'D:\\rl',
    );
    expect(resolveDataDir({ ROUTELENS_DATA_DIR: 'rel/dir' }, 'linux')).toBe(path.resolve('rel/dir'));
  });

  it('ignores an empty ROUTELENS_DATA_DIR', () => {
    expect(resolveDataDir({ ROUTELENS_DATA_DIR: '', HOME: '/home/u' }, 'linux')).toBe('/home/u/.config/RouteLens');
  });

  it('Linux: XDG_CONFIG_HOME when absolute, else ~/.config', () => {
    expect(resolveDataDir({ HOME: '/home/u', XDG_CONFIG_HOME: '/xdg/cfg' }, 'linux')).toBe('/xdg/cfg/RouteLens');
    expect(resolveDataDir({ HOME: '/home/u', XDG_CONFIG_HOME: 'relative' }, 'linux')).toBe('/home/u/.config/RouteLens');
    expect(resolveDataDir({ HOME: '/home/u' }, 'linux')).toBe('/home/u/.config/RouteLens');
    expect(resolveDataDir({}, 'linux')).toBe(path.join(os.homedir(), '.config', 'RouteLens'));
  });

  it('macOS: ~/Library/Application Support', () => {
    expect(resolveDataDir({ HOME: '/Users/u', XDG_CONFIG_HOME: '/ignored' }, 'darwin')).toBe(
      '/Users/u/Library/Application Support/RouteLens',
    );
  });

  it('Windows: %APPDATA%, else the profile Roaming folder', () => {
    expect(resolveDataDir({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32')).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\RouteLens',
    );
    expect(resolveDataDir({ USERPROFILE: 'C:\\Users\\u' }, 'win32')).toBe('C:\\Users\\u\\AppData\\Roaming\\RouteLens');
  });
});
