import { Command, CommanderError } from 'commander';
import { ExitCode } from '../core/diagnostic.js';
import { packageVersion } from '../core/package-root.js';
import { registerBuildCommand } from './commands/build.js';
import { registerCheckLinksCommand } from './commands/check-links.js';
import { registerDocsVersionCommand } from './commands/docs-version.js';
import { registerApiDiffCommand } from './commands/api-diff.js';
import { registerInitCommand } from './commands/init.js';
import { registerServeCommand } from './commands/serve.js';
import { registerMigrateCommand } from './commands/migrate.js';
import { registerErrorsCommand } from './commands/errors.js';
import type { SetExitCode } from './run-command.js';

/**
 * The command line as commander defines it: every command, argument and option with its help
 * text. The docs site's CLI reference is generated from it, so the help and the docs never differ.
 */
export function createProgram(setExitCode: SetExitCode): Command {
  const program = new Command()
    .name('sdkdocs')
    .description('Build, serve and check the documentation site of an SDK.')
    .version(packageVersion(), '-v, --version')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  registerBuildCommand(program, setExitCode);
  registerServeCommand(program, setExitCode);
  registerCheckLinksCommand(program, setExitCode);
  registerInitCommand(program, setExitCode);
  registerDocsVersionCommand(program, setExitCode);
  registerApiDiffCommand(program, setExitCode);
  registerMigrateCommand(program, setExitCode);
  registerErrorsCommand(program, setExitCode);
  return program;
}

/** Runs the CLI with the given arguments (without `node` and the script) and returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  let exitCode: number = ExitCode.ok;
  const program = createProgram((code) => {
    exitCode = code;
  });
  // A bare `sdkdocs` is a usage error like any other: help on stderr, exit 2.
  if (argv.length === 0) {
    program.outputHelp({ error: true });
    return ExitCode.usage;
  }
  for (const command of program.commands) command.exitOverride();

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code)) return ExitCode.ok;
      return ExitCode.usage;
    }
    throw error;
  }
  return exitCode;
}
