/**
 * The simulator serves exactly the history window the clients check against
 * (spec 4.8 / 8): one definition, in shared/.
 */
export { historyWindow } from '../../../shared/util/history-window.ts';
