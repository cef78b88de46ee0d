/**
 * Legal speed limits for a heavy goods vehicle where a way has no usable
 * `maxspeed`: one table, per jurisdiction and road group, each row with the
 * statute it comes from (docs/analysis.md, "Road limits: legal defaults",
 * lists the same rows). The vehicle is a truck of more than 7.5 t gross
 * (above every weight threshold below: 3.5 t, 10,000 lb, 26,000 lb).
 *
 * A road class alone rarely says whether a road is inside a town, divided, or
 * designated for a higher speed; where the law gives two limits the row takes
 * the HIGHER one, so a default never flags a truck the law may allow (an
 * untagged town road is judged by the rural limit, and says so).
 */
import type { JurisdictionId } from './jurisdictions.ts';

/** Road groups the laws distinguish. */
export type RoadGroup = 'motorway' | 'trunk' | 'rural' | 'urban' | 'living_street';

/** Which group each kept `highway` value belongs to (links with their road; `motorroad=yes` makes a road a motorway). */
export const HIGHWAY_GROUP: Readonly<Record<string, RoadGroup>> = {
  motorway: 'motorway',
  motorway_link: 'motorway',
  trunk: 'trunk',
  trunk_link: 'trunk',
  primary: 'rural',
  primary_link: 'rural',
  secondary: 'rural',
  secondary_link: 'rural',
  tertiary: 'rural',
  tertiary_link: 'rural',
  unclassified: 'rural',
  road: 'rural',
  service: 'rural',
  residential: 'urban',
  living_street: 'living_street',
};

export interface LegalDefault {
  readonly jurisdiction: JurisdictionId;
  readonly group: RoadGroup;
  readonly value: number;
  readonly unit: 'km/h' | 'mph';
  /** Statute or page the value comes from. */
  readonly source: string;
  /**
   * The value is the most a heavy goods vehicle may drive there whatever the sign says (a limit for the
   * vehicle class, e.g. 80 km/h for a lorry on a German motorway signed 120): a posted car limit above it
   * is capped. Otherwise it only stands in where nothing is posted.
   */
  readonly capsPosted: boolean;
}

/** Walking pace (German "Schrittgeschwindigkeit", OSM `walk`), taken at its upper end. */
export const WALK_KMH = 10;

/** A row; `capsPosted` where the statute is a limit for the truck itself (a vehicle-class maximum). */
const kmh = (
  jurisdiction: JurisdictionId,
  group: RoadGroup,
  value: number,
  source: string,
  capsPosted = false,
): LegalDefault => ({ jurisdiction, group, value, unit: 'km/h', source, capsPosted });
const mph = (
  jurisdiction: JurisdictionId,
  group: RoadGroup,
  value: number,
  source: string,
  capsPosted = false,
): LegalDefault => ({ jurisdiction, group, value, unit: 'mph', source, capsPosted });
/** Marks a row whose value caps a posted car limit (readability of the table). */
const VEHICLE_CLASS_MAXIMUM = true;

/** The one table of legal defaults. A (jurisdiction, group) pair absent here has no default. */
export const LEGAL_DEFAULTS: readonly LegalDefault[] = [
  kmh(
    'DE',
    'motorway',
    80,
    'StVO §18(5) 1: over 3.5 t on Autobahnen and Kraftfahrstraßen, 80 km/h',
    VEHICLE_CLASS_MAXIMUM,
  ),
  kmh('DE', 'trunk', 60, 'StVO §3(3) 2a: over 7.5 t outside built-up areas, 60 km/h', VEHICLE_CLASS_MAXIMUM),
  kmh(
    'DE',
    'rural',
    60,
    'StVO §3(3) 2a: over 7.5 t outside built-up areas, 60 km/h (50 in town, §3(3) 1)',
    VEHICLE_CLASS_MAXIMUM,
  ),
  kmh('DE', 'urban', 50, 'StVO §3(3) 1: inside built-up areas, 50 km/h'),
  kmh('DE', 'living_street', WALK_KMH, 'StVO Anlage 3 Zeichen 325.1: walking pace'),
  kmh('AT', 'motorway', 80, 'KDV §58(1) 2e: lorries over 7.5 t on Autobahnen, 80 km/h', VEHICLE_CLASS_MAXIMUM),
  kmh('AT', 'trunk', 70, 'KDV §58(1) 2e: lorries over 7.5 t on other open roads, 70 km/h', VEHICLE_CLASS_MAXIMUM),
  kmh(
    'AT',
    'rural',
    70,
    'KDV §58(1) 2e: lorries over 7.5 t on other open roads, 70 km/h (50 in town, StVO §20(2))',
    VEHICLE_CLASS_MAXIMUM,
  ),
  kmh('AT', 'urban', 50, 'StVO (AT) §20(2): in Ortsgebiet, 50 km/h'),
  kmh('AT', 'living_street', WALK_KMH, 'StVO (AT) §76b: Wohnstraße, walking pace'),
  kmh('AD', 'trunk', 90, 'Codi de circulació (AD), OSM wiki "Default speed limits" AD: outside towns 90 km/h'),
  kmh('AD', 'rural', 90, 'Codi de circulació (AD), OSM wiki "Default speed limits" AD: outside towns 90 km/h'),
  kmh('AD', 'urban', 50, 'Codi de circulació (AD), OSM wiki "Default speed limits" AD: in towns 50 km/h'),
  mph(
    'US-MD',
    'motorway',
    55,
    'MD Transp. §21-801.1(b)(4): divided highway outside districts, 55 mph (same for trucks)',
  ),
  mph('US-MD', 'trunk', 55, 'MD Transp. §21-801.1(b)(4): divided highway outside districts, 55 mph (same for trucks)'),
  mph('US-MD', 'rural', 55, 'MD Transp. §21-801.1(b)(3)-(4): 50 mph undivided, 55 mph divided (same for trucks)'),
  mph('US-MD', 'urban', 35, 'MD Transp. §21-801.1(b)(2): undivided highway in a residence district, 35 mph'),
  mph(
    'US-CA',
    'motorway',
    55,
    'CA Vehicle Code §22406: trucks of 3+ axles or towing, 55 mph on any highway',
    VEHICLE_CLASS_MAXIMUM,
  ),
  mph(
    'US-CA',
    'trunk',
    55,
    'CA Vehicle Code §22406: trucks of 3+ axles or towing, 55 mph on any highway',
    VEHICLE_CLASS_MAXIMUM,
  ),
  mph(
    'US-CA',
    'rural',
    55,
    'CA Vehicle Code §22406: trucks of 3+ axles or towing, 55 mph on any highway',
    VEHICLE_CLASS_MAXIMUM,
  ),
  mph('US-CA', 'urban', 25, 'CA Vehicle Code §22352(a)(2): business or residence district, 25 mph'),
  mph(
    'US-OR',
    'motorway',
    65,
    'ORS 811.111(1)(d): trucks over 10,000 lb, up to 65 mph on designated interstates',
    VEHICLE_CLASS_MAXIMUM,
  ),
  mph(
    'US-OR',
    'trunk',
    55,
    'ORS 811.111(1)(b): trucks over 10,000 lb, 55 mph on other highways',
    VEHICLE_CLASS_MAXIMUM,
  ),
  mph(
    'US-OR',
    'rural',
    55,
    'ORS 811.111(1)(b): trucks over 10,000 lb, 55 mph on other highways',
    VEHICLE_CLASS_MAXIMUM,
  ),
  mph('US-OR', 'urban', 25, 'ORS 811.111(1)(c): residence districts, 25 mph'),
  mph('US-WA', 'motorway', 60, 'RCW 46.61.410: vehicles over 10,000 lb, 60 mph', VEHICLE_CLASS_MAXIMUM),
  mph('US-WA', 'trunk', 60, 'RCW 46.61.410: vehicles over 10,000 lb, 60 mph', VEHICLE_CLASS_MAXIMUM),
  mph(
    'US-WA',
    'rural',
    60,
    'RCW 46.61.400: 60 mph state highways (50 county roads), 46.61.410 trucks 60 mph',
    VEHICLE_CLASS_MAXIMUM,
  ),
  mph('US-WA', 'urban', 25, 'RCW 46.61.400(2)(a): city and town streets, 25 mph'),
  mph('US-MI', 'motorway', 65, 'MCL 257.627(8): trucks over 10,000 lb, 65 mph on freeways', VEHICLE_CLASS_MAXIMUM),
  mph('US-MI', 'trunk', 55, 'MCL 257.627(8): trucks over 10,000 lb, 55 mph on other highways', VEHICLE_CLASS_MAXIMUM),
  mph('US-MI', 'rural', 55, 'MCL 257.627(8): trucks over 10,000 lb, 55 mph on other highways', VEHICLE_CLASS_MAXIMUM),
  mph('US-MI', 'urban', 25, 'MCL 257.627(2): business or residence district, 25 mph'),
  mph(
    'US-IN',
    'motorway',
    65,
    'IC 9-21-5-2(a)(4): vehicles over 26,000 lb, 65 mph on interstates',
    VEHICLE_CLASS_MAXIMUM,
  ),
  mph('US-IN', 'trunk', 55, 'IC 9-21-5-2(a)(3): other highways, 55 mph'),
  mph('US-IN', 'rural', 55, 'IC 9-21-5-2(a)(3): other highways, 55 mph'),
  mph('US-IN', 'urban', 30, 'IC 9-21-5-2(a)(1): urban districts, 30 mph'),
  mph(
    'US-ID',
    'motorway',
    70,
    'Idaho Code §49-654(2): vehicles over 26,000 lb (5+ axles), 70 mph on interstates',
    VEHICLE_CLASS_MAXIMUM,
  ),
  mph(
    'US-ID',
    'trunk',
    65,
    'Idaho Code §49-654(2): vehicles over 26,000 lb (5+ axles), 65 mph on other highways',
    VEHICLE_CLASS_MAXIMUM,
  ),
  mph(
    'US-ID',
    'rural',
    65,
    'Idaho Code §49-654(2): vehicles over 26,000 lb (5+ axles), 65 mph on other highways',
    VEHICLE_CLASS_MAXIMUM,
  ),
  mph('US-ID', 'urban', 35, 'Idaho Code §49-654(1)(a): residential, business or urban district, 35 mph'),
  mph('US-MT', 'motorway', 70, 'MCA 61-8-303(1)(b): trucks over 1 ton, 70 mph on interstates', VEHICLE_CLASS_MAXIMUM),
  mph(
    'US-MT',
    'trunk',
    65,
    'MCA 61-8-303(1)(b): trucks over 1 ton, 65 mph on other highways (day)',
    VEHICLE_CLASS_MAXIMUM,
  ),
  mph(
    'US-MT',
    'rural',
    65,
    'MCA 61-8-303(1)(b): trucks over 1 ton, 65 mph on other highways (day)',
    VEHICLE_CLASS_MAXIMUM,
  ),
  mph('US-MT', 'urban', 25, 'MCA 61-8-303(1)(c): urban districts, 25 mph'),
];

const KM_PER_MILE = 1.609344;

/** A limit in mph, from the unit it was given in. */
export function toMph(value: number, unit: 'km/h' | 'mph' | 'knots'): number {
  if (unit === 'mph') return value;
  if (unit === 'knots') return (value * 1.852) / KM_PER_MILE;
  return value / KM_PER_MILE;
}

/** The default for a group in a jurisdiction, or null when the table has none (unknown jurisdiction included). */
export function legalDefault(jurisdiction: JurisdictionId | null, group: RoadGroup | undefined): LegalDefault | null {
  if (!jurisdiction || !group) return null;
  return LEGAL_DEFAULTS.find((d) => d.jurisdiction === jurisdiction && d.group === group) ?? null;
}
