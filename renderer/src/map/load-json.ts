/**
 * Loads a JSON file that ships with the app. `fetch` serves http(s) (browser
 * shell, dev server); Chromium's fetch refuses file: URLs, where XHR still
 * reads files next to a file:// page (Electron).
 */
export async function loadJson(url: string): Promise<unknown> {
  if (!url.startsWith('file:')) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${res.status} ${res.statusText} for ${url}`);
    return (await res.json()) as unknown;
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', url);
    xhr.responseType = 'json';
    xhr.onload = () => (xhr.response === null ? reject(new Error(`Not JSON: ${url}`)) : resolve(xhr.response as unknown));
    xhr.onerror = () => reject(new Error(`Could not read ${url}`));
    xhr.send();
  });
}
