import path from 'node:path';
import type { BuildOutcome } from '../../src/serve/watch-site.js';

/** How long a change may take to reach a good build before the test says which builds it saw. */
const buildWaitMs = 45_000;

/**
 * The builds of one serve --watch session, as its `onBuild` reports them, for tests that make a
 * change and wait for the build that took it. Give `onBuild` to `serve`.
 */
export function watchBuilds(): { onBuild: (outcome: BuildOutcome) => void; afterBuildOf: (changed: string, change: () => Promise<void>) => Promise<BuildOutcome> } {
  const waiting: Array<(outcome: BuildOutcome) => void> = [];
  return {
    onBuild: (outcome) => waiting.shift()?.(outcome),
    /**
     * Makes the change, then waits for the good build that took `changed` (relative to the site
     * folder; a build naming a path inside it counts too). Without one in time it fails with the
     * builds it saw instead, and stops listening, so that the next test gets its own builds.
     */
    async afterBuildOf(changed, change) {
      const seen: BuildOutcome[] = [];
      let listener: ((outcome: BuildOutcome) => void) | undefined;
      const built = async (): Promise<BuildOutcome> => {
        const outcome = await new Promise<BuildOutcome>((resolve) => {
          listener = resolve;
          waiting.push(resolve);
        });
        seen.push(outcome);
        // chokidar may report a folder replaced by a file as a change of what the folder held.
        const tookChange = outcome.sources.some((source) => source === changed || source.startsWith(`${changed}${path.sep}`));
        return outcome.ok && tookChange ? outcome : built();
      };
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          const index = listener ? waiting.indexOf(listener) : -1;
          if (index >= 0) waiting.splice(index, 1);
          const builds = seen.map((outcome) => (outcome.ok ? `ok: ${outcome.sources.join(', ')}` : `failed: ${outcome.sources.join(', ')}: ${outcome.diagnostics.map((d) => d.message).join('; ')}`));
          reject(new Error(`no good build took ${changed} within ${buildWaitMs} ms; builds seen: ${builds.join(' | ') || 'none'}`));
        }, buildWaitMs);
      });
      const outcome = built();
      await change();
      try {
        return await Promise.race([outcome, timedOut]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
