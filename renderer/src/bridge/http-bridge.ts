import { API_FUNCTIONS, IPC_CHANNELS, unwrapReply, type IpcChannel, type IpcReply, type RouteLensApi } from '../../../shared/ipc/contract.ts';
import { decodeBridge, encodeBridge } from '../../../shared/ipc/codec.ts';

const TOKEN_KEY = 'routelens.bridgeToken';

/**
 * In the browser shell there is no preload: the same API is built from the
 * contract over HTTP. The token arrives once in the URL fragment (never sent
 * to a server in a Referer), moves to sessionStorage, and leaves the address bar.
 */
export function createHttpBridge(): RouteLensApi | null {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('token');
  if (fromHash) {
    sessionStorage.setItem(TOKEN_KEY, fromHash);
    history.replaceState(null, '', location.pathname + location.search);
  }
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (!token) return null;

  const call = (channel: IpcChannel) => async (...args: unknown[]) => {
    const res = await fetch(`/api/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-RouteLens-Token': token },
      body: encodeBridge(args),
    });
    if (res.status === 403) throw new Error('The browser shell refused this page: open the URL it printed (with its token) again.');
    return unwrapReply(decodeBridge(await res.text()) as IpcReply<unknown>);
  };

  const api: Record<string, Record<string, unknown>> = {};
  for (const channel of IPC_CHANNELS) {
    const ns = channel.slice(0, channel.indexOf(':'));
    (api[ns] ??= {})[API_FUNCTIONS[channel]] = call(channel);
  }
  return api as unknown as RouteLensApi;
}
