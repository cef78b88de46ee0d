import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Small files: a source file over 300 lines must say why on its first line,
 * as a comment (`// …` or `/* … *\/`) of at least a few words. Source is
 * every TypeScript and JavaScript file git tracks outside generated and
 * vendored folders.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 300;
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

/** The reason a file's first line gives, or null when it gives none. */
export function reasonOf(firstLine: string): string | null {
  const m = /^\s*(?:\/\/|\/\*)\s*(.*?)\s*(?:\*\/)?\s*$/.exec(firstLine);
  const reason = m?.[1] ?? '';
  return reason.split(/\s+/).length >= 4 ? reason : null;
}

function trackedSources(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => SOURCE.test(f) && !/^(resources|out|dist)\//.test(f));
}

describe('file size', () => {
  it('every source file over 300 lines gives a one-line reason as its first line', () => {
    const offenders: string[] = [];
    for (const file of trackedSources()) {
      const full = path.join(ROOT, file);
      if (!fs.existsSync(full)) continue;
      const lines = fs.readFileSync(full, 'utf8').split('\n');
      const count = lines.length - (lines.at(-1) === '' ? 1 : 0);
      if (count > MAX_LINES && reasonOf(lines[0] ?? '') === null) offenders.push(`${file} (${count} lines)`);
    }
    expect(offenders, 'split these files, or give the reason they stay whole as a comment on line 1').toEqual([]);
  });

  it('reads a reason only from a comment of a few words', () => {
    expect(reasonOf('// Over 300 lines: one state machine whose phases share state.')).not.toBeNull();
    expect(reasonOf('/* Kept whole: the spec table, one validator per record. */')).not.toBeNull();
    expect(reasonOf('// TODO')).toBeNull();
    expect(reasonOf("import fs from 'node:fs';")).toBeNull();
    expect(reasonOf('')).toBeNull();
  });
});
