/**
 * Issue 32, 2: no CLI line obeys outside text. A loopback API sends terminal
 * control sequences and bidi overrides in every text field; company,
 * vehicles, drivers --hos, export (its "Wrote … of …" line), audit and verify
 * (the manifest's fields, a hostile entry name) print them as visible escapes
 * (\x1b, \u202e), never as the characters themselves; JSON lines stay JSON.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip, writeZip } from '../../electron/node/audit/zip.ts';
import { describeFailure, runCli } from '../../electron/node/cli/main.ts';
import { terminalSafe } from '../../shared/util/terminal-text.ts';
import {
  HOSTILE_VEHICLE_ID,
  startHostileTextServer,
  TERMINAL_ATTACK,
  type HostileTextServer,
} from '../support/hostile-text-server.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');
// eslint-disable-next-line no-control-regex -- what must never reach the terminal
const OBEYED = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

let server: HostileTextServer;
let dir: string;
beforeAll(async () => {
  server = await startHostileTextServer({ text: TERMINAL_ATTACK, from: '2026-11-17', to: '2026-11-18' });
  dir = mkdtempSync(path.join(tmpdir(), 'routelens-terminal-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(argv: string[]) {
  const lines: string[] = [];
  try {
    await runCli(
      argv,
      server.env,
      (l) => lines.push(...l.split('\n')),
      () => NOW,
    );
    return { code: 0, lines };
  } catch (err) {
    const { message, code } = describeFailure(err);
    return { code, lines: [...lines, `routelens: ${terminalSafe(message, 4000)}`] };
  }
}

function expectInert(lines: string[]) {
  for (const line of lines) expect(line, JSON.stringify(line)).not.toMatch(OBEYED);
  // Text lines escape as \x1b, JSON lines as \u001b (still JSON); the override is shown either way.
  expect(lines.join('\n')).toMatch(/\\(x1b|u001b)\[2J/);
  expect(lines.join('\n')).toMatch(/\\u202e/);
}

describe('every CLI line shows hostile API text as visible escapes', () => {
  it.each([
    ['company', ['company']],
    ['company --json', ['company', '--json']],
    ['vehicles', ['vehicles']],
    ['vehicles --json', ['vehicles', '--json']],
    ['drivers --hos', ['drivers', '--hos']],
    ['drivers --hos --json', ['drivers', '--hos', '--json']],
  ])('%s', async (_name, argv) => {
    const r = await run(argv);
    expect(r.code).toBe(0);
    expectInert(r.lines);
    for (const line of r.lines.filter((l) => l.startsWith('{')))
      expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it.each(['csv', 'trips'])('export --format %s: the "Wrote … of …" line', async (format) => {
    const out = path.join(dir, `export.${format}`);
    const r = await run([
      'export',
      '--vehicle',
      HOSTILE_VEHICLE_ID,
      '--from',
      '2026-11-17',
      '--to',
      '2026-11-18',
      '--format',
      format,
      '--out',
      out,
    ]);
    expect(r.code, r.lines.join('\n')).toBe(0);
    expect(r.lines[0]).toMatch(/^Wrote \d+ /);
    expectInert(r.lines);
  });

  it('audit, then verify of its bundle (the manifest carries the hostile names), then verify of a hostile entry name', async () => {
    const bundle = path.join(dir, 'audit.zip');
    const a = await run([
      'audit',
      '--vehicle',
      HOSTILE_VEHICLE_ID,
      '--from',
      '2026-11-17',
      '--to',
      '2026-11-18',
      '--out',
      bundle,
    ]);
    expect(a.code, a.lines.join('\n')).toBe(0);
    expectInert(a.lines);
    const v = await run(['verify', bundle]);
    expect(v.code).toBe(0);
    expect(v.lines[0]).toBe('verified');
    expectInert(v.lines);

    // An extra entry whose name is a C1 CSI sequence and a bidi override: the zip reader accepts the name, verify names it.
    const entries = readZip(readFileSync(bundle)).map((e) => ({ name: e.name, data: e.data! }));
    const hostile = path.join(dir, 'hostile-name.zip');
    writeFileSync(hostile, writeZip([...entries, { name: '\u009b2J\u202everified.txt', data: Buffer.from('x') }], 0));
    const h = await run(['verify', hostile]);
    expect(h.code).toBe(1);
    for (const line of h.lines) expect(line, JSON.stringify(line)).not.toMatch(OBEYED);
    expect(h.lines.join('\n')).toContain('\\x9b2J\\u202everified.txt is not part of an audit bundle');
  }, 60_000);
});
