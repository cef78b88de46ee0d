/**
 * Download speed over a sliding window, so a pause or a slow start does not
 * distort the figure for long.
 */
export interface RateSample {
  at: number;
  records: number;
  days: number;
}

const WINDOW_MS = 15_000;

export class RateMeter {
  private samples: RateSample[] = [];

  add(sample: RateSample): void {
    this.samples.push(sample);
    const cutoff = sample.at - WINDOW_MS;
    while (this.samples.length > 2 && (this.samples[0]?.at ?? 0) < cutoff) this.samples.shift();
  }

  reset(): void {
    this.samples = [];
  }

  /** Records per second, or null before two samples. */
  recordsPerSec(): number | null {
    const a = this.samples[0];
    const b = this.samples[this.samples.length - 1];
    if (!a || !b || b.at <= a.at) return null;
    return ((b.records - a.records) * 1000) / (b.at - a.at);
  }

  /** Seconds to finish `daysLeft`, from the recent days-per-second, or null when unknown. */
  etaSeconds(daysLeft: number): number | null {
    const a = this.samples[0];
    const b = this.samples[this.samples.length - 1];
    if (!a || !b || b.at <= a.at || b.days <= a.days) return null;
    return (daysLeft * (b.at - a.at)) / 1000 / (b.days - a.days);
  }
}
