/** The official GPX 1.1 schema beside the repo (../shared), and xmllint's verdict on a file against it. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const GPX_XSD = [
  resolve(import.meta.dirname, '../../../shared/schemas/gpx-1.1.xsd'),
  '/work/shared/schemas/gpx-1.1.xsd',
].find((p) => existsSync(p));

/** xmllint's exit status and its complaints for `file` against GPX_XSD (status 0: valid). */
export function xmllintGpx(file: string): { status: number | null; stderr: string } {
  if (GPX_XSD === undefined) return { status: null, stderr: 'gpx-1.1.xsd not found beside the repo' };
  const r = spawnSync('xmllint', ['--noout', '--schema', GPX_XSD, file], { encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}
