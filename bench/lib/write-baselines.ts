/** Baselines of the CSV/GPX writers: the bare write of their bytes, and gpsbabel as an outside peer. */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DayChunk } from '../../shared/track/types.ts';

/** Seconds to write `text` to `file` in one call. */
export async function writeOnce(file: string, text: string): Promise<number> {
  const t0 = performance.now();
  await writeFile(file, text);
  return (performance.now() - t0) / 1000;
}

/** The points as gpsbabel's unicsv (position, UTC date and time, speed, course). */
function unicsv(chunks: readonly DayChunk[]): string {
  const lines = ['lat,lon,utc_d,utc_t,speed,course'];
  for (const c of chunks) {
    for (let i = 0; i < c.length; i++) {
      const iso = new Date(c.t[i]!).toISOString();
      lines.push(
        `${c.lat[i]},${c.lng[i]},${iso.slice(0, 10).replaceAll('-', '/')},${iso.slice(11, 19)},${c.speed[i]},${c.direction[i]}`,
      );
    }
  }
  return lines.join('\n') + '\n';
}

/** Seconds for `gpsbabel` to convert the points from CSV to a GPX track, `runs` times (the CSV written beforehand). */
export async function gpsbabelRuns(chunks: readonly DayChunk[], dir: string, runs: number): Promise<number[]> {
  const input = join(dir, 'gpsbabel-in.csv');
  writeFileSync(input, unicsv(chunks));
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    execFileSync(
      'gpsbabel',
      ['-i', 'unicsv', '-f', input, '-x', 'transform,trk=wpt,del', '-o', 'gpx', '-F', join(dir, 'gpsbabel-out.gpx')],
      { stdio: 'ignore' },
    );
    out.push((performance.now() - t0) / 1000);
  }
  return out;
}
