import type { Command } from 'commander';
import { ExitCode } from '../../core/diagnostic.js';
import type { SetExitCode } from '../run-command.js';

export function registerServeCommand(program: Command, setExitCode: SetExitCode): void {
  program
    .command('serve')
    .description('Serve the built site; with --watch, rebuild on change and reload the browser')
    .argument('[siteDir]', 'site folder', '.')
    .option('--port <port>', 'port to listen on', '3000')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--watch', 'rebuild on change and reload open pages')
    .option('--open', 'open the site in a browser')
    .action(async () => {
      process.stderr.write('sdkdocs serve: not implemented yet\n');
      setExitCode(ExitCode.internal);
    });
}
