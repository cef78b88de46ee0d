/** The Fleet Telematics Data API v2 simulator (demo mode, tests, benchmarks). */
export { startSimulator } from './server.ts';
export { createSimulatorWorld, type SimulatorWorld } from './world.ts';
export { DEMO_PROVIDER_KEY } from './fleet.ts';
export { historyWindow } from './window.ts';
export type * from './types.ts';
