/** The road-limit importer's surface for the app and the CLI. */
export { buildRoadIndexFromFile, OsmFormatError } from './build.ts';
export type { BuildCounts, BuildOptions, BuildProgress, BuiltRoadIndex } from './build.ts';
export { openRoadLimits } from './open.ts';
export type { OpenedRoadLimits } from './open.ts';
export { readRoadIndex, writeRoadIndex, RoadIndexFileError } from './rlidx.ts';
