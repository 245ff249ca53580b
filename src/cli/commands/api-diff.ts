import path from 'node:path';
import type { Command } from 'commander';
import pc from 'picocolors';
import { ExitCode, UserError } from '../../core/diagnostic.js';
import { currentVersionName } from '../../core/docs-version.js';
import { runCommand, type SetExitCode } from '../run-command.js';

export function registerApiDiffCommand(program: Command, setExitCode: SetExitCode): void {
  program
    .command('api:diff')
    .description('Print what changed in the API between two docs versions (current or a name of versions.json)')
    .argument('<from>', 'the older version, e.g. 1.4.0')
    .argument('<to>', 'the newer version, e.g. current')
    .argument('[siteDir]', 'site folder', '.')
    .option('--json', 'print the changes as JSON on stdout')
    .option('--fail-on-breaking', 'exit 1 when a change is breaking')
    .action(async (from: string, to: string, siteDir: string, options: { json?: boolean; failOnBreaking?: boolean }) => {
      setExitCode(
        await runCommand({}, async (logger) => {
          const { loadConfig } = await import('../../config/load.js');
          const { closest } = await import('../../config/closest-name.js');
          const { currentVersionAlone, resolveDocsVersions } = await import('../../config/docs-versions.js');
          const { loadVersionApiModel } = await import('../../api/versioned-api.js');
          const { diffApiModels } = await import('../../api/api-diff.js');
          const config = await loadConfig(path.resolve(siteDir));
          if (!config.api) {
            throw new UserError({ severity: 'error', code: 'api-diff', file: config.configFile, message: 'The config has no `api` section, so there is no API to compare.', hint: 'Add api: { entryPoints, tsconfig }.' });
          }
          // The current SDK is there without versions.json, and when the current docs are not built.
          const versions = resolveDocsVersions(config) ?? [];
          const find = (name: string) => {
            const version = versions.find((candidate) => candidate.name === name) ?? (name === currentVersionName ? currentVersionAlone(config) : undefined);
            if (version && (version.name === currentVersionName || version.api)) return version;
            const withApi = [currentVersionName, ...versions.filter((candidate) => candidate.api).map((candidate) => candidate.name)];
            const suggestion = closest(name, withApi);
            throw new UserError({
              severity: 'error',
              code: 'api-diff',
              file: config.configFile,
              message: version ? `The version "${name}" has no API source.` : `There is no docs version "${name}".`,
              hint: version
                ? `Give it one: docs.versions["${name}"].api = { gitRef: '…' } or { path: '…' }.`
                : `Versions with an API: ${withApi.join(', ')}${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
            });
          };
          const [older, newer] = [find(from), find(to)];
          const models = [];
          for (const version of [older, newer]) {
            const loaded = await loadVersionApiModel(config, config.paths.cache, version);
            const errors = loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
            if (!loaded.model || errors.length > 0) throw new UserError(errors.length > 0 ? errors : loaded.diagnostics);
            models.push(loaded.model);
          }
          const changes = diffApiModels(models[0], models[1]);
          const breaking = changes.filter((change) => change.breaking).length;
          if (options.json) {
            process.stdout.write(`${JSON.stringify({ from, to, breaking, changes }, null, 2)}\n`);
          } else {
            logger.info(`API changes from ${older.label} to ${newer.label}: ${breaking} breaking of ${changes.length}.`);
            for (const change of changes) {
              const mark = change.breaking ? pc.red('breaking  ') : '          ';
              logger.info(`${mark}${change.kind.padEnd(11)}${change.symbolKind} ${change.name}${change.details.length > 0 ? `: ${change.details.join('; ')}` : ''}`);
            }
          }
          return options.failOnBreaking && breaking > 0 ? ExitCode.inputError : ExitCode.ok;
        }),
      );
    });
}
