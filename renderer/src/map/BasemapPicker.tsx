import { useState } from 'react';
import { forgetPmtilesFile, keepPmtilesFile, saveBasemapChoice, type BasemapChoice } from './basemap-choice.ts';

export interface BasemapPickerProps {
  value: BasemapChoice;
  /** Called with the new, already saved choice; pass it to MapView's `basemap`. */
  onChange: (choice: BasemapChoice) => void;
}

/**
 * Lets the user add street detail from a local .pmtiles file (kept in the
 * app's private storage) or opt into an online style. The built-in map needs
 * nothing and is always the fallback.
 */
export function BasemapPicker({ value, onChange }: BasemapPickerProps) {
  const [url, setUrl] = useState(value.kind === 'online' ? value.styleUrl : '');
  const [note, setNote] = useState<string | null>(null);
  const choose = (c: BasemapChoice) => {
    saveBasemapChoice(c);
    onChange(c);
  };
  return (
    <fieldset className="rl-basemap-picker" data-testid="basemap-picker">
      <legend>Basemap</legend>
      <label>
        <input type="radio" name="rl-basemap" checked={value.kind === 'builtin'} onChange={() => { void forgetPmtilesFile(); choose({ kind: 'builtin' }); }} /> Built-in (offline)
      </label>
      <label>
        <input type="radio" name="rl-basemap" checked={value.kind === 'pmtiles'} readOnly /> Street detail from a .pmtiles file{' '}
        <input
          type="file"
          accept=".pmtiles"
          data-testid="basemap-pmtiles-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            void keepPmtilesFile(file).then((kept) => {
              setNote(kept ? null : 'The file could not be kept in app storage: it will be needed again after a restart.');
              choose({ kind: 'pmtiles', name: file.name });
            });
          }}
        />
      </label>
      <label>
        <input type="radio" name="rl-basemap" checked={value.kind === 'online'} readOnly /> Online style (uses the network){' '}
        <input type="url" placeholder="https://…/style.json" value={url} onChange={(e) => setUrl(e.target.value)} data-testid="basemap-online-url" />
        <button type="button" disabled={!/^https:\/\//.test(url)} onClick={() => choose({ kind: 'online', styleUrl: url })}>
          Use
        </button>
      </label>
      {note && <p className="muted">{note}</p>}
    </fieldset>
  );
}
