import { RangePicker } from '../../components/RangePicker.tsx';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { coverageWarnings, MAX_CARRIERS, MIN_CARRIERS } from '../../../../shared/compare/compare.ts';
import { METRICS } from '../../../../shared/compare/metrics.ts';
import { PARAM_LABELS } from '../../../../shared/compare/params.ts';
import { useAppState } from '../../app/app-state.tsx';
import { rangeFor, type RangePreset } from '../../downloads/ranges.ts';
import { getDb } from '../../store/db.ts';
import { storeStamp } from '../../store/reads.ts';
import { useLive } from '../../store/hooks.ts';
import { CompareTable } from './CompareTable.tsx';
import { useDownloadMissing } from './use-download-missing.ts';
import { SmallMultiples } from './SmallMultiples.tsx';
import { useComparison } from './use-comparison.ts';
import { useCompareDrivers } from './use-compare-drivers.ts';
import type { CompareSetup } from './compare-setup.ts';
import { useCarrierPicks, useCompareExports } from './use-compare-setup.ts';
import { useInboxParams } from '../inbox/inbox-scope.ts';
import { SharedAnalysisSettings } from '../review/AnalysisSettings.tsx';
import { WorstEvents, type ReviewTarget } from './WorstEvents.tsx';
import './compare.css';

export type { ReviewTarget } from './WorstEvents.tsx';

export function ComparePage({
  setup,
  onSetup,
  onOpenReview,
}: {
  /** Where the page was left (the navigation state): it opens there again. */
  setup?: CompareSetup | undefined;
  onSetup?: (s: CompareSetup) => void;
  onOpenReview?: (t: ReviewTarget) => void;
}) {
  const { api, carriers, info } = useAppState();
  const today = info.today;
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { selected, toggle } = useCarrierPicks(carriers, setup?.carrierIds);
  const [preset, setPreset] = useState<RangePreset>(setup?.range ?? '7d');
  const [customFrom, setCustomFrom] = useState(setup?.from ?? '');
  const [customTo, setCustomTo] = useState(setup?.to ?? '');
  // The app's one set of analysis settings, Trip review's and the inbox's (issue 31, item 5).
  const params = useInboxParams();
  // The setup goes into the navigation state whenever it changes (compared as text: `selected` is a new array each render).
  const setupText = JSON.stringify([selected, preset, customFrom, customTo]);
  useEffect(() => {
    onSetup?.({ carrierIds: selected, range: preset, from: customFrom, to: customTo });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setupText stands for the values it is made of.
  }, [setupText, onSetup]);

  const range = today ? rangeFor(preset, today, { from: customFrom, to: customTo }) : null;
  const okRange = range && !('error' in range) ? range : null;
  const chosen = useMemo(
    () =>
      carriers
        .filter((c) => selected.includes(c.id))
        .map((c) => ({ carrierId: c.id, label: c.label, zone: c.homeZone })),
    [carriers, selected],
  );
  const enough = chosen.length >= MIN_CARRIERS && chosen.length <= MAX_CARRIERS;
  // Stored data changing (a download finishing, a snapshot taken) recomputes.
  const dataVersion = useLive(async () => {
    const db = getDb();
    return `${await storeStamp()}/${await db.snapshots.count()}/${await db.rosters.count()}`;
  }, []);
  const result = useComparison(enough ? chosen : null, okRange, params, today ?? '', dataVersion);
  const facts = useCompareDrivers(result.state === 'ready' ? result.facts : null);
  const warnings = facts ? coverageWarnings(facts.carriers) : [];
  const downloadMissing = useDownloadMissing(facts, setMessage, setError);

  const { exportCsv, exportReport } = useCompareExports(api, info, facts, setMessage, setError);

  return (
    <section
      className="page compare-page"
      data-testid="compare-page"
      data-state={result.state}
      data-trips={result.state === 'ready' && result.trips ? 'true' : 'false'}
    >
      <p className="compare-print-only" data-testid="compare-printed-at">
        RouteLens {'·'} printed {new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
      </p>
      <header className="page-header">
        <h1>Compare carriers</h1>
        {facts && (
          <p className="page-meta" data-testid="compare-meta">
            {facts.range.from} → {facts.range.to} ({homeDaysText(facts.carriers)}) ·{' '}
            {PARAM_LABELS.speedingThresholdMph.label} {facts.params.speedingThresholdMph} mph · shortest event{' '}
            {facts.params.speedingMinSeconds} s · gap &gt; {minutes(facts.params.gapSeconds)} min · outlier &gt;{' '}
            {facts.params.maxPlausibleMph} mph · trip ends after {minutes(facts.params.tripGapSeconds)} min gap ·
            shortest stop {minutes(facts.params.minStopSeconds)} min · shortest trip {facts.params.minTripMiles} mi
          </p>
        )}
      </header>

      <div className="panel compare-no-print">
        <div className="compare-controls">
          <fieldset className="compare-carriers">
            <legend>
              Carriers ({MIN_CARRIERS} to {MAX_CARRIERS})
            </legend>
            {carriers.map((c) => (
              <label key={c.id}>
                <input
                  type="checkbox"
                  data-testid={`compare-pick-${c.id}`}
                  checked={selected.includes(c.id)}
                  disabled={!selected.includes(c.id) && selected.length >= MAX_CARRIERS}
                  onChange={() => toggle(c.id)}
                />{' '}
                {c.label}
              </label>
            ))}
          </fieldset>
          <RangePicker
            idPrefix="compare"
            dayWord="home-zone day"
            preset={preset}
            onPreset={setPreset}
            customFrom={customFrom}
            customTo={customTo}
            onCustomFrom={setCustomFrom}
            onCustomTo={setCustomTo}
          />
        </div>
        <div className="compare-params" role="group" aria-label="Analysis settings, the same for every carrier">
          <SharedAnalysisSettings testIdPrefix="compare" />
        </div>
        <div className="actions">
          <button
            type="button"
            className="btn"
            data-testid="compare-export-csv"
            disabled={!facts}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </button>
          <button
            type="button"
            className="btn"
            data-testid="compare-export-pdf"
            disabled={!facts}
            onClick={() => void exportReport()}
          >
            {info.canPrintToPdf ? 'Save report (PDF)' : 'Print report'}
          </button>
        </div>
        {range && 'error' in range && <p className="hint">{range.error}</p>}
        {!enough && (
          <p className="hint" data-testid="compare-pick-hint">
            Choose {MIN_CARRIERS} to {MAX_CARRIERS} carriers.
          </p>
        )}
      </div>

      {error && (
        <div className="alert alert-error" role="alert" data-testid="compare-error">
          {error}
        </div>
      )}
      {result.state === 'failed' && (
        <div className="alert alert-error" role="alert" data-testid="compare-error">
          {result.message}
        </div>
      )}
      {message && (
        <p className="status-line compare-no-print" role="status" data-testid="compare-message">
          {message}
        </p>
      )}
      {warnings.length > 0 && (
        <div className="alert alert-warning" data-testid="compare-warnings">
          <strong className="alert-title">Coverage</strong>
          <ul>
            {warnings.map((w) => (
              <li
                key={`${w.carrierId ?? ''}:${w.kind}`}
                data-testid="compare-warning"
                data-kind={w.kind}
                data-carrier-id={w.carrierId ?? ''}
              >
                {w.message}
              </li>
            ))}
          </ul>
          {downloadMissing.offered && (
            <button
              type="button"
              className="btn btn-small compare-no-print"
              data-testid="compare-download-missing"
              disabled={downloadMissing.busy}
              onClick={() => void downloadMissing.start()}
            >
              Download the missing days
            </button>
          )}
        </div>
      )}
      {result.state === 'computing' && (
        <p className="loading" role="status">
          Computing…
        </p>
      )}
      {facts && (
        <>
          <CompareTable carriers={facts.carriers} trips={result.state === 'ready' && result.trips} />
          {/* The printed report carries everything below too: per-day charts, worst events, definitions. */}
          <section className="compare-report-section">
            <h2>Per day (each carrier's home-zone days)</h2>
            <SmallMultiples carriers={facts.carriers} />
          </section>
          <section className="compare-report-section">
            <h2>Worst speeding events</h2>
            <WorstEvents carriers={facts.carriers} onOpenReview={onOpenReview} />
          </section>
          <h2>Definitions</h2>
          <dl className="compare-defs" data-testid="compare-definitions">
            {METRICS.map((m) => (
              <Fragment key={m.id}>
                <dt>{m.label}</dt>
                <dd>{m.definition}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}

const minutes = (seconds: number) => Number((seconds / 60).toFixed(2));

/** Whose days the range counts: each carrier's home zone ("home-zone days: America/Chicago, America/Denver"). */
function homeDaysText(carriers: readonly { dailyZone?: string }[]): string {
  const zones = [...new Set(carriers.map((c) => c.dailyZone ?? 'UTC'))];
  return `each carrier's home-zone days: ${zones.join(', ')}`;
}
