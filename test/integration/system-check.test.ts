/**
 * `npm test` starts with scripts/system-check.mjs: on a machine missing a system package it must name
 * the package, why the tests need it and the one command that installs it, and exit 1. Run as a real
 * process with a PATH of links to this machine's programs, leaving some out.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SYSTEM_PACKAGES, findProgram } from '../../scripts/system-check.mjs';

const script = path.resolve(import.meta.dirname, '../../scripts/system-check.mjs');
const packages = SYSTEM_PACKAGES;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A folder of links to every program the check looks for, except those of `leaveOut`. */
function pathWithout(leaveOut: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'routelens-path-'));
  dirs.push(dir);
  for (const p of packages) {
    if (leaveOut.includes(p.name)) continue;
    for (const program of p.programs ?? []) {
      const real = findProgram(program);
      if (real === undefined) throw new Error(`${program} is not installed here (bash .ci/run installs it)`);
      symlinkSync(real, path.join(dir, program));
    }
  }
  return dir;
}

function check(pathValue: string, args: string[] = []) {
  return spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', env: { PATH: pathValue } });
}

describe('system check before npm test', () => {
  it('passes silently when every package is installed', () => {
    const r = check(pathWithout([]));
    expect(r.status).toBe(0);
    expect(r.stderr + r.stdout).toBe('');
  });

  it('names a missing package, why it is needed and the command that installs it', () => {
    const r = check(pathWithout(['libxml2-utils']));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('- libxml2-utils: GPX validated against the official XSD');
    expect(r.stderr).toContain('sudo apt-get install -y --no-install-recommends libxml2-utils\n');
    expect(r.stderr).toContain('bash .ci/run');
    expect(r.stderr).not.toContain('chromium');
  });

  it('counts a package missing when only one of its programs is missing', () => {
    const dir = pathWithout(['poppler-utils']);
    symlinkSync(findProgram('pdfinfo') ?? 'pdfinfo', path.join(dir, 'pdfinfo'));
    const r = check(dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('- poppler-utils:');
  });

  it('lists the missing Debian names for .ci/run to install, several at once', () => {
    const r = check(pathWithout(['gpsbabel', 'unzip']), ['--list-missing']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(['gpsbabel', 'unzip']);
  });
});
