import { ExitCode, UserError, environmentDiagnosticCodes } from '../core/diagnostic.js';
import { createConsoleLogger, type Logger } from '../core/logger.js';

export interface RunCommandOptions {
  verbose?: boolean;
  /**
   * What a failure left as it was, added to the failure line ("the previous output was left as it
   * was"): only a command that knows there was something to leave says it.
   */
  failureNote?: () => string | undefined;
}

/** Runs a command body, turning user errors into printed diagnostics and an exit code. */
export async function runCommand(options: RunCommandOptions, body: (logger: Logger) => Promise<number | void>): Promise<number> {
  const logger = createConsoleLogger({ verbose: options.verbose });
  try {
    return (await body(logger)) ?? ExitCode.ok;
  } catch (error) {
    if (error instanceof UserError) {
      for (const diagnostic of error.diagnostics) logger.diagnostic(diagnostic);
      const count = error.diagnostics.filter((d) => d.severity === 'error').length;
      const note = options.failureNote?.();
      logger.error(`✖ Failed with ${count} error${count === 1 ? '' : 's'}${note ? `; ${note}` : ''}.`);
      return error.diagnostics.some((d) => d.code !== undefined && environmentDiagnosticCodes.has(d.code)) ? ExitCode.internal : ExitCode.inputError;
    }
    logger.error(`✖ Internal error: ${(error as Error).stack ?? String(error)}`);
    return ExitCode.internal;
  }
}

/** How a command hands its exit code back to main. */
export type SetExitCode = (code: number) => void;
