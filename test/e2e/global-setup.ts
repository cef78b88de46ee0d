import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Builds the renderer once for the whole e2e run (the browser shell serves out/renderer). */
export default function globalSetup(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  execFileSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
}
