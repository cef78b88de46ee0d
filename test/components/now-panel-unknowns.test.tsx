import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_GAP_PARAMS } from '../../shared/track/gaps.ts';
import { flattenChunks } from '../../shared/playback/track.ts';
import { createZoneFormatter } from '../../shared/time/zone.ts';
import { NowPanel } from '../../renderer/src/features/review/PlaybackBar.tsx';
import { PlaybackStore } from '../../renderer/src/features/review/playback-store.ts';
import { generateTrack, toDayChunks, withUnknowns } from '../support/tracks.ts';

afterEach(cleanup);

/** A drive whose every other reading had no speed, heading or status: the panel says so, never "0 mph" or "Moving". */
describe('playback panel with unknown fields', () => {
  const start = Date.UTC(2026, 5, 1, 8);
  const points = withUnknowns(generateTrack([{ kind: 'drive', minutes: 10, mph: 60 }], { startMs: start }), {
    speed: { every: 2, at: 1 },
    direction: { every: 2, at: 1 },
    status: { every: 2, at: 1 },
  });
  const track = flattenChunks(toDayChunks('v1', points));

  function panelAt(ms: number) {
    const store = new PlaybackStore();
    store.reset({ startMs: start, endMs: start + 10 * 60_000 }, store.idleSkip);
    render(
      <NowPanel
        store={store}
        track={track}
        fmt={createZoneFormatter('UTC')}
        gap={DEFAULT_GAP_PARAMS}
        thresholdMph={70}
      />,
    );
    act(() => store.seek(ms));
  }

  it('a reading without speed, heading and status shows "—", "—" and Unknown', () => {
    panelAt(start + 60_000);
    expect(screen.getByTestId('now-speed').textContent).toBe('—');
    expect(screen.getByTestId('now-heading').textContent).toBe('—');
    expect(screen.getByTestId('now-status').dataset['status']).toBe('UNKNOWN');
    expect(screen.getByTestId('now-status').textContent).toBe('Unknown');
  });

  it('a reading with them shows them', () => {
    panelAt(start + 120_000);
    expect(screen.getByTestId('now-speed').textContent).toBe('60 mph');
    expect(screen.getByTestId('now-heading').textContent).toBe('90° E');
    expect(screen.getByTestId('now-status').textContent).toBe('Moving');
  });
});
