import { exceedsAsShown } from '../../../../shared/domain/limit.ts';
import { MOTION_BY_CODE } from '../../../../shared/domain/status.ts';
import type { GapParams } from '../../../../shared/track/gaps.ts';
import { sampleAt } from '../../../../shared/playback/interpolate.ts';
import { PLAYBACK_RATES, stepTime } from '../../../../shared/playback/step.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import { useEffect, useRef } from 'react';
import type { FlatTrack } from '../../../../shared/playback/track.ts';
import { usePlayback, useThrottledPlayback, type PlaybackStore } from './playback-store.ts';

const STATUS_TEXT: Record<string, string> = {
  IN_MOTION: 'Moving',
  STATIONARY: 'Stationary',
  OFFLINE: 'Offline',
  UNKNOWN: 'Unknown',
};

function compass(deg: number): string {
  return ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'][Math.round(deg / 45) % 8] ?? 'N';
}

/** The controls under the map: play, step, speed, skip idle, follow, and the scrubber over the whole selection. */
export function PlaybackBar({ store, track }: { store: PlaybackStore; track: FlatTrack }) {
  // Field by field: the clock's time changes every frame, these only on a click.
  const playing = usePlayback(store, (x) => x.playing);
  const rate = usePlayback(store, (x) => x.rate);
  const follow = usePlayback(store, (x) => x.follow);
  const skipIdle = usePlayback(store, (x) => x.skipIdle);
  const s = { playing, rate, follow, skipIdle };
  const now = () => store.get().timeMs;
  return (
    <div
      className="playback-bar"
      data-testid="playback-bar"
      data-playing={s.playing}
      data-rate={s.rate}
      data-follow={s.follow}
      data-skip-idle={s.skipIdle}
    >
      <button
        type="button"
        className="btn btn-small"
        data-testid="pb-prev"
        onClick={() => store.seek(stepTime(track.t, now(), -1))}
        title="Previous reading (←)"
        aria-label="Previous reading"
      >
        ‹ Prev
      </button>
      <button
        type="button"
        className="btn btn-small btn-primary pb-play"
        data-testid="pb-play"
        onClick={() => store.toggle()}
        title="Play / pause (Space)"
        aria-pressed={s.playing}
      >
        {s.playing ? '❚❚ Pause' : '▶ Play'}
      </button>
      <button
        type="button"
        className="btn btn-small"
        data-testid="pb-next"
        onClick={() => store.seek(stepTime(track.t, now(), 1))}
        title="Next reading (→)"
        aria-label="Next reading"
      >
        Next ›
      </button>
      <label className="pb-field" title="Playback speed (+ / −)">
        <select data-testid="pb-rate" value={s.rate} onChange={(e) => store.setRate(Number(e.target.value))}>
          {PLAYBACK_RATES.map((r) => (
            <option key={r} value={r}>
              {r}×
            </option>
          ))}
        </select>
      </label>
      <label className="pb-field">
        <input
          type="checkbox"
          data-testid="pb-skip"
          checked={s.skipIdle}
          onChange={(e) => store.setSkipIdle(e.target.checked)}
        />{' '}
        Skip stops &amp; offline
      </label>
      <label className="pb-field" title="Follow vehicle (F)">
        <input
          type="checkbox"
          data-testid="pb-follow"
          checked={s.follow}
          onChange={(e) => store.setFollow(e.target.checked)}
        />{' '}
        Follow
      </label>
      <Scrubber store={store} />
      <span className="pb-keys muted" aria-hidden="true">
        <kbd>Space</kbd> play · <kbd>←</kbd>
        <kbd>→</kbd> step · <kbd>+</kbd>
        <kbd>−</kbd> speed · <kbd>F</kbd> follow
      </span>
    </div>
  );
}

/**
 * The timeline slider. A range input's value write costs a style and layout
 * pass, so while playing it is written only when the thumb would move a whole
 * pixel (six months at 600x: about once a second); paused, every change.
 */
function Scrubber({ store }: { store: PlaybackStore }) {
  const ref = useRef<HTMLInputElement>(null);
  // Bounds change only on a new selection (store.reset replaces the object).
  const { startMs, endMs } = usePlayback(store, () => store.bounds);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let msPerPx = (endMs - startMs) / Math.max(1, el.clientWidth);
    const ro = new ResizeObserver(() => (msPerPx = (endMs - startMs) / Math.max(1, el.clientWidth)));
    ro.observe(el);
    let shownPx = NaN;
    const show = () => {
      const { timeMs, playing } = store.get();
      const px = Math.floor((timeMs - startMs) / msPerPx);
      if (playing && px === shownPx) return;
      shownPx = px;
      el.value = String(timeMs);
    };
    show();
    const unsubscribe = store.subscribe(show);
    return () => {
      unsubscribe();
      ro.disconnect();
    };
  }, [store, startMs, endMs]);
  return (
    <input
      ref={ref}
      className="pb-scrubber"
      type="range"
      data-testid="pb-scrubber"
      aria-label="Timeline"
      min={startMs}
      max={endMs}
      step={1000}
      defaultValue={store.get().timeMs}
      onChange={(e) => store.seek(Number(e.target.value))}
    />
  );
}

/** Current moment: time in the display zone, speed, status, heading, place. */
export function NowPanel({
  store,
  track,
  fmt,
  gap,
  thresholdMph,
}: {
  store: PlaybackStore;
  track: FlatTrack;
  fmt: ZoneFormatter;
  gap: GapParams;
  thresholdMph: number;
}) {
  // Text nobody can read at 60 Hz: 10 updates a second while playing, every change when paused.
  const t = useThrottledPlayback(store, (x) => x.timeMs);
  const s = sampleAt(track, t, gap);
  if (!s) return null;
  // A record without a status or speed shows it unknown, never as one the record did not give.
  const status = s.inGap ? 'OFFLINE' : (MOTION_BY_CODE[s.status] ?? 'UNKNOWN');
  return (
    <dl className="now-panel" data-testid="now-panel" data-playback-time={Math.round(t)} data-index={s.index}>
      <div>
        <dt>Time ({fmt.abbreviation(t)})</dt>
        <dd data-testid="now-time" className="mono">
          {fmt.dateTime(t)}
        </dd>
      </div>
      <div>
        <dt>Speed</dt>
        <dd data-testid="now-speed" className={exceedsAsShown(s.speed, thresholdMph) ? 'now-speeding' : undefined}>
          {Number.isNaN(s.speed) ? '—' : `${s.speed.toFixed(0)} mph`}
        </dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd data-testid="now-status" data-status={status}>
          <span className={`pill pill-${status === 'IN_MOTION' ? 'in' : status.toLowerCase()}`}>
            {s.inGap ? 'Gap' : STATUS_TEXT[status]}
          </span>
        </dd>
      </div>
      <div>
        <dt>Heading</dt>
        <dd data-testid="now-heading">
          {Number.isNaN(s.heading) ? '—' : `${Math.round(s.heading)}° ${compass(s.heading)}`}
        </dd>
      </div>
      <div className="now-place">
        <dt>Location</dt>
        <dd data-testid="now-place" title={`${s.lat.toFixed(5)}, ${s.lng.toFixed(5)}`}>
          {track.location(s.index) || `${s.lat.toFixed(4)}, ${s.lng.toFixed(4)}`}
        </dd>
      </div>
    </dl>
  );
}
