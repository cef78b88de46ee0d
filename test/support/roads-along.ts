import type { DayChunk } from '../../shared/track/types.ts';
import { createRoadIndex } from '../../shared/roads/road-index.ts';

/**
 * One posted road per day through every third reading of `chunks` (outliers over 110 mph left out), posted at
 * `mph` both ways: the truck is over it wherever it drives faster.
 */
export function roadsAlong(chunks: readonly DayChunk[], mph: number) {
  return createRoadIndex(
    chunks.map((_, k) => ({
      wayId: 1 + k,
      highway: 'primary',
      name: '',
      ref: `R${k}`,
      oneway: 0 as const,
      forwardMph: mph,
      backwardMph: mph,
      source: 'posted' as const,
      limitText: `${mph} mph`,
      conditional: '',
    })),
    chunks.map((c) => {
      const g: number[] = [];
      for (let i = 0; i < c.length; i += 3) if (!(c.speed[i]! > 110)) g.push(c.lat[i]!, c.lng[i]!);
      return g;
    }),
  );
}
