import { useRef, useState, type ChangeEvent } from 'react';
import type { RoadImportState, RoadLimitsInfo } from '../../../../shared/ipc/roads-contract.ts';
import { useAppState } from '../../app/app-state.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { toDisplayError } from '../../components/errors.ts';
import { reloadRoadLimits, useRoadLimits } from '../../roads/road-limits-store.ts';
import { importProgress, indexFacts, ROAD_FILE_ACCEPT } from './road-import.ts';
import { startRoadImport, type RoadImportRun } from './road-import-run.ts';

type Outcome = { kind: 'done' | 'cancelled'; text: string } | { kind: 'failed'; text: string } | null;

// Label beside value, one fact a line (kept here: the facts list is this section's own).
const FACTS_STYLE = { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: '8px 0' };

function IndexFacts({ info }: { info: RoadLimitsInfo }) {
  return (
    <dl style={FACTS_STYLE} data-testid="road-limits-index" data-origin={info.origin} data-id={info.id}>
      {indexFacts(info).map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className="muted">{label}</dt>
          <dd style={{ margin: 0 }} data-testid={`road-limits-fact-${label.toLowerCase().replace(/\s+/g, '-')}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Settings: the road index the app judges speeding with. An import streams the file to the backend in
 * pieces and shows the build's two passes; Cancel stops it at any stage and the kept index stays in use.
 */
export function RoadLimitsSection() {
  const { api } = useAppState();
  const limits = useRoadLimits(api);
  const [running, setRunning] = useState<RoadImportState | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [error, setError] = useState<{ kind: string; message: string } | null>(null);
  const run = useRef<RoadImportRun | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const kept = limits.state === 'ready' ? limits.index : null;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || run.current) return;
    setOutcome(null);
    setError(null);
    setRunning({ phase: 'receiving', bytesReceived: 0, bytesTotal: file.size });
    const current = startRoadImport(api, file, (s) => setRunning(s));
    run.current = current;
    const end = await current.done;
    run.current = null;
    setRunning(null);
    if (end.phase === 'done') {
      setOutcome({ kind: 'done', text: `${end.info.fileName} is now the road index in use.` });
      await reloadRoadLimits(api);
    } else if (end.phase === 'failed') setOutcome({ kind: 'failed', text: end.message });
    else setOutcome({ kind: 'cancelled', text: 'Import cancelled: the road index in use did not change.' });
  };

  const remove = async () => {
    setError(null);
    setOutcome(null);
    try {
      await api.roads.remove();
      await reloadRoadLimits(api);
    } catch (err) {
      setError(toDisplayError(err));
    }
  };

  const progress = running ? importProgress(running) : null;
  return (
    <div className="panel" data-testid="road-limits" aria-labelledby="road-limits-title">
      <h2 id="road-limits-title">Road limits</h2>
      <p className="muted">
        Speeding is judged against each road&apos;s limit from an OpenStreetMap extract you import (.osm.pbf, .osm,
        .osm.gz) or a built road index (.rlidx). Everything stays on this computer.
      </p>
      {limits.state === 'loading' && <p className="muted">Loading…</p>}
      {limits.state === 'failed' && <p className="alert alert-error">{limits.message}</p>}
      {limits.state === 'ready' && !kept && (
        <p className="status-line" data-testid="road-limits-none">
          No road index: speeding is judged against the fleet&apos;s flat threshold only.
        </p>
      )}
      {kept && <IndexFacts info={kept} />}
      {progress && (
        <div data-testid="road-limits-progress" data-phase={running?.phase}>
          <div
            role="progressbar"
            className="progress"
            aria-label="Road limits import"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
          >
            <div className="progress-fill" style={{ width: `${progress.percent}%` }} />
          </div>
          <p className="muted" data-testid="road-limits-progress-text">
            {progress.text}
          </p>
        </div>
      )}
      <div className="actions">
        {/* A button, not a label: reachable by keyboard; the input itself stays hidden. */}
        <button type="button" className="btn" disabled={running !== null} onClick={() => fileInput.current?.click()}>
          Import extract…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={ROAD_FILE_ACCEPT}
          data-testid="road-limits-file"
          disabled={running !== null}
          onChange={(e) => void choose(e)}
          hidden
        />
        {running && (
          <button
            type="button"
            className="btn"
            data-testid="road-limits-cancel"
            onClick={() => void run.current?.cancel()}
          >
            Cancel
          </button>
        )}
        {kept && !running && (
          <ConfirmButton
            label="Remove"
            question="Remove the road index? Speeding is then judged against the flat threshold only."
            confirmLabel="Remove"
            testId="road-limits-remove"
            onConfirm={() => void remove()}
          />
        )}
      </div>
      {outcome && (
        <p
          className={outcome.kind === 'failed' ? 'alert alert-error' : 'notice'}
          role={outcome.kind === 'failed' ? 'alert' : 'status'}
          data-testid={`road-limits-${outcome.kind}`}
        >
          {outcome.text}
        </p>
      )}
      {error && <ErrorAlert failure={error} />}
    </div>
  );
}
