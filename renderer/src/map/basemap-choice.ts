import { isOnlineStyleUrl } from '../../../shared/ipc/validate.ts';

/**
 * The user's basemap choice, persisted: the kind and URL in localStorage, a
 * chosen .pmtiles file in the Origin Private File System (a File handle
 * cannot be kept across restarts; a copy in OPFS can).
 */
export type BasemapChoice =
  { kind: 'builtin' } | { kind: 'pmtiles'; name: string } | { kind: 'online'; styleUrl: string };

const KEY = 'routelens.basemap';
const OPFS_NAME = 'basemap.pmtiles';

export function loadBasemapChoice(): BasemapChoice {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return { kind: 'builtin' };
    const v = JSON.parse(raw) as Partial<BasemapChoice> & { name?: unknown; styleUrl?: unknown };
    if (v.kind === 'pmtiles' && typeof v.name === 'string') return { kind: 'pmtiles', name: v.name };
    if (v.kind === 'online' && typeof v.styleUrl === 'string' && isOnlineStyleUrl(v.styleUrl))
      return { kind: 'online', styleUrl: v.styleUrl };
  } catch {
    // A corrupt entry means the built-in map, never a blank one.
  }
  return { kind: 'builtin' };
}

export function saveBasemapChoice(choice: BasemapChoice): void {
  localStorage.setItem(KEY, JSON.stringify(choice));
}

/** Copies the chosen file into OPFS; returns false if OPFS is unavailable (the file then lasts this session only). */
export async function keepPmtilesFile(file: File): Promise<boolean> {
  sessionFile = file;
  try {
    const dir = await navigator.storage.getDirectory();
    const handle = await dir.getFileHandle(OPFS_NAME, { create: true });
    const writable = await handle.createWritable();
    await writable.write(file);
    await writable.close();
    return true;
  } catch {
    return false;
  }
}

let sessionFile: File | null = null;

/** The kept .pmtiles file: this session's pick, else the OPFS copy, else null. */
export async function keptPmtilesFile(): Promise<File | null> {
  if (sessionFile) return sessionFile;
  try {
    const dir = await navigator.storage.getDirectory();
    const handle = await dir.getFileHandle(OPFS_NAME);
    return await handle.getFile();
  } catch {
    return null;
  }
}

export async function forgetPmtilesFile(): Promise<void> {
  sessionFile = null;
  try {
    const dir = await navigator.storage.getDirectory();
    await dir.removeEntry(OPFS_NAME);
  } catch {
    // Nothing kept: nothing to forget.
  }
}
