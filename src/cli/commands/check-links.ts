import type { Command } from 'commander';
import { ExitCode } from '../../core/diagnostic.js';
import type { SetExitCode } from '../run-command.js';

export function registerCheckLinksCommand(program: Command, setExitCode: SetExitCode): void {
  program
    .command('check-links')
    .description('Check every link of the built site in out/')
    .argument('[siteDir]', 'site folder', '.')
    .option('--json', 'print a machine-readable report')
    .action(async () => {
      process.stderr.write('sdkdocs check-links: not implemented yet\n');
      setExitCode(ExitCode.internal);
    });
}
