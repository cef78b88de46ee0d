import { useState } from 'react';
import type { AppInfo } from '../../../../shared/ipc/contract.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { useAppState } from '../../app/app-state.tsx';
import { savePieces } from '../../export/save.ts';
import type { ReviewTrail } from './use-review-trail.ts';

/** Saves review_log.csv of the selection's marked events (the save dialog, or a download). */
export function ReviewLogButton({
  trail,
  saveMode,
  baseName,
}: {
  trail: ReviewTrail;
  saveMode: AppInfo['saveMode'];
  baseName: string;
}) {
  const { api } = useAppState();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async () => {
    const csv = trail.logCsv();
    if (csv === null) return;
    try {
      const out = await savePieces(api, saveMode, `${baseName}-review_log.csv`, 'csv', [csv]);
      if (out.kind === 'cancelled') setStatus(null);
      else setStatus({ ok: true, text: out.kind === 'saved' ? `Saved ${out.path}` : `Downloaded ${out.name}` });
    } catch (err) {
      setStatus({ ok: false, text: errorText(err) });
    }
  };
  return (
    <span className="review-log" data-testid="review-log">
      <button
        type="button"
        className="btn btn-small"
        data-testid="review-log-export"
        disabled={trail.markedCount === 0}
        title={trail.markedCount === 0 ? 'No event of this selection is marked yet.' : undefined}
        onClick={() => void save()}
      >
        Review log CSV ({trail.markedCount})
      </button>
      {status && (
        <span role={status.ok ? 'status' : 'alert'} className={status.ok ? 'muted' : 'alert-error'}>
          {status.text}
        </span>
      )}
    </span>
  );
}
