/**
 * The one rule for a carrier's label, used by the IPC guard (shared/ipc/validate.ts),
 * settings (electron/node/settings/validate.ts) and the forms' maxLength.
 */
export const MAX_LABEL_LENGTH = 100;

/** C0, DEL, C1, plus the line/paragraph separators that JSON and logs treat as newlines. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** Why `value` is not a label ("must be text", …), or null when it is one. The length is the trimmed label's. */
export function labelProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be text';
  const label = value.trim();
  if (label === '') return 'must not be empty';
  if (label.length > MAX_LABEL_LENGTH) return `must be at most ${MAX_LABEL_LENGTH} characters`;
  if (CONTROL_CHARS.test(label)) return 'must not contain control characters';
  return null;
}
