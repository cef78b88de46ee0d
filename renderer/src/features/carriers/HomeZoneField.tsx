import { useId, useMemo } from 'react';
import { canonicalZone, isTimeZone, systemZone } from '../../../../shared/time/local-day.ts';
import { resolveZoneName, zoneNameNote } from '../../../../shared/time/zone-names.ts';

/**
 * The carrier's home time zone (issue #13): an IANA zone typed or picked
 * from this system's list. Empty means "this computer's zone". Its days are
 * the days the Review, exports and audit bundles select.
 */

/** The zone to store for what the user typed: null for "this computer's zone"; throws a RangeError with the reason for a zone this system does not know. */
export function parseHomeZone(text: string): string | null {
  // "Eastern", "CST", "US/Pacific"… mean the region's civil time (shared/time/zone-names.ts).
  const zone = resolveZoneName(text);
  if (zone === '') return null;
  const shown = zone.slice(0, 64);
  if (!isTimeZone(zone))
    throw new RangeError(
      `"${shown}" is not a time zone this computer knows. Use an IANA name such as America/Chicago, Europe/Berlin or UTC (pick one from the list), or a US zone name such as Eastern, Central, Mountain, Pacific or CST.`,
    );
  return canonicalZone(zone);
}

/** Every IANA zone this runtime knows, for the picker's list. */
function zoneList(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

export function HomeZoneField({
  value,
  onChange,
  error,
  testId,
  disabled,
  autoFocus,
}: {
  value: string;
  onChange: (text: string) => void;
  error: string | null;
  testId: string;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const id = useId();
  const zones = useMemo(zoneList, []);
  const here = systemZone();
  const mapped = zoneNameNote(value);
  return (
    <div className="field">
      <label htmlFor={id}>Home time zone</label>
      <input
        id={id}
        data-testid={testId}
        list={`${id}-zones`}
        value={value}
        placeholder={`This computer's zone (${here})`}
        spellCheck={false}
        autoComplete="off"
        maxLength={64}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={error !== null}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={`${id}-zones`}>
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <span
        id={`${id}-hint`}
        className={error ? 'hint hint-error' : 'hint'}
        role={error ? 'alert' : undefined}
        data-testid={`${testId}-hint`}
      >
        {error ??
          `Days are counted in this zone (Hours-of-Service logs use the home terminal's). Empty: this computer's zone, ${here}.`}
      </span>
      {mapped !== null && error === null && (
        <span className="hint" data-testid={`${testId}-mapped`}>
          {mapped}
        </span>
      )}
    </div>
  );
}
