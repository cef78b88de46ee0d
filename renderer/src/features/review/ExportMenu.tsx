import { useRef, useState } from 'react';
import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import type { ExportMeta } from '../../../../shared/export/gpx-audit-meta.ts';
import type { AppInfo } from '../../../../shared/ipc/contract.ts';
import type { DayChunk } from '../../../../shared/track/types.ts';
import { useAppState } from '../../app/app-state.tsx';
import { keptDriversData } from '../../export/kept-drivers.ts';
import { driversOfVehicle } from '../../../../shared/export/drivers-data.ts';
import { saveExport, type ExportProgress } from '../../export/save.ts';
import type { ExportKind } from '../../workers/export-protocol.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { dayCount, isLocalDay, type LocalDay } from '../../../../shared/time/local-day.ts';
import { useWorkerRoads } from '../../roads/use-worker-roads.ts';

const KINDS: { kind: ExportKind; label: string; ext: 'csv' | 'gpx'; suffix: string }[] = [
  { kind: 'breadcrumbs-csv', label: 'Breadcrumbs CSV', ext: 'csv', suffix: 'breadcrumbs' },
  { kind: 'trips-csv', label: 'Trips CSV', ext: 'csv', suffix: 'trips' },
  { kind: 'events-csv', label: 'Events CSV', ext: 'csv', suffix: 'events' },
  // The CLI's GPX (`export --tz` with the carrier's home zone): every reading, one track per local day.
  { kind: 'gpx', label: 'GPX', ext: 'gpx', suffix: 'track' },
  { kind: 'gpx-trips', label: 'GPX (per-trip tracks)', ext: 'gpx', suffix: 'trips' },
];

/** The exports with driver columns. */
const DRIVER_KINDS: ReadonlySet<ExportKind> = new Set(['trips-csv', 'events-csv']);

/** What the buttons export: a vehicle's home-zone days `from`..`to`. */
export interface ExportSelection {
  carrierId: string;
  vehicleId: string;
  from: LocalDay;
  to: LocalDay;
  zone: string;
}

type Status =
  | { state: 'idle' }
  | { state: 'running'; kind: ExportKind; progress: ExportProgress }
  | { state: 'done'; text: string }
  | { state: 'failed'; text: string };

/** Export buttons for the current selection, with progress; formatting runs in a worker so the window stays responsive. */
export function ExportMenu(props: {
  chunks: () => DayChunk[];
  meta: () => Promise<Omit<ExportMeta, 'generatedAt'>>;
  params: Partial<AnalysisParams>;
  saveMode: AppInfo['saveMode'];
  baseName: string;
  /** While the next selection loads: the buttons would export the previous one. */ disabled?: boolean;
  /** The days exported, said with their number (a partly downloaded day is said by the page's coverage note, and in a GPX). */
  selection?: ExportSelection;
  /** The selection's partly downloaded days, said as the page's coverage note says them ('' when none). */
  partialDays?: string;
}) {
  const { api } = useAppState();
  const sel = props.selection;
  const partialText = props.partialDays ?? '';
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  // Trips, events and GPX tracks are judged against the kept road limits, as on screen.
  const roads = useWorkerRoads();
  const abort = useRef<AbortController | null>(null);
  const run = async (k: (typeof KINDS)[number]) => {
    const ctl = new AbortController();
    abort.current = ctl;
    setStatus({ state: 'running', kind: k.kind, progress: { done: 0, total: 0, bytes: 0 } });
    try {
      const name = `${props.baseName}-${k.suffix}.${k.ext}`;
      // The trips and events CSVs name the driver when the carrier has assignments kept (as `export --assignments`).
      const kept = sel && DRIVER_KINDS.has(k.kind) ? await keptDriversData(sel.carrierId) : undefined;
      const drivers = kept && sel && (driversOfVehicle(kept, sel.vehicleId) ?? { assignments: [], names: [] });
      const job = {
        kind: k.kind,
        chunks: props.chunks(),
        // The GPX says which days are partial in its <metadata><desc>; a CSV has no place for it (a comment line breaks readers).
        meta: {
          ...(await props.meta()),
          generatedAt: Date.now(),
          ...(partialText ? { partialDays: partialText } : {}),
        },
        params: props.params,
        roads: roads.ready ? roads.spec : null,
        ...(drivers ? { drivers } : {}),
      };
      const out = await saveExport(
        api,
        props.saveMode,
        name,
        k.ext,
        job,
        (progress) => setStatus({ state: 'running', kind: k.kind, progress }),
        ctl.signal,
      );
      if (out.kind === 'cancelled') setStatus({ state: 'idle' });
      else
        setStatus({
          state: 'done',
          text:
            out.kind === 'saved'
              ? `Saved ${out.path} (${out.bytes.toLocaleString('en-US')} bytes)`
              : `Downloaded ${out.name} (${out.bytes.toLocaleString('en-US')} bytes)`,
        });
    } catch (err) {
      setStatus({ state: 'failed', text: errorText(err) });
    } finally {
      abort.current = null;
    }
  };
  const running = status.state === 'running';
  return (
    <div className="export-menu" data-testid="export-menu" data-state={status.state}>
      <span className="muted">Export</span>
      {sel && isLocalDay(sel.from) && isLocalDay(sel.to) && <ExportRange selection={sel} />}
      {KINDS.map((k) => (
        <button
          key={k.kind}
          type="button"
          className="btn btn-small"
          data-testid={`export-${k.kind}`}
          disabled={running || props.disabled === true || !roads.ready}
          onClick={() => void run(k)}
        >
          {k.label}
        </button>
      ))}
      {running && (
        <>
          <progress
            data-testid="export-progress"
            max={Math.max(1, status.progress.total)}
            value={status.progress.total > 0 ? status.progress.done : undefined}
          />
          <button
            type="button"
            className="btn btn-small btn-danger-quiet"
            data-testid="export-cancel"
            onClick={() => abort.current?.abort()}
          >
            Cancel
          </button>
        </>
      )}
      {status.state === 'done' && (
        <span className="export-status" role="status" data-testid="export-status">
          {status.text}
        </span>
      )}
      {status.state === 'failed' && (
        <span className="export-status export-failed" role="alert" data-testid="export-status">
          {status.text}
        </span>
      )}
    </div>
  );
}

/** "2026-05-20 → 2026-11-20 · 185 days": the days the buttons export, counted (a "6 months" is 181 to 185). */
function ExportRange({ selection: { from, to, zone } }: { selection: ExportSelection }) {
  const days = dayCount(from, to);
  return (
    <span
      className="muted"
      data-testid="export-range"
      data-from={from}
      data-to={to}
      data-days={days}
      title={`${zone} days`}
    >
      {from === to ? from : `${from} → ${to}`} · {days === 1 ? '1 day' : `${days} days`}
    </span>
  );
}
