import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileSystemDiagnostic, UserError } from './diagnostic.js';
import type { BuildContext, Site } from './site.js';

/** One named step of the build: reads and adds to the site model. */
export interface Stage {
  name: string;
  run(site: Site, ctx: BuildContext): Promise<void>;
  /** Runs only once the checks earlier stages left running have finished without errors (writing output). */
  afterDeferredChecks?: boolean;
}

export interface StageTiming {
  name: string;
  ms: number;
}

/**
 * Runs stages in order, timing each. Content diagnostics are collected by the stages and printed
 * together; the first stage that leaves an error behind ends the run with all of them.
 */
export async function runStages(site: Site, ctx: BuildContext, stages: readonly Stage[]): Promise<StageTiming[]> {
  const timings: StageTiming[] = [];
  let reported = 0;
  const settleDeferredChecks = async () => {
    const checks = ctx.deferredChecks ?? [];
    ctx.deferredChecks = [];
    await Promise.all(checks);
  };
  const report = async () => {
    // A build that stops reports the problems of the checks still running too, all at once.
    if (site.diagnostics.slice(reported).some((d) => d.severity === 'error')) await settleDeferredChecks();
    const fresh = site.diagnostics.slice(reported);
    reported = site.diagnostics.length;
    const errors = fresh.filter((d) => d.severity === 'error');
    for (const warning of fresh.filter((d) => d.severity === 'warning')) ctx.logger.diagnostic(warning);
    if (errors.length > 0) throw new UserError(errors);
  };
  for (const stage of stages) {
    if (stage.afterDeferredChecks) {
      await settleDeferredChecks();
      await report();
    }
    ctx.logger.progress(`${stage.name}…`);
    const started = performance.now();
    await stage.run(site, ctx).catch((error: unknown) => {
      throw unreadableInputError(error, site) ?? error;
    });
    const ms = performance.now() - started;
    if (ctx.outputStages) recordOutputStage(site, ctx.outputStages, stage.name);
    timings.push({ name: stage.name, ms });
    ctx.logger.debug(`${stage.name.padEnd(18)} ${ms.toFixed(0).padStart(6)} ms`);
    await report();
  }
  await settleDeferredChecks();
  await report();
  return timings;
}

/**
 * A file of the site that a stage could not read (permission denied, deleted meanwhile), as an
 * error at the file instead of a crash; problems with the output folder or the cache stay internal.
 */
/** Names the stage as the maker of each output file that first appears in the model after it ran. */
function recordOutputStage(site: Site, outputStages: Map<string, string>, stage: string): void {
  for (const output of site.outputs.keys()) if (!outputStages.has(output)) outputStages.set(output, stage);
}

function unreadableInputError(error: unknown, site: Site): UserError | undefined {
  const { code, path: file, syscall } = error as NodeJS.ErrnoException;
  if (!file || !code || !['EACCES', 'EPERM', 'ENOENT', 'EISDIR'].includes(code)) return undefined;
  const { siteDir, paths } = site.config;
  const inside = (folder: string) => !path.relative(folder, file).startsWith('..') && !path.isAbsolute(path.relative(folder, file));
  const besideOutput = path.relative(path.dirname(paths.outRoot), file).startsWith(`.${path.basename(paths.outRoot)}.`);
  if (!inside(siteDir) || inside(paths.outRoot) || besideOutput || inside(paths.cache) || syscall === 'rename' || syscall === 'mkdir') return undefined;
  const what = syscall === 'scandir' || syscall === 'opendir' ? 'folder' : 'file';
  if (code === 'ENOENT') {
    // Unlike a listed doc, this path may never have existed: something in the site names it.
    return new UserError({
      severity: 'error',
      code: 'read',
      file,
      message: `This ${what} does not exist.`,
      hint: 'If it was deleted while the build ran, run the build again; otherwise create it, or remove what names it.',
    });
  }
  return new UserError(fileSystemDiagnostic(error, file, what));
}
