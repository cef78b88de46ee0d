import type { CarrierFacts, WorstEvent } from '../../../../shared/compare/facts.ts';
import { createZoneFormatter } from '../../../../shared/time/zone.ts';
import type { UtcDay } from '../../../../shared/util/day.ts';
import { formatDuration } from '../../../../shared/util/duration.ts';

/** Where a worst event opens in the trip review. */
export interface ReviewTarget {
  carrierId: string;
  vehicleId: string;
  day: UtcDay;
  startMs: number;
  endMs: number;
}

export function WorstEvents({
  carriers,
  onOpenReview,
}: {
  carriers: CarrierFacts[];
  onOpenReview?: (t: ReviewTarget) => void;
}) {
  return (
    <div className="compare-charts" data-testid="compare-worst">
      {carriers.map((c) => {
        // Times in the carrier's home zone, whose days the comparison counts, each with its abbreviation.
        const fmt = createZoneFormatter(c.dailyZone ?? 'UTC');
        return (
          <div key={c.carrierId} className="panel" data-carrier-id={c.carrierId}>
            <h3>{c.label}</h3>
            {c.worstEvents.length === 0 ? (
              <p className="muted">No speeding events.</p>
            ) : (
              <ol>
                {c.worstEvents.map((e: WorstEvent) => {
                  const text = `${e.peakMph} mph for ${formatDuration(e.seconds, 'fine')} · ${e.vehicleNumber} · ${fmt.dateTime(e.startMs).slice(0, 16)} ${fmt.abbreviation(e.startMs)}`;
                  return (
                    <li
                      key={`${e.vehicleId}:${e.startMs}`}
                      data-testid="compare-worst-event"
                      data-peak={e.peakMph}
                      data-vehicle-id={e.vehicleId}
                      data-day={e.day}
                      data-start-ms={e.startMs}
                      data-end-ms={e.endMs}
                    >
                      {onOpenReview ? (
                        <button
                          type="button"
                          className="btn btn-small"
                          onClick={() =>
                            onOpenReview({
                              carrierId: e.carrierId,
                              vehicleId: e.vehicleId,
                              day: e.day,
                              startMs: e.startMs,
                              endMs: e.endMs,
                            })
                          }
                        >
                          {text}
                        </button>
                      ) : (
                        text
                      )}
                      {e.place && <span className="muted"> · {e.place}</span>}
                    </li>
                  );
                })}
              </ol>
            )}
          </div>
        );
      })}
    </div>
  );
}
