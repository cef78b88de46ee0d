/**
 * Helpers of the lake's integration tests: a recording proxy in front of the simulator (which history days
 * each request asked for), a carriers file for the simulator's carriers, and the lake read back.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { RunningSimulator } from '../../electron/node/simulator/index.ts';

export interface RecordingProxy {
  baseUrl: string;
  /** Path and query of every request seen, in order. */
  urls: string[];
  close(): Promise<void>;
}

/** Passes one request on to `target` as it came (headers but Host) and its answer back; 502 when unreachable. */
export function forward(req: IncomingMessage, res: ServerResponse, target: string): void {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host') headers[k] = v;
  fetch(target + (req.url ?? ''), { headers })
    .then(async (r) => {
      res.writeHead(r.status, Object.fromEntries(r.headers));
      res.end(Buffer.from(await r.arrayBuffer()));
    })
    .catch(() => {
      res.writeHead(502);
      res.end();
    });
}

export async function recordingProxy(target: string): Promise<RecordingProxy> {
  const urls: string[] = [];
  const server: Server = createServer((req, res) => {
    urls.push(req.url ?? '');
    forward(req, res, target);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    urls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A carriers file naming each simulator carrier's key by an environment variable; the env to run with. */
export function writeCarriersFile(dir: string, sim: RunningSimulator, proxyUrl: string) {
  const file = path.join(dir, 'carriers.csv');
  const env: Record<string, string> = { ROUTELENS_PROVIDER_KEY: sim.providerKey, ROUTELENS_BASE_URL: proxyUrl };
  const rows = sim.carriers.map((c, i) => {
    env[`LAKE_TEST_KEY_${i}`] = c.companyKey;
    return `"${c.name}",${c.homeZone},env:LAKE_TEST_KEY_${i}`;
  });
  writeFileSync(file, ['name,home_zone,company_key', ...rows].join('\n') + '\n');
  return { file, env };
}

/** The lake's Parquet files relative to it, sorted; `table` keeps one table's (`breadcrumbs`, `trips` …). */
export function parquetFiles(lakeDir: string, table?: string): string[] {
  const all = (readdirSync(lakeDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.parquet')).sort();
  return table === undefined ? all : all.filter((f) => f.split(path.sep)[0] === table);
}

/** Every file's rows (all columns but geometry as DuckDB reads them, geometry as hex), keyed by path. */
export async function lakeRows(lakeDir: string): Promise<Map<string, unknown[][]>> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  await conn.run(`SET enable_geoparquet_conversion = false`);
  const out = new Map<string, unknown[][]>();
  try {
    for (const f of parquetFiles(lakeDir)) {
      const source = `read_parquet('${path.join(lakeDir, f)}')`;
      const columns = (await conn.runAndReadAll(`DESCRIBE SELECT * FROM ${source}`)).getRows().map((r) => String(r[0]));
      // Every table's rows in one order (breadcrumbs by time, derived tables by day and time), geometry as hex.
      const select = columns.map((c) => (c === 'geometry' ? 'hex(geometry)' : `"${c}"`)).join(', ');
      const reader = await conn.runAndReadAll(`SELECT ${select} FROM ${source} ORDER BY ALL`);
      out.set(f, reader.getRowsJson() as unknown[][]);
    }
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
  return out;
}

export const readManifestJson = (lakeDir: string) =>
  JSON.parse(readFileSync(path.join(lakeDir, '_lake.json'), 'utf8')) as {
    carriers: {
      carrier: string;
      name: string;
      vehicles: Record<string, { days: Record<string, { state: string; records: number; derived?: string }> }>;
    }[];
  };
