import type { CarrierFacts, WorstEvent } from '../../../../shared/compare/facts.ts';
import type { WorstOverLimitEvent } from '../../../../shared/compare/over-limit-facts.ts';
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

/** A carrier's worst over-the-limit events, by tier; nothing without road limits (not judged is not "none"). */
function WorstOverLimit({
  carrier,
  when,
  onOpenReview,
}: {
  carrier: CarrierFacts;
  when: (ms: number) => string;
  onOpenReview?: (t: ReviewTarget) => void;
}) {
  if (!carrier.roadLimits) return null;
  const list = carrier.overLimit.worst;
  return (
    <>
      <h4>Furthest over the road&apos;s limit</h4>
      {list.length === 0 ? (
        <p className="muted" data-testid="compare-worst-over-limit-none">
          No over-the-limit events.
        </p>
      ) : (
        <ol>
          {list.map((e: WorstOverLimitEvent) => {
            const road = e.limitSource === 'zone' ? e.road || 'speed zone' : e.road || `way ${e.wayId}`;
            const text = `${e.tier}: ${e.overMph.toFixed(0)} over the ${e.limitMph.toFixed(0)} mph ${e.limitSource} limit for ${formatDuration(e.seconds, 'fine')} · ${road} · ${e.vehicleNumber} · ${when(e.startMs)}`;
            const target = {
              carrierId: e.carrierId,
              vehicleId: e.vehicleId,
              day: e.day,
              startMs: e.startMs,
              endMs: e.endMs,
            };
            return (
              <li
                key={`${e.vehicleId}:${e.startMs}`}
                data-testid="compare-worst-over-limit"
                data-tier={e.tier}
                data-over={e.overMph}
                data-vehicle-id={e.vehicleId}
                data-start-ms={e.startMs}
              >
                {onOpenReview ? (
                  <button type="button" className="btn btn-small" onClick={() => onOpenReview(target)}>
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
    </>
  );
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
            <WorstOverLimit
              carrier={c}
              when={(ms) => `${fmt.dateTime(ms).slice(0, 16)} ${fmt.abbreviation(ms)}`}
              onOpenReview={onOpenReview}
            />
          </div>
        );
      })}
    </div>
  );
}
