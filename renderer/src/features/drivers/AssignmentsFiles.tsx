import { useRef, useState } from 'react';
import { assignmentsCsv } from '../../../../shared/drivers/assignments-csv.ts';
import type { Assignment } from '../../../../shared/drivers/types.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { useAppState } from '../../app/app-state.tsx';
import { savePieces } from '../../export/save.ts';
import { writer } from '../../store/writer.ts';
import { importAssignments } from './assignments-import.ts';
import type { RosterNames } from './names.ts';

type Outcome = { ok: true; text: string } | { ok: false; errors: string[] };

/** "Import CSV…" (all or nothing: every refused row named, nothing kept) and "Export CSV" (re-importable). */
export function AssignmentsFiles({
  carrierId,
  carrierLabel,
  zone,
  names,
  kept,
}: {
  carrierId: string;
  carrierLabel: string;
  zone: string;
  names: RosterNames;
  kept: readonly Assignment[];
}) {
  const { api, info } = useAppState();
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const result = await importAssignments(file, { carrierId, zone, names, kept, now: Date.now() });
      if (!result.ok) return setOutcome(result);
      await writer.replaceAssignments(carrierId, result.add, []);
      setOutcome({ ok: true, text: result.text });
    } catch (err) {
      setOutcome({ ok: false, errors: [errorText(err)] });
    } finally {
      // The same file chosen again (after fixing it) is a new change.
      if (input.current) input.current.value = '';
    }
  };

  const onExport = async () => {
    const csv = assignmentsCsv(kept, { zone, drivers: names.driverById, vehicles: names.vehicleById });
    try {
      const name = `${carrierLabel.replace(/[^\w.-]+/g, '_')}-assignments.csv`;
      const out = await savePieces(api, info.saveMode, name, 'csv', [csv]);
      if (out.kind !== 'cancelled')
        setOutcome({ ok: true, text: out.kind === 'saved' ? `Saved ${out.path}` : `Downloaded ${out.name}` });
    } catch (err) {
      setOutcome({ ok: false, errors: [errorText(err)] });
    }
  };

  return (
    <div className="assignment-files" data-testid="assignment-files">
      <label className="btn btn-small">
        Import CSV…
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="visually-hidden"
          data-testid="assignments-import"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </label>{' '}
      <button
        type="button"
        className="btn btn-small"
        data-testid="assignments-export"
        disabled={kept.length === 0}
        onClick={() => void onExport()}
      >
        Export CSV
      </button>
      {outcome?.ok && (
        <p role="status" className="muted" data-testid="assignments-import-done">
          {outcome.text}
        </p>
      )}
      {outcome && !outcome.ok && (
        <div role="alert" className="alert alert-error" data-testid="assignments-import-refused">
          <p>Nothing was imported:</p>
          <ul>
            {outcome.errors.map((e, k) => (
              <li key={k} data-testid="assignments-import-error">
                {e}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
