/**
 * Names this build of the app in results kept in IndexedDB (the inbox's day parts, Compare's results): a
 * new build computes afresh rather than trust what an older analysis wrote. Set by electron.vite.config.ts;
 * 'unbuilt' under the test runner.
 */
export const BUILD_ID = typeof __ROUTELENS_BUILD__ === 'string' ? __ROUTELENS_BUILD__ : 'unbuilt';
