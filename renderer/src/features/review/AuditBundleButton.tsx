import { useRef, useState } from 'react';
import { errorText } from '../../../../shared/util/error-text.ts';
import type { AppInfo } from '../../../../shared/ipc/contract.ts';
import { useAppState } from '../../app/app-state.tsx';
import { useWorkerRoads } from '../../roads/use-worker-roads.ts';
import { auditRoadLimitsOf, makeAuditBundle, type AuditProgress, type AuditSelection } from './audit-bundle.ts';

type Status =
  | { state: 'idle' }
  | { state: 'running'; progress: AuditProgress }
  | { state: 'done'; text: string }
  | { state: 'failed'; text: string };

const STAGE_TEXT: Record<AuditProgress['stage'], string> = {
  reading: 'Reading stored days…',
  sending: 'Sending readings…',
  building: 'Building the bundle (report, hashes, zip)…',
};

/**
 * "Audit bundle" for the Review's vehicle and local days: a zip of the
 * track, the CSVs, a printed report and a manifest of hashes (issue #13),
 * with progress and Cancel. Disabled while the selection loads, and where the
 * backend cannot print the report (it says why).
 */
export function AuditBundleButton({
  selection,
  info,
  disabled,
  baseName,
}: {
  selection: AuditSelection | null;
  info: AppInfo | null;
  disabled: boolean;
  baseName: string;
}) {
  const { api, preferences } = useAppState();
  // The bundle judges with the road limits the screen judges with; none are sent until they are known.
  const roads = useWorkerRoads();
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const unable = info !== null && !info.canMakeAuditBundle;

  const run = async () => {
    if (!selection || !roads.ready) return;
    const roadLimits = auditRoadLimitsOf(roads, preferences.analysis);
    const ctl = new AbortController();
    abort.current = ctl;
    setStatus({ state: 'running', progress: { stage: 'reading', sent: 0, total: 0 } });
    try {
      const out = await makeAuditBundle(
        api,
        { ...selection, ...(roadLimits ? { roadLimits } : {}) },
        `${baseName}-audit.zip`,
        (progress) => setStatus({ state: 'running', progress }),
        ctl.signal,
      );
      if (out.kind === 'cancelled') setStatus({ state: 'idle' });
      else if (out.kind === 'empty')
        setStatus({
          state: 'failed',
          text: 'No readings are stored for this vehicle in these days: download them first.',
        });
      else {
        const where = out.kind === 'saved' ? `Saved ${out.path}` : `Downloaded ${out.name}`;
        setStatus({
          state: 'done',
          text: `${where} (${out.bytes.toLocaleString('en-US')} bytes; ${out.counts.records.toLocaleString('en-US')} readings, ${out.counts.trips} trips, ${out.counts.events} events)`,
        });
      }
    } catch (err) {
      setStatus({ state: 'failed', text: `The audit bundle was not made: ${errorText(err)}` });
    } finally {
      abort.current = null;
    }
  };

  const running = status.state === 'running';
  return (
    <div className="export-menu audit-bundle" data-testid="audit-bundle" data-state={status.state}>
      <button
        type="button"
        className="btn btn-small"
        data-testid="audit-bundle-make"
        disabled={running || disabled || !selection || unable || !roads.ready}
        title={
          unable
            ? 'This RouteLens cannot print the audit report: install Chromium or set ROUTELENS_CHROMIUM before starting it.'
            : 'A zip of the track, breadcrumbs, trips and events, a printed report and a manifest of SHA-256 hashes'
        }
        onClick={() => void run()}
      >
        Audit bundle
      </button>
      {running && (
        <>
          <span className="muted" data-testid="audit-bundle-stage" data-stage={status.progress.stage}>
            {STAGE_TEXT[status.progress.stage]}
          </span>
          <progress
            data-testid="audit-bundle-progress"
            max={Math.max(1, status.progress.total)}
            value={status.progress.total > 0 ? status.progress.sent : undefined}
          />
          {/* Once the backend builds the zip there is nothing left to cancel. */}
          {status.progress.stage !== 'building' && (
            <button
              type="button"
              className="btn btn-small btn-danger-quiet"
              data-testid="audit-bundle-cancel"
              onClick={() => abort.current?.abort()}
            >
              Cancel
            </button>
          )}
        </>
      )}
      {status.state === 'done' && (
        <span className="export-status" role="status" data-testid="audit-bundle-status">
          {status.text}
        </span>
      )}
      {status.state === 'failed' && (
        <span className="export-status export-failed" role="alert" data-testid="audit-bundle-status">
          {status.text}
        </span>
      )}
    </div>
  );
}
