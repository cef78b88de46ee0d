/**
 * Summarises a Chrome trace (as written by bench/review.ts with REVIEW_TRACE)
 * per thread: busy time in top-level tasks, the longest tasks, and the JS
 * functions with the most self time from the sampling profiler.
 * `npx tsx bench/trace-summary.ts trace.json [top=15]`
 */
import { readFileSync } from 'node:fs';

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: Record<string, unknown>;
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  parent?: number;
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: trace-summary.ts trace.json [top]');
const top = Number(topArg ?? 15);
const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : raw.traceEvents;

const threadName = new Map<string, string>();
for (const e of events)
  if (e.ph === 'M' && e.name === 'thread_name')
    threadName.set(`${e.pid}:${e.tid}`, String((e.args as { name?: string }).name));
const tasks = events.filter(
  (e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur !== undefined,
);
const t0 = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));

const byThread = new Map<string, TraceEvent[]>();
for (const e of tasks) {
  const k = `${e.pid}:${e.tid}`;
  const list = byThread.get(k) ?? [];
  list.push(e);
  byThread.set(k, list);
}
for (const [k, list] of [...byThread].sort((a, b) => sum(b[1]) - sum(a[1]))) {
  const busy = sum(list);
  if (busy < 5000) continue;
  console.log(`\n${threadName.get(k) ?? k}: busy ${(busy / 1000).toFixed(0)} ms in ${list.length} tasks`);
  const longest = [...list].sort((a, b) => b.dur! - a.dur!).slice(0, 8);
  for (const e of longest.sort((a, b) => a.ts - b.ts)) {
    const inner = events
      .filter(
        (x) =>
          x.ph === 'X' &&
          x.pid === e.pid &&
          x.tid === e.tid &&
          x.ts >= e.ts &&
          x.ts < e.ts + e.dur! &&
          x !== e &&
          x.dur! > e.dur! * 0.2 &&
          x.name !== 'RunTask' &&
          x.name !== 'ThreadControllerImpl::RunTask',
      )
      .slice(0, 4)
      .map((x) => `${x.name}${detail(x)} ${(x.dur! / 1000).toFixed(0)}`);
    console.log(
      `  @${((e.ts - t0) / 1000).toFixed(0).padStart(5)} ms  ${(e.dur! / 1000).toFixed(0).padStart(4)} ms  ${inner.join(' | ')}`,
    );
  }
}

// Sampling profiler: ProfileChunk events carry nodes and samples per thread (Profile id).
const nodes = new Map<string, Map<number, ProfileNode>>();
const self = new Map<string, Map<string, number>>();
const profileThread = new Map<string, string>();
for (const e of events) {
  if (e.name === 'Profile' && e.id) profileThread.set(e.id, `${e.pid}:${e.tid}`);
  if (e.name !== 'ProfileChunk' || !e.id) continue;
  const data = (
    e.args as { data?: { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } }
  ).data;
  const ns = nodes.get(e.id) ?? new Map<number, ProfileNode>();
  nodes.set(e.id, ns);
  for (const n of data?.cpuProfile?.nodes ?? []) ns.set(n.id, n);
  const samples = data?.cpuProfile?.samples ?? [];
  const deltas = data?.timeDeltas ?? [];
  const acc = self.get(e.id) ?? new Map<string, number>();
  self.set(e.id, acc);
  samples.forEach((id, i) => {
    const f = ns.get(id)?.callFrame;
    const name = f ? `${f.functionName || '(anon)'} ${(f.url ?? '').split('/').pop() ?? ''}:${f.lineNumber}` : `?${id}`;
    acc.set(name, (acc.get(name) ?? 0) + (deltas[i] ?? 0));
  });
}
for (const [id, acc] of self) {
  const total = [...acc.values()].reduce((a, b) => a + b, 0);
  const idle = acc.get('(idle) :-1') ?? 0;
  if (total - idle < 10_000) continue;
  const pt = profileThread.get(id);
  console.log(
    `\nJS self time, ${pt ? (threadName.get(pt) ?? pt) : id} (${((total - idle) / 1000).toFixed(0)} ms not idle):`,
  );
  for (const [name, us] of [...acc]
    .filter(([n]) => n !== '(idle) :-1')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
}

function sum(list: TraceEvent[]): number {
  return list.reduce((a, e) => a + e.dur!, 0);
}

function detail(e: TraceEvent): string {
  const d = (e.args as { data?: { functionName?: string; url?: string } } | undefined)?.data;
  if (d?.functionName) return `(${d.functionName})`;
  if (d?.url) return `(${d.url.split('/').pop()})`;
  return '';
}
