/**
 * Simulator throughput: breadcrumb generation (records/s) and serving six
 * months of one truck over loopback HTTP at limit=1000.
 * Run: npx tsx bench/simulator.ts
 */
import { createSimulatorWorld, startSimulator } from '../electron/node/simulator/index.ts';
import { API_PATHS, type Envelope } from '../shared/api/wire.ts';
import { daysBetween, toApiDate } from '../shared/util/day.ts';

const NOW = Date.UTC(2026, 2, 15, 18, 0);

function cpuMs(start: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1000;
}

function benchGeneration(): void {
  const world = createSimulatorWorld({ now: () => NOW });
  const carrier = world.carriers[2]!;
  const vehicles = carrier.vehicles.filter((v) => v.active).slice(0, 3);
  const days = daysBetween(world.truth.windowStart(), world.truth.today());
  // Warm the gazetteer, road network and the per-vehicle day chain (one-off costs).
  let t0 = performance.now();
  for (const v of vehicles) world.dayRecords(world.vehicleRef(carrier, v), days[0]!);
  console.log(
    `warm-up (gazetteer, road graph, ${vehicles.length} day chains): ${(performance.now() - t0).toFixed(0)} ms`,
  );
  let n = 0;
  let bytes = 0;
  t0 = performance.now();
  const c0 = process.cpuUsage();
  for (const v of vehicles) {
    const ref = world.vehicleRef(carrier, v);
    for (const d of days) {
      const list = world.dayRecords(ref, d);
      // Format every record as it would be served.
      for (let i = 0; i < list.length; i++) bytes += list.at(i).length;
      n += list.length;
    }
  }
  const ms = performance.now() - t0;
  console.log(
    `generation: ${n} records (${vehicles.length} trucks x 6 months) in ${ms.toFixed(0)} ms wall, ${cpuMs(c0).toFixed(0)} ms CPU -> ${Math.round((n / ms) * 1000).toLocaleString('en-US')} records/s (${(bytes / 1e6).toFixed(0)} MB of JSON)`,
  );
}

async function benchServer(): Promise<void> {
  const sim = await startSimulator({ now: () => NOW });
  const carrier = sim.carriers[1]!;
  const headers = { 'X-API-Provider-Key': sim.providerKey, 'X-API-Company-Key': carrier.companyKey };
  const vehicle = sim.truth.vehicles(carrier.id).find((v) => v.active)!;
  const q = `start_date=${toApiDate(sim.truth.windowStart())}&end_date=${toApiDate(sim.truth.today())}&limit=1000`;
  // One small request first so the day chain of this truck is built outside the timing.
  await fetch(
    `${sim.baseUrl}${API_PATHS.vehicleLocationHistory(vehicle.vehicle_id)}?${q.replace('limit=1000', 'limit=1')}`,
    { headers },
  );
  for (const label of ['cold', 'warm']) {
    let token: string | undefined;
    let records = 0;
    let pages = 0;
    let bytes = 0;
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    do {
      const res = await fetch(
        `${sim.baseUrl}${API_PATHS.vehicleLocationHistory(vehicle.vehicle_id)}?${q}${token ? `&next_page_token=${encodeURIComponent(token)}` : ''}`,
        { headers },
      );
      const text = await res.text();
      bytes += text.length;
      const body = JSON.parse(text) as Envelope<unknown[]>;
      records += body.data?.length ?? 0;
      token = body.next_page_token;
      pages++;
    } while (token);
    const ms = performance.now() - t0;
    console.log(
      `server ${label}: ${records} records, ${pages} pages, ${(bytes / 1e6).toFixed(1)} MB in ${ms.toFixed(0)} ms wall (${cpuMs(c0).toFixed(0)} ms CPU, client and server in one process)`,
    );
  }
  await sim.close();
}

benchGeneration();
await benchServer();
