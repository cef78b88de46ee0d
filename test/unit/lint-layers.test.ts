import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { layerViolation } from '../../scripts/eslint-layers.mjs';

/**
 * The layering is an allow-list enforced by lint: these run the project's own
 * ESLint config on snippets placed in each layer, so a hole in the rule (or a
 * config that stops applying it) fails here.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function layeringErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/allowed-imports').map((m) => m.message);
}

describe('the layering lint', () => {
  it.each([
    [
      'electron/node/api/probe.ts',
      "import { hardenApp } from '../../main/security.ts';\nvoid hardenApp;",
      'node code (electron/node/) may not import electron-main code',
    ],
    [
      'electron/node/api/probe.ts',
      "import { app } from 'electron';\nvoid app;",
      'may not import the package "electron"',
    ],
    [
      'electron/node/api/probe.ts',
      "import { App } from '../../../renderer/src/App.tsx';\nvoid App;",
      'may not import browser code',
    ],
    [
      'shared/track/probe.ts',
      "import { readFile } from 'node:fs/promises';\nvoid readFile;",
      'common code (shared/) may not import the package "node:fs/promises"',
    ],
    [
      'shared/track/probe.ts',
      "import { x } from '../../electron/node/paths.ts';\nvoid x;",
      'common code (shared/) may not import node code',
    ],
    ['shared/track/probe.ts', "export * from '../../test/support/tracks.ts';", 'outside every layer'],
    [
      'renderer/src/probe.ts',
      "import { readFileSync } from 'node:fs';\nvoid readFileSync;",
      'browser code (renderer/) may not import the package "node:fs"',
    ],
    [
      'renderer/src/probe.ts',
      "const m = import('../../electron/node/backend/backend.ts');\nvoid m;",
      'browser code (renderer/) may not import node code',
    ],
    [
      'electron/preload/probe.ts',
      "import { createBackend } from '../node/backend/backend.ts';\nvoid createBackend;",
      'electron-preload code (electron/preload/) may not import node code',
    ],
  ])('refuses, in %s: %s', async (file, code, expected) => {
    const errors = await layeringErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(expected);
  });

  it.each([
    [
      'electron/main/probe.ts',
      "import { app } from 'electron';\nimport { createBackend } from '../node/backend/backend.ts';\nimport { DAY_MS } from '../../shared/util/day.ts';\nvoid app; void createBackend; void DAY_MS;",
    ],
    [
      'electron/node/api/probe.ts',
      "import { createHash } from 'node:crypto';\nimport { DAY_MS } from '../../../shared/util/day.ts';\nvoid createHash; void DAY_MS;",
    ],
    [
      'renderer/src/probe.ts',
      "import { useState } from 'react';\nimport maplibre from 'maplibre-gl';\nimport url from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';\nimport { DAY_MS } from '../../shared/util/day.ts';\nvoid useState; void maplibre; void url; void DAY_MS;",
    ],
    [
      'shared/map/probe.ts',
      "import type { Feature } from 'geojson';\nimport { DAY_MS } from '../util/day.ts';\nexport type F = Feature; void DAY_MS;",
    ],
    [
      'test/unit/probe.ts',
      "import { app } from 'electron';\nimport { readFile } from 'node:fs';\nvoid app; void readFile;",
    ],
  ])('allows, in %s, what its layer lists', async (file, code) => {
    expect(await layeringErrors(file, code)).toEqual([]);
  });

  it('resolves a path by where it lands, not by how it is spelled', () => {
    const file = path.join(ROOT, 'electron/node/sync/probe.ts');
    expect(layerViolation(file, '../api/../../main/index.ts')).toContain('electron-main');
    expect(layerViolation(file, '../../node/api/index.ts')).toBeNull();
    expect(layerViolation(file, '../../../../outside.ts')).toContain('outside every layer');
  });
});
