import { describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../stack.mjs';

/** A process that dies before it is healthy: the error says which, with the end of its log. */
describe('startStack', () => {
  it('reports the last lines of the log of a process that exited before it became healthy', async () => {
    const logDir = mkdtempSync(join(tmpdir(), 'dq-stack-'));
    const started = startStack({
      env: {},
      logs: 'files',
      logDir,
      timeoutMs: 10_000,
      processes: [
        {
          name: 'crasher',
          entry: 'infra/dev/test/fixtures/exits-early.mjs',
          health: 'http://127.0.0.1:9/health',
        },
      ],
    });
    await expect(started).rejects.toThrow(/crasher exited with code 1 before it became healthy/);
    await expect(started).rejects.toThrow(
      /ERROR listen EADDRINUSE: address already in use 127\.0\.0\.1:4000/,
    );
  });
});
