// Over 300 lines: one scenario per save path (dialog, cancel, abort, idle, rename failure) over one backend fixture.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/node/backend/backend.ts';
import { createExportSessions, type SaveDialogs, type SaveFormat } from '../../electron/node/backend/exports.ts';
import { toFailure } from '../../electron/node/backend/failure.ts';
import { createFolderSaveDialogs, safeFileName } from '../../electron/node/backend/folder-save-dialogs.ts';
import { startWebShell } from '../../electron/node/web-shell/server.ts';
import { decodeBridge, encodeBridge } from '../../shared/ipc/codec.ts';
import { mountTmpfs } from '../support/tmpfs.ts';
import { createTestBackend } from '../support/test-backend.ts';

/** Text with 1- to 4-byte UTF-8 characters, generated from a seed. */
function mixedText(seed: number, chars: number): string {
  const alphabet = ['a', 'Z', ',', '\r\n', '"', 'é', 'ß', 'Ω', 'ж', '€', '中', '文', '😀', '🚚', '\u{10348}'];
  let x = seed >>> 0;
  let out = '';
  for (let i = 0; i < chars; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out += alphabet[x % alphabet.length];
  }
  return out;
}

/** Cuts text into pieces at every code point boundary the seed picks, so pieces start and end inside multi-byte runs of the encoded file. */
function piecesOf(text: string, seed: number, maxPoints = 7): string[] {
  const points = [...text];
  const pieces: string[] = [];
  let x = seed >>> 0;
  for (let i = 0; i < points.length;) {
    x = (Math.imul(x, 22695477) + 1) >>> 0;
    const n = 1 + (x % maxPoints);
    pieces.push(points.slice(i, i + n).join(''));
    i += n;
  }
  return pieces;
}

/** A dialog that answers with fixed paths, records what it was asked and can be told to cancel. */
function fakeDialog(answer: (name: string, format: SaveFormat) => string | null, pdf?: Uint8Array) {
  const asked: { name: string; format: SaveFormat }[] = [];
  const dialogs: SaveDialogs = {
    async chooseSavePath(name, format) {
      asked.push({ name, format });
      return answer(name, format);
    },
  };
  if (pdf) dialogs.printToPdf = async () => pdf;
  return { dialogs, asked };
}

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'routelens-save-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => tempDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const partials = (dir: string) => readdirSync(dir).filter((f) => f.includes('.partial-'));

describe('createExportSessions (streamed save, temp file renamed into place)', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
  });

  it('concatenates the pieces exactly, multi-byte characters split across pieces included', async () => {
    const target = path.join(dir, 'out.csv');
    const { dialogs, asked } = fakeDialog(() => target);
    const sessions = createExportSessions(dialogs);
    const text = mixedText(7, 20_000);
    const pieces = piecesOf(text, 11);
    // The fixture is only meaningful if pieces really cut through multi-byte sequences of the whole.
    expect(pieces.filter((p) => Buffer.byteLength(p) !== p.length).length).toBeGreaterThan(pieces.length / 2);

    const begun = await sessions.begin('vehicle-7-breadcrumbs.csv', 'csv');
    expect(begun?.path).toBe(target);
    expect(asked).toEqual([{ name: 'vehicle-7-breadcrumbs.csv', format: 'csv' }]);
    for (const [i, p] of pieces.entries()) {
      await sessions.write(begun!.exportId, p);
      // Nothing under the chosen name until the end.
      if (i === 0)
        expect(readdirSync(dir)).toEqual([
          expect.stringMatching(new RegExp(`^out\\.csv\\.partial-${process.pid}-[0-9a-f]{8}$`)),
        ]);
    }
    const done = await sessions.finish(begun!.exportId);

    const written = readFileSync(target);
    expect(written.equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect(done).toEqual({ path: target, bytes: written.length });
    expect(readdirSync(dir)).toEqual(['out.csv']);
  });

  it('a cancelled dialog (null path) opens nothing and writes nothing', async () => {
    const { dialogs, asked } = fakeDialog(() => null);
    const sessions = createExportSessions(dialogs);
    expect(await sessions.begin('x.gpx', 'gpx')).toBeNull();
    expect(asked).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('without dialogs begin answers null without asking anything', async () => {
    expect(await createExportSessions(undefined).begin('x.csv', 'csv')).toBeNull();
  });

  it('abort leaves neither the target nor a partial file, and an existing file under the name untouched', async () => {
    const target = path.join(dir, 'kept.csv');
    writeFileSync(target, 'earlier export');
    const sessions = createExportSessions(fakeDialog(() => target).dialogs);
    const begun = (await sessions.begin('kept.csv', 'csv'))!;
    await sessions.write(begun.exportId, mixedText(3, 500));
    expect(partials(dir)).toHaveLength(1);
    await sessions.abort(begun.exportId);
    expect(readdirSync(dir)).toEqual(['kept.csv']);
    expect(readFileSync(target, 'utf8')).toBe('earlier export');
    // A second abort (the renderer's, after the backend already closed it) is harmless.
    await sessions.abort(begun.exportId);
  });

  it('an unknown or finished export id gives the clear error', async () => {
    const sessions = createExportSessions(fakeDialog(() => path.join(dir, 'a.csv')).dialogs);
    const expected = {
      kind: 'not-found',
      message:
        'This export is no longer open (finished, cancelled, or left idle for more than 10 min); start it again.',
    };
    await expect(sessions.write('no-such-export', 'x').catch((e: unknown) => toFailure(e, []))).resolves.toEqual(
      expected,
    );
    await expect(sessions.finish('no-such-export').catch((e: unknown) => toFailure(e, []))).resolves.toEqual(expected);
    const begun = (await sessions.begin('a.csv', 'csv'))!;
    await sessions.finish(begun.exportId);
    await expect(sessions.write(begun.exportId, 'late').catch((e: unknown) => toFailure(e, []))).resolves.toEqual(
      expected,
    );
    expect(readFileSync(path.join(dir, 'a.csv'), 'utf8')).toBe('');
  });

  it('closeAll removes every open export and its partial file', async () => {
    let n = 0;
    const sessions = createExportSessions(fakeDialog(() => path.join(dir, `f${n++}.csv`)).dialogs);
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const b = (await sessions.begin('f.csv', 'csv'))!;
      await sessions.write(b.exportId, mixedText(i, 100));
      ids.push(b.exportId);
    }
    expect(partials(dir)).toHaveLength(3);
    await sessions.closeAll();
    expect(readdirSync(dir)).toEqual([]);
    await expect(sessions.finish(ids[0]!)).rejects.toThrow('no longer open');
  });

  it('a finish that cannot rename (a folder under the chosen name) removes the partial file and says why', async () => {
    const target = path.join(dir, 'taken.csv');
    mkdirSync(path.join(target, 'inside'), { recursive: true });
    const sessions = createExportSessions(fakeDialog(() => target).dialogs);
    const begun = (await sessions.begin('taken.csv', 'csv'))!;
    await sessions.write(begun.exportId, 'a,b\r\n');
    const failure = await sessions.finish(begun.exportId).then(
      () => null,
      (e: unknown) => toFailure(e, []),
    );
    expect(failure?.message).toContain(`${target} could not be saved`);
    expect(failure?.message).toContain('nothing was saved');
    expect(partials(dir)).toEqual([]);
    expect(readdirSync(target)).toEqual(['inside']);
  });

  it('printToPdf writes the bytes to the chosen path (and nothing when cancelled or unsupported)', async () => {
    const pdf = new Uint8Array(randomBytes(50_000));
    const target = path.join(dir, 'report.pdf');
    let answer: string | null = target;
    const { dialogs, asked } = fakeDialog(() => answer, pdf);
    const sessions = createExportSessions(dialogs);
    expect(await sessions.printToPdf('routelens-compare.pdf')).toEqual({ path: target, bytes: pdf.byteLength });
    expect(asked).toEqual([{ name: 'routelens-compare.pdf', format: 'pdf' }]);
    expect(readFileSync(target).equals(Buffer.from(pdf))).toBe(true);
    answer = null;
    expect(await sessions.printToPdf('again.pdf')).toBeNull();
    expect(readdirSync(dir)).toEqual(['report.pdf']);
    expect(await createExportSessions(fakeDialog(() => target).dialogs).printToPdf('x.pdf')).toBeNull();
  });
});

const disk = mountTmpfs('1m', 'routelens-save-disk-');
describe.skipIf('skip' in disk)('a write failing mid-export (disk full)', () => {
  afterAll(() => {
    if ('unmount' in disk) disk.unmount();
  });

  it('closes the export, removes the partial file, says the disk is full; the renderer abort after it is harmless', async () => {
    if (!('unmount' in disk)) return;
    const target = path.join(disk.dir, 'week.csv');
    const sessions = createExportSessions(fakeDialog(() => target).dialogs);
    const begun = (await sessions.begin('week.csv', 'csv'))!;
    const piece = mixedText(5, 60_000);
    let failure: ReturnType<typeof toFailure> | null = null;
    let written = 0;
    for (let i = 0; i < 200 && !failure; i++) {
      await sessions.write(begun.exportId, piece).then(
        () => written++,
        (e: unknown) => (failure = toFailure(e, [])),
      );
    }
    expect(written, 'some pieces fit before the disk filled').toBeGreaterThan(0);
    expect(failure).toEqual({
      kind: 'disk-full',
      message: `Not enough disk space to save ${target}; nothing was saved.`,
    });
    expect(readdirSync(disk.dir)).toEqual([]);
    await sessions.abort(begun.exportId);
    await expect(sessions.finish(begun.exportId)).rejects.toThrow('no longer open');
    expect(readdirSync(disk.dir)).toEqual([]);
  });
});

describe("createFolderSaveDialogs (the browser shell's ROUTELENS_SAVE_DIR seam)", () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
  });

  it('answers the suggested name inside the folder', async () => {
    expect(await createFolderSaveDialogs(dir).chooseSavePath('T-101-2026-11-19-breadcrumbs.csv', 'csv')).toBe(
      path.join(dir, 'T-101-2026-11-19-breadcrumbs.csv'),
    );
  });

  it.each([
    ['../../etc/passwd', 'csv'],
    ['..\\..\\x.gpx', 'gpx'],
    ['/abs/path.csv', 'csv'],
    ['..', 'csv'],
    ['.', 'pdf'],
    ['a:b*c?"<>|\u0000\u001f.csv', 'csv'],
    ['name. . ', 'gpx'],
    ['', 'csv'],
    ['x'.repeat(400), 'csv'],
  ] as const)('never leaves the folder: %j', async (name, format) => {
    const chosen = await createFolderSaveDialogs(dir).chooseSavePath(name, format);
    expect(chosen).not.toBeNull();
    expect(path.dirname(chosen!)).toBe(path.resolve(dir));
    const base = path.basename(chosen!);
    expect(base).not.toMatch(/^\.{1,2}$/);
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a file name
    expect(base).not.toMatch(/[/\\:*?"<>|\u0000-\u001f]/);
    expect(base.length).toBeLessThanOrEqual(200);
    expect(base).toBe(safeFileName(name, format));
  });

  it('an existing name is kept: the next export gets " (1)", " (2)", … and nothing is overwritten', async () => {
    const dialogs = createFolderSaveDialogs(dir);
    const sessions = createExportSessions(dialogs);
    const saved: string[] = [];
    for (let i = 0; i < 3; i++) {
      const b = (await sessions.begin('day.gpx', 'gpx'))!;
      await sessions.write(b.exportId, `<gpx n="${i}"/>`);
      saved.push((await sessions.finish(b.exportId)).path);
    }
    expect(saved.map((p) => path.basename(p))).toEqual(['day.gpx', 'day (1).gpx', 'day (2).gpx']);
    expect(saved.map((p) => readFileSync(p, 'utf8'))).toEqual([0, 1, 2].map((i) => `<gpx n="${i}"/>`));
  });
});

describe('exports at the same time: each owns its target and its temp file', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
  });

  /** Writes each export's pieces interleaved with the others', as concurrent saves from the window do. */
  async function writeInterleaved(
    sessions: ReturnType<typeof createExportSessions>,
    begun: { exportId: string }[],
    texts: string[],
  ) {
    const pieces = texts.map((t, i) => piecesOf(t, 100 + i, 50));
    for (let k = 0; pieces.some((p) => k < p.length); k++) {
      await Promise.all(
        begun.map((b, i) => (k < pieces[i]!.length ? sessions.write(b.exportId, pieces[i]![k]!) : undefined)),
      );
    }
  }

  it('two begins of "trip.gpx" at once (save folder) get "trip.gpx" and "trip (1).gpx", each with exactly its own bytes', async () => {
    const sessions = createExportSessions(createFolderSaveDialogs(dir));
    const begun = (await Promise.all([sessions.begin('trip.gpx', 'gpx'), sessions.begin('trip.gpx', 'gpx')])).map(
      (b) => b!,
    );
    expect(begun.map((b) => path.basename(b.path)).sort()).toEqual(['trip (1).gpx', 'trip.gpx']);
    expect(partials(dir)).toHaveLength(2);
    const texts = [mixedText(21, 3000), mixedText(22, 3000)];
    await writeInterleaved(sessions, begun, texts);
    const done = await Promise.all(begun.map((b) => sessions.finish(b.exportId)));
    for (const [i, d] of done.entries()) expect(readFileSync(d.path, 'utf8')).toBe(texts[i]);
    expect(readdirSync(dir).sort()).toEqual(['trip (1).gpx', 'trip.gpx']);
  });

  it('a path another open export is writing (a native dialog picked it twice) is refused with a sentence; the first export stays intact', async () => {
    const target = path.join(dir, 'same.csv');
    const sessions = createExportSessions(fakeDialog(() => target).dialogs);
    const first = (await sessions.begin('same.csv', 'csv'))!;
    await sessions.write(first.exportId, 'first,');
    const second = await sessions.begin('same.csv', 'csv').then(
      () => null,
      (e: unknown) => toFailure(e, []),
    );
    expect(second).toEqual({
      kind: 'other',
      message: `${target} is already being saved by another export; choose another name.`,
    });
    await sessions.write(first.exportId, 'export');
    await sessions.finish(first.exportId);
    expect(readFileSync(target, 'utf8')).toBe('first,export');
    // Once finished, the name is free again.
    const again = (await sessions.begin('same.csv', 'csv'))!;
    await sessions.abort(again.exportId);
    expect(readdirSync(dir)).toEqual(['same.csv']);
  });

  it('an export nobody finishes expires: its temp file is removed and a late write says so', async () => {
    const sessions = createExportSessions(createFolderSaveDialogs(dir), { idleMs: 50 });
    const begun = (await sessions.begin('left.csv', 'csv'))!;
    await sessions.write(begun.exportId, 'a,b');
    expect(partials(dir)).toHaveLength(1);
    await expect.poll(() => readdirSync(dir), { timeout: 5000 }).toEqual([]);
    expect(sessions.openCount).toBe(0);
    await expect(sessions.write(begun.exportId, 'late')).rejects.toThrow(/no longer open .*idle/);
    await sessions.closeAll();
  });

  it('at most four exports are open at once (the defaults); the fifth is refused with a sentence until one ends', async () => {
    const sessions = createExportSessions(createFolderSaveDialogs(dir));
    const open = [];
    for (let i = 0; i < 4; i++) open.push((await sessions.begin('many.csv', 'csv'))!);
    const refused = await sessions.begin('many.csv', 'csv').then(
      () => null,
      (e: unknown) => toFailure(e, []),
    );
    expect(refused).toEqual({
      kind: 'other',
      message: '4 exports are already being saved; wait for one to finish, then try again.',
    });
    expect(partials(dir)).toHaveLength(4);
    await sessions.finish(open[0]!.exportId);
    const fifth = (await sessions.begin('many.csv', 'csv'))!;
    expect(path.basename(fifth.path)).toBe('many (4).csv');
    await sessions.closeAll();
    expect(readdirSync(dir)).toEqual(['many.csv']);
  });
});

describe('browser shell with a save folder: the Electron save path over the HTTP bridge', () => {
  let root: string;
  let saveDir: string;
  let backend: Backend;
  let shell: Awaited<ReturnType<typeof startWebShell>>;
  beforeEach(async () => {
    root = tempDir();
    saveDir = path.join(root, 'saved');
    mkdirSync(path.join(root, 'renderer'), { recursive: true });
    mkdirSync(saveDir);
    writeFileSync(path.join(root, 'renderer', 'index.html'), '<!doctype html><title>RouteLens</title>');
    backend = createTestBackend(root, { dialogs: createFolderSaveDialogs(saveDir) });
    shell = await startWebShell({ backend, rendererDir: path.join(root, 'renderer'), port: 0 });
  });
  afterEach(async () => {
    await shell.close();
    await backend.close();
  });

  const call = async (channel: string, ...args: unknown[]) => {
    const res = await fetch(`${shell.origin}/api/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: shell.origin, 'X-RouteLens-Token': shell.token },
      body: encodeBridge(args),
    });
    return decodeBridge(await res.text()) as
      { ok: true; result: unknown } | { ok: false; error: { kind: string; message: string } };
  };

  it('reports saveMode "dialog" and no printToPdf; pieces over HTTP land byte-exact; a name with a path stays in the folder', async () => {
    expect(await call('app:getInfo')).toMatchObject({
      ok: true,
      result: { shell: 'browser-shell', saveMode: 'dialog', canPrintToPdf: false },
    });
    const text = mixedText(42, 30_000);
    const begun = (await call('exports:begin', 'T-9 ünïcode.csv', 'csv')) as {
      ok: true;
      result: { exportId: string; path: string };
    };
    expect(begun.result.path).toBe(path.join(saveDir, 'T-9 ünïcode.csv'));
    for (const p of piecesOf(text, 3, 4_000))
      expect(await call('exports:write', begun.result.exportId, p)).toEqual({ ok: true, result: undefined });
    expect(await call('exports:finish', begun.result.exportId)).toEqual({
      ok: true,
      result: { path: begun.result.path, bytes: Buffer.byteLength(text) },
    });
    expect(readFileSync(begun.result.path).equals(Buffer.from(text, 'utf8'))).toBe(true);
    // The IPC guard refuses a path before the dialog is asked.
    expect(await call('exports:begin', '../escape.csv', 'csv')).toMatchObject({
      ok: false,
      error: { kind: 'bad-request' },
    });
    expect(await call('exports:printToPdf', 'r.pdf')).toEqual({ ok: true, result: null });
    expect(readdirSync(saveDir)).toEqual(['T-9 ünïcode.csv']);
    expect(readdirSync(root).filter((f) => /\.csv|partial/.test(f))).toEqual([]);
  });

  it("closing the shell's backend mid-export leaves no partial file", async () => {
    const begun = (await call('exports:begin', 'open.csv', 'csv')) as { ok: true; result: { exportId: string } };
    await call('exports:write', begun.result.exportId, 'a,b\r\n');
    expect(partials(saveDir)).toHaveLength(1);
    await backend.close();
    expect(readdirSync(saveDir)).toEqual([]);
  });

  it('without a save folder the shell reports saveMode "download"', async () => {
    const plain = createTestBackend(root);
    expect(await plain.handlers['app:getInfo']()).toMatchObject({ saveMode: 'download', canPrintToPdf: false });
    await plain.close();
  });
});
