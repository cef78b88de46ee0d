import { useState } from 'react';
import { isOnlineStyleUrl } from '../../../shared/ipc/validate.ts';
import { useAppState } from '../app/app-state.tsx';
import { toDisplayError } from '../components/errors.ts';
import { forgetPmtilesFile, keepPmtilesFile, saveBasemapChoice, type BasemapChoice } from './basemap-choice.ts';

export interface BasemapPickerProps {
  value: BasemapChoice;
  /** Called with the new, already saved choice; pass it to MapView's `basemap`. */
  onChange: (choice: BasemapChoice) => void;
}

/**
 * Lets the user add street detail from a local .pmtiles file (kept in the
 * app's private storage) or opt into an online style. The built-in map needs
 * nothing and is always the fallback. The online opt-in goes through the
 * backend, which allows exactly that style's servers in the page's CSP; a CSP
 * only changes with a new page load, so the page reloads once it is saved.
 */
export function BasemapPicker({ value, onChange }: BasemapPickerProps) {
  const { api } = useAppState();
  const [url, setUrl] = useState(value.kind === 'online' ? value.styleUrl : '');
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = (c: BasemapChoice) => {
    saveBasemapChoice(c);
    onChange(c);
  };
  // Leaving the online style takes its servers out of the CSP again (from the next page load on).
  const leaveOnline = async () => {
    if (value.kind !== 'online') return;
    await api.settings.setOnlineStyle(null).catch(() => undefined);
  };
  const applyOnlineStyle = async () => {
    setBusy(true);
    setNote(null);
    try {
      const saved = await api.settings.setOnlineStyle(url.trim());
      if (!saved) throw new Error('The online style was not saved.');
      saveBasemapChoice({ kind: 'online', styleUrl: saved.styleUrl });
      window.location.reload();
    } catch (err) {
      setNote(toDisplayError(err).message);
      setBusy(false);
    }
  };
  return (
    <fieldset className="rl-basemap-picker" data-testid="basemap-picker">
      <legend>Basemap</legend>
      <label>
        <input
          type="radio"
          name="rl-basemap"
          data-testid="basemap-builtin"
          checked={value.kind === 'builtin'}
          onChange={() => {
            void forgetPmtilesFile();
            void leaveOnline().then(() => choose({ kind: 'builtin' }));
          }}
        />{' '}
        Built-in (offline)
      </label>
      <label>
        <input type="radio" name="rl-basemap" checked={value.kind === 'pmtiles'} readOnly /> Street detail from a
        .pmtiles file{' '}
        <input
          type="file"
          accept=".pmtiles"
          data-testid="basemap-pmtiles-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            void Promise.all([keepPmtilesFile(file), leaveOnline()]).then(([kept]) => {
              setNote(
                kept ? null : 'The file could not be kept in app storage: it will be needed again after a restart.',
              );
              choose({ kind: 'pmtiles', name: file.name });
            });
          }}
        />
      </label>
      <label>
        <input type="radio" name="rl-basemap" checked={value.kind === 'online'} readOnly /> Online style (uses the
        network){' '}
        <input
          type="url"
          placeholder="https://…/style.json"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          data-testid="basemap-online-url"
        />
        <button
          type="button"
          data-testid="basemap-online-use"
          disabled={busy || !isOnlineStyleUrl(url.trim())}
          onClick={() => void applyOnlineStyle()}
        >
          {busy ? 'Checking…' : 'Use'}
        </button>
      </label>
      {note && (
        <p className="muted" role="status" data-testid="basemap-picker-note">
          {note}
        </p>
      )}
    </fieldset>
  );
}
