/**
 * `maxspeed:conditional` (`80 @ (wet)`, `60 @ (22:00-06:00)`, `80 @ (weight>7.5)`)
 * for a heavy goods vehicle of more than 7.5 t gross. A weight condition
 * whose threshold is 7.5 t or less, or a vehicle condition naming trucks
 * (`hgv`, `goods`), always holds for it and is applied. Anything else (a
 * time, `wet`, `snow`, a heavier threshold, several conditions joined by
 * AND) depends on what the index cannot know, so it is kept as text beside
 * the base limit, for display.
 */
import { parseMaxspeed, type SpeedValue } from './maxspeed.ts';

/** The assumed gross mass of the vehicle, tonnes: the "heavy goods vehicle" of the defaults table. */
export const ASSUMED_TRUCK_TONNES = 7.5;

export interface ConditionalLimit {
  /** The value that always applies to the truck, or null. */
  applied: SpeedValue | null;
  /** The parts that could not be decided, as tagged ('' when none). */
  kept: string;
}

const WEIGHT = /^(?:weight|maxweight)\s*(>=?)\s*(\d+(?:\.\d+)?)\s*t?$/;
const TRUCK_CONDITIONS: ReadonlySet<string> = new Set(['hgv', 'goods']);

export function parseConditional(raw: string, us: boolean): ConditionalLimit {
  let applied: SpeedValue | null = null;
  const kept: string[] = [];
  for (const part of splitOutsideParentheses(raw)) {
    const at = part.indexOf('@');
    const condition = at < 0 ? '' : unwrap(part.slice(at + 1));
    const value = at < 0 ? null : parseMaxspeed(part.slice(0, at), us);
    if (value && value.kind !== 'refused' && alwaysHoldsForTruck(condition)) applied ??= value;
    else kept.push(part.trim());
  }
  return { applied, kept: kept.join('; ') };
}

function alwaysHoldsForTruck(condition: string): boolean {
  const c = condition.trim().toLowerCase();
  if (TRUCK_CONDITIONS.has(c)) return true;
  const w = WEIGHT.exec(c);
  if (!w) return false;
  const threshold = Number(w[2]);
  // The truck weighs more than 7.5 t: "> 7.5" and ">= 7.5" hold, "> 12" may not.
  return threshold <= ASSUMED_TRUCK_TONNES;
}

function unwrap(condition: string): string {
  const c = condition.trim();
  return c.startsWith('(') && c.endsWith(')') ? c.slice(1, -1) : c;
}

/** Parts separated by `;`, a `;` inside parentheses (a list of times) not counting. */
function splitOutsideParentheses(raw: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ';' && depth === 0) {
      parts.push(raw.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(raw.slice(start));
  return parts.filter((p) => p.trim() !== '');
}
