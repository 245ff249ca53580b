import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import pc from 'picocolors';
import { prefetchApi } from '../../api/prefetch-api.js';
import { discardPrefetchedTypeDoc } from '../../api/prefetched-typedoc.js';
import { loadConfig } from '../../config/load.js';
import { formatMs, runCommand, type SetExitCode } from '../run-command.js';

export function registerBuildCommand(program: Command, setExitCode: SetExitCode): void {
  program
    .command('build')
    .description('Build the site into out/ (the site folder holds sdkdocs.config.ts)')
    .argument('[siteDir]', 'site folder', '.')
    .option('--out-dir <dir>', 'output folder instead of the config outDir')
    .option('--verbose', 'print each build stage with its time')
    .action(async (siteDir: string, options: { outDir?: string; verbose?: boolean }) => {
      setExitCode(
        await runCommand(options, async (logger) => {
          const started = performance.now();
          const config = await loadConfig(siteDir, { outDir: options.outDir });
          // Before the pipeline's modules load: TypeDoc gets the other core while they do and the stages before generateApi run.
          await prefetchApi(config);
          // Loaded here so that other commands do not pay for the whole pipeline.
          const { build } = await import('../../core/build.js');
          const result = await build({ siteDir, config, logger }).finally(discardPrefetchedTypeDoc);
          const out = path.relative(process.cwd(), result.site.config.paths.siteOut) || '.';
          logger.info(`${pc.green('✔')} Built ${result.site.pages.length} pages in ${formatMs(performance.now() - started)} → ${out}`);
          if (options.verbose) {
            for (const timing of result.timings) logger.info(`  ${timing.name.padEnd(18)} ${formatMs(timing.ms).padStart(8)}`);
          }
        }),
      );
    });
}
