import { describe, expect, it } from 'vitest';
import { FollowCamera, type FollowMap } from '../../renderer/src/map/follow-camera.ts';

/** A flat map: 100 px a degree, centred on `center`, a 1000×600 container whose size reads are counted. */
function fakeMap() {
  const state = { center: { lng: -90, lat: 40 }, jumps: 0, sizeReads: 0, handlers: new Map<string, () => void>() };
  const container = {
    get clientWidth() {
      state.sizeReads++;
      return 1000;
    },
    get clientHeight() {
      return 600;
    },
  };
  const map = {
    project: ([lng, lat]: [number, number]) => ({
      x: 500 + (lng - state.center.lng) * 100,
      y: 300 - (lat - state.center.lat) * 100,
    }),
    unproject: ([x, y]: [number, number]) => ({
      lng: state.center.lng + (x - 500) / 100,
      lat: state.center.lat - (y - 300) / 100,
    }),
    jumpTo: (o: { center: { lng: number; lat: number } }) => {
      state.jumps++;
      state.center = { lng: o.center.lng, lat: o.center.lat };
    },
    getContainer: () => container,
    on: (ev: string, fn: () => void) => state.handlers.set(ev, fn),
    off: (ev: string) => state.handlers.delete(ev),
  } as unknown as FollowMap;
  return { map, state };
}

/** A hand-cranked animation frame queue. */
function frames() {
  let queue: (() => void)[] = [];
  return {
    raf: (cb: () => void) => queue.push(cb),
    cancel: () => {},
    get pending() {
      return queue.length;
    },
    run() {
      const q = queue;
      queue = [];
      for (const cb of q) cb();
    },
  };
}

describe('follow camera', () => {
  it('leaves the camera alone while the vehicle is in the middle of the screen', () => {
    const { map, state } = fakeMap();
    const f = frames();
    const cam = new FollowCamera(map, 0.25, f.raf, f.cancel);
    cam.update({ lng: -89, lat: 40.5 }); // 100 px right, 50 px up: inside
    f.run();
    expect(state.jumps).toBe(0);
    expect(f.pending).toBe(0);
  });

  it('moves the camera at most once per frame however many positions arrive, and catches up until the vehicle is near the middle', () => {
    const { map, state } = fakeMap();
    const f = frames();
    const cam = new FollowCamera(map, 0.25, f.raf, f.cancel);
    for (let i = 0; i < 5; i++) cam.update({ lng: -86 + i * 0.1, lat: 40 }); // 400+ px right: outside
    expect(f.pending).toBe(1);
    f.run();
    expect(state.jumps).toBe(1);
    let n = 0;
    while (f.pending > 0 && n++ < 100) f.run();
    const p = map.project([-85.6, 40]);
    expect(Math.hypot(p.x - 500, p.y - 300)).toBeLessThan(0.08 * 600);
    // Moved step by step, not in one jump: smooth, and each step in its own frame.
    expect(state.jumps).toBeGreaterThan(3);
    // One move per frame run, except the last one, which found the vehicle settled.
    expect(state.jumps).toBe(n);
  });

  it('reads the container size only when the map is resized, never per update', () => {
    const { map, state } = fakeMap();
    const f = frames();
    const cam = new FollowCamera(map, 0.25, f.raf, f.cancel);
    const reads = state.sizeReads;
    for (let i = 0; i < 50; i++) {
      cam.update({ lng: -90 + i * 0.2, lat: 40 });
      f.run();
    }
    expect(state.sizeReads).toBe(reads);
    state.handlers.get('resize')!();
    expect(state.sizeReads).toBe(reads + 1);
    cam.dispose();
    expect(state.handlers.has('resize')).toBe(false);
  });

  it('stops when following is turned off', () => {
    const { map, state } = fakeMap();
    const f = frames();
    const cam = new FollowCamera(map, 0.25, f.raf, f.cancel);
    cam.update({ lng: -80, lat: 40 });
    f.run();
    const jumps = state.jumps;
    cam.update(null);
    f.run();
    f.run();
    expect(state.jumps).toBe(jumps);
  });
});
