import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import type { ExportMeta } from '../../../shared/export/gpx-audit-meta.ts';
import type { DayChunk } from '../../../shared/track/types.ts';

export type ExportKind = 'breadcrumbs-csv' | 'trips-csv' | 'events-csv' | 'gpx' | 'gpx-trips';

export interface ExportJob {
  kind: ExportKind;
  chunks: DayChunk[];
  /** GPX metadata, the CSVs' identity columns and the home zone of their local times. */
  meta: ExportMeta;
  params: Partial<AnalysisParams>;
}

/** Pull protocol: the page asks for the next piece only after writing the last, so memory stays flat on a slow disk. */
export type ExportRequest = { type: 'start'; job: ExportJob } | { type: 'next' };

export type ExportReply =
  | { type: 'piece'; piece: string; done: number; total: number }
  | { type: 'end' }
  | { type: 'error'; message: string };
