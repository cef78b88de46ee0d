export { createKeychain } from './keychain.ts';
export type { Keychain, KeychainOptions, KeychainStatus } from './keychain.ts';
export type { KeychainBackend } from './backend.ts';
export { createNativeBackend } from './native-backend.ts';
export { createMemoryBackend } from './memory-backend.ts';
export type { MemoryBackend } from './memory-backend.ts';
export { KeychainError, KeychainUnavailableError, KeychainValidationError, unavailableWords } from './errors.ts';
export { DEFAULT_SERVICE, PROVIDER_ACCOUNT, SERVICE_ENV, companyAccount, resolveService } from './accounts.ts';
export { MAX_KEY_LENGTH, isCarrierId, validateCarrierId, validateKey } from './validate.ts';
