import path from 'node:path';
import type { Command } from 'commander';
import pc from 'picocolors';
import { runCommand, type SetExitCode } from '../run-command.js';

export function registerDocsVersionCommand(program: Command, setExitCode: SetExitCode): void {
  program
    .command('docs:version')
    .description('Snapshot the docs as a version: versioned_docs/version-<name>/, its sidebars and versions.json (as Docusaurus); never overwrites')
    .argument('<name>', 'the version name, e.g. 1.4.0')
    .argument('[siteDir]', 'site folder', '.')
    .action(async (name: string, siteDir: string) => {
      setExitCode(
        await runCommand({}, async (logger) => {
          const { loadConfig } = await import('../../config/load.js');
          const { snapshotDocsVersion } = await import('../../versions/snapshot-version.js');
          const config = await loadConfig(path.resolve(siteDir));
          const written = await snapshotDocsVersion(config, name);
          logger.info(`${pc.green('✔')} Version ${name} created: ${written.docsDir}, ${written.sidebarsFile} and ${written.versionsFile}.`);
          const { resolveDocsVersions } = await import('../../config/docs-versions.js');
          const route = resolveDocsVersions(config)?.find((version) => version.name === name)?.route;
          if (route) logger.info(`Once built, it is at ${route}; the docs folder stays the next version.`);
        }),
      );
    });
}
