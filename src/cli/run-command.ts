import { ExitCode, UserError, environmentDiagnosticCodes } from '../core/diagnostic.js';
import { createConsoleLogger, type Logger } from '../core/logger.js';

/** Runs a command body, turning user errors into printed diagnostics and an exit code. */
export async function runCommand(options: { verbose?: boolean }, body: (logger: Logger) => Promise<number | void>): Promise<number> {
  const logger = createConsoleLogger({ verbose: options.verbose });
  try {
    return (await body(logger)) ?? ExitCode.ok;
  } catch (error) {
    if (error instanceof UserError) {
      for (const diagnostic of error.diagnostics) logger.diagnostic(diagnostic);
      const count = error.diagnostics.filter((d) => d.severity === 'error').length;
      logger.error(`✖ Failed with ${count} error${count === 1 ? '' : 's'}; the previous output was left as it was.`);
      return error.diagnostics.some((d) => d.code !== undefined && environmentDiagnosticCodes.has(d.code)) ? ExitCode.internal : ExitCode.inputError;
    }
    logger.error(`✖ Internal error: ${(error as Error).stack ?? String(error)}`);
    return ExitCode.internal;
  }
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** How a command hands its exit code back to main. */
export type SetExitCode = (code: number) => void;
