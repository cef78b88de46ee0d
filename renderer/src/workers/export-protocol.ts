import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import type { DriversData } from '../../../shared/export/drivers-data.ts';
import type { ExportMeta } from '../../../shared/export/gpx-audit-meta.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import type { RoadLimitsProtocol } from './worker-roads.ts';

export type ExportKind = 'breadcrumbs-csv' | 'trips-csv' | 'events-csv' | 'gpx' | 'gpx-trips';

export interface ExportJob {
  kind: ExportKind;
  chunks: DayChunk[];
  /** GPX metadata, the CSVs' identity columns and the home zone of their local times. */
  meta: ExportMeta;
  params: Partial<AnalysisParams>;
  /** The key of the road limits set on the worker (setRoadLimits) the trips, events and GPX are judged with. */
  roadsKey: string;
  /** Who drove, as plain data (the worker builds the attributor): the trips and events CSVs then end with the driver columns. */
  drivers?: DriversData;
}

/** One piece of the file and the points written so far (0 in all when unknown). */
export interface ExportPiece {
  piece: string;
  done: number;
  total: number;
}

/** Pull protocol: the page asks for the next piece only after writing the last, so memory stays flat on a slow disk. */
export interface ExportProtocol extends RoadLimitsProtocol {
  /** Starts formatting `job`; the first piece, or null when the file is empty. */
  start(job: ExportJob): ExportPiece | null;
  /** The next piece, or null at the end. */
  next(): ExportPiece | null;
}
