import { existsSync, lstatSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import pc from 'picocolors';
import { UserError } from '../../core/diagnostic.js';
import { packageRoot } from '../../core/package-root.js';
import { cliInvocation, shellQuoted } from '../../init/cli-invocation.js';
import { starterFiles } from '../../init/starter-site.js';
import { runCommand, type SetExitCode } from '../run-command.js';

export function registerInitCommand(program: Command, setExitCode: SetExitCode): void {
  program
    .command('init')
    .description('Write a starter site (config, docs, landing page) into a folder; never overwrites a file')
    .argument('[dir]', 'folder of the new site', '.')
    .option('--title <title>', 'the site title', 'My SDK')
    .option('--api', 'add an API reference generated from sdk/src/index.ts')
    .option('--landing', "add a starter landing page (src/pages/index.tsx) in place of sdkdocs' default one")
    .action(async (dir: string, options: { title: string; api?: boolean; landing?: boolean }) => {
      setExitCode(
        await runCommand({}, async (logger) => {
          const siteDir = path.resolve(dir);
          const files = starterFiles({ title: options.title, api: options.api === true, landing: options.landing === true });
          // Checked before anything is written: an init that stops halfway would leave a site that is neither.
          const existing = files.filter((file) => existsSync(path.join(siteDir, file.path)) || isSymlink(path.join(siteDir, file.path)));
          if (existing.length > 0) {
            throw new UserError(
              existing.map((file) => ({
                severity: 'error' as const,
                code: 'init',
                file: path.join(siteDir, file.path),
                message: 'This file exists already; sdkdocs init never overwrites a file, so nothing was written.',
                hint: 'Run `sdkdocs init` in a new or empty folder: `sdkdocs init my-docs`.',
              })),
            );
          }
          for (const file of files) {
            const target = path.join(siteDir, file.path);
            await mkdir(path.dirname(target), { recursive: true });
            await writeFile(target, file.contents, { flag: 'wx' });
          }
          const shown = shellQuoted(path.relative(process.cwd(), siteDir) || '.');
          const sdkdocs = cliInvocation(process.cwd(), packageRoot());
          logger.info(`${pc.green('✔')} Wrote a starter site with ${files.length} files to ${shown}.`);
          logger.info(`Build it:  ${sdkdocs} build ${shown}`);
          logger.info(`Serve it:  ${sdkdocs} serve ${shown} --watch`);
        }),
      );
    });
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
