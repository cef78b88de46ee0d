/**
 * The keys of a lake sync, resolved from the carriers file's references before
 * any request: a missing variable, keychain entry or unsafe key file stops the
 * run with one sentence naming the row. The keys never reach a message.
 */
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { createKeychain, validateKey, type Keychain } from '../keychain/index.ts';
import type { CarrierRow, KeyReference } from '../../../shared/lake/carriers-file.ts';
import { UsageError } from '../cli/args.ts';

type Env = Readonly<Record<string, string | undefined>>;
/** A key file holds one key: anything much larger is not one. */
const MAX_KEY_FILE_BYTES = 4096;

export interface KeyContext {
  env: Env;
  /** Relative `file:` paths are read from the carriers file's folder. */
  baseDir: string;
  /** Opened only when some reference needs it. */
  keychain?: () => Keychain;
  platform?: NodeJS.Platform;
}

export async function resolveCompanyKey(row: CarrierRow, ctx: KeyContext): Promise<string> {
  const where = `Row ${row.row} (${row.name})`;
  const key = await readReference(row.key, ctx, where);
  try {
    return validateKey('Company Key', key);
  } catch (err) {
    throw new UsageError(`${where}: ${(err as Error).message}`);
  }
}

/** The Provider Key from ROUTELENS_PROVIDER_KEY, else the keychain (as the app keeps it). */
export async function resolveProviderKey(ctx: KeyContext): Promise<string> {
  const fromEnv = ctx.env['ROUTELENS_PROVIDER_KEY']?.trim();
  if (fromEnv) return fromEnv;
  const stored = await keychainOf(ctx)
    .getProviderKey()
    .catch(() => null);
  if (!stored) throw new UsageError('No Provider Key: set ROUTELENS_PROVIDER_KEY or save it in RouteLens.');
  return stored;
}

async function readReference(ref: KeyReference, ctx: KeyContext, where: string): Promise<string> {
  if (ref.source === 'env') {
    const value = ctx.env[ref.name];
    if (value === undefined || value.trim() === '')
      throw new UsageError(`${where}: the environment variable ${ref.name} is not set.`);
    return value;
  }
  if (ref.source === 'keychain') {
    const value = await keychainOf(ctx)
      .getCompanyKey(ref.name)
      .catch((err: unknown) => {
        throw new UsageError(`${where}: the keychain could not be read (${(err as Error).message}).`);
      });
    if (value === null) throw new UsageError(`${where}: the keychain holds no Company Key for "${ref.name}".`);
    return value;
  }
  return readKeyFile(path.resolve(ctx.baseDir, ref.name), ctx.platform ?? process.platform, where);
}

/**
 * A key file must be a regular file owned by this user with no group or other permission bits.
 * Windows has no such bits (its ACLs are not checked here), so there only the ownership-free checks apply.
 */
async function readKeyFile(file: string, platform: NodeJS.Platform, where: string): Promise<string> {
  const shown = JSON.stringify(file.slice(-200));
  const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
    throw new UsageError(`${where}: the key file ${shown} cannot be read (${err.code ?? 'error'}).`);
  });
  if (!info.isFile()) throw new UsageError(`${where}: the key file ${shown} is not a regular file.`);
  if (platform !== 'win32') {
    if (typeof process.getuid === 'function' && info.uid !== process.getuid())
      throw new UsageError(`${where}: the key file ${shown} is not owned by you; refusing it.`);
    if ((info.mode & 0o077) !== 0)
      throw new UsageError(
        `${where}: the key file ${shown} is readable by others (mode ${(info.mode & 0o777).toString(8)}); run chmod 600 on it.`,
      );
  }
  if (info.size > MAX_KEY_FILE_BYTES)
    throw new UsageError(
      `${where}: the key file ${shown} is larger than ${MAX_KEY_FILE_BYTES} bytes; it should hold one key.`,
    );
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(MAX_KEY_FILE_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

let shared: Keychain | undefined;
function keychainOf(ctx: KeyContext): Keychain {
  if (ctx.keychain) return ctx.keychain();
  shared ??= createKeychain();
  return shared;
}
