/**
 * The page-side clock of one interaction step (source text, run in the page): the step's start is its
 * input event's timeStamp (capture phase, before the app sees it), or a mark `act` wrote to
 * `window.__inputAt` before following a link, or navigation start (0) for the app's start; its end is the
 * time of the first animation frame at which the step's settled expression holds (polled in the page each
 * frame, not from Node). `window.__stepDone` resolves with both.
 */
import type { StepClock } from '../../test/e2e/harness/interaction-steps.ts';

const INPUTS = ['pointerdown', 'mousedown', 'keydown', 'change', 'input'];

/** The rAF poller: resolves window.__stepDone once `settled` holds at a frame after the input. */
function poller(settled: string, timeoutMs: number): string {
  return `window.__stepDone = new Promise((resolve) => {
    const cond = () => { try { return Boolean(${settled}); } catch { return false; } };
    const armedAt = performance.now();
    const tick = (frame) => {
      if (window.__inputAt !== undefined && frame >= window.__inputAt && cond())
        return resolve({ inputAt: window.__inputAt, settledAt: frame });
      if (performance.now() - armedAt > ${timeoutMs}) return resolve({ inputAt: window.__inputAt ?? null, settledAt: null });
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });`;
}

/** Run in the page before `act`: listens for the step's input (clock 'input') and starts the poller. */
export function armStep(clock: StepClock, settled: string, timeoutMs: number): string {
  const listen =
    clock === 'input'
      ? `const first = (e) => { if (window.__inputAt === undefined) window.__inputAt = e.timeStamp; };
         for (const type of ${JSON.stringify(INPUTS)}) window.addEventListener(type, first, { capture: true, once: true });`
      : '';
  return `(() => { window.__inputAt = undefined; ${listen} ${poller(settled, timeoutMs)} })()`;
}

/** An init script (runs at document start) for the 'start' step: its clock starts at navigation start. */
export function armStart(settled: string, timeoutMs: number): string {
  return `(() => { if (window !== window.top || location.pathname.includes('__store-harness')) return; window.__inputAt = 0; ${poller(settled, timeoutMs)} })()`;
}
