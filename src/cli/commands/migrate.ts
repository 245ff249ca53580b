import path from 'node:path';
import type { Command } from 'commander';
import pc from 'picocolors';
import { formatDiagnostic } from '../../core/diagnostic.js';
import { runCommand, type SetExitCode } from '../run-command.js';

export function registerMigrateCommand(program: Command, setExitCode: SetExitCode): void {
  program
    .command('migrate')
    .description("Write the sdkdocs.config.ts a Docusaurus site's docusaurus.config.js amounts to (sdkdocs builds from either; this is for switching for good)")
    .argument('[siteDir]', 'site folder', '.')
    .action(async (siteDir: string) => {
      setExitCode(
        await runCommand({}, async (logger) => {
          const { migrateDocusaurusSite } = await import('../../config/migrate.js');
          const site = path.resolve(siteDir);
          const result = await migrateDocusaurusSite(site);
          for (const warning of result.warnings) logger.warn(formatDiagnostic(warning, { cwd: process.cwd() }));
          logger.info(`${pc.green('✔')} Wrote ${path.relative(process.cwd(), result.file) || result.file}: it loads, and sdkdocs builds with it from now on (it wins over the Docusaurus config).`);
          if (result.warnings.length > 0) logger.info(`${result.warnings.length} setting${result.warnings.length === 1 ? '' : 's'} of the Docusaurus config ${result.warnings.length === 1 ? 'is' : 'are'} not applied; ${result.warnings.length === 1 ? 'it is' : 'they are'} listed at the top of the file.`);
          if (result.copiedFunctions.length > 0) logger.info(`Copied from their source text, check them: ${result.copiedFunctions.join(', ')}.`);
        }),
      );
    });
}
