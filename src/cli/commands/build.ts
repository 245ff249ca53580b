import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import pc from 'picocolors';
import { prefetchApi, warmUpApiWorker } from '../../api/prefetch-api.js';
import { discardApiPrefetch } from '../../api/prefetched-typedoc.js';
import type { ApiPrefetch } from '../../model/api-prefetch.js';
import type { ResolvedConfig } from '../../config/resolve.js';
import type { BuildResult } from '../../pipeline/build.js';
import { type Logger, formatMs } from '../../core/logger.js';
import { runCommand, type SetExitCode } from '../run-command.js';
import { loadCommandConfig } from '../load-command-config.js';

export function registerBuildCommand(program: Command, setExitCode: SetExitCode): void {
  program
    .command('build')
    .description('Build the site into out/ (the site folder holds sdkdocs.config.ts)')
    .argument('[siteDir]', 'site folder', '.')
    .option('--out-dir <dir>', 'output folder instead of the config outDir')
    .option('--verbose', 'print each build stage with its time')
    .option('--untrusted', "safe mode for pull requests: run no code from siteDir, take only its content (docs, blog, static files)")
    .option('--explain <path>', 'build in memory, write nothing, and print what made this output file (e.g. docs/intro/index.html): its stage, and the queries and input files it came from')
    .option('--trusted-site <dir>', 'with --untrusted: the trusted checkout (base branch) whose config, sidebars, theme, components and pages are used')
    .action(async (siteDir: string, options: BuildCommandOptions, command: Command) => {
      if (options.trustedSite !== undefined && !options.untrusted) command.error('error: --trusted-site is for safe mode: add --untrusted.', { exitCode: 2, code: 'sdkdocs.trustedSite' });
      // Known once the config is loaded: whether a failed build leaves an earlier build's output in place.
      let previousOutput = false;
      const failureNote = () => (previousOutput ? 'the previous output was left as it was' : undefined);
      setExitCode(
        await runCommand({ ...options, failureNote }, async (logger) => {
          const started = performance.now();
          // TypeDoc gets the other core while the config compiles, the pipeline's modules load and the stages before generateApi run.
          const apiPrefetch = warmUpApiWorker(options.untrusted ? options.trustedSite : siteDir);
          const onConfig = (config: ResolvedConfig) => {
            previousOutput = existsSync(config.paths.siteOut);
          };
          const result = await buildSite(siteDir, options, logger, onConfig, apiPrefetch).finally(() => discardApiPrefetch(apiPrefetch));
          if (options.explain !== undefined) {
            const { explainOutput } = await import('../../pipeline/explain-output.js');
            // The command's answer, on stdout whatever the logger does with progress, so it can be piped.
            process.stdout.write(`${explainOutput(result, options.explain)}\n`);
            return;
          }
          const out = path.relative(process.cwd(), result.site.config.paths.siteOut) || '.';
          const warnings = result.site.diagnostics.filter((d) => d.severity === 'warning').length;
          const withWarnings = warnings > 0 ? ` with ${warnings} warning${warnings === 1 ? '' : 's'}` : '';
          logger.info(`${pc.green('✔')} Built ${result.site.pages.length} pages in ${formatMs(performance.now() - started)}${withWarnings} → ${out}`);
          if (options.verbose) {
            for (const timing of result.timings) logger.info(`  ${timing.name.padEnd(18)} ${formatMs(timing.ms).padStart(8)}`);
          }
        }),
      );
    });
}

interface BuildCommandOptions {
  outDir?: string;
  verbose?: boolean;
  untrusted?: boolean;
  trustedSite?: string;
  explain?: string;
}

async function buildSite(
  siteDir: string,
  options: BuildCommandOptions,
  logger: Logger,
  onConfig: (config: ResolvedConfig) => void,
  apiPrefetch: ApiPrefetch,
): Promise<BuildResult> {
  // Loaded after the TypeDoc worker has started: esbuild and zod take ~80 ms to load.
  const config = await loadCommandConfig(siteDir, options);
  onConfig(config);
  // Before the pipeline's modules load, so that the TypeDoc worker has its run as soon as it has loaded.
  await prefetchApi(apiPrefetch, config);
  // Loaded here so that other commands do not pay for the whole pipeline.
  const { build } = await import('../../pipeline/build.js');
  // --explain leaves the output folder alone: it builds in memory and names each file's stage.
  const explain = options.explain !== undefined;
  return build({ siteDir, config, logger, apiPrefetch, inMemory: explain, traceOutputs: explain });
}
