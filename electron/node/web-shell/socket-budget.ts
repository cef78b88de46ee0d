import type http from 'node:http';
import type { Socket } from 'node:net';

/**
 * Which sockets the shell keeps. Any page the user visits can open sockets to
 * 127.0.0.1; only the app's own page can send the run's token. So a socket is
 * trusted once it has carried a bridge request with the token, and the others
 * (the page's file requests, and anyone else's) share a budget of their own:
 * at most `maxUntrusted`, closed after `untrustedIdleMs` without a request,
 * and when a new connection finds the budget spent, the longest-idle one is
 * closed to make room. Sockets left open by other pages therefore never stop
 * the app's calls: its trusted sockets are not in their budget, and a new
 * connection of its own takes the place of an idle stranger.
 */
export interface SocketBudgetLimits {
  maxUntrusted: number;
  maxTrusted: number;
  untrustedIdleMs: number;
}

interface Tracked {
  trusted: boolean;
  /** Requests being answered on it. */
  busy: number;
  idleSince: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export interface SocketBudget {
  /** Marks the socket of a request that carried the token. */
  trust(socket: Socket): void;
  counts(): { trusted: number; untrusted: number };
}

export function applySocketBudget(server: http.Server, limits: SocketBudgetLimits): SocketBudget {
  const sockets = new Map<Socket, Tracked>();
  const idleTimer = (socket: Socket, t: Tracked) => {
    clearTimeout(t.timer);
    t.idleSince = Date.now();
    t.timer = t.trusted || t.busy > 0 ? undefined : setTimeout(() => socket.destroy(), limits.untrustedIdleMs);
    t.timer?.unref();
  };
  const untrusted = () => [...sockets].filter(([, t]) => !t.trusted);

  server.on('connection', (socket: Socket) => {
    const strangers = untrusted();
    if (strangers.length >= limits.maxUntrusted) {
      const idle = strangers.filter(([, t]) => t.busy === 0).sort(([, a], [, b]) => a.idleSince - b.idleSince)[0];
      // Every stranger is in the middle of a request (each bounded by the request timeouts): this one waits its turn.
      if (!idle) return void socket.destroy();
      idle[0].destroy();
      sockets.delete(idle[0]);
    }
    const t: Tracked = { trusted: false, busy: 0, idleSince: Date.now(), timer: undefined };
    sockets.set(socket, t);
    idleTimer(socket, t);
    socket.once('close', () => {
      clearTimeout(t.timer);
      sockets.delete(socket);
    });
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const t = sockets.get(req.socket);
    if (!t) return;
    t.busy++;
    clearTimeout(t.timer);
    res.once('close', () => {
      t.busy--;
      idleTimer(req.socket, t);
    });
  });
  return {
    trust(socket) {
      const t = sockets.get(socket);
      if (!t || t.trusted) return;
      if ([...sockets.values()].filter((x) => x.trusted).length >= limits.maxTrusted) return;
      t.trusted = true;
      clearTimeout(t.timer);
    },
    counts() {
      const all = [...sockets.values()];
      return { trusted: all.filter((t) => t.trusted).length, untrusted: all.filter((t) => !t.trusted).length };
    },
  };
}
