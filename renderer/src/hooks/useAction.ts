import { useCallback, useState } from 'react';
import { toDisplayError } from '../components/errors.ts';

export type DisplayError = { kind: string; message: string };

/**
 * One action at a time behind a form's buttons: which one runs (`busy`, to disable the rest and label the
 * running one) and the last one's failure, shown as the app's error alert.
 */
export function useAction<K extends string>() {
  const [busy, setBusy] = useState<K | null>(null);
  const [error, setError] = useState<DisplayError | null>(null);
  const run = useCallback(async (what: K, action: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(toDisplayError(err));
    } finally {
      setBusy(null);
    }
  }, []);
  return { busy, error, setError, run };
}
