/** Any thrown value as one line of text for a person: an Error's message, else the value as a string. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
