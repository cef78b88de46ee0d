/**
 * A platform's fleet for the lake benchmark: copies of the simulator (one seed each, each the demo's three
 * carriers) behind one loopback front, carrier by carrier until the asked number of trucks is reached.
 * Each copy's carriers are told apart by their Company Key (`k<copy>.<key>`, the front strips the prefix)
 * and by their DOT number (the copy's number appended in company-info), and every request of every copy
 * goes through ONE token bucket (one Provider Key, spec 8). Counts requests, history requests and 429s.
 */
import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { RateLimiter } from '../electron/node/simulator/rate-limit.ts';
import { startSimulator, type DemoCarrierInfo, type RunningSimulator } from '../electron/node/simulator/index.ts';
import { COMPANY_KEY_HEADER, PROVIDER_KEY_HEADER } from '../shared/api/wire.ts';

export interface FrontCarrier {
  sim: RunningSimulator;
  carrier: DemoCarrierInfo;
  /** The Company Key as the front knows it. */
  key: string;
  name: string;
}

export interface LakeFront {
  baseUrl: string;
  carriers: FrontCarrier[];
  /** The CLI's environment: the Provider Key and each carrier's key in LAKE_BENCH_KEY_<i>. */
  env: Record<string, string>;
  carriersFile(dir: string): string;
  counts: { requests: number; history: number; refused: number };
  resetCounts(): void;
  close(): Promise<void>;
}

const FIRST_SEED = 2026;
const KEY = /^k(\d+)\.(.+)$/;

export async function lakeFront(
  trucks: number,
  limit: { ratePerSec: number; burst: number },
  sims: RunningSimulator[],
): Promise<LakeFront> {
  const carriers: FrontCarrier[] = [];
  let count = 0;
  while (count < trucks) {
    const copy = sims.length;
    const sim = await startSimulator({ seed: FIRST_SEED + copy });
    sims.push(sim);
    for (const carrier of sim.carriers) {
      if (count >= trucks) break;
      carriers.push({ sim, carrier, key: `k${copy}.${carrier.companyKey}`, name: `${carrier.name} #${copy}` });
      count += carrier.vehicleCount;
    }
  }
  const bucket = new RateLimiter(limit);
  const counts = { requests: 0, history: 0, refused: 0 };
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const provider = String(req.headers[PROVIDER_KEY_HEADER.toLowerCase()] ?? '');
    const match = KEY.exec(String(req.headers[COMPANY_KEY_HEADER.toLowerCase()] ?? ''));
    const sim = match ? sims[Number(match[1])] : undefined;
    if (!match || !sim) {
      res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"description":"unknown company key"}');
      return;
    }
    const wait = bucket.take(provider);
    if (wait !== null) {
      counts.refused++;
      res.writeHead(429, { 'Retry-After': String(wait), 'Content-Type': 'application/json' });
      res.end('{"description":"Rate limit exceeded for this provider API key"}');
      return;
    }
    counts.requests++;
    if (url.startsWith('/v2/vehicle-location-history/')) counts.history++;
    const headers = { [PROVIDER_KEY_HEADER]: provider, [COMPANY_KEY_HEADER]: match[2]! };
    fetch(sim.baseUrl + url, { headers })
      .then(async (r) => {
        let body = Buffer.from(await r.arrayBuffer());
        if (url.startsWith('/v2/company-info') && r.ok) {
          const json = JSON.parse(body.toString('utf8')) as { data?: { dot_number?: string } };
          if (json.data?.dot_number) json.data.dot_number += match[1]!.padStart(2, '0');
          body = Buffer.from(JSON.stringify(json));
        }
        const out = Object.fromEntries([...r.headers].filter(([k]) => k !== 'content-length'));
        res.writeHead(r.status, out).end(body);
      })
      .catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const env: Record<string, string> = { ROUTELENS_BASE_URL: baseUrl, ROUTELENS_PROVIDER_KEY: sims[0]!.providerKey };
  carriers.forEach((c, i) => (env[`LAKE_BENCH_KEY_${i}`] = c.key));
  return {
    baseUrl,
    carriers,
    env,
    counts,
    carriersFile(dir) {
      const file = path.join(dir, 'carriers.csv');
      const rows = carriers.map((c, i) => `"${c.name}",${c.carrier.homeZone},env:LAKE_BENCH_KEY_${i}`);
      writeFileSync(file, ['name,home_zone,company_key', ...rows].join('\n') + '\n');
      return file;
    },
    resetCounts() {
      Object.assign(counts, { requests: 0, history: 0, refused: 0 });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(sims.map((s) => s.close()));
    },
  };
}
