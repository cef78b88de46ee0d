import type { Map as MapLibreMap } from 'maplibre-gl';

/** The part of a MapLibre map the follow camera uses (a fake stands in for it in tests). */
export type FollowMap = Pick<MapLibreMap, 'project' | 'unproject' | 'jumpTo' | 'getContainer' | 'on' | 'off'>;

/** Fraction of the remaining offset the camera closes each frame while catching up. */
const CATCH_UP = 0.3;
/** Catching up stops once the vehicle is this close to the middle (fraction of the smaller side). */
const SETTLED = 0.08;

/**
 * Follow-vehicle camera, at most one camera move per animation frame. A
 * position update only records the target; one requestAnimationFrame step
 * decides. The camera moves once the vehicle leaves the middle of the screen
 * (`margin` from each edge) and then closes a fixed share of the distance every
 * frame, in the same frame as the marker, until the vehicle is near the middle
 * again: no stacked easeTo animations, and the container's size is read only
 * when the map says it was resized, never per frame (reading it per frame
 * forced a layout after each marker move).
 */
export class FollowCamera {
  private target: { lat: number; lng: number } | null = null;
  private frame = 0;
  private catchingUp = false;
  private size: { w: number; h: number };
  private readonly onResize = () => {
    this.size = this.measure();
  };

  constructor(
    private readonly map: FollowMap,
    private readonly margin = 0.25,
    private readonly raf: (cb: () => void) => number = (cb) => requestAnimationFrame(cb),
    private readonly cancel: (id: number) => void = (id) => cancelAnimationFrame(id),
  ) {
    this.size = this.measure();
    map.on('resize', this.onResize);
  }

  private measure(): { w: number; h: number } {
    const el = this.map.getContainer();
    return { w: el.clientWidth, h: el.clientHeight };
  }

  /** The vehicle's position, or null to stop following. */
  update(position: { lat: number; lng: number } | null): void {
    this.target = position;
    if (!position) {
      this.catchingUp = false;
      return;
    }
    if (!this.frame) this.frame = this.raf(this.step);
  }

  private readonly step = (): void => {
    this.frame = 0;
    const t = this.target;
    if (!t) return;
    const { w, h } = this.size;
    const p = this.map.project([t.lng, t.lat]);
    const m = this.margin;
    const inside = p.x > w * m && p.x < w * (1 - m) && p.y > h * m && p.y < h * (1 - m);
    if (!inside) this.catchingUp = true;
    if (!this.catchingUp) return;
    const dx = p.x - w / 2;
    const dy = p.y - h / 2;
    if (Math.hypot(dx, dy) < SETTLED * Math.min(w, h)) {
      this.catchingUp = false;
      return;
    }
    this.map.jumpTo({ center: this.map.unproject([w / 2 + dx * CATCH_UP, h / 2 + dy * CATCH_UP]) });
    // Keep closing in on the next frame even if the vehicle does not move meanwhile.
    this.frame = this.raf(this.step);
  };

  dispose(): void {
    this.cancel(this.frame);
    this.frame = 0;
    this.map.off('resize', this.onResize);
  }
}
