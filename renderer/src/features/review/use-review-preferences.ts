import type { AdjustableAnalysisParams } from '../../../../shared/analysis/adjustable.ts';
import { useAppState, type Preferences } from '../../app/app-state.tsx';

/**
 * The review's kept choices (display zone, speed limit, analysis settings), read from the app state and
 * written back both there (every screen sees them at once) and to settings.json through the backend.
 */
export function useReviewPreferences() {
  const { api, preferences, setPreferences } = useAppState();
  const save = (patch: Partial<Preferences>) => {
    setPreferences({ ...preferences, ...patch });
    // The backend's answer is the stored truth (it may have refused a value): the app state takes it.
    void api.settings.setPreferences(patch).then(setPreferences, () => undefined);
  };
  return {
    zone: preferences.displayTimeZone,
    threshold: preferences.speedingThresholdMph,
    adjustable: preferences.analysis,
    onZone: (displayTimeZone: string) => save({ displayTimeZone }),
    onThreshold: (speedingThresholdMph: number) => save({ speedingThresholdMph }),
    onAdjustable: (analysis: AdjustableAnalysisParams) => save({ analysis }),
  };
}
