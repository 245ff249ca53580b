import path from 'node:path';
import { ExitCode, UserError, environmentDiagnosticCodes } from '../core/diagnostic.js';
import { catalogueReference } from '../core/error-catalogue.js';
import { createConsoleLogger, type ConsoleLogger, type Logger } from '../core/logger.js';

export interface RunCommandOptions {
  verbose?: boolean;
  /**
   * What a failure left as it was, added to the failure line ("the previous output was left as it
   * was"): only a command that knows there was something to leave says it.
   */
  failureNote?: () => string | undefined;
  /** Ends with where the printed diagnostics' codes are explained (not for `errors` itself). */
  pointToCatalogue?: boolean;
}

/** Runs a command body, turning user errors into printed diagnostics and an exit code. */
export async function runCommand(options: RunCommandOptions, body: (logger: Logger) => Promise<number | void>): Promise<number> {
  const logger = createConsoleLogger({ verbose: options.verbose });
  try {
    return (await body(logger)) ?? ExitCode.ok;
  } catch (caught) {
    return reportFailure(caught, logger, options);
  } finally {
    if (options.pointToCatalogue !== false) pointToExplanations(logger);
  }
}

function reportFailure(caught: unknown, logger: Logger, options: RunCommandOptions): number {
  const error = fileSystemUserError(caught) ?? caught;
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

/**
 * One closing line after the diagnostics: where the `[code]` that ends each is explained, with
 * the first printed code as the example to copy.
 */
function pointToExplanations(logger: ConsoleLogger): void {
  const [example] = logger.printedCodes();
  if (example === undefined) return;
  const reference = catalogueReference(example);
  const where = reference.startsWith('sdkdocs ')
    ? `run \`sdkdocs errors <code>\` (e.g. \`${reference}\`)`
    : `see ${reference.replace(/#.*$/, '#<code>')} (e.g. ${reference})`;
  logger.info(`What a [code] means and how to fix it: ${where}.`);
}

/**
 * What the machine refuses (a full disk, a read-only file system, a folder this user may not
 * write): not sdkdocs' bug but the writer's to fix, so an error at the path with what to do.
 */
const fileSystemProblems: Record<string, { what: string; hint: string }> = {
  ENOSPC: { what: 'the disk is full', hint: 'Free some space on that disk, or build to another one with --out-dir.' },
  EDQUOT: { what: 'the disk quota is used up', hint: 'Free some space, or build to another disk with --out-dir.' },
  EROFS: { what: 'the file system is read-only', hint: 'Build to a folder you can write with --out-dir (or the outDir config key).' },
  EACCES: { what: 'permission denied', hint: 'Give this user write access to that folder (and read access to the site), or build to another folder with --out-dir.' },
  EPERM: { what: 'the operation is not permitted', hint: 'Check the folder\'s permissions and that no other program holds it, or build to another folder with --out-dir.' },
  EBUSY: { what: 'the path is busy (another program holds it)', hint: 'Close what holds it (a server, an editor, an antivirus scan) and build again.' },
};

function fileSystemUserError(error: unknown): UserError | undefined {
  const { code, path: file, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  const problem = code ? fileSystemProblems[code] : undefined;
  // A write to an open file names no path; a full disk is still the machine's, not a bug.
  if (!problem || (!file && code !== 'ENOSPC' && code !== 'EDQUOT')) return undefined;
  const output = file ? outputFolderOfStaging(file) : undefined;
  const what = output ? `write the output folder ${output}` : `${syscall ?? 'use'}${file ? ` ${file}` : ''}`;
  const where = output ?? file;
  return new UserError({ severity: 'error', code: 'file-system', message: `Cannot ${what}: ${problem.what} (${code}).`, ...(where ? { file: where } : {}), hint: problem.hint });
}

/**
 * The output folder a build's staging folder stands for (see write/staging-folder.ts): the writer
 * named the output folder, never the hidden one the build fills first.
 */
function outputFolderOfStaging(file: string): string | undefined {
  const staging = /^(.*)[\\/]\.([^\\/]+)\.staging-[^\\/]+/.exec(file);
  if (!staging) return undefined;
  const [, parent, name] = staging;
  // Beside the output folder, or inside it when that folder is a mount point.
  return path.basename(parent!) === name ? parent : path.join(parent!, name!);
}

/** How a command hands its exit code back to main. */
export type SetExitCode = (code: number) => void;
