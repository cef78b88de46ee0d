import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cyclesPlugin, valueImports } from '../../scripts/eslint-cycles.mjs';

/**
 * The import-cycle lint: real files in a temp folder, linted by ESLint with
 * the rule, so a cycle through a value import or a re-export fails and one
 * through type-only imports does not. A last test proves the project's own
 * config applies the rule to every layer.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rl-cycles-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes `files` into a fresh folder and lints the first; the rule's messages. */
async function cycleErrors(files: Record<string, string>): Promise<string[]> {
  const at = fs.mkdtempSync(path.join(dir, 'case-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(at, name), text);
  const eslint = new ESLint({
    cwd: at,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as never },
        plugins: { cycles: cyclesPlugin },
        rules: { 'cycles/no-cycle': 'error' },
      },
    ],
  });
  const [result] = await eslint.lintFiles([path.join(at, Object.keys(files)[0]!)]);
  return (result?.messages ?? []).map((m) => m.message);
}

describe('the import-cycle lint', () => {
  it('refuses a cycle through value imports, naming its path', async () => {
    const errors = await cycleErrors({
      'a.ts': "import { b } from './b.ts';\nexport const a = () => b;",
      'b.ts': "import { c } from './c.ts';\nexport const b = c;",
      'c.ts': "import { a } from './a.ts';\nexport const c = a;",
    });
    expect(errors).toEqual(['Import cycle: a.ts → b.ts → c.ts → a.ts.']);
  });

  it('counts re-exports (`export * from`, `export { x } from`) as edges', async () => {
    expect(
      await cycleErrors({
        'a.ts': "export * from './b.ts';\nexport const a = 1;",
        'b.ts': "export { a } from './a.ts';",
      }),
    ).toHaveLength(1);
    expect(
      await cycleErrors({
        'a.ts': "import { b } from './b';\nexport const a = b;",
        'b.ts': "export { a as b } from './a';",
      }),
    ).toHaveLength(1);
  });

  it('ignores type-only imports on either side of the loop', async () => {
    expect(
      await cycleErrors({
        'a.ts': "import type { B } from './b.ts';\nexport interface A { b?: B }",
        'b.ts': "import { a } from './a.ts';\nexport type B = typeof a;\nexport const a2 = a;",
      }),
    ).toEqual([]);
    expect(
      await cycleErrors({
        'a.ts': "import { b } from './b.ts';\nexport const a = b;",
        'b.ts': "import { type A } from './a.ts';\nexport type { A };\nexport const b = 1;",
      }),
    ).toEqual([]);
    expect(
      await cycleErrors({
        'a.ts': "import { b } from './b.ts';\nexport const a = b;",
        'b.ts': "export type { a } from './a.ts';\nexport const b = 1;",
      }),
    ).toEqual([]);
  });

  it('does not count an import that sits in a comment, or a dynamic import()', async () => {
    expect(
      await cycleErrors({
        'a.ts': "import { b } from './b.ts';\nexport const a = b;",
        'b.ts':
          "// import { a } from './a.ts';\n/* export * from './a.ts' */\nexport const b = () => import('./a.ts');",
      }),
    ).toEqual([]);
  });

  it('reads multi-line and side-effect imports', () => {
    expect(
      valueImports("import {\n  x,\n  y,\n} from './m.ts';\nimport './side.css';\nimport type { T } from './t.ts';"),
    ).toEqual(['./m.ts', './side.css']);
  });

  it('is applied by the project config to every layer', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const file of [
      'shared/util/day.ts',
      'electron/node/paths.ts',
      'electron/main/index.ts',
      'renderer/src/App.tsx',
    ]) {
      const config = await eslint.calculateConfigForFile(path.join(ROOT, file));
      expect(config.rules?.['cycles/no-cycle']?.[0], file).toBe(2);
    }
  });
});
