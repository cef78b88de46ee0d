/**
 * No import cycles, as a small local ESLint rule (eslint-plugin-import-x
 * needs native bindings this registry lacks). A cycle is a path of value
 * imports and re-exports (`import … from`, `export … from`, `import '…'`)
 * from a file back to itself. Type-only imports (`import type`, `export type
 * … from`, or every specifier marked `type`) are erased by TypeScript and do
 * not count; neither does a dynamic `import()` (it runs after loading).
 * Other files' imports are read from disk with a light scanner (comments and
 * strings apart, not a parser), cached per file and modification time.
 * Used by eslint.config.js; proven by test/unit/lint-cycles.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** The file a relative specifier lands on, or null (packages, and files that are not there). */
export function resolveImport(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), spec.split('?')[0]);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    try {
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // next
    }
  }
  return null;
}

/** Whether an import or export clause (text between the keyword and `from`) brings only types. */
function typeOnly(clause) {
  const c = clause.trim();
  if (/^type\b/.test(c)) return true;
  const braces = /^\{([\s\S]*)\}$/.exec(c);
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => /^type\s/.test(n));
}

/** Value imports and re-exports of a module's source text: their specifiers. */
export function valueImports(source) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const out = [];
  const statement = /(?:^|[;\n}])\s*(import|export)\s+([^'";]*?)\s*from\s*(['"])([^'"]+)\3/g;
  for (const m of code.matchAll(statement)) {
    if (m[1] === 'export' && !/^(\*|\{|type\b)/.test(m[2].trim())) continue;
    if (!typeOnly(m[2])) out.push(m[4]);
  }
  for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*(['"])([^'"]+)\1/g)) out.push(m[2]);
  return out;
}

const cache = new Map();

function importsOf(file) {
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = cache.get(file);
  if (hit && hit.mtime === mtime) return hit.targets;
  const targets = valueImports(fs.readFileSync(file, 'utf8'))
    .map((spec) => resolveImport(file, spec))
    .filter((t) => t !== null);
  cache.set(file, { mtime, targets });
  return targets;
}

/** A path of value imports from `start` back to `file` ([start, …, file]), or null. Depth-first, each file once. */
export function pathBack(start, file, edges = importsOf) {
  const seen = new Set();
  const walk = (at) => {
    if (at === file) return [at];
    if (seen.has(at)) return null;
    seen.add(at);
    for (const next of edges(at)) {
      const rest = walk(next);
      if (rest) return [at, ...rest];
    }
    return null;
  };
  return walk(start);
}

/** ESLint plugin: `cycles/no-cycle`. */
export const cyclesPlugin = {
  rules: {
    'no-cycle': {
      meta: {
        type: 'problem',
        schema: [],
        docs: { description: 'A module never imports (through other modules) itself.' },
      },
      create(context) {
        const file = context.filename;
        const root = context.cwd ?? process.cwd();
        const check = (node, isType) => {
          const source = node.source;
          if (isType || !source || source.type !== 'Literal' || typeof source.value !== 'string') return;
          if (
            node.specifiers?.length > 0 &&
            node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type')
          )
            return;
          const target = resolveImport(file, source.value);
          const cycle = target ? pathBack(target, file) : null;
          if (!cycle) return;
          const shown = [file, ...cycle].map((f) => path.relative(root, f).split(path.sep).join('/'));
          context.report({ node: source, message: `Import cycle: ${shown.join(' → ')}.` });
        };
        return {
          ImportDeclaration: (n) => check(n, n.importKind === 'type'),
          ExportNamedDeclaration: (n) => check(n, n.exportKind === 'type'),
          ExportAllDeclaration: (n) => check(n, n.exportKind === 'type'),
        };
      },
    },
  },
};
