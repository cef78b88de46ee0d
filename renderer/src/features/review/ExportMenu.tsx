import { useRef, useState } from 'react';
import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import type { ExportMeta } from '../../../../shared/export/gpx-audit-meta.ts';
import type { AppInfo } from '../../../../shared/ipc/contract.ts';
import type { DayChunk } from '../../../../shared/track/types.ts';
import { useAppState } from '../../app/app-state.tsx';
import { saveExport, type ExportProgress } from '../../export/save.ts';
import type { ExportKind } from '../../workers/export-protocol.ts';
import { errorText } from '../../../../shared/util/error-text.ts';

const KINDS: { kind: ExportKind; label: string; ext: 'csv' | 'gpx'; suffix: string }[] = [
  { kind: 'breadcrumbs-csv', label: 'Breadcrumbs CSV', ext: 'csv', suffix: 'breadcrumbs' },
  { kind: 'trips-csv', label: 'Trips CSV', ext: 'csv', suffix: 'trips' },
  { kind: 'events-csv', label: 'Events CSV', ext: 'csv', suffix: 'events' },
  // The CLI's GPX (`export --tz` with the carrier's home zone): every reading, one track per local day.
  { kind: 'gpx', label: 'GPX', ext: 'gpx', suffix: 'track' },
  { kind: 'gpx-trips', label: 'GPX (per-trip tracks)', ext: 'gpx', suffix: 'trips' },
];

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
}) {
  const { api } = useAppState();
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const run = async (k: (typeof KINDS)[number]) => {
    const ctl = new AbortController();
    abort.current = ctl;
    setStatus({ state: 'running', kind: k.kind, progress: { done: 0, total: 0, bytes: 0 } });
    try {
      const name = `${props.baseName}-${k.suffix}.${k.ext}`;
      const job = {
        kind: k.kind,
        chunks: props.chunks(),
        meta: { ...(await props.meta()), generatedAt: Date.now() },
        params: props.params,
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
      {KINDS.map((k) => (
        <button
          key={k.kind}
          type="button"
          className="btn btn-small"
          data-testid={`export-${k.kind}`}
          disabled={running || props.disabled === true}
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
