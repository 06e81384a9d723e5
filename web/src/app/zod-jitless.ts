import { z } from 'zod';

/**
 * zod compiles object schemas with `new Function` when it may, and probes for it as each object
 * schema is built; the app's CSP forbids eval, so even the caught probe is reported as a violation.
 * Import this module before anything that loads proto's schemas (first import of the file), so they
 * are built interpreted.
 */
z.config({ jitless: true });
