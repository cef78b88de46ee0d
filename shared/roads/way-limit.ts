/**
 * A way's limits for a heavy goods vehicle, from its tags and where it lies.
 * Per direction, the first tag present decides (truck tags before general
 * ones, directional before both-ways): a truck limit is what the truck must
 * keep, and the general limit binds it too. A value refused by the parser
 * leaves that direction without a limit (never the default instead: the sign
 * says something, and the default could be above it). An untagged direction,
 * `none`, `signals`/`variable` or a zone code take the legal default.
 */
import { parseConditional } from './conditional.ts';
import { HIGHWAY_GROUP, legalDefault, toMph, WALK_KMH, type LegalDefault, type RoadGroup } from './defaults.ts';
import { isUs, type JurisdictionId } from './jurisdictions.ts';
import { parseMaxspeed, zoneCode, type RefusalReason, type SpeedValue } from './maxspeed.ts';
import type { LimitSource } from './types.ts';

export type Tags = Readonly<Record<string, string | undefined>>;

/** The tag keys the limit reads, in the order they decide, per direction. */
export const FORWARD_KEYS = [
  'maxspeed:hgv:forward',
  'maxspeed:hgv',
  'maxspeed:goods:forward',
  'maxspeed:goods',
  'maxspeed:forward',
  'maxspeed',
] as const;
export const BACKWARD_KEYS = FORWARD_KEYS.map((k) => k.replace(':forward', ':backward'));
export const CONDITIONAL_KEYS = ['maxspeed:hgv:conditional', 'maxspeed:conditional'] as const;
/** Tags that may carry the zone (`DE:rural`) when `maxspeed` itself does not. */
export const ZONE_KEYS = ['maxspeed:type', 'source:maxspeed', 'zone:maxspeed', 'zone:traffic'] as const;
/** Every tag the limit (and the index) reads: what an importer must keep. */
export const LIMIT_TAG_KEYS: readonly string[] = [
  ...new Set([...FORWARD_KEYS, ...BACKWARD_KEYS, ...CONDITIONAL_KEYS, ...ZONE_KEYS, 'highway', 'motorroad']),
];

export interface Refusal {
  key: string;
  value: string;
  reason: RefusalReason;
}

export interface WayLimit {
  forwardMph: number;
  backwardMph: number;
  source: LimitSource;
  limitText: string;
  conditional: string;
  refused: Refusal[];
}

interface DirectionLimit {
  mph: number;
  source: LimitSource;
  text: string;
}

/**
 * `jurisdiction`: where the way lies (jurisdictionAt), null when unknown. `capsApply`: whether the way lies
 * far enough inside its outline for the jurisdiction's vehicle-class maximum to cap a posted limit
 * (CAP_BORDER_MARGIN_KM), or a function asked only when a cap could apply (the test costs); a zone tag
 * names its jurisdiction itself, so it always may.
 */
export function wayLimit(
  tags: Tags,
  jurisdiction: JurisdictionId | null,
  capsApply: boolean | (() => boolean) = true,
): WayLimit {
  const zone = ZONE_KEYS.map((k) => zoneCode(tags[k] ?? '')).find((z) => z !== null) ?? null;
  const place = zone?.jurisdiction ?? jurisdiction;
  const group: RoadGroup | undefined =
    tags['motorroad'] === 'yes' ? 'motorway' : (zone?.group ?? HIGHWAY_GROUP[tags['highway'] ?? '']);
  const refused: Refusal[] = [];
  const us = isUs(place);
  const base = (keys: readonly string[]): DirectionLimit => {
    const key = keys.find((k) => tags[k] !== undefined);
    const value: SpeedValue | null = key ? parseMaxspeed(tags[key]!, us) : null;
    if (key && value?.kind === 'refused' && !refused.some((r) => r.key === key))
      refused.push({ key, value: tags[key]!, reason: value.reason });
    const fallback = legalDefault(place, group);
    const limit = resolve(value, fallback);
    const capped =
      key && !TRUCK_KEY.test(key) && (zone !== null || (typeof capsApply === 'function' ? capsApply() : capsApply));
    return capped ? cappedForTrucks(limit, fallback) : limit;
  };
  let forward = base(FORWARD_KEYS);
  let backward = base(BACKWARD_KEYS);
  const kept: string[] = [];
  for (const key of CONDITIONAL_KEYS) {
    const raw = tags[key];
    if (raw === undefined) continue;
    const c = parseConditional(raw, us);
    if (c.applied && c.applied.kind !== 'refused') {
      forward = backward = resolve(c.applied, legalDefault(place, group));
    }
    if (c.kept) kept.push(c.kept);
  }
  return {
    forwardMph: forward.mph,
    backwardMph: backward.mph,
    source: weakerSource(forward, backward),
    limitText: forward.text === backward.text ? forward.text : `${forward.text} forward, ${backward.text} backward`,
    conditional: kept.join('; '),
    refused,
  };
}

/** Keys whose value is the truck's own limit: no vehicle-class maximum caps them. */
const TRUCK_KEY = /:(hgv|goods)(:|$)/;

/**
 * A posted limit for all vehicles above the truck's own legal maximum there (a German motorway signed
 * 120 km/h, a California freeway signed 70 mph) binds the truck at that maximum, shown as the default it is.
 */
function cappedForTrucks(limit: DirectionLimit, d: LegalDefault | null): DirectionLimit {
  if (limit.source !== 'posted' || !d?.capsPosted || !(toMph(d.value, d.unit) < limit.mph)) return limit;
  const what = `${d.jurisdiction} ${d.group} HGV maximum ${d.value} ${d.unit}`;
  return { mph: toMph(d.value, d.unit), source: 'default', text: `${limit.text} posted; ${what}` };
}

function resolve(value: SpeedValue | null, fallback: LegalDefault | null): DirectionLimit {
  switch (value?.kind) {
    case 'limit':
      return { mph: value.mph, source: 'posted', text: value.text };
    case 'walk':
      return { mph: toMph(WALK_KMH, 'km/h'), source: 'posted', text: `walk (${WALK_KMH} km/h)` };
    case 'refused':
      return { mph: NaN, source: 'none', text: `${value.text} (refused: ${value.reason})` };
    case 'zone':
      return fromDefault(legalDefault(value.jurisdiction, value.group), value.text);
    case 'none':
    case 'variable':
      return fromDefault(fallback, value.text);
    default:
      return fromDefault(fallback, '');
  }
}

function fromDefault(d: LegalDefault | null, tagged: string): DirectionLimit {
  const prefix = tagged ? `${tagged}; ` : '';
  if (!d) return { mph: NaN, source: 'none', text: tagged ? `${tagged} (no default known)` : '' };
  const what = `${d.jurisdiction} ${d.group} HGV default ${d.value} ${d.unit}`;
  return { mph: toMph(d.value, d.unit), source: 'default', text: `${prefix}${what}` };
}

/** One source for the way: a default on either side makes it "default" (never claim "posted" for a default). */
function weakerSource(a: DirectionLimit, b: DirectionLimit): LimitSource {
  const known = [a, b].filter((d) => Number.isFinite(d.mph));
  if (known.length === 0) return 'none';
  return known.some((d) => d.source === 'default') ? 'default' : 'posted';
}
