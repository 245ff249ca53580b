import type { ResolvedConfig } from '../config/resolve.js';

/** The options of the commands that read a site's config. */
export interface ConfigCommandOptions {
  outDir?: string;
  /** Safe mode: `siteDir` is a pull request's checkout, read as content only. */
  untrusted?: boolean;
  /** With `untrusted`: the trusted checkout whose config runs. */
  trustedSite?: string;
}

/** The config a command builds with: the site's own, or in safe mode the trusted checkout's (see config/untrusted-site.ts). */
export async function loadCommandConfig(siteDir: string, options: ConfigCommandOptions): Promise<ResolvedConfig> {
  // Loaded here so that commands pay for esbuild and zod only when they read a config.
  if (options.untrusted) {
    const { loadUntrustedSiteConfig } = await import('../config/untrusted-site.js');
    return loadUntrustedSiteConfig({ contentDir: siteDir, trustedSiteDir: options.trustedSite, outDir: options.outDir });
  }
  const { loadConfig } = await import('../config/load.js');
  return loadConfig(siteDir, { outDir: options.outDir });
}
