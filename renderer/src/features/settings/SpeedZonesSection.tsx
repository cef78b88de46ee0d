import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { parseSpeedZones } from '../../../../shared/roads/zones-parse.ts';
import { useAppState } from '../../app/app-state.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { toDisplayError } from '../../components/errors.ts';
import { reloadRoadLimits, useRoadLimits } from '../../roads/road-limits-store.ts';
import { ZONE_FILE_MAX_BYTES } from './road-import.ts';
import { zoneNames } from './zone-names.ts';

/**
 * Settings: the user's speed zones (a yard at 10 mph, a school zone), a GeoJSON file checked whole in the
 * page (so every reason a file is refused is listed) and again by the backend, which keeps it.
 */
export function SpeedZonesSection() {
  const { api } = useAppState();
  const limits = useRoadLimits(api);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [reasons, setReasons] = useState<{ fileName: string; list: string[] } | null>(null);
  const zones = limits.state === 'ready' ? limits.zones : null;

  const change = async (fileName: string, text: string | null) => {
    setBusy(true);
    try {
      await api.zones.set(fileName, text);
      await reloadRoadLimits(api);
    } catch (err) {
      setReasons({ fileName, list: [toDisplayError(err).message] });
    } finally {
      setBusy(false);
    }
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setReasons(null);
    if (file.size > ZONE_FILE_MAX_BYTES)
      return setReasons({ fileName: file.name, list: [`the file is larger than ${ZONE_FILE_MAX_BYTES / 1e6} MB`] });
    const text = await file.text();
    const parsed = parseSpeedZones(text);
    if (!parsed.ok) return setReasons({ fileName: file.name, list: parsed.reasons });
    await change(file.name, text);
  };

  const geojson = zones?.geojson ?? null;
  const names = useMemo(() => (geojson === null ? [] : zoneNames(geojson)), [geojson]);
  return (
    <div className="panel" data-testid="speed-zones" aria-labelledby="speed-zones-title">
      <h2 id="speed-zones-title">Speed zones</h2>
      <p className="muted">
        Polygons with a limit (GeoJSON, each feature&apos;s limit in <code>maxspeed</code> such as &quot;10 mph&quot;,
        or <code>limit_mph</code>): inside one, its limit wins over the road&apos;s.
      </p>
      {zones ? (
        <div data-testid="speed-zones-kept" data-id={zones.id}>
          <p className="status-line">
            <span data-testid="speed-zones-count">
              {zones.zones} {zones.zones === 1 ? 'zone' : 'zones'}
            </span>{' '}
            from {zones.fileName}
          </p>
          {names.length > 0 && (
            <ul data-testid="speed-zones-names">
              {names.map((n, k) => (
                <li key={k}>{n}</li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        limits.state === 'ready' && (
          <p className="status-line" data-testid="speed-zones-none">
            No speed zones.
          </p>
        )
      )}
      <div className="actions">
        {/* A button, not a label: reachable by keyboard; the input itself stays hidden. */}
        <button type="button" className="btn" disabled={busy} onClick={() => fileInput.current?.click()}>
          Import zones…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".geojson,.json"
          data-testid="speed-zones-file"
          disabled={busy}
          onChange={(e) => void choose(e)}
          hidden
        />
        {zones && (
          <ConfirmButton
            label="Remove"
            question="Remove the speed zones?"
            confirmLabel="Remove"
            testId="speed-zones-remove"
            onConfirm={() => void change(zones.fileName, null)}
            disabled={busy}
          />
        )}
      </div>
      {reasons && (
        <div className="alert alert-error" role="alert" data-testid="speed-zones-refused">
          <strong className="alert-title">{reasons.fileName} was not imported</strong>
          <ul>
            {reasons.list.map((r, k) => (
              <li key={k} data-testid="speed-zones-reason">
                {r}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
