/**
 * The demo's ground truth of posted-limit speeding: `routelens export --format events --road-limits` over
 * the simulator's own road network (written as .osm.pbf, imported, readings matched to its roads) finds
 * exactly the runs the simulator recorded as over the limit of the road the truck was on
 * (electron/node/simulator/limit-truth.ts): same start, end, limit and mph over, no other event.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../electron/node/audit/zip.ts';
import { runCli } from '../../electron/node/cli/main.ts';
import { createSimulatorWorld, startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { DEMO_OVER_LIMIT_RULE, overLimitTruth } from '../../electron/node/simulator/limit-truth.ts';
import { demoRoadsPbf } from '../../electron/node/simulator/osm-roads.ts';
import { addDays, dayStartMs } from '../../shared/util/day.ts';
import { simulatorEnv, spawnCli } from '../support/cli-run.ts';
import { overLimitRowsOf } from '../support/over-limit-csv.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const FROM = '2026-11-12';
const TO = '2026-11-18';
const world = createSimulatorWorld({ now: () => NOW });

describe('over-the-limit events of the demo equal the simulator’s own record', () => {
  let sim: RunningSimulator;
  let dir: string;
  let roads: string;
  beforeAll(async () => {
    sim = await startSimulator({ now: () => NOW });
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-over-limit-'));
    roads = path.join(dir, 'demo-roads.osm.pbf');
    // The user's way to the demo's roads: the CLI writes them.
    const r = await spawnCli(['demo-roads', '--out', roads]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Wrote the demo's \d+ roads with their posted limits to /);
    expect(readFileSync(roads).equals(demoRoadsPbf())).toBe(true);
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The truth, day by day: the export judges each UTC day on its own, as the review does. */
  function truthOf(vehicleId: string, rule = DEMO_OVER_LIMIT_RULE) {
    const carrier = world.carriers[0]!;
    const ref = world.vehicleRef(
      carrier,
      carrier.vehicles.find((v) => v.vehicle_id === vehicleId)!,
    );
    const runs = [];
    for (let d = FROM; d <= TO; d = addDays(d, 1))
      runs.push(...overLimitTruth(ref, dayStartMs(d), dayStartMs(addDays(d, 1)), rule));
    return runs;
  }

  async function exported(vehicleId: string, extra: string[] = []) {
    const out = path.join(dir, `${vehicleId}-${extra.join('_')}.csv`);
    const lines: string[] = [];
    await runCli(
      [
        'export',
        '--vehicle',
        vehicleId,
        '--from',
        FROM,
        '--to',
        TO,
        '--format',
        'events',
        '--out',
        out,
        '--road-limits',
        roads,
        ...extra,
      ],
      simulatorEnv(sim),
      (l) => lines.push(l),
      () => NOW,
    );
    return overLimitRowsOf(readFileSync(out, 'utf8'));
  }

  it('finds every run the trucks drove over their road’s limit, and nothing else', async () => {
    const trucks = world.carriers[0]!.vehicles.filter((v) => v.active).slice(0, 3);
    let compared = 0;
    for (const v of trucks) {
      const truth = truthOf(v.vehicle_id);
      const events = await exported(v.vehicle_id);
      expect(events.map((e) => [e.startMs, e.endMs])).toEqual(truth.map((r) => [r.startMs, r.endMs]));
      events.forEach((e, k) => {
        expect(e.limitMph).toBeCloseTo(truth[k]!.limitMph, 1);
        expect(e.overMph).toBeCloseTo(truth[k]!.peakOverMph, 1);
        expect(e.source).toBe('posted');
        expect(e.road).not.toBe('');
      });
      compared += truth.length;
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('follows --speed-tolerance and --speed-min-seconds: the simulator’s runs under that rule', async () => {
    const v = world.carriers[0]!.vehicles.find((x) => x.active)!;
    const rule = { toleranceMph: 9, minSeconds: 240 };
    const truth = truthOf(v.vehicle_id, rule);
    const events = await exported(v.vehicle_id, ['--speed-tolerance', '9', '--speed-min-seconds', '240']);
    expect(events.map((e) => [e.startMs, e.endMs])).toEqual(truth.map((r) => [r.startMs, r.endMs]));
    // A stricter rule than the default's: fewer events, each at least 9 over for 4 minutes.
    expect(truth.length).toBeLessThan(truthOf(v.vehicle_id).length);
    for (const e of events) expect(e.endMs - e.startMs).toBeGreaterThanOrEqual(240_000);
  });

  it('audit --road-limits: events.csv holds the same over-limit events, the report counts them by tier and source', async () => {
    const v = world.carriers[0]!.vehicles.find((x) => x.active)!;
    const zip = path.join(dir, 'audit.zip');
    const r = await spawnCli(
      ['audit', '--vehicle', v.vehicle_id, '--from', FROM, '--to', TO, '--out', zip, '--road-limits', roads],
      simulatorEnv(sim),
    );
    expect(r.code, r.stderr).toBe(0);
    const files = new Map(readZip(readFileSync(zip)).map((e) => [e.name, e.data!]));
    const over = overLimitRowsOf(files.get('events.csv')!.toString('utf8'));
    const truth = truthOf(v.vehicle_id);
    expect(over.map((row) => row.startMs)).toEqual(truth.map((t) => t.startMs));
    const pdf = path.join(dir, 'report.pdf');
    writeFileSync(pdf, files.get('report.pdf')!);
    const words = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    const tiers = over.map((row) => row.tier);
    expect(words).toContain(`Over the limit ${over.length} (`);
    for (const tier of new Set(tiers)) expect(words).toContain(`${tiers.filter((t) => t === tier).length} ${tier}`);
    expect(words).toContain(`Their limits ${over.length} posted`);
  });

  it('refuses the tuning flags without road limits, out-of-range values and a missing file, in one sentence (exit 2)', async () => {
    const base = [
      'export',
      '--vehicle',
      'x',
      '--from',
      FROM,
      '--to',
      TO,
      '--format',
      'events',
      '--out',
      path.join(dir, 'no.csv'),
    ];
    const cases: [string[], RegExp][] = [
      [['--speed-tolerance', '8'], /--speed-tolerance tunes the road-limit events: give --road-limits FILE too/],
      [
        ['--road-limits', roads, '--speed-tolerance', '15'],
        /--speed-tolerance must be a number from 1 to 10, not "15"/,
      ],
      [['--road-limits', roads, '--speed-min-seconds', 'soon'], /--speed-min-seconds must be a number from 0 to 3600/],
      [['--road-limits', path.join(dir, 'missing.osm.pbf')], /missing\.osm\.pbf does not exist/],
    ];
    const wrongOut = await spawnCli(['demo-roads', '--out', path.join(dir, 'roads.csv')]);
    expect(wrongOut.code).toBe(2);
    expect(wrongOut.stderr).toMatch(/--out must name an \.osm\.pbf file, not "roads\.csv"/);
    for (const [extra, message] of cases) {
      const r = await spawnCli([...base, ...extra], simulatorEnv(sim));
      expect(r.code, extra.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
