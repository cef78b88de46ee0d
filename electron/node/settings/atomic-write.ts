/**
 * Write-then-rename so a crash or a full disk leaves either the old file or
 * the new one, never a half-written settings.json.
 */
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';

export type AtomicFs = Pick<typeof fsp, 'open' | 'rename' | 'rm'>;

// Windows refuses a rename while another process (often an antivirus scan)
// holds the target open; these clear within moments.
const TRANSIENT = new Set(['EPERM', 'EACCES', 'EBUSY']);
const RENAME_ATTEMPTS = 5;

async function renameWithRetry(fs: AtomicFs, from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fs.rename(from, to);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? '';
      if (process.platform !== 'win32' || !TRANSIENT.has(code) || attempt >= RENAME_ATTEMPTS) throw e;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

export async function writeFileAtomic(file: string, data: string, fs: AtomicFs = fsp): Promise<void> {
  const tmp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    const handle = await fs.open(tmp, 'wx', 0o600);
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await renameWithRetry(fs, tmp, file);
  } catch (e) {
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    throw e;
  }
}
