import { analyzeTrack } from '../../../shared/analysis/analyze.ts';
import { resolveAnalysisParams } from '../../../shared/analysis/params.ts';
import { csvLines } from '../../../shared/export/csv.ts';
import type { ExportContext } from '../../../shared/export/context.ts';
import { exportDriversOf } from '../../../shared/export/drivers-data.ts';
import { eventsCsv } from '../../../shared/export/events-csv.ts';
import { gpxPieces } from '../../../shared/export/gpx.ts';
import { tracksByTrip } from '../../../shared/export/gpx-trips.ts';
import { tripsCsv } from '../../../shared/export/trips-csv.ts';
import { gapParamsOf } from '../../../shared/track/gaps.ts';
import type { ExportJob, ExportPiece, ExportProtocol } from './export-protocol.ts';
import { serveWorker } from './rpc.ts';
import { setWorkerRoads, workerRoadsFor } from './worker-roads.ts';

/**
 * Formats exports off the UI thread with the same writers and parameters as
 * the CLI, so a file saved from the app is byte-for-byte what `routelens
 * export` writes for the same vehicle, days, zone and analysis flags:
 * breadcrumb CSV, trips and events CSV (local times and trip ids in the
 * carrier's home zone, `meta.zone`), and the GPX of every reading, one track
 * per day of `meta.dayZone`. "GPX (per-trip tracks)" has no CLI twin: one
 * track per trip, only the readings inside trips.
 */
let pieces: Iterator<string> | null = null;
let total = 0;
let done = 0;
let unit = '\n';

function count(text: string, needle: string): number {
  let n = 0;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}

function piecesOf(job: ExportJob): Iterable<string> {
  // Refused before a byte is written when the worker keeps other limits than the page believes.
  const roads = workerRoadsFor(job.roadsKey);
  switch (job.kind) {
    case 'breadcrumbs-csv':
      // local_time beside the UTC timestamp when the carrier's zone is not UTC, as `routelens export --tz`.
      return csvLines(job.chunks, {
        maxPlausibleMph: resolveAnalysisParams(job.params).maxPlausibleMph,
        ...(job.meta.zone !== 'UTC' ? { zone: job.meta.zone } : {}),
      });
    case 'gpx':
      return gpxPieces({ chunks: job.chunks, meta: job.meta, ...gapParamsOf(resolveAnalysisParams(job.params)) });
    case 'gpx-trips': {
      const analysis = analyzeTrack(job.chunks, job.params, roads);
      return gpxPieces({
        chunks: job.chunks,
        meta: job.meta,
        ...gapParamsOf(analysis.params),
        tracks: tracksByTrip(analysis, job.meta.zone),
      });
    }
    case 'trips-csv':
      return tripsCsv(analyzeTrack(job.chunks, job.params, roads), withDrivers(job));
    case 'events-csv':
      return eventsCsv(analyzeTrack(job.chunks, job.params, roads), withDrivers(job));
  }
}

/** The CSVs' context: the driver columns exactly when the job carries drivers, as `export --assignments`. */
function withDrivers(job: ExportJob): ExportContext {
  const drivers = exportDriversOf(job.drivers);
  return drivers ? { ...job.meta, drivers } : job.meta;
}

function nextPiece(): ExportPiece | null {
  if (!pieces) throw new Error('no export running');
  try {
    const next = pieces.next();
    if (next.done) {
      pieces = null;
      return null;
    }
    if (total > 0) done = Math.min(total, done + count(next.value, unit));
    return { piece: next.value, done, total };
  } catch (err) {
    pieces = null;
    throw err;
  }
}

const handlers: ExportProtocol = {
  setRoadLimits: setWorkerRoads,
  start(job) {
    total = job.chunks.reduce((s, c) => s + c.length, 0);
    done = 0;
    // Progress counts points written: rows of the breadcrumb CSV, <trkpt> of the GPX.
    unit = job.kind === 'gpx' || job.kind === 'gpx-trips' ? '<trkpt ' : '\n';
    if (job.kind === 'trips-csv' || job.kind === 'events-csv') total = 0;
    pieces = piecesOf(job)[Symbol.iterator]();
    return nextPiece();
  },
  next: nextPiece,
};

serveWorker(handlers);
