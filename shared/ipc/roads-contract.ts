/**
 * The app's road limits over IPC (the `roads:*` and `zones:*` channels of contract.ts): one road index kept
 * in the app's storage, built in the backend from an OpenStreetMap extract the page streams to it, and read
 * back in pieces by the page for its workers; the user's speed zones, kept beside it.
 */

/** What a limit's counts say about the kept index (electron/node/roads/build.ts BuildCounts, summed). */
export interface RoadLimitsCounts {
  /** Ways with a posted limit, a legal default, none known. */
  posted: number;
  default: number;
  none: number;
  /** `maxspeed` values kept out (unreadable, or a bare number on a US road), never guessed. */
  refused: number;
}

/** The road index the app keeps (null from `roads:status` when there is none). */
export interface RoadLimitsInfo {
  /** New with every import: every result computed with the index (the inbox's kept parts) is keyed by it. */
  id: string;
  /** The extract's file name as the user chose it, or the demo's name. */
  fileName: string;
  /** 'demo': the simulator's roads, installed with the demo carriers; 'import': the user's extract. */
  origin: 'import' | 'demo';
  /** epoch ms */
  importedAt: number;
  ways: number;
  segments: number;
  /** Size of the kept index (what `roads:read` hands out). */
  bytes: number;
  counts: RoadLimitsCounts;
}

/** An import's state, polled by the page (`roads:importPoll`). */
export type RoadImportState =
  | { phase: 'receiving'; bytesReceived: number; bytesTotal: number }
  /** Pass 1 reads the ways, pass 2 their nodes; fraction of the file read in this pass, 0..1. */
  | { phase: 'building'; pass: 1 | 2; fraction: number; ways: number }
  | { phase: 'done'; info: RoadLimitsInfo }
  /** Nothing changed: the index kept before the import (if any) is still the one in use. */
  | { phase: 'failed'; message: string }
  | { phase: 'cancelled' };

/** The user's speed zones the app keeps: the GeoJSON as imported (checked whole by shared/roads/zones-parse.ts). */
export interface SpeedZonesInfo {
  /** New with every change, like RoadLimitsInfo.id. */
  id: string;
  fileName: string;
  /** epoch ms */
  importedAt: number;
  zones: number;
  /** The file's text, at most ZONE_FILE_LIMITS.bytes. */
  geojson: string;
}

/** Bounds of the `roads:*` arguments (validate.ts). */
export const ROAD_IPC_LIMITS = {
  /** Largest extract accepted (a US state's is 100 MB–1 GB; a continent's is not a laptop's job). */
  extractBytes: 4 * 1024 ** 3,
  /** Largest piece of an upload or a read. */
  pieceBytes: 8 * 1024 ** 2,
  fileNameChars: 255,
} as const;
