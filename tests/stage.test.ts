import { describe, expect, it } from 'vitest';
import { UserError } from '../src/core/diagnostic.js';
import { createSite, deferCheck, type BuildContext, type Site } from '../src/core/site.js';
import { runStages, type Stage } from '../src/core/stage.js';
import { loadConfig } from '../src/config/load.js';
import { fixture, stageContext } from './helpers/site.js';

async function setup(): Promise<{ site: Site; ctx: BuildContext }> {
  const config = await loadConfig(fixture('basic'));
  const site = createSite(config);
  return { site, ctx: stageContext(site) };
}

/** A check that adds an error once `release` is called. */
function pendingError(site: Site) {
  let release!: () => void;
  const check = new Promise<void>((resolve) => {
    release = () => {
      site.diagnostics.push({ severity: 'error', code: 'sample', message: 'a doc sample does not compile' });
      resolve();
    };
  });
  return { check, release };
}

describe('checks left running by a stage', () => {
  it('let later stages run, and stop the build before the stage that writes', async () => {
    const { site, ctx } = await setup();
    const ran: string[] = [];
    const { check, release } = pendingError(site);
    const stages: Stage[] = [
      { name: 'starts', run: async () => void deferCheck(ctx, check) },
      { name: 'renders', run: async () => void (ran.push('renders'), release()) },
      { name: 'writes', run: async () => void ran.push('writes'), afterDeferredChecks: true },
    ];
    const failure = await runStages(site, ctx, stages).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UserError);
    expect((failure as UserError).diagnostics.map((d) => d.message)).toEqual(['a doc sample does not compile']);
    expect(ran).toEqual(['renders']);
  });

  it('are reported together with the errors of a later stage that stops the build', async () => {
    const { site, ctx } = await setup();
    const { check, release } = pendingError(site);
    const stages: Stage[] = [
      { name: 'starts', run: async () => void deferCheck(ctx, check) },
      {
        name: 'links',
        run: async () => {
          site.diagnostics.push({ severity: 'error', code: 'link', message: 'a broken link' });
          setTimeout(release, 10);
        },
      },
    ];
    const failure = (await runStages(site, ctx, stages).catch((error: unknown) => error)) as UserError;
    expect(failure.diagnostics.map((d) => d.message).sort()).toEqual(['a broken link', 'a doc sample does not compile']);
  });

  it('are awaited at the end of a run that stops early', async () => {
    const { site, ctx } = await setup();
    const { check, release } = pendingError(site);
    setTimeout(release, 10);
    const stages: Stage[] = [{ name: 'starts', run: async () => void deferCheck(ctx, check) }];
    await expect(runStages(site, ctx, stages)).rejects.toBeInstanceOf(UserError);
  });
});
