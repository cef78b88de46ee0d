import { describe, expect, it } from 'vitest';
import { sameJson } from '../../shared/util/same-json.ts';

const line = (coords: number[][], c = 'over') => ({
  type: 'Feature',
  properties: { c },
  geometry: { type: 'LineString', coordinates: coords },
});
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });
/** Two lines of two classes, made anew at each call. */
const sample = () =>
  collection(
    line([
      [1, 2],
      [3, 4],
    ]),
    line(
      [
        [5, 6],
        [7, 8],
      ],
      'near',
    ),
  );

describe('sameJson', () => {
  it('is true for equal documents built apart', () => {
    const a = sample();
    const b = sample();
    expect(a).not.toBe(b);
    expect(sameJson(a, b)).toBe(true);
  });

  it('tells a coordinate, a property, a count or a key apart', () => {
    const a = collection(
      line([
        [1, 2],
        [3, 4],
      ]),
    );
    expect(
      sameJson(
        a,
        collection(
          line([
            [1, 2],
            [3, 4.000001],
          ]),
        ),
      ),
    ).toBe(false);
    expect(
      sameJson(
        a,
        collection(
          line(
            [
              [1, 2],
              [3, 4],
            ],
            'near',
          ),
        ),
      ),
    ).toBe(false);
    expect(
      sameJson(
        a,
        collection(
          line([
            [1, 2],
            [3, 4],
          ]),
          line([
            [1, 2],
            [3, 4],
          ]),
        ),
      ),
    ).toBe(false);
    expect(sameJson(a, collection(line([[1, 2]])))).toBe(false);
    expect(sameJson({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });

  it('keeps arrays, objects, null and primitives apart', () => {
    expect(sameJson([], {})).toBe(false);
    expect(sameJson({}, [])).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson(0, '0')).toBe(false);
    expect(sameJson(0, -0)).toBe(true);
    expect(sameJson(Number.NaN, Number.NaN)).toBe(true);
    expect(sameJson(1, Number.NaN)).toBe(false);
  });
});
