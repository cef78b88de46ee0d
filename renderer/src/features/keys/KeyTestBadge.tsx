import { useMemo } from 'react';
import { keyTestWords, type KeyTest } from '../../../../shared/domain/key-test.ts';
import { createZoneFormatter } from '../../../../shared/time/zone.ts';
import { useAppState } from '../../app/app-state.tsx';

const BADGE_CLASS: Readonly<Record<KeyTest['result'], string>> = {
  ok: 'badge-ok',
  failed: 'badge-error',
  untested: 'badge-warn',
};

/**
 * A key's badge says what its last test found and when: "Tested OK · 14:02",
 * "Failed: wrong Company Key (401) · 14:05", "Saved without a test · 14:06".
 * Green only for a test that passed. The time is in the display zone, with
 * the date when it is not the backend's today.
 */
export function KeyTestBadge({ test, testId, set }: { test: KeyTest; testId: string; set?: boolean }) {
  const { info, preferences } = useAppState();
  const fmt = useMemo(() => createZoneFormatter(preferences.displayTimeZone), [preferences.displayTimeZone]);
  const ms = Date.parse(test.at);
  const time = test.at.slice(0, 10) === info.today ? fmt.shortTime(ms) : `${fmt.shortDate(ms)} ${fmt.shortTime(ms)}`;
  return (
    <span
      className={`badge ${BADGE_CLASS[test.result]}`}
      data-testid={testId}
      data-set={set}
      data-result={test.result}
      data-reason={test.reason}
      data-at={test.at}
      title={`${test.result === 'untested' ? 'Saved' : 'Tested'} ${fmt.dateTime(ms)} ${fmt.abbreviation(ms)}`}
    >
      {keyTestWords(test)} · <span data-testid={`${testId}-time`}>{time}</span>
    </span>
  );
}
