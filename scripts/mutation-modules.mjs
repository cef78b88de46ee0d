/**
 * The modules `npm run test:mutation` knows: what each mutates and which tsconfig typechecks its mutants.
 * Shared by stryker.config.mjs and scripts/mutation.mjs.
 */
/**
 * shared/ mutants are typechecked through the node project, which references shared/: as the checker's root,
 * tsconfig.shared.json fails (the checker drops `composite`, leaving `emitDeclarationOnly` alone: TS5069).
 */
const SHARED_TSCONFIG = 'tsconfig.node.json';

export const MUTATION_MODULES = {
  limiter: { mutate: ['electron/node/api/rate-limiter.ts'], tsconfig: 'tsconfig.node.json' },
  client: {
    mutate: ['electron/node/api/*.ts', '!electron/node/api/rate-limiter.ts', '!electron/node/api/index.ts'],
    tsconfig: 'tsconfig.node.json',
  },
  // The API client in two halves that each finish in under half an hour here (`client` is both).
  'client-http': { mutate: ['electron/node/api/http.ts'], tsconfig: 'tsconfig.node.json' },
  'client-core': {
    mutate: [
      'electron/node/api/*.ts',
      '!electron/node/api/http.ts',
      '!electron/node/api/rate-limiter.ts',
      '!electron/node/api/index.ts',
    ],
    tsconfig: 'tsconfig.node.json',
  },
  sync: { mutate: ['electron/node/sync/*.ts', '!electron/node/sync/index.ts'], tsconfig: 'tsconfig.node.json' },
  // Key checks, errors, the keychain service over a backend and the native backend's calls to a faked keyring
  // entry (the real Secret Service is the integration suite's, outside mutation testing).
  keychain: {
    mutate: ['electron/node/keychain/*.ts', '!electron/node/keychain/index.ts', '!electron/node/keychain/backend.ts'],
    tsconfig: 'tsconfig.node.json',
  },
  // The browser shell's HTTP server and its request guards, killed by the in-process web-shell integration
  // test as well as the unit suite (its fuzz test runs the shell as a child process, out of Stryker's reach).
  'web-shell': {
    mutate: ['electron/node/web-shell/server.ts', 'electron/node/web-shell/request-guards.ts'],
    tsconfig: 'tsconfig.node.json',
    vitestConfig: 'vitest.mutation-web-shell.config.ts',
  },
  shared: { mutate: ['shared/**/*.ts'], tsconfig: SHARED_TSCONFIG },
  // shared/ in parts that each finish in a sitting here (`shared` is all of them). shared-rest is whatever
  // the named parts leave, so a new folder under shared/ is always in one of them.
  ...sharedParts({
    'shared-track': ['track'],
    'shared-analysis': ['analysis'],
    'shared-export': ['export'],
    'shared-compare': ['compare'],
    'shared-inbox': ['inbox'],
    'shared-api': ['api'],
    'shared-ipc': ['ipc'],
    'shared-report': ['report', 'map', 'audit'],
    'shared-time': ['time', 'util', 'domain', 'playback'],
  }),
};

/** One module per group of shared/ folders, plus shared-rest: every shared/ file the groups leave out. */
function sharedParts(groups) {
  const parts = {};
  const named = [];
  for (const [name, dirs] of Object.entries(groups)) {
    parts[name] = { mutate: dirs.map((d) => `shared/${d}/**/*.ts`), tsconfig: SHARED_TSCONFIG };
    named.push(...dirs);
  }
  parts['shared-rest'] = {
    mutate: ['shared/**/*.ts', ...named.map((d) => `!shared/${d}/**/*.ts`)],
    tsconfig: SHARED_TSCONFIG,
  };
  return parts;
}

/** What `npm run test:mutation` runs without arguments (the client's halves are for running one at a time). */
export const DEFAULT_MUTATION_MODULES = ['limiter', 'client', 'sync', 'keychain', 'web-shell', 'shared'];
