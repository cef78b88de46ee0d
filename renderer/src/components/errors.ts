import { RouteLensError } from '../../../shared/ipc/contract.ts';
import { errorText } from '../../../shared/util/error-text.ts';

/** Any thrown value as the `{ kind, message }` the screens show. */
export function toDisplayError(err: unknown): { kind: string; message: string } {
  if (err instanceof RouteLensError) return { kind: err.kind, message: err.message };
  return { kind: 'other', message: errorText(err) };
}
