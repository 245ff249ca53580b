import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintWithoutTypes } from './helpers/lint.js';
import { repoRoot } from './helpers/site.js';

const eslint = lintWithoutTypes(repoRoot);

/** The lint messages for a file that would sit at `file` (relative to the repo) with `code` in it. */
async function lintAt(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const startsAThread = "import { Worker } from 'node:worker_threads';\nexport const start = () => new Worker(new URL('./x.js', import.meta.url));\n";

describe('one worker pool', () => {
  it('refuses a worker thread started anywhere but src/core/worker-pool.ts, saying where to go', async () => {
    for (const file of ['src/links/new-check.ts', 'src/api/new-prefetch.ts', 'src/core/new-runner.ts']) {
      const messages = await lintAt(file, startsAThread);
      expect(messages, file).toHaveLength(1);
      expect(messages[0]).toContain('no-restricted-syntax');
      expect(messages[0]).toContain('src/core/worker-pool.ts');
    }
    expect(await lintAt('src/core/worker-pool.ts', startsAThread)).toEqual([]);
  });
});
