// @domestique/auth/testing: what other projects' tests may use of this service (package.json "exports").
// Its definition, so a system test can start its worker in-process and read its routes' metadata, and
// the settings that make it cheap to run in a test.
export { authService } from '../service.js';
export { FAST_HASHING, GENEROUS_LIMITS } from './auth-test-kit.js';
