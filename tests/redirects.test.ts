import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic, UserError } from '../src/core/diagnostic.js';
import { tempDir } from './helpers/browser.js';
import { buildSite } from './helpers/site.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** A site with two docs and the given `redirects` written into its config as source text. */
async function siteWithRedirects(redirects: string): Promise<string> {
  const { dir, cleanup } = await tempDir('sdkdocs-redirects-');
  cleanups.push(cleanup);
  await mkdir(path.join(dir, 'docs'), { recursive: true });
  await writeFile(path.join(dir, 'docs', 'intro.md'), '# Intro\n\n## Setup\n\nText.\n');
  await writeFile(path.join(dir, 'docs', 'guide.md'), '# Guide\n\nSee the [old intro](/docs/old-intro#setup).\n');
  await writeFile(
    path.join(dir, 'sdkdocs.config.ts'),
    `export default {\n  title: 'Redirects',\n  url: 'https://r.example.com',\n  baseUrl: '/kit/',\n  redirects: ${redirects},\n};\n`,
  );
  return dir;
}

describe('redirects', () => {
  it('writes a page at each old path that sends the reader on, keeping query and fragment', async () => {
    const dir = await siteWithRedirects(`[
    { from: ['/docs/old-intro', '/docs/older-intro'], to: '/docs/intro' },
    { from: '/chat', to: 'https://chat.example.com/' },
  ]`);
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics.filter((d) => d.severity !== 'warning' || d.code === 'broken-link')).toEqual([]);
    for (const from of ['docs/old-intro', 'docs/older-intro']) {
      const html = String(result.site.outputs.get(`${from}/index.html`)?.contents);
      expect(html).toContain('<script>location.replace("/kit/docs/intro" + location.search + location.hash);</script>');
      expect(html).toContain('<meta http-equiv="refresh" content="0; url=/kit/docs/intro">');
      expect(html).toContain('<link rel="canonical" href="/kit/docs/intro">');
      expect(html).toContain('<a href="/kit/docs/intro">');
    }
    expect(String(result.site.outputs.get('chat/index.html')?.contents)).toContain('location.replace("https://chat.example.com/" + location.search + location.hash)');
    // Old paths are not pages: the sitemap lists only where readers end up.
    expect(String(result.site.outputs.get('sitemap.xml')?.contents)).not.toContain('old-intro');
  });

  it('checks the target like any link of the config, at its line', async () => {
    const dir = await siteWithRedirects(`[
    { from: '/docs/old-intro', to: '/docs/intro' },
    { from: '/docs/gone', to: '/docs/missing' },
  ]`);
    const error = await buildSite(dir, { until: 'renderPages' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    const messages = (error as UserError).diagnostics.map((d) => formatDiagnostic(d, { cwd: dir }));
    expect(messages).toEqual(['sdkdocs.config.ts:7:27 error redirects[1].to: Broken link → /docs/missing (/kit/docs/missing) No page, static file or generated file has the route /kit/docs/missing.']);
  });

  it('refuses a redirect from a path that is a page, naming the page', async () => {
    const dir = await siteWithRedirects(`[{ from: '/docs/guide', to: '/docs/intro' }]`);
    const error = await buildSite(dir, { until: 'renderPages' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    const messages = (error as UserError).diagnostics.filter((d) => d.code === 'redirect').map((d) => formatDiagnostic(d, { cwd: dir }));
    expect(messages).toEqual([`sdkdocs.config.ts:5 error redirects[0].from: /docs/guide is already the page of ${path.join(dir, 'docs', 'guide.md')}; a redirect page there would replace it. Redirect only paths that no longer have a page, or remove this redirect.`]);
  });

  it('refuses a from that is not a path of the site, at its config key', async () => {
    const dir = await siteWithRedirects(`[{ from: 'docs/../../etc', to: '/docs/intro' }]`);
    const error = await buildSite(dir, { until: 'renderPages' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).diagnostics.map((d) => d.message).join('\n')).toMatch(/redirects\[0\]\.from/);
  });

  it('makes the redirects createRedirects gives for each page path, keeping pages that exist', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-create-redirects-');
    cleanups.push(cleanup);
    await mkdir(path.join(dir, 'docs'), { recursive: true });
    await writeFile(path.join(dir, 'docs', 'intro.md'), '# Intro\n');
    await writeFile(path.join(dir, 'docs', 'guide.md'), '# Guide\n\nThe [old guide](/docs/tutorial-guide) still works.\n');
    await writeFile(
      path.join(dir, 'docusaurus.config.js'),
      [
        'module.exports = {',
        "  title: 'Made', url: 'https://m.example.com', baseUrl: '/kit/',",
        '  plugins: [',
        "    ['@docusaurus/plugin-client-redirects', {",
        '      createRedirects(existingPath) {',
        "        if (existingPath.startsWith('/docs/')) return [existingPath.replace('/docs/', '/docs/tutorial-'), '/docs/intro'];",
        '        return undefined;',
        '      },',
        '    }],',
        '  ],',
        '};',
      ].join('\n'),
    );
    const result = await buildSite(dir, { until: 'renderPages' });
    for (const [from, to] of [['docs/tutorial-intro', '/kit/docs/intro'], ['docs/tutorial-guide', '/kit/docs/guide']]) {
      expect(String(result.site.outputs.get(`${from}/index.html`)?.contents)).toContain(`<meta http-equiv="refresh" content="0; url=${to}">`);
    }
    // /docs/intro is a page: it stays the page, and the warning says so at the function's line.
    expect(String(result.site.outputs.get('docs/intro/index.html')?.contents)).not.toContain('http-equiv="refresh"');
    const warnings = result.site.diagnostics.filter((d) => d.code === 'redirect').map((d) => formatDiagnostic(d, { cwd: dir }));
    expect(warnings).toEqual([
      expect.stringMatching(/^docusaurus\.config\.js:5:\d+ warning plugins\[0\]\[1\]\.createRedirects: 1 of the paths it gave is a page of the site, which keeps its page: \/docs\/intro \(for \/docs\/guide\)/),
    ]);
    // The link to an old path is not broken: its redirect page is there.
    expect(result.site.diagnostics.filter((d) => d.code === 'broken-link')).toEqual([]);
  });

  it('places a createRedirects that throws at its key', async () => {
    const dir = await siteWithRedirects('[]');
    const configFile = path.join(dir, 'sdkdocs.config.ts');
    await writeFile(configFile, (await readFile(configFile, 'utf8')).replace('  redirects: [],', "  redirects: [],\n  createRedirects: (existing: string) => { if (existing === '/docs/guide') throw new Error('no guides'); return undefined; },"));
    const error = await buildSite(dir, { until: 'renderPages' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).diagnostics.map((d) => formatDiagnostic(d, { cwd: dir }))).toEqual([
      expect.stringMatching(/^sdkdocs\.config\.ts:6:\d+ error createRedirects threw for the path \/docs\/guide: no guides/),
    ]);
  });

  it('counts the paths the host redirects (vercel.json, Netlify _redirects) as links that lead somewhere', async () => {
    const dir = await siteWithRedirects('[]');
    await writeFile(path.join(dir, 'docs', 'guide.md'), '# Guide\n\n[Sponsor](/sponsor), [Chat](/chat) and [a pattern](/blog/2020/post).\n');
    await writeFile(path.join(dir, 'vercel.json'), JSON.stringify({ redirects: [{ source: '/sponsor', destination: 'https://github.com/sponsors/x' }, { source: '/blog/:year/:slug', destination: '/news' }] }));
    await mkdir(path.join(dir, 'static'), { recursive: true });
    await writeFile(path.join(dir, 'static', '_redirects'), '# Netlify\n/chat  https://chat.example.com  301\n');
    const error = await buildSite(dir, { until: 'renderPages' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    // Only the pattern is no route: a link to it is still broken.
    expect((error as UserError).diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/^Broken link → \/blog\/2020\/post /)]);
  });
});
