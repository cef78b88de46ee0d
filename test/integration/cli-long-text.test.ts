/**
 * Issue 32, 3: a server that sends 64 KB unit numbers, VINs, names and places
 * (a loopback API, real Chromium printing the audit report). The export's
 * CSV stays proportional to its rows (the text is cut at the client, not
 * copied into every row), and the audit bundle is built with the bounds
 * applied: the manifest, the CSV and the report carry the cut text with "…".
 * Bounds are asserted, not times: bounded text is what keeps both quick.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../electron/node/audit/zip.ts';
import { describeFailure, runCli } from '../../electron/node/cli/main.ts';
import { TEXT_LIMITS } from '../../shared/api/text-bounds.ts';
import { parseManifest } from '../../shared/audit/manifest.ts';
import { HOSTILE_VEHICLE_ID, startHostileTextServer, type HostileTextServer } from '../support/hostile-text-server.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const LONG = 'L'.repeat(65_536);
const cut = (max: number) => `${'L'.repeat(max - 1)}…`;
let server: HostileTextServer;
let dir: string;
beforeAll(async () => {
  server = await startHostileTextServer({ text: LONG, from: '2026-11-17', to: '2026-11-18', everyMinutes: 30 });
  dir = mkdtempSync(path.join(tmpdir(), 'routelens-long-text-'));
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
      (l) => lines.push(l),
      () => NOW,
    );
    return { code: 0, lines };
  } catch (err) {
    return { code: describeFailure(err).code, lines: [...lines, describeFailure(err).message] };
  }
}
const range = ['--vehicle', HOSTILE_VEHICLE_ID, '--from', '2026-11-17', '--to', '2026-11-18'];

describe('64 KB text fields from the API', () => {
  it('export csv: every row written, the file proportional to its rows, each text cell cut with "…"', async () => {
    const out = path.join(dir, 'long.csv');
    const r = await run(['export', ...range, '--format', 'csv', '--out', out]);
    expect(r.code, r.lines.join('\n')).toBe(0);
    const rows = readFileSync(out, 'utf8').trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(96);
    expect(statSync(out).size / rows.length).toBeLessThan(1000);
    expect(rows[0]).toContain(cut(TEXT_LIMITS.unitNumber));
    expect(rows[0]).toContain(cut(TEXT_LIMITS.place));
    expect(r.lines.join('\n').length).toBeLessThan(2000);
  });

  it('audit: the bundle is built with the bounds applied in the manifest, the CSV and the report', async () => {
    const out = path.join(dir, 'long.zip');
    const r = await run(['audit', ...range, '--out', out]);
    expect(r.code, r.lines.join('\n')).toBe(0);
    const entries = readZip(readFileSync(out));
    const m = parseManifest(entries.find((e) => e.name === 'manifest.json')!.data!.toString('utf8'));
    expect(m.vehicle.number).toBe(cut(TEXT_LIMITS.unitNumber));
    expect(m.vehicle.vin).toBe(cut(TEXT_LIMITS.vin));
    expect(m.carrier.name).toBe(cut(TEXT_LIMITS.name));
    const csv = entries.find((e) => e.name === 'breadcrumbs.csv')!.data!;
    expect(csv.byteLength / 96).toBeLessThan(1000);
    expect(entries.find((e) => e.name === 'report.pdf')!.data!.byteLength).toBeLessThan(2_000_000);
    const v = await run(['verify', out]);
    expect(v.lines[0]).toBe('verified');
  }, 60_000);
});
