import type { DriverName } from '../../../../shared/drivers/types.ts';
import { driversWithEvents, driverText } from '../../../../shared/inbox/drivers.ts';
import type { InboxEvent } from '../../../../shared/inbox/events.ts';
import { driverOfParam, type InboxQuery } from './inbox-query.ts';

/** The driver choices: every driver with an event in the range, by name; one named in the address is kept even without events. */
export function DriverSelect({
  q,
  onChange,
  events,
  names,
}: {
  q: InboxQuery;
  onChange: (patch: Partial<InboxQuery>) => void;
  events: readonly InboxEvent[];
  names: ReadonlyMap<string, ReadonlyMap<string, DriverName>>;
}) {
  const options = driversWithEvents(events, names);
  const value = q.driver.kind === 'driver' ? `${q.driver.carrierId}/${q.driver.driverId}` : q.driver.kind;
  const chosen = q.driver;
  const missing =
    chosen.kind === 'driver' &&
    !options.some((o) => o.carrierId === chosen.carrierId && o.driverId === chosen.driverId);
  return (
    <label>
      Driver{' '}
      <select
        data-testid="inbox-driver-filter"
        value={value}
        onChange={(e) => onChange({ driver: driverOfParam(e.target.value) })}
      >
        <option value="all">All drivers</option>
        <option value="unassigned">Unassigned</option>
        {options.map((o) => (
          <option key={`${o.carrierId}/${o.driverId}`} value={`${o.carrierId}/${o.driverId}`}>
            {o.label} · {o.events.toLocaleString('en-US')}
          </option>
        ))}
        {missing && <option value={value}>{driverText(chosen.driverId, names.get(chosen.carrierId))} · 0</option>}
      </select>
    </label>
  );
}
