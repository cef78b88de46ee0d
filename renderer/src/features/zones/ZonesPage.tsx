import { useCallback, useMemo, useState } from 'react';
import { withZoneAdded, withZoneRemoved, outlineProblem } from '../../../../shared/roads/zones-edit.ts';
import { parseSpeedZones } from '../../../../shared/roads/zones-parse.ts';
import type { SpeedZones } from '../../../../shared/roads/zones.ts';
import { useAppState } from '../../app/app-state.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Field } from '../../components/Field.tsx';
import { useAction } from '../../hooks/useAction.ts';
import { FitBounds, MapView } from '../../map/index.ts';
import { reloadRoadLimits, useRoadLimits } from '../../roads/road-limits-store.ts';
import { DrawZoneLayer } from './DrawZoneLayer.tsx';
import { ZonesLayer } from './ZonesLayer.tsx';
import './zones.css';

type Corner = readonly [number, number];

/** The name a zones file gets when the first zone is drawn rather than imported. */
const DRAWN_FILE_NAME = 'drawn-zones.geojson';

function extentOf(zones: SpeedZones | null): [number, number, number, number] | null {
  if (!zones || zones.zones.length === 0) return null;
  const b = [Infinity, Infinity, -Infinity, -Infinity] as [number, number, number, number];
  for (const z of zones.zones) {
    b[0] = Math.min(b[0], z.bbox[0]);
    b[1] = Math.min(b[1], z.bbox[1]);
    b[2] = Math.max(b[2], z.bbox[2]);
    b[3] = Math.max(b[3], z.bbox[3]);
  }
  return b;
}

/**
 * Speed zones (a yard at 10 mph, a school zone) drawn on the map or kept from an imported file; they win
 * over every road limit (docs/analysis.md, "Speed zones"). A drawn zone is added to the kept file, checked
 * as a whole by the same parser as an import, so what is kept is always what the analysis reads.
 */
export function ZonesPage() {
  const { api } = useAppState();
  const roads = useRoadLimits(api);
  const kept = roads.state === 'ready' ? roads.zones : null;
  const zones = useMemo(() => {
    if (!kept) return null;
    const parsed = parseSpeedZones(kept.geojson);
    return parsed.ok ? parsed.zones : null;
  }, [kept]);
  const bounds = useMemo(() => extentOf(zones), [zones]);
  const [corners, setCorners] = useState<Corner[] | null>(null);
  const [name, setName] = useState('');
  const [limit, setLimit] = useState('10');
  const [saved, setSaved] = useState<string | null>(null);
  const { busy, error, setError, run } = useAction<'save' | 'remove'>();
  const addCorner = useCallback((c: Corner) => setCorners((cs) => (cs ? [...cs, c] : cs)), []);

  const startDrawing = () => {
    setCorners([]);
    setSaved(null);
    setError(null);
  };
  const keep = async (geojson: string | null, said: string) => {
    await api.zones.set(kept?.fileName ?? DRAWN_FILE_NAME, geojson);
    await reloadRoadLimits(api);
    setSaved(said);
  };
  const save = () =>
    void run('save', async () => {
      const added = withZoneAdded(kept?.geojson ?? null, { name, limitMph: Number(limit), corners: corners ?? [] });
      if (!added.ok) throw new Error(added.message);
      await keep(added.geojson, `Zone “${name.trim()}” saved at ${Number(limit)} mph.`);
      setCorners(null);
      setName('');
    });
  const remove = (feature: number, label: string) =>
    void run('remove', () => keep(withZoneRemoved(kept!.geojson, feature), `Zone “${label}” removed.`));
  const problem = corners && corners.length > 0 ? outlineProblem(corners) : null;

  return (
    <section className="page zones-page" aria-labelledby="zones-title" data-testid="zones-page">
      <header className="page-header">
        <h1 id="zones-title">Speed zones</h1>
      </header>
      <p className="hint">
        A zone’s limit wins over every road limit inside it: a yard at 10 mph, a school zone at 15 mph. Over-the-limit
        events inside a zone name it.
      </p>
      {roads.state === 'failed' && (
        <ErrorAlert failure={{ kind: 'other', message: roads.message }} testId="zones-load-error" />
      )}
      <div className="zones-body">
        <div
          className="zones-map"
          data-testid="zones-map"
          data-drawing={corners !== null}
          data-corners={corners?.length ?? 0}
          data-zones={zones?.zones.length ?? 0}
        >
          <MapView>
            <ZonesLayer zones={zones} />
            <DrawZoneLayer corners={corners} onCorner={addCorner} />
            <FitBounds bounds={bounds} padding={40} maxZoom={16} />
          </MapView>
        </div>
        <div className="zones-side">
          {corners === null ? (
            <button type="button" className="btn btn-primary" data-testid="zones-draw" onClick={startDrawing}>
              Draw a zone
            </button>
          ) : (
            <form
              className="panel form"
              onSubmit={(e) => {
                e.preventDefault();
                save();
              }}
            >
              <p data-testid="zones-drawing-hint">
                Click the map at each corner of the zone ({corners.length} so far; at least 3).
              </p>
              {problem && corners.length >= 3 && (
                <p className="alert alert-warning" data-testid="zones-outline-problem">
                  {problem}
                </p>
              )}
              <Field
                label="Name"
                testId="zone-name"
                value={name}
                maxLength={200}
                onChange={(e) => setName(e.target.value)}
              />
              <Field
                label="Limit (mph)"
                testId="zone-limit"
                type="number"
                min={1}
                max={100}
                step={1}
                value={limit}
                onChange={(e) => setLimit(e.target.value)}
              />
              <div className="actions">
                <button type="submit" className="btn btn-primary" data-testid="zone-save" disabled={busy !== null}>
                  {busy === 'save' ? 'Saving…' : 'Save zone'}
                </button>
                <button
                  type="button"
                  className="btn"
                  data-testid="zone-undo"
                  disabled={corners.length === 0}
                  onClick={() => setCorners((cs) => cs?.slice(0, -1) ?? cs)}
                >
                  Undo corner
                </button>
                <button type="button" className="btn" data-testid="zone-cancel" onClick={() => setCorners(null)}>
                  Cancel
                </button>
              </div>
            </form>
          )}
          {error && <ErrorAlert failure={error} testId="zones-error" />}
          {saved && (
            <p className="status-line" role="status" data-testid="zones-saved">
              {saved}
            </p>
          )}
          <h2>Kept zones</h2>
          {!zones || zones.zones.length === 0 ? (
            <p className="hint" data-testid="zones-none">
              No zones yet. Draw one here, or import a GeoJSON file under Settings.
            </p>
          ) : (
            <ul className="zones-list" data-testid="zones-list">
              {zones.zones.map((z) => (
                <li key={z.feature} data-testid={`zone-row-${z.feature}`}>
                  <span>
                    {z.name || 'Zone'} · {z.limitText}
                  </span>
                  <button
                    type="button"
                    className="btn btn-small"
                    data-testid={`zone-remove-${z.feature}`}
                    disabled={busy !== null}
                    onClick={() => remove(z.feature, z.name || 'Zone')}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
