// Over 300 lines: the demo fleet (carriers, road graph, trucks, drivers, profiles) generated from one seed in one place.
import { hashInts, hashString, Rng, uuidOf } from './hash.ts';
import { haversineMi } from './geo.ts';
import { roadNetwork } from './road-network.ts';
import type { DemoCarrierInfo, SimDriver, SimVehicle } from './types.ts';

/** The demo Provider Key: fixed so the demo mode and docs can name it. */
export const DEMO_PROVIDER_KEY = 'demo-provider-6f1c2a9e4b7d4e0fa3c85b21';

interface CarrierSpec {
  id: string;
  name: string;
  dotNumber: string;
  /** Key without the legacy prefix; `legacyPrefixed` says how it was issued. */
  baseKey: string;
  legacyPrefixed: boolean;
  vehicles: number;
  inactiveVehicles: number;
  inactiveDrivers: number;
  idleDrivers: number;
  home: { lat: number; lng: number };
  /** IANA zone of the home terminal (`home`): the demo carrier's home zone in the app. */
  homeZone: string;
  unitNumber: (i: number) => string;
}

const CARRIER_SPECS: readonly CarrierSpec[] = [
  {
    id: 'prairie-line',
    name: 'Prairie Line Transport LLC',
    dotNumber: '3148272',
    baseKey: 'ck-prairie-2b8e51d07c94a3f6',
    legacyPrefixed: false,
    vehicles: 8,
    inactiveVehicles: 1,
    inactiveDrivers: 1,
    idleDrivers: 1,
    home: { lat: 35.222, lng: -101.831 },
    homeZone: 'America/Chicago',
    unitNumber: (i) => `T-${101 + i}`,
  },
  {
    id: 'blue-ridge',
    name: 'Blue Ridge Freightways Inc',
    dotNumber: '2297514',
    baseKey: 'ck-blueridge-94d1e6a3f0b25c78',
    legacyPrefixed: true,
    vehicles: 25,
    inactiveVehicles: 3,
    inactiveDrivers: 2,
    idleDrivers: 1,
    home: { lat: 35.227, lng: -80.843 },
    homeZone: 'America/New_York',
    unitNumber: (i) => String(1040 + i * 3),
  },
  {
    id: 'great-lakes',
    name: 'Great Lakes Carriers Co',
    dotNumber: '1863409',
    baseKey: 'ck-greatlakes-5c07f8b2d61e49a3',
    legacyPrefixed: false,
    vehicles: 60,
    inactiveVehicles: 5,
    inactiveDrivers: 3,
    idleDrivers: 2,
    home: { lat: 39.768, lng: -86.158 },
    homeZone: 'America/Indiana/Indianapolis',
    unitNumber: (i) => `GL-${2201 + i}`,
  },
];

const FIRST_NAMES = [
  'James',
  'Robert',
  'John',
  'Michael',
  'David',
  'William',
  'Richard',
  'Joseph',
  'Thomas',
  'Charles',
  'Daniel',
  'Matthew',
  'Anthony',
  'Mark',
  'Donald',
  'Steven',
  'Paul',
  'Andrew',
  'Joshua',
  'Kenneth',
  'Kevin',
  'Brian',
  'George',
  'Timothy',
  'Ronald',
  'Jason',
  'Edward',
  'Jeffrey',
  'Ryan',
  'Jacob',
  'Gary',
  'Nicholas',
  'Eric',
  'Luis',
  'Carlos',
  'Jose',
  'Mary',
  'Patricia',
  'Jennifer',
  'Linda',
  'Elizabeth',
  'Barbara',
  'Susan',
  'Jessica',
  'Sarah',
  'Karen',
  'Maria',
  'Angela',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
];

/** Real world manufacturer identifiers of US heavy trucks. */
const WMIS = ['1FU', '1XK', '1XP', '4V4', '3AK', '1HS', '1M1', '2NK'];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VIN_YEAR = 'DEFGHJKLMNPRS';

function vinValue(c: string): number {
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48;
  const values: Record<string, number> = {
    A: 1,
    B: 2,
    C: 3,
    D: 4,
    E: 5,
    F: 6,
    G: 7,
    H: 8,
    J: 1,
    K: 2,
    L: 3,
    M: 4,
    N: 5,
    P: 7,
    R: 9,
    S: 2,
    T: 3,
    U: 4,
    V: 5,
    W: 6,
    X: 7,
    Y: 8,
    Z: 9,
  };
  return values[c] ?? 0;
}

const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The North American check digit (position 9). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += vinValue(vin[i] ?? '0') * (VIN_WEIGHTS[i] ?? 0);
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

function makeVin(rng: Rng): string {
  let vds = '';
  for (let i = 0; i < 5; i++) vds += rng.pick([...VIN_CHARS]);
  const plant = rng.pick([...'ABCDLNPS']);
  const serial = String(rng.int(100000, 999999));
  const draft = `${rng.pick(WMIS)}${vds}0${rng.pick([...VIN_YEAR])}${plant}${serial}`;
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
}

/** What the generator needs to know about a vehicle beyond its wire fields. */
export interface VehicleProfile {
  carrierId: string;
  index: number;
  /** Stable numeric salt of this vehicle for per-record hashing. */
  salt: number;
  homeNode: number;
  odometerStart: number;
  reportsFuel: boolean;
  /** Driver overnights in the sleeper berth (else logs off duty). */
  sleeper: boolean;
  /** mph added to the cruise speed: some drivers drive faster. */
  cruiseBias: number;
  driverId: string | null;
}

export interface Carrier {
  info: DemoCarrierInfo;
  baseKey: string;
  vehicles: SimVehicle[];
  drivers: SimDriver[];
  profiles: Map<string, VehicleProfile>;
}

function nearestNode(lat: number, lng: number): number {
  const { nodes } = roadNetwork();
  let best = 0;
  let bestD = Infinity;
  nodes.forEach((n, i) => {
    const d = haversineMi(lat, lng, n.lat, n.lng);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}

export function buildCarriers(seed: number): Carrier[] {
  return CARRIER_SPECS.map((spec, ci) => buildCarrier(seed, spec, ci));
}

function buildCarrier(seed: number, spec: CarrierSpec, ci: number): Carrier {
  const rng = new Rng(hashInts(seed, ci, 0xf1ee7));
  const homeNode = nearestNode(spec.home.lat, spec.home.lng);
  const nodeCount = roadNetwork().nodes.length;
  const vehicles: SimVehicle[] = [];
  const profiles = new Map<string, VehicleProfile>();
  // Inactive vehicles are spread through the roster, not bunched at the end.
  const inactive = new Set<number>();
  while (inactive.size < spec.inactiveVehicles) inactive.add(rng.int(0, spec.vehicles - 1));
  const drivers: SimDriver[] = [];
  const usedUsernames = new Set<string>();
  const makeDriver = (k: number, active: boolean): SimDriver => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    let username = `${first[0]!.toLowerCase()}${last.toLowerCase()}`;
    while (usedUsernames.has(username)) username = `${first[0]!.toLowerCase()}${last.toLowerCase()}${rng.int(2, 99)}`;
    usedUsernames.add(username);
    return {
      driver_id: uuidOf(seed, ci, 2, k),
      username,
      first_name: first,
      last_name: last,
      active,
      legacyId: String(500000 + ci * 10000 + 17 * k + 3),
    };
  };
  let driverK = 0;
  for (let i = 0; i < spec.vehicles; i++) {
    const active = !inactive.has(i);
    const vehicle: SimVehicle = {
      vehicle_id: uuidOf(seed, ci, 1, i),
      number: spec.unitNumber(i),
      vin: makeVin(rng),
      active,
      legacyId: String(100000 + ci * 10000 + 13 * i + 7),
    };
    vehicles.push(vehicle);
    let driverId: string | null = null;
    if (active) {
      const d = makeDriver(driverK++, true);
      drivers.push(d);
      driverId = d.driver_id;
    }
    // Most trucks start at the home terminal, a few at a nearby metro.
    const startNode = rng.chance(0.7) ? homeNode : rng.int(0, nodeCount - 1);
    profiles.set(vehicle.vehicle_id, {
      carrierId: spec.id,
      index: i,
      salt: hashString(vehicle.vehicle_id),
      homeNode: startNode,
      odometerStart: Math.round(rng.range(60_000, 640_000) * 10) / 10,
      reportsFuel: rng.chance(0.88),
      sleeper: rng.chance(0.6),
      cruiseBias: rng.range(-2.5, 3),
      driverId,
    });
  }
  for (let k = 0; k < spec.inactiveDrivers; k++) drivers.push(makeDriver(driverK++, false));
  for (let k = 0; k < spec.idleDrivers; k++) drivers.push(makeDriver(driverK++, true));
  // Guarantee one no-fuel vehicle per carrier so the rule is always visible.
  const firstActive = vehicles.find((v) => v.active);
  if (firstActive && ![...profiles.values()].some((p) => !p.reportsFuel)) {
    const p = profiles.get(firstActive.vehicle_id);
    if (p) p.reportsFuel = false;
  }
  const companyKey = spec.legacyPrefixed ? `system-${spec.baseKey}` : spec.baseKey;
  return {
    info: {
      id: spec.id,
      name: spec.name,
      dotNumber: spec.dotNumber,
      homeZone: spec.homeZone,
      companyKey,
      vehicleCount: vehicles.length,
      driverCount: drivers.length,
    },
    baseKey: spec.baseKey,
    vehicles,
    drivers,
    profiles,
  };
}
