import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import pc from 'picocolors';
import { ExitCode, UserError } from '../../core/diagnostic.js';
import { type Logger, formatMs } from '../../core/logger.js';
import type { BuiltSiteReport } from '../../links/check-built-site.js';
import { runCommand, type SetExitCode } from '../run-command.js';
import { loadCommandConfig, type ConfigCommandOptions } from '../load-command-config.js';
import { unknownSiteOrigin } from '../../shared/paths.js';

export function registerCheckLinksCommand(program: Command, setExitCode: SetExitCode): void {
  program
    .command('check-links')
    .description('Check every link of the built site in out/ as a browser follows it (exit 1 if one is broken)')
    .argument('[siteDir]', 'site folder', '.')
    .option('--out-dir <dir>', 'output folder instead of the config outDir')
    .option('--json', 'print a machine-readable report on stdout')
    .option('--untrusted', 'for a site built with --untrusted: read no config from siteDir')
    .option('--trusted-site <dir>', "with --untrusted: the trusted checkout whose config names the output folder")
    .action(async (siteDir: string, options: ConfigCommandOptions & { json?: boolean }, command: Command) => {
      if (options.trustedSite !== undefined && !options.untrusted) command.error('error: --trusted-site is for safe mode: add --untrusted.', { exitCode: 2, code: 'sdkdocs.trustedSite' });
      setExitCode(
        await runCommand({}, async (logger) => {
          const config = await loadCommandConfig(path.resolve(siteDir), options);
          const { outRoot, siteOut } = config.paths;
          if (!existsSync(siteOut)) {
            throw new UserError({
              severity: 'error',
              code: 'check-links',
              message: `No built site in ${path.relative(process.cwd(), siteOut) || siteOut}.`,
              hint: `Build it first: \`sdkdocs build ${siteDir}${options.outDir ? ` --out-dir ${options.outDir}` : ''}${options.untrusted ? ` --untrusted --trusted-site ${options.trustedSite}` : ''}\`.`,
            });
          }
          // Loaded here so that other commands do not pay for the HTML parser.
          const { checkBuiltSite } = await import('../../links/check-built-site.js');
          const report = await checkBuiltSite({ outDir: outRoot, baseUrl: config.baseUrl, siteUrl: config.url ?? unknownSiteOrigin });
          if (options.json) {
            process.stdout.write(`${JSON.stringify({ ok: report.broken.length === 0, ...report }, null, 2)}\n`);
          } else {
            printReport(report, logger);
          }
          return report.broken.length === 0 ? ExitCode.ok : ExitCode.inputError;
        }),
      );
    });
}

function printReport(report: BuiltSiteReport, logger: Logger): void {
  for (const link of report.broken) {
    logger.diagnostic({
      severity: 'error',
      code: link.problem === 'anchor' ? 'broken-anchor' : 'broken-link',
      file: path.join(report.outDir, link.file),
      line: link.line,
      message: `${link.problem === 'anchor' ? 'Broken anchor' : 'Broken link'} → ${link.url}${link.resolved === link.url ? '' : ` (${link.resolved})`} in ${link.source}`,
      hint: link.hint,
    });
  }
  const checked = `${report.links} links on ${report.pages} pages checked in ${formatMs(report.ms)}`;
  if (report.broken.length === 0) {
    logger.info(`${pc.green('✔')} No broken links: ${checked}.`);
    return;
  }
  const pages = new Set(report.broken.map((link) => link.file)).size;
  const count = report.broken.length;
  logger.error(`✖ ${count} broken link${count === 1 ? '' : 's'} on ${pages} page${pages === 1 ? '' : 's'} (${checked}).`);
}
