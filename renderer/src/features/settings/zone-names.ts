import { parseSpeedZones } from '../../../../shared/roads/zones-parse.ts';

/** The kept zones as the page lists them: "Yard (10 mph)", or "Zone 3 (20 mph)" for one without a name. */
export function zoneNames(geojson: string): string[] {
  const parsed = parseSpeedZones(geojson);
  if (!parsed.ok) return [];
  return parsed.zones.zones.map((z) => `${z.name === '' ? `Zone ${z.feature + 1}` : z.name} (${z.limitText})`);
}
