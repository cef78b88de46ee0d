/**
 * An export from the app judges "over the limit" against the limits the page set on its worker: the events
 * CSV the worker writes is the one `routelens export --road-limits` writes (the same writer over the same
 * analysis with those limits), its over-the-limit rows carry limit_mph…way_id, and a job asking for other
 * limits than the worker keeps is refused before a byte is written. The real worker module runs here.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { parseCsv } from '../../shared/export/csv.ts';
import { eventsCsv } from '../../shared/export/events-csv.ts';
import type { ExportMeta } from '../../shared/export/gpx-audit-meta.ts';
import { encodeRoadIndex } from '../../shared/roads/rlidx.ts';
import { createRoadIndex } from '../../shared/roads/road-index.ts';
import type { ExportPiece } from '../../renderer/src/workers/export-protocol.ts';
import { NO_ROADS_KEY, type RoadLimitsSpec } from '../../renderer/src/workers/worker-roads.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';
import { workerScope } from '../support/worker-scope.ts';

const { scope, call } = workerScope();

const chunks = toDayChunks('v1', generateRandomTrack(11, 2));
/** One road per day along the truck (every third reading, outliers left out), posted at 50 mph. */
const index = createRoadIndex(
  chunks.map((_, k) => ({
    wayId: 7000 + k,
    highway: 'primary',
    name: `Route ${k + 1}`,
    ref: '',
    oneway: 0 as const,
    forwardMph: 50,
    backwardMph: 50,
    source: 'posted' as const,
    limitText: '50 mph',
    conditional: '',
  })),
  chunks.map((c) => {
    const g: number[] = [];
    for (let i = 0; i < c.length; i += 3) if (!(c.speed[i]! > 110)) g.push(c.lat[i]!, c.lng[i]!);
    return g;
  }),
);
const spec: RoadLimitsSpec = {
  indexId: 'idx-1',
  indexBytes: encodeRoadIndex(index),
  zonesId: null,
  zonesGeojson: null,
  overLimit: { minSeconds: 60 },
};
const meta: ExportMeta = {
  carrierName: 'Acme',
  dotNumber: '123',
  vehicleId: 'v1',
  vehicleNumber: '12',
  vin: 'VIN',
  zone: 'UTC',
  from: chunks[0]!.day,
  to: chunks.at(-1)!.day,
  generatedAt: 0,
};
const P = DEFAULT_ANALYSIS_PARAMS;

async function exported(roadsKey: string): Promise<string> {
  let text = '';
  for (
    let piece = await call<ExportPiece | null>('start', { kind: 'events-csv', chunks, meta, params: P, roadsKey });
    piece;
    piece = await call<ExportPiece | null>('next')
  )
    text += piece.piece;
  return text;
}

beforeAll(async () => {
  vi.stubGlobal('self', scope);
  await import('../../renderer/src/workers/export.worker.ts');
});

describe('the export worker and the road limits', () => {
  it('writes the events CSV of the analysis with the limits set, over-the-limit rows with their limit and road', async () => {
    const key = await call<string>('setRoadLimits', spec);
    const text = await exported(key);
    const roads = { index, overLimit: spec.overLimit! };
    expect(text).toBe([...eventsCsv(analyzeTrack(chunks, P, roads), meta)].join(''));
    const [header, ...rows] = parseCsv(text);
    const col = (name: string) => header!.indexOf(name);
    const over = rows.filter((r) => r[col('kind')] === 'over-limit');
    expect(over.length).toBeGreaterThan(0);
    for (const r of over) {
      expect(Number(r[col('limit_mph')])).toBe(50);
      expect(r[col('limit_source')]).toBe('posted');
      expect(Number(r[col('over_mph')])).toBeGreaterThanOrEqual(6);
      expect(r[col('road')]).toMatch(/^Route \d$/);
      expect(Number(r[col('way_id')])).toBeGreaterThanOrEqual(7000);
    }
  });

  it('without limits: no over-the-limit rows; a job for limits the worker does not keep is refused', async () => {
    await call('setRoadLimits', null);
    const plain = await exported(NO_ROADS_KEY);
    expect(plain).toBe([...eventsCsv(analyzeTrack(chunks, P), meta)].join(''));
    expect(plain).not.toContain('over-limit');
    await expect(exported('idx-1|-|{}')).rejects.toThrow(/judges with other road limits/);
  });
});
