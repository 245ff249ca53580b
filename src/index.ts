/** The public API of sdkdocs: config typing for sites, and the commands as functions. */
import type { UserConfig } from './config/schema.js';

export type { UserConfig } from './config/schema.js';
export type { ResolvedConfig } from './config/resolve.js';
export type { Site, Page, BuildContext } from './core/site.js';
export type { Diagnostic } from './core/diagnostic.js';
export { UserError, ExitCode } from './core/diagnostic.js';
export { build, type BuildOptions, type BuildResult } from './core/build.js';
export { loadConfig } from './config/load.js';

/** Types a site's `sdkdocs.config.ts`; returns the config unchanged. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
