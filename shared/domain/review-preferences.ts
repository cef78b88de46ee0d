import { MAX_REVIEWER_LENGTH } from '../inbox/trail.ts';

/**
 * The two preferences of review and drivers: who the review trail names as the reviewer, and how often
 * the app keeps a snapshot of each carrier's driver statuses. One table of their bounds and defaults.
 */
export const REVIEW_PREFERENCE_BOUNDS = Object.freeze({
  /** '' (the default): the computer's user name stands in (the backend says which). */
  reviewerName: { maxLength: MAX_REVIEWER_LENGTH, default: '' },
  driverSnapshotMinutes: { min: 5, max: 240, default: 15 },
} as const);

export function isDriverSnapshotMinutes(v: unknown): v is number {
  const { min, max } = REVIEW_PREFERENCE_BOUNDS.driverSnapshotMinutes;
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
}

/** A reviewer name as typed (IPC): bounded text; the backend removes control characters and cuts it to length. */
export function isReviewerNameInput(v: unknown): v is string {
  return typeof v === 'string' && v.length <= REVIEW_PREFERENCE_BOUNDS.reviewerName.maxLength * 4;
}
