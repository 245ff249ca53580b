import { spawnSync } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';
import { buildSite, repoRoot, writeSiteFiles } from './helpers/site.js';
import { stylingPlugin, writeTailwindLikeSite } from './helpers/postcss-site.js';

/*
 * A Docusaurus site styled the way Tailwind's guide for Docusaurus sets it up (see
 * tests/helpers/postcss-site.ts), built as a new user would.
 */

const sites: string[] = [];
afterAll(async () => {
  for (const dir of sites) await rm(dir, { recursive: true, force: true });
});

async function tailwindLikeSite(files: Record<string, string> = {}): Promise<string> {
  const dir = await writeTailwindLikeSite(files);
  sites.push(dir);
  return dir;
}

/** The text of every stylesheet a build wrote. */
async function builtCss(outDir: string): Promise<string> {
  const cssDir = path.join(outDir, 'assets', 'css');
  const names = await readdir(cssDir);
  return (await Promise.all(names.filter((name) => name.endsWith('.css')).map((name) => readFile(path.join(cssDir, name), 'utf8')))).join('\n');
}

function runCli(site: string, command = 'build') {
  return spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), command, '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
}

describe("a Docusaurus plugin's configurePostCss", () => {
  it('runs its PostCSS plugins over customCss and CSS modules, built by the shipped CLI from the site folder', async () => {
    const site = await tailwindLikeSite();
    const run = runCli(site);
    expect(run.stderr + run.stdout).not.toMatch(/styling-plugin[^\n]*not run/);
    expect(run.status, run.stderr).toBe(0);
    const css = await builtCss(path.join(site, 'out'));
    // The utilities the doc and the custom page use, made from the `@utilities` rule of customCss.
    expect(css).toMatch(/\.u-pad-4\{padding:1rem\}/);
    expect(css).toMatch(/\.u-gap-2\{gap:\.5rem\}/);
    expect(css).not.toContain('@utilities');
    expect(css).toMatch(/\.brand-heading\{color:#0a7c59\}/);
    // The CSS module went through the plugins too, and keeps its scoped name.
    expect(css).toMatch(/\.hero_[\w-]{4}\{border-color:#0a7c59\}/);
    expect(css).not.toContain('brand-color()');
  });

  it('keeps warning of the hooks it does not apply, by name', async () => {
    const site = await tailwindLikeSite({
      'plugins/styling-plugin.cjs': stylingPlugin("\n    async loadContent() { return 1; },\n    injectHtmlTags() { return {}; },"),
    });
    const config = await loadConfig(site);
    expect(config.postcssPlugins).toHaveLength(1);
    const warnings = (config.configWarnings ?? []).map((warning) => warning.message).filter((message) => message.includes('styling-plugin'));
    expect(warnings).toEqual([expect.stringContaining('sdkdocs applies its configurePostCss, injectHtmlTags; it does not apply loadContent, so what that makes is missing')]);
  });

  it('says why, at the plugin, when calling the plugin function throws', async () => {
    const site = await tailwindLikeSite({
      'plugins/styling-plugin.cjs': "module.exports = function stylingPlugin() { throw new Error('needs a TAILWIND_KEY'); };\n",
    });
    const config = await loadConfig(site);
    expect(config.postcssPlugins).toEqual([]);
    const warning = (config.configWarnings ?? []).find((found) => found.message.includes('styling-plugin'));
    expect(warning?.message).toContain('is not run');
    expect(warning?.message).toContain('it threw: needs a TAILWIND_KEY');
    expect(warning?.line).toBeGreaterThan(0);
  });

  it("reports a plugin's error at its place in the stylesheet", async () => {
    const site = await tailwindLikeSite({ 'src/css/custom.css': '@utilities;\n\n.broken { color: unknown-function(); }\n' });
    const run = runCli(site);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/src[\\/]css[\\/]custom\.css:3:\d+/);
    expect(run.stderr).toContain('unknown-function() is not a utility');
  });

  it('says to install postcss when the site has plugins for it and no postcss', async () => {
    const site = await tailwindLikeSite();
    await rm(path.join(site, 'node_modules', 'postcss'));
    const run = runCli(site);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('no `postcss` package');
    expect(run.stderr).toContain('npm install -D postcss');
  });

  it('takes postcssPlugins from an sdkdocs config the same way', async () => {
    const site = await tailwindLikeSite();
    await writeSiteFiles(site, {
      'sdkdocs.config.mjs': `import utilities from './plugins/utility-postcss.cjs';\nexport default { title: 'Styled', customCss: './src/css/custom.css', postcssPlugins: [utilities({ content: [${JSON.stringify(path.join(site, 'docs'))}] })] };\n`,
    });
    const result = await buildSite(site, { inMemory: true });
    const css = [...result.site.outputs].filter(([file]) => file.endsWith('.css')).map(([, output]) => Buffer.from(output.contents).toString('utf8')).join('\n');
    expect(css).toMatch(/\.u-pad-4\{padding:1rem\}/);
    expect(css).toMatch(/\.brand-heading\{color:#0a7c59\}/);
  });

  it('sdkdocs migrate writes a config that loads, and says the PostCSS plugins are to be written by hand', async () => {
    const site = await tailwindLikeSite();
    const migrated = runCli(site, 'migrate');
    expect(migrated.status, migrated.stderr).toBe(0);
    const written = await readFile(path.join(site, 'sdkdocs.config.ts'), 'utf8');
    expect(written).toContain("postcssPlugins, which the plugins' configurePostCss gives: not written");
    expect(written).not.toMatch(/^\s*postcssPlugins:/m);
  });
});
