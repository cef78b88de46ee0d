/**
 * A minimal Mapbox Vector Tile (v2) encoder for test fixtures: line and polygon
 * features with string properties, coordinates in tile units (0..extent).
 */
import { ProtoWriter, zigzag } from './protobuf-writer.ts';

export type Point = readonly [number, number];

export interface MvtFeature {
  type: 'line' | 'polygon';
  /** A line's vertices, or a polygon's exterior ring (unclosed; ClosePath closes it). */
  coords: readonly Point[];
  props?: Record<string, string>;
}

export interface MvtLayer {
  name: string;
  features: readonly MvtFeature[];
  extent?: number;
}

const GEOM = { line: 2, polygon: 3 } as const;
const command = (id: number, count: number) => (id & 0x7) | (count << 3);

function geometry(f: MvtFeature): number[] {
  const out: number[] = [];
  let cx = 0;
  let cy = 0;
  const delta = ([x, y]: Point) => {
    out.push(zigzag(x - cx), zigzag(y - cy));
    cx = x;
    cy = y;
  };
  const [first, ...rest] = f.coords;
  if (!first || rest.length === 0) throw new Error('a feature needs at least two vertices');
  out.push(command(1, 1));
  delta(first);
  out.push(command(2, rest.length));
  for (const p of rest) delta(p);
  if (f.type === 'polygon') out.push(command(7, 1));
  return out;
}

export function encodeMvt(layers: readonly MvtLayer[]): Uint8Array {
  const tile = new ProtoWriter();
  for (const layer of layers) {
    tile.message(3, (l) => {
      l.uint(15, 2).string(1, layer.name);
      const keys: string[] = [];
      const values: string[] = [];
      const index = (list: string[], v: string) => {
        const i = list.indexOf(v);
        if (i >= 0) return i;
        list.push(v);
        return list.length - 1;
      };
      layer.features.forEach((f, i) => {
        const tags: number[] = [];
        for (const [k, v] of Object.entries(f.props ?? {})) tags.push(index(keys, k), index(values, v));
        l.message(2, (w) => {
          w.uint(1, i + 1);
          if (tags.length > 0) w.packed(2, tags);
          w.uint(3, GEOM[f.type]);
          w.packed(4, geometry(f));
        });
      });
      for (const k of keys) l.string(3, k);
      for (const v of values) l.message(4, (w) => w.string(1, v));
      l.uint(5, layer.extent ?? 4096);
    });
  }
  return tile.finish();
}
