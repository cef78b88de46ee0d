import type { TrackAnalysis, Trip } from '../analysis/types.ts';
import type { DayChunk } from '../track/types.ts';
import { createIsoFormatter, formatFigure } from './format.ts';
import type { ChunkRange, GpxTrack, GpxTrackSplitter } from './gpx.ts';
import { tripIds } from './trip-id.ts';

/**
 * One <trk> per trip for gpxPieces({ tracks: tracksByTrip(analysis, zone) }),
 * type "trip", named by its trip id (shared/export/trip-id.ts, the trips CSV's
 * trip_id, dated in `zone`), distances at 0.01 mi. Trip indices refer to the
 * chunks the analysis ran on; gpxPieces hands the splitter its chunks sorted
 * by day, which is the same list when the analysis got them in day order (the
 * contract). A mismatch is detected and refused rather than exported wrong.
 */
export function tracksByTrip(analysis: TrackAnalysis, zone = 'UTC'): GpxTrackSplitter {
  return (chunks) => {
    const iso = createIsoFormatter();
    const ids = tripIds(analysis.trips, chunks[0]?.vehicleNumber ?? '', zone);
    return analysis.trips.map((trip, k): GpxTrack => {
      const first = chunks[trip.start.chunk];
      if (first?.t[trip.start.point] !== trip.startMs || chunks[trip.end.chunk]?.t[trip.end.point] !== trip.endMs) {
        throw new RangeError(
          `GPX: trip ${trip.id} does not match the exported chunks (export the chunks that were analysed, in day order)`,
        );
      }
      const start = iso(trip.startMs);
      return {
        name: ids[k]!,
        desc: `${formatFigure(trip.distanceMiles, 'miles')} mi${trip.unaccountedMiles >= 0.005 ? ` (+${formatFigure(trip.unaccountedMiles, 'miles')} mi across gaps)` : ''} from ${trip.startPlace} (${start}) to ${trip.endPlace} (${iso(trip.endMs)})`,
        type: 'trip',
        ranges: tripRanges(chunks, trip),
      };
    });
  };
}

function tripRanges(chunks: readonly DayChunk[], trip: Trip): ChunkRange[] {
  const ranges: ChunkRange[] = [];
  for (let c = trip.start.chunk; c <= trip.end.chunk; c++) {
    const chunk = chunks[c]!;
    const start = c === trip.start.chunk ? trip.start.point : 0;
    const end = c === trip.end.chunk ? trip.end.point + 1 : chunk.length;
    if (end > start) ranges.push({ chunk, start, end });
  }
  return ranges;
}
