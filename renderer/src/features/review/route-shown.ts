/**
 * The map's word that a selection's route is on screen (the first draw ReviewMap reports for it). The
 * Review's loader waits for it before reading a sketched selection's raw days itself: IndexedDB hands
 * those values over on this thread in one long task, which would hold back the map's first frame.
 */
export class RouteShown {
  private shown = '';
  private waiting: { key: string; release: () => void }[] = [];

  report(key: string): void {
    this.shown = key;
    const [now, later] = [this.waiting.filter((w) => w.key === key), this.waiting.filter((w) => w.key !== key)];
    this.waiting = later;
    for (const w of now) w.release();
  }

  /** Resolves once `key`'s route is shown, or after `ms` at the latest: a map that cannot draw must not stall the load. */
  until(key: string, ms: number): Promise<void> {
    if (this.shown === key) return Promise.resolve();
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        this.waiting = this.waiting.filter((w) => w !== entry);
        resolve();
      };
      const entry = { key, release };
      const timer = setTimeout(release, ms);
      this.waiting.push(entry);
    });
  }
}
