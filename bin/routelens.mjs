#!/usr/bin/env node
// The `routelens` command: runs the TypeScript CLI through tsx.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';

register();
const { runCli, describeFailure } = await import(
  fileURLToPath(new URL('../electron/node/cli/main.ts', import.meta.url))
);
try {
  await runCli(process.argv.slice(2), process.env, (line) => console.log(line));
} catch (err) {
  const { message, code } = describeFailure(err);
  console.error(`routelens: ${message}`);
  process.exit(code);
}
