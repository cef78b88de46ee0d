export { syncVehicleHistory } from './sync-vehicle-history.ts';
export type { DayEmit, SyncProgress, SyncResult, SyncVehicleHistoryOptions } from './sync-vehicle-history.ts';
export { needsFetch, planRuns } from './plan.ts';
export type { DayState, PlanInput } from './plan.ts';
