/**
 * Loads a JSON file: one of the app's own (same origin: app://routelens in
 * Electron, the browser shell's or the dev server's http origin) or an online
 * style the user opted into.
 */
export async function loadJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${res.status} ${res.statusText} for ${url}`);
  return (await res.json()) as unknown;
}
