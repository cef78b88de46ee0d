import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { SaveDialogs, SaveFormat } from './exports.ts';

/** Characters no file name may hold on any of the desktop platforms, plus control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;
const MAX_NAME = 200;
const MAX_COPIES = 10_000;

/** The suggested name as a single file name: unsafe characters become '_', never a path. */
export function safeFileName(suggestedName: string, format: SaveFormat): string {
  // Windows drops trailing dots and spaces, so a name ending in them would not be the file written.
  const name = suggestedName
    .replace(UNSAFE, '_')
    .trim()
    .replace(/[. ]+$/, '')
    .slice(0, MAX_NAME);
  return name === '' || /^\.+$/.test(name) ? `export.${format}` : name;
}

async function exists(p: string): Promise<boolean> {
  try {
    await lstat(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * The save dialog of the browser shell started with ROUTELENS_SAVE_DIR: a
 * test and automation seam that answers every "Save as…" with the suggested
 * name in one folder, so the same streamed-export path as Electron's runs
 * with only the OS dialog replaced. A real dialog asks before replacing a
 * file; with nobody to ask, an existing name gets " (1)", " (2)", … as the
 * browser's own downloads do, so no earlier file is ever overwritten; a name
 * another open export is writing counts as existing.
 */
export function createFolderSaveDialogs(folder: string): SaveDialogs {
  const dir = path.resolve(folder);
  return {
    async chooseSavePath(suggestedName, format, claim = () => true) {
      const name = safeFileName(suggestedName, format);
      const ext = path.extname(name);
      const stem = name.slice(0, name.length - ext.length);
      for (let n = 0; n < MAX_COPIES; n++) {
        const candidate = path.join(dir, n === 0 ? name : `${stem} (${n})${ext}`);
        // Belt and braces: whatever the name, the file lands directly in the folder.
        if (path.dirname(candidate) !== dir) return null;
        // Claimed right after the check, with no await between: two exports begun at once never get the same name.
        if (!(await exists(candidate)) && claim(candidate)) return candidate;
      }
      return null;
    },
  };
}
