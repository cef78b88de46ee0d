import type { DemoCarrierInfo, RunningSimulator, SimulatorOptions } from '../simulator/types.ts';

/**
 * The built-in demo: the API simulator on loopback, started on first use and
 * kept for the life of the process. Demo keys are public demo values, so they
 * stay in memory and never touch the keychain (which may be unavailable on a
 * first run — exactly when a user wants the demo).
 */
export const DEMO_CARRIER_PREFIX = 'demo-';

export interface DemoService {
  ensureStarted(): Promise<RunningSimulator>;
  /** Connection of a demo carrier, or null when `carrierId` is no demo carrier. */
  connection(carrierId: string): Promise<{ baseUrl: string; providerKey: string; companyKey: string } | null>;
  carriers(): Promise<DemoCarrierInfo[]>;
  close(): Promise<void>;
}

export function demoCarrierId(info: DemoCarrierInfo): string {
  return `${DEMO_CARRIER_PREFIX}${info.id}`;
}

export function createDemoService(options: SimulatorOptions = {}): DemoService {
  let running: Promise<RunningSimulator> | null = null;

  const ensureStarted = (): Promise<RunningSimulator> => {
    running ??= import('../simulator/index.ts').then((m) => m.startSimulator({ ...options, port: 0 }));
    return running;
  };

  return {
    ensureStarted,
    async carriers() {
      return (await ensureStarted()).carriers;
    },
    async connection(carrierId) {
      if (!carrierId.startsWith(DEMO_CARRIER_PREFIX)) return null;
      const sim = await ensureStarted();
      const info = sim.carriers.find((c) => demoCarrierId(c) === carrierId);
      if (!info) return null;
      return { baseUrl: sim.baseUrl, providerKey: sim.providerKey, companyKey: info.companyKey };
    },
    async close() {
      if (running) await (await running).close();
      running = null;
    },
  };
}
