let requested: Promise<boolean> | null = null;

/** Asks once per app start that the browser never evicts the store (offline review depends on it). */
export function requestPersistentStorage(): Promise<boolean> {
  requested ??= (async () => {
    try {
      if (!navigator.storage?.persist) return false;
      if (await navigator.storage.persisted()) return true;
      return await navigator.storage.persist();
    } catch {
      return false;
    }
  })();
  return requested;
}
