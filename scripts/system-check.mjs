#!/usr/bin/env node
// The system packages the tests use, each with the program that proves it is installed.
// `npm test` runs this first so a fresh machine is told which package is missing and the
// one command that installs it, instead of failing deep inside a suite.
//   node scripts/system-check.mjs               prints what is missing (exit 1) or nothing (exit 0)
//   node scripts/system-check.mjs --list-missing  prints the missing Debian package names, one per line
//   node scripts/system-check.mjs --list-all      prints every Debian package name, one per line
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { spawnSync } from 'node:child_process';

/** One Debian/Ubuntu package per need; `programs` must all be found for it to count as installed. */
export const SYSTEM_PACKAGES = [
  { name: 'chromium', programs: ['chromium'], why: 'e2e tests and benchmarks (driven by playwright-core)' },
  { name: 'libxml2-utils', programs: ['xmllint'], why: 'GPX validated against the official XSD' },
  { name: 'gpsbabel', programs: ['gpsbabel'], why: 'an independent GPX reader' },
  // Debian's own python3 (the tests call /usr/bin/python3: a pyenv python3 on PATH lacks Debian's modules).
  { name: 'python3-gpxpy', files: ['/usr/bin/python3'], python: 'gpxpy', why: 'a second independent GPX reader' },
  { name: 'gnome-keyring', programs: ['gnome-keyring-daemon'], why: 'a real Secret Service for the keychain tests' },
  { name: 'dbus', programs: ['dbus-run-session', 'dbus-send'], why: 'a private session bus for the keyring' },
  { name: 'libsecret-tools', programs: ['secret-tool'], why: 'checks what the keychain stored' },
  {
    name: 'fonts-dejavu-core',
    files: ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'],
    why: 'deterministic text in screenshots',
  },
  { name: 'poppler-utils', programs: ['pdfinfo', 'pdftotext', 'pdftoppm'], why: 'reads the PDF reports back' },
  { name: 'unzip', programs: ['unzip'], why: 'checks the audit bundle zip' },
];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function exists(file) {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** The program's full path on PATH, or undefined. */
export function findProgram(program, pathValue = process.env.PATH ?? '') {
  for (const dir of pathValue.split(delimiter)) {
    if (dir && isExecutable(join(dir, program))) return join(dir, program);
  }
  return undefined;
}

function pythonHasModule(python, module) {
  const r = spawnSync(python, ['-c', `import ${module}`], { stdio: 'ignore', timeout: 10_000 });
  return r.status === 0;
}

/** The packages of `packages` that are not installed, judged by their programs, files and Python modules. */
export function missingPackages(packages = SYSTEM_PACKAGES, pathValue = process.env.PATH ?? '') {
  return packages.filter((p) => {
    if ((p.programs ?? []).some((name) => findProgram(name, pathValue) === undefined)) return true;
    if ((p.files ?? []).some((f) => !exists(f))) return true;
    if (p.python && !pythonHasModule(p.files[0], p.python)) return true;
    return false;
  });
}

/** The message `npm test` prints when packages are missing. */
export function missingMessage(missing) {
  const names = missing.map((p) => p.name).join(' ');
  const lines = missing.map((p) => `  - ${p.name}: ${p.why}`);
  return [
    `The tests need ${missing.length === 1 ? 'a system package that is' : 'system packages that are'} not installed:`,
    ...lines,
    'Install with:',
    `  sudo apt-get install -y --no-install-recommends ${names}`,
    'or run `bash .ci/run`, which installs every package the tests use and then runs them.',
  ].join('\n');
}

function main(argv) {
  if (argv.includes('--list-all')) {
    console.log(SYSTEM_PACKAGES.map((p) => p.name).join('\n'));
    return 0;
  }
  const missing = missingPackages();
  if (argv.includes('--list-missing')) {
    if (missing.length > 0) console.log(missing.map((p) => p.name).join('\n'));
    return 0;
  }
  if (missing.length === 0) return 0;
  console.error(missingMessage(missing));
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main(process.argv.slice(2)));
