/**
 * The map matcher's parameters, in one table with the reason for each value
 * (docs/analysis.md, "Speeding against the road's limit", explains the rule).
 */
export interface MatchParams {
  /** A road farther than this from a reading is not a candidate (GPS error, OSM geometry and lane offset together). */
  radiusM: number;
  /** At most this many nearest ways per reading are weighed. */
  maxWays: number;
  /** Spread of the reading's distance from its true road. */
  distanceSigmaM: number;
  /** Spread of a reported heading around the road's direction. */
  headingSigmaDeg: number;
  /** Spread of a heading derived from the neighbouring readings (curves between them blur it). */
  derivedHeadingSigmaDeg: number;
  /** Below this speed a reported heading is noise (a stopped GPS wanders), so the neighbours' bearing is used. */
  headingMinSpeedMph: number;
  /** A heading cost never exceeds this: a wrong heading weighs like a reading about 4σ away, never infinitely. */
  headingCapCost: number;
  /** A reading faster than factor × limit + margin is unlikely on that road... */
  implausibleSpeedFactor: number;
  implausibleSpeedMarginMph: number;
  /** ...by this cost (about the weight of a reading 40 m off its road). */
  implausibleSpeedCost: number;
  /** Spread of |route distance − straight distance| between consecutive readings: betaBaseM + betaPerSecondM × seconds. */
  betaBaseM: number;
  betaPerSecondM: number;
  /** Routes are searched up to this many spreads beyond the distance expected; a longer one costs as much as none. */
  maxDetourBetas: number;
  /** Readings further apart than this are matched independently (no continuity across a long gap). */
  maxLinkSeconds: number;
  /** A reading is certain when candidates sharing its limit hold at least this posterior probability. */
  certainPosterior: number;
}

export const MATCH_DEFAULTS: Readonly<MatchParams> = {
  radiusM: 50,
  maxWays: 4,
  distanceSigmaM: 12,
  headingSigmaDeg: 25,
  derivedHeadingSigmaDeg: 45,
  headingMinSpeedMph: 3,
  headingCapCost: 8,
  implausibleSpeedFactor: 1.5,
  implausibleSpeedMarginMph: 15,
  implausibleSpeedCost: 6,
  betaBaseM: 15,
  betaPerSecondM: 0.5,
  maxDetourBetas: 12,
  maxLinkSeconds: 600,
  certainPosterior: 0.9,
};
