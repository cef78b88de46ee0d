import { useMemo } from 'react';
import type { AppInfo } from '../../../../shared/ipc/contract.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import type { EventSpan } from './event-focus.ts';
import type { PlaybackStore } from './playback-store.ts';
import { ReviewLists } from './ReviewLists.tsx';
import { ReviewLogButton } from './ReviewLogButton.tsx';
import { useReviewTrail, type TrailSubject } from './use-review-trail.ts';

/** The Review's lists with the review trail of the vehicle's events: marks on each event, the log's export. */
export function TrailedReviewLists({
  subject,
  fmt,
  store,
  saveMode,
  baseName,
  thresholdMph,
  onEvent,
}: {
  subject: TrailSubject;
  fmt: ZoneFormatter;
  store: PlaybackStore;
  saveMode: AppInfo['saveMode'];
  baseName: string;
  /** The limit the analysis used (the lists' "worst first"). */
  thresholdMph: number;
  /** An event row clicked. */
  onEvent?: (e: EventSpan) => void;
}) {
  const trail = useReviewTrail(subject);
  // One element while its inputs hold: a new one each render would defeat the lists' memo, and a page render
  // (each answer of a query while the next selection loads) would then redo hundreds of rows.
  const toolbar = useMemo(
    () => <ReviewLogButton trail={trail} saveMode={saveMode} baseName={baseName} />,
    [trail, saveMode, baseName],
  );
  return (
    <ReviewLists
      analysis={subject.analysis}
      fmt={fmt}
      store={store}
      thresholdMph={thresholdMph}
      trail={trail}
      onEvent={onEvent}
      eventsToolbar={toolbar}
    />
  );
}
