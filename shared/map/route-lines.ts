import type { Feature, LineString } from 'geojson';
import type { GapProps, RouteClass, RouteGeoJSON, RouteProps } from './route-geojson.ts';

/**
 * Collects a route as both route builders draw it (buildRouteGeoJSON from the
 * readings, overviewRouteGeoJSON from overview levels), point by point in time
 * order: one line per run of same-class segments, a gap line where a gap ends
 * a run, a break (the antimeridian) ending it without one. Plain fields and no
 * per-point objects: six months of points go through here.
 */
export class RouteLines {
  private readonly route: Feature<LineString, RouteProps>[] = [];
  private readonly gaps: Feature<LineString, GapProps>[] = [];
  private run: number[][] | null = null;
  private runClass: RouteClass | null = null;
  private w = Infinity;
  private s = Infinity;
  private e = -Infinity;
  private n = -Infinity;
  private points = 0;

  /** A drawn point: it counts in the bounds. */
  point(lng: number, lat: number): void {
    this.points++;
    if (lng < this.w) this.w = lng;
    if (lng > this.e) this.e = lng;
    if (lat < this.s) this.s = lat;
    if (lat > this.n) this.n = lat;
  }

  /** The line stops here (a gap, the antimeridian): the run so far becomes a line of its own. */
  breakLine(): void {
    if (this.run && this.runClass && this.run.length >= 2)
      this.route.push({
        type: 'Feature',
        properties: { c: this.runClass },
        geometry: { type: 'LineString', coordinates: this.run },
      });
    this.run = null;
    this.runClass = null;
  }

  /** A gap from the previous point (at `startMs`) to this one: the line stops, a gap line joins the two. */
  gap(startMs: number, endMs: number, fromLng: number, fromLat: number, lng: number, lat: number): void {
    this.breakLine();
    this.gaps.push({
      type: 'Feature',
      properties: { startMs, endMs },
      geometry: {
        type: 'LineString',
        coordinates: [
          [fromLng, fromLat],
          [lng, lat],
        ],
      },
    });
  }

  /** A segment of class `c` from the previous point to this one: it extends the run of its class or starts one. */
  segment(c: RouteClass, fromLng: number, fromLat: number, lng: number, lat: number): void {
    if (c !== this.runClass) {
      this.breakLine();
      this.run = [[fromLng, fromLat]];
      this.runClass = c;
    }
    this.run!.push([lng, lat]);
  }

  result(): RouteGeoJSON {
    this.breakLine();
    return {
      route: { type: 'FeatureCollection', features: this.route },
      gaps: { type: 'FeatureCollection', features: this.gaps },
      bounds: this.points > 0 ? [this.w, this.s, this.e, this.n] : null,
      points: this.points,
    };
  }
}
