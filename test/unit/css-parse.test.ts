/**
 * Every stylesheet of the renderer parses without recovery: a stray brace makes a browser drop the
 * rules after it (a broken `:root` silently loses every colour variable), and no other test would
 * notice until someone looks at the screen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { transform } from 'lightningcss';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../renderer/src');
const sheets = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.css'));

describe('renderer stylesheets', () => {
  it('there are stylesheets to check', () => expect(sheets.length).toBeGreaterThan(2));

  it.each(sheets)('%s parses with no error and no recovered rule', (file) => {
    const code = readFileSync(path.join(root, file));
    const result = transform({ filename: file, code, errorRecovery: true });
    expect(result.warnings.map((w) => `${w.message} at ${w.loc.line}:${w.loc.column}`)).toEqual([]);
    expect(() => transform({ filename: file, code, errorRecovery: false })).not.toThrow();
  });

  it('the check catches a stray closing brace', () => {
    const code = Buffer.from('@media print { .a { color: red; } }\n}\n:root { --x: 1px; }\n');
    expect(() => transform({ filename: 'broken.css', code, errorRecovery: false })).toThrow();
  });
});
