import {
  API_FUNCTIONS,
  IPC_CHANNELS,
  unwrapReply,
  type IpcChannel,
  type IpcReply,
  type RouteLensApi,
} from '../../../shared/ipc/contract.ts';
import { decodeBridge, encodeBridge } from '../../../shared/ipc/codec.ts';

const TOKEN_KEY = 'routelens.bridgeToken';

/**
 * Moves a `#token=` from the address bar to sessionStorage (a fragment is never
 * sent to a server nor in a Referer, but it should not linger in history either).
 * Returns true when a token was taken.
 */
function adoptTokenFromHash(): boolean {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('token');
  if (!fromHash) return false;
  sessionStorage.setItem(TOKEN_KEY, fromHash);
  history.replaceState(null, '', location.pathname + location.search);
  return true;
}

/**
 * In the browser shell there is no preload: the same API is built from the
 * contract over HTTP. The shell prints a new token on each restart; pasting its
 * new URL into this tab only changes the fragment, so the token is read per call
 * and a new one is taken from a `hashchange` with no reload (jobs and screens keep their state).
 */
export function createHttpBridge(): RouteLensApi | null {
  const hadToken = adoptTokenFromHash() || sessionStorage.getItem(TOKEN_KEY) !== null;
  window.addEventListener('hashchange', () => {
    // A page that started without any token never built its screens: only a reload starts them.
    if (adoptTokenFromHash() && !hadToken) location.reload();
  });
  if (!hadToken) return null;

  const call =
    (channel: IpcChannel) =>
    async (...args: unknown[]) => {
      const res = await fetch(`/api/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-RouteLens-Token': sessionStorage.getItem(TOKEN_KEY) ?? '' },
        body: encodeBridge(args),
      });
      if (res.status === 403)
        throw new Error('The browser shell refused this page: open the URL it printed (with its token) again.');
      return unwrapReply(decodeBridge(await res.text()) as IpcReply<unknown>);
    };

  const api: Record<string, Record<string, unknown>> = {};
  for (const channel of IPC_CHANNELS) {
    const ns = channel.slice(0, channel.indexOf(':'));
    (api[ns] ??= {})[API_FUNCTIONS[channel]] = call(channel);
  }
  return api as unknown as RouteLensApi;
}
