import { useMemo } from 'react';
import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import { addDays } from '../../../../shared/util/day.ts';
import { createWorkerClient, type WorkerClient } from '../../workers/rpc.ts';
import type { InboxCarrier, InboxProtocol } from '../../workers/inbox.worker.ts';
import { useAppState } from '../../app/app-state.tsx';
import { analysisParamsOf } from '../review/review-page-helpers.ts';
import { daysZoneOf } from '../review/use-local-days.ts';
import type { InboxQuery } from './inbox-query.ts';

/** The default range: the last 7 days ending today. */
export const DEFAULT_INBOX_DAYS = 7;

/** The query with its range, the default one when the address names none. */
export function withRange(q: InboxQuery, today: string): InboxQuery {
  return q.from && q.to ? q : { ...q, from: addDays(today, -(DEFAULT_INBOX_DAYS - 1)), to: today };
}

/** The carriers the inbox reads (every one when the query names none), each in its days' zone. */
export function inboxCarriers(carriers: readonly CarrierView[], ids: readonly string[]): InboxCarrier[] {
  return carriers
    .filter((c) => ids.length === 0 || ids.includes(c.id))
    .map((c) => ({ carrierId: c.id, zone: daysZoneOf(c) }));
}

/** The carriers as one string (ids and zones): what a load depends on of them. */
export function carriersKeyOf(carriers: readonly InboxCarrier[]): string {
  return carriers.map((c) => `${c.carrierId}@${c.zone}`).join(',');
}

/**
 * Trip review's analysis parameters from the preferences, as the inbox uses them: the screen and the
 * background preparation must ask with equal parameters for the prepared results to be found.
 */
export function useInboxParams(): AnalysisParams {
  const { preferences } = useAppState();
  return useMemo(
    () => analysisParamsOf(preferences.speedingThresholdMph, preferences.analysis),
    [preferences.speedingThresholdMph, preferences.analysis],
  );
}

let client: WorkerClient<InboxProtocol> | null = null;

/**
 * The app's one inbox worker, shared by the inbox screen and the background preparation (a later load
 * stops a preparation; the worker runs them one after the other). It holds nothing between runs.
 */
export function inboxWorker(): WorkerClient<InboxProtocol> {
  client ??= createWorkerClient<InboxProtocol>({
    spawn: () =>
      new Worker(new URL('../../workers/inbox.worker.ts', import.meta.url), {
        type: 'module',
        name: 'routelens-inbox',
      }),
    name: 'inbox',
  });
  return client;
}
