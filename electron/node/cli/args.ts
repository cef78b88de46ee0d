import { isLocalDay, type LocalDay } from '../../../shared/time/local-day.ts';

/**
 * A small, strict argument parser: unknown flags and missing values are errors
 * (a typo must never silently export the wrong thing).
 */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface ParsedArgs {
  command: string | undefined;
  flags: Map<string, string | true>;
  positionals: string[];
}

export interface FlagSpec {
  /** Flags that take a value. */
  values: readonly string[];
  /** Flags that are switches. */
  switches: readonly string[];
}

export function parseArgs(argv: readonly string[], spec: FlagSpec): ParsedArgs {
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (spec.switches.includes(name)) {
      if (eq !== -1) throw new UsageError(`--${name} takes no value.`);
      flags.set(name, true);
    } else if (spec.values.includes(name)) {
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined || (eq === -1 && value.startsWith('--')))
        throw new UsageError(`--${name} needs a value.`);
      flags.set(name, value);
    } else {
      throw new UsageError(`Unknown option --${name}.`);
    }
  }
  const [command, ...rest] = positionals;
  return { command, flags, positionals: rest };
}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

export function requiredFlag(args: ParsedArgs, name: string, what: string): string {
  const v = stringFlag(args, name);
  if (v === undefined || v.trim() === '') throw new UsageError(`Missing --${name} (${what}).`);
  return v.trim();
}

/** A required calendar-day flag (YYYY-MM-DD, a real date). */
export function dayFlag(args: ParsedArgs, name: string): LocalDay {
  const value = requiredFlag(args, name, 'a day, YYYY-MM-DD');
  if (!isLocalDay(value))
    throw new UsageError(`--${name} must be a day as YYYY-MM-DD, not "${String(value).slice(0, 40)}".`);
  return value;
}
