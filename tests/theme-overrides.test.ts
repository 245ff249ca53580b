import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import ts from 'typescript';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import { formatDiagnostic, UserError } from '../src/core/diagnostic.js';
import { createMemoryLogger } from '../src/core/logger.js';
import { serve } from '../src/serve/serve.js';
import { liveReloadEvents, type BuildErrorMessage } from '../src/shared/live-reload.js';
import { themeComponentNames } from '../src/shared/theme-components.js';
import { connectEventStream, rawRequest } from './helpers/http.js';
import { tempDir } from './helpers/browser.js';
import { writeCorpus } from './helpers/corpus.js';
import { buildSite, copySite, fixture, pageHtml, repoRoot } from './helpers/site.js';

describe('theme overrides: src/theme/<Component>.tsx (fixture theme-overrides)', () => {
  let result: BuildResult;
  beforeAll(async () => {
    result = await buildSite(fixture('theme-overrides'), { until: 'renderPages' });
  }, 120_000);

  it('builds without diagnostics', () => {
    expect(result.site.diagnostics.map((d) => `${d.file}: ${d.message}`)).toEqual([]);
  });

  it('renders a wrapped DocItem/Footer around the original (edit link kept) on every doc', () => {
    const html = pageHtml(result, '/kit/docs/intro');
    expect(html).toContain('class="edit-this-page"');
    expect(html).toMatch(/<div class="feedback" data-edit-url="https:\/\/example.com\/edit\/docs\/intro.md"><button type="button" class="feedback-button">Helpful \(0\)<\/button><\/div>/);
    expect(html.indexOf('edit-this-page')).toBeLessThan(html.indexOf('feedback-button'));
  });

  it('renders a wrapped Footer, whose hooks read the site', () => {
    const html = pageHtml(result, '/kit/docs/intro');
    expect(html).toMatch(/<p class="footer-note">Thanks for reading the Override Kit docs.<\/p><footer class="footer footer-dark">/);
  });

  it('replaces the NotFound content and the navbar ColorModeToggle', () => {
    const html = pageHtml(result, '/kit/404.html');
    expect(html).toContain('<h1>Lost in the kit</h1>');
    expect(html).not.toContain('Page Not Found</h1>');
    expect(html).toContain('<button type="button" class="custom-toggle">Mode 0</button>');
  });

  it('gives @theme/Admonition the override in MDX docs and custom pages, whose @docusaurus hooks work', () => {
    const doc = pageHtml(result, '/kit/docs/components');
    expect(doc).toMatch(/<div class="admonition-wrapper"><aside class="admonition admonition-info"/);
    const page = pageHtml(result, '/kit/hello');
    expect(page).toContain('<h1>Hello from Override Kit</h1>');
    expect(page).toMatch(/<div class="admonition-wrapper"><aside class="admonition admonition-tip"/);
  });

  it('bundles the overrides into the client: the main script names them', () => {
    const scripts = [...result.site.outputs.values()].filter((file) => file.path.endsWith('.js')).map((file) => String(typeof file.contents === 'string' ? file.contents : new TextDecoder().decode(file.contents)));
    expect(scripts.some((text) => text.includes('Helpful (') && text.includes('footer-note'))).toBe(true);
  });
});

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A copy of a small site with these files added (paths relative to the site). */
async function siteWith(files: Record<string, string>): Promise<string> {
  const { dir, cleanup } = await copySite(fixture('basic'));
  cleanups.push(cleanup);
  for (const [name, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), contents);
  }
  return dir;
}

/** The build's diagnostics as the CLI prints them, relative to the site. */
async function diagnosticsOf(siteDir: string): Promise<string[]> {
  const outcome = await buildSite(siteDir, { until: 'collectContent' }).then(
    (result) => result.site.diagnostics,
    (error: UserError) => error.diagnostics,
  );
  return outcome.map((diagnostic) => formatDiagnostic(diagnostic, { cwd: siteDir }));
}

describe('theme overrides: wrong files are located errors and warnings', () => {
  const names = themeComponentNames.join(', ');

  it('an override without a default export is an error at the file', async () => {
    const site = await siteWith({ 'src/theme/Footer.tsx': 'export function Footer() {\n  return <footer>mine</footer>;\n}\n' });
    expect(await diagnosticsOf(site)).toEqual([
      'src/theme/Footer.tsx:1:1 error The override of Footer has no default export (it exports Footer). Export the component that replaces Footer as the default export: `export default function Footer(props: FooterProps) { … }` (or `export { Footer as default }`).',
    ]);
  });

  it('a default export that is no component is an error at the export', async () => {
    const site = await siteWith({ 'src/theme/DocItem/Footer/index.tsx': "import type { DocItemFooterProps } from 'sdkdocs';\n\nexport default { title: 'not a component' };\n" });
    expect(await diagnosticsOf(site)).toEqual([
      'src/theme/DocItem/Footer/index.tsx:3:1 error The default export of the override of DocItem/Footer is an object, not a React component. Export a component: `export default function DocItemFooter(props: DocItemFooterProps) { … }`.',
    ]);
  });

  it('a file that matches no overridable component is a warning naming the file and listing the names', async () => {
    const site = await siteWith({ 'src/theme/Foter.tsx': 'export default function Foter() {\n  return null;\n}\n' });
    expect(await diagnosticsOf(site)).toEqual([
      `src/theme/Foter.tsx warning src/theme/Foter.tsx overrides no theme component: sdkdocs has no component "Foter". Did you mean "Footer"? Name the file after the component it replaces (src/theme/<Name>.tsx or src/theme/<Name>/index.tsx). Overridable: ${names}. Helpers go in a file or folder whose name starts with _, or elsewhere in src/.`,
    ]);
  });

  it('two files for one component, and an import that does not resolve, are errors at their place', async () => {
    const twice = await siteWith({ 'src/theme/Navbar.tsx': 'export default () => null;\n', 'src/theme/Navbar/index.tsx': 'export default () => null;\n' });
    expect(await diagnosticsOf(twice)).toEqual(['src/theme/Navbar/index.tsx error Two files override the theme component Navbar: Navbar.tsx and Navbar/index.tsx. Keep one of them.']);
    const unresolved = await siteWith({ 'src/theme/TOC.tsx': "import Original from '@theme-original/Toc';\nexport default Original;\n" });
    const [message] = await diagnosticsOf(unresolved);
    expect(message).toMatch(/^src\/theme\/TOC\.tsx:1:22 error Cannot compile the theme override: Could not resolve "@theme-original\/Toc": sdkdocs has no such theme component \(it has @theme\/Admonition, @theme\/CodeBlock, @theme\/ColorModeToggle, @theme\/CopyPageButton, @theme\/Details, @theme\/DocBreadcrumbs, @theme\/DocCardList, @theme\/DocItem\/Footer, /);
  });
});

describe('theme overrides on render worker threads (a site big enough for them)', () => {
  it('renders every document with the override, as the main thread does', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-override-workers-');
    cleanups.push(cleanup);
    writeCorpus(dir, 160);
    await writeFile(path.join(dir, 'sdkdocs.config.ts'), "import { defineConfig } from 'sdkdocs';\nexport default defineConfig({ title: 'Corpus', url: 'https://c.example.com', baseUrl: '/sdk/', markdown: { mermaid: false } });\n");
    await mkdir(path.join(dir, 'src', 'theme', 'DocItem'), { recursive: true });
    await writeFile(
      path.join(dir, 'src', 'theme', 'DocItem', 'Footer.tsx'),
      "import Original from '@theme-original/DocItem/Footer';\nexport default function Footer(props) {\n  return <><Original {...props} /><p className=\"worker-note\">Rendered with the override</p></>;\n}\n",
    );
    const outDir = path.join(dir, 'out');
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', dir, '--out-dir', outDir, '--verbose'], {
      encoding: 'utf8',
      env: { ...process.env, SDKDOCS_WORKERS: '2', CI: 'true' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('documents on 2 worker threads');
    const docs = (readdirSync(path.join(outDir, 'sdk', 'docs'), { recursive: true }) as string[]).filter((file) => file.endsWith('index.html'));
    expect(docs.length).toBeGreaterThan(150);
    for (const file of docs) {
      const html = readFileSync(path.join(outDir, 'sdk', 'docs', file), 'utf8');
      if (!html.includes('class="doc-article"')) continue;
      expect(html, file).toContain('<p class="worker-note">Rendered with the override</p>');
    }
  }, 180_000);
});

describe('theme overrides under serve --watch', () => {
  it('rebuilds the pages when an override changes, and reports a broken one until it is fixed', async () => {
    const { dir, cleanup } = await copySite(fixture('theme-overrides'));
    cleanups.push(cleanup);
    const server = await serve({ siteDir: dir, watch: true, port: 0, logger: createMemoryLogger() });
    cleanups.push(() => server.close());
    const events = await connectEventStream(server.port, '/__sdkdocs/events');
    cleanups.push(async () => events.close());
    await events.next((event) => event.event === liveReloadEvents.hello);
    const footer = path.join(dir, 'src', 'theme', 'Footer.tsx');
    const source = await readFile(footer, 'utf8');

    await writeFile(footer, source.replace('Thanks for reading', 'EDITED-OVERRIDE: thanks for reading'));
    await events.next((event) => event.event === liveReloadEvents.reload);
    expect((await rawRequest(server.port, '/kit/docs/intro')).body).toContain('EDITED-OVERRIDE: thanks for reading the Override Kit docs.');

    await writeFile(footer, 'export const notDefault = 1;\n');
    const failure = JSON.parse((await events.next((event) => event.event === liveReloadEvents.buildError)).data) as BuildErrorMessage;
    expect(failure.diagnostics[0]).toMatchObject({ file: path.join('src', 'theme', 'Footer.tsx'), line: 1 });

    await writeFile(footer, source);
    await events.next((event) => event.event === liveReloadEvents.reload);
    expect((await rawRequest(server.port, '/kit/docs/intro')).body).toContain('<p class="footer-note">Thanks for reading the Override Kit docs.</p>');
  }, 120_000);
});

describe('typed props for overrides: sdkdocs exports them, and sdkdocs/theme-modules types the theme imports', () => {
  it('declares @theme/ and @theme-original/ for every overridable component', async () => {
    const declarations = await readFile(path.join(repoRoot, 'types', 'theme-modules.d.ts'), 'utf8');
    for (const name of themeComponentNames) {
      expect(declarations, name).toContain(`declare module '@theme/${name}'`);
      expect(declarations, name).toContain(`declare module '@theme-original/${name}'`);
    }
  });

  it("type-checks a site's override against the props, and rejects a wrong prop at its line", async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-override-types-');
    cleanups.push(cleanup);
    const modules = path.join(dir, 'node_modules');
    await mkdir(path.join(modules, '@types'), { recursive: true });
    await symlink(repoRoot, path.join(modules, 'sdkdocs'));
    await symlink(path.join(repoRoot, 'node_modules', 'react'), path.join(modules, 'react'));
    await symlink(path.join(repoRoot, 'node_modules', '@types', 'react'), path.join(modules, '@types', 'react'));
    const good = [
      "import DocItemFooter from '@theme-original/DocItem/Footer';",
      "import Admonition from '@theme/Admonition';",
      "import useDocusaurusContext from '@docusaurus/useDocusaurusContext';",
      "import type { DocItemFooterProps, FooterProps } from 'sdkdocs';",
      'export default function Wrapper(props: DocItemFooterProps) {',
      '  const { siteConfig } = useDocusaurusContext();',
      '  const footer: FooterProps = {};',
      '  return <><DocItemFooter {...props} {...footer} /><Admonition type="tip">{siteConfig.title}</Admonition></>;',
      '}',
    ].join('\n');
    const bad = "import DocItemFooter from '@theme-original/DocItem/Footer';\n\nexport const wrong = <DocItemFooter editUrl={42} />;\n";
    await writeFile(path.join(dir, 'good.tsx'), good);
    await writeFile(path.join(dir, 'bad.tsx'), bad);
    const options: ts.CompilerOptions = {
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['sdkdocs/theme-modules'],
    };
    // As if tsc ran in the site folder, where `types` are looked up.
    const host = ts.createCompilerHost(options);
    host.getCurrentDirectory = () => dir;
    const program = ts.createProgram([path.join(dir, 'good.tsx'), path.join(dir, 'bad.tsx')], options, host);
    const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file ? `${path.basename(diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}` : '';
      return `${where} TS${diagnostic.code}`;
    });
    // editUrl={42}: no overload of the component takes a number there.
    expect(errors).toEqual(['bad.tsx:3 TS2769']);
  }, 60_000);
});

describe('theme overrides that import a stylesheet', () => {
  it("get it bundled into the site's stylesheet, which every page links, without a warning", async () => {
    const site = await siteWith({
      'src/theme/Footer.tsx': "import Footer from '@theme-original/Footer';\nimport './_footer.css';\n\nexport default function Wrapper() {\n  return <Footer />;\n}\n",
      'src/theme/_footer.css': '.footer { color: red; }\n',
    });
    const result = await buildSite(site, { until: 'renderPages' });
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.message.includes('_footer.css'))).toEqual([]);
    const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="\/kit\/([^"]+)">/g)].map((match) => match[1]!);
    const [theme] = stylesheets(pageHtml(result, '/kit/docs/intro'));
    expect(theme).toMatch(/^assets\/css\/theme\./);
    expect(new TextDecoder().decode(result.site.outputs.get(theme!)!.contents as Uint8Array)).toMatch(/\.footer\{color:red\}\s*$/);
    expect(stylesheets(pageHtml(result, '/kit/'))).toEqual([theme]);
  });
});

describe("swizzled parts import the site's other parts through @theme", () => {
  it('resolves @theme/Footer/Links to the site\'s own file, in the render and the browser bundle', async () => {
    const site = await siteWith({
      'src/theme/Footer/index.tsx': "import FooterLinks from '@theme/Footer/Links';\n\nexport default function Footer() {\n  return <footer className=\"own-footer\"><FooterLinks /></footer>;\n}\n",
      'src/theme/Footer/Links/index.tsx': 'export default function FooterLinks() {\n  return <nav className="own-footer-links">Own links</nav>;\n}\n',
    });
    const result = await buildSite(site, { until: 'renderPages' });
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error' || diagnostic.code === 'theme-override')).toEqual([]);
    expect(pageHtml(result, '/kit/docs/intro')).toContain('<footer class="own-footer"><nav class="own-footer-links">Own links</nav></footer>');
  });

  it('still names what exists when the site has no such file', async () => {
    const site = await siteWith({ 'src/theme/Footer/index.tsx': "import FooterLinks from '@theme/Footer/Links';\nexport default function Footer() {\n  return <FooterLinks />;\n}\n" });
    const [message] = await diagnosticsOf(site);
    expect(message).toMatch(/^src\/theme\/Footer\/index\.tsx:1:25 error Cannot compile the theme override: Could not resolve "@theme\/Footer\/Links": sdkdocs has no such theme component \(it has @theme\/Admonition/);
  });
});

// docs.dyte.io's release notes component imports `@docusaurus/theme-classic/lib/theme/Heading`, the
// file Docusaurus' own `@theme-original/Heading` is: the page failed to compile.
describe("components that import the classic theme's files by their package path", () => {
  it('get the theme component of that name', async () => {
    const site = await siteWith({
      'src/components/Release.jsx': "import Heading from '@docusaurus/theme-classic/lib/theme/Heading';\nimport Details from '@docusaurus/theme-classic/lib/theme/Details/index.js';\n\nexport default function Release() {\n  return <Details summary=\"More\"><Heading as=\"h2\" id=\"v1-36\">v1.36</Heading></Details>;\n}\n",
      'src/pages/releases.jsx': "import Release from '@site/src/components/Release';\n\nexport default function Releases() {\n  return <main><Release /></main>;\n}\n",
    });
    const result = await buildSite(site, { until: 'renderPages' });
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    const html = pageHtml(result, '/kit/releases');
    expect(html).toContain('<h2 id="v1-36">v1.36<a class="hash-link" aria-label="Direct link to v1.36" href="#v1-36">#</a></h2>');
    expect(html).toMatch(/<details[^>]*><summary>More<\/summary>/);
  });

  it('is an error naming the theme components when sdkdocs has no such one', async () => {
    const site = await siteWith({
      'src/pages/releases.jsx': "import Fancy from '@docusaurus/theme-classic/lib/theme/FancyBanner';\n\nexport default function Releases() {\n  return <Fancy />;\n}\n",
    });
    const diagnostics = await buildSite(site, { until: 'renderPages' }).then((result) => result.site.diagnostics, (error: UserError) => error.diagnostics);
    expect(diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, { cwd: site }))).toContainEqual(
      expect.stringMatching(/^src\/pages\/releases\.jsx:1:\d+ error Cannot compile the page: Could not resolve "@docusaurus\/theme-classic\/lib\/theme\/FancyBanner": sdkdocs has no such theme component \(it has @theme\/Admonition/),
    );
  });
});

describe('a wrong override on the command line', () => {
  it('fails the build with exit 1 and the error at file:line:col, no stack trace', async () => {
    const site = await siteWith({ 'src/theme/SearchBar.tsx': "import type { SearchBarProps } from 'sdkdocs';\n\nexport default 'SearchBar';\n" });
    const { dir: outDir, cleanup } = await tempDir('sdkdocs-override-cli-');
    cleanups.push(cleanup);
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', site, '--out-dir', path.join(outDir, 'out')], {
      encoding: 'utf8',
      cwd: site,
      env: { ...process.env, CI: 'true' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('src/theme/SearchBar.tsx:3:1 error The default export of the override of SearchBar is a string, not a React component.');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});

describe('an override that only the browser bundle cannot take', () => {
  it('is a located error: a Node module imported by an override', async () => {
    const site = await siteWith({ 'src/theme/Footer.tsx': "import { readFileSync } from 'node:fs';\n\nexport default function Footer() {\n  return <footer>{typeof readFileSync}</footer>;\n}\n" });
    const error = await buildSite(site, { until: 'bundleClient' }).then(
      () => undefined,
      (thrown: UserError) => thrown,
    );
    const messages = (error?.diagnostics ?? []).map((diagnostic) => formatDiagnostic(diagnostic, { cwd: site }));
    expect(messages).toEqual([
      'src/theme/Footer.tsx:1:30 error Cannot bundle for the browser: Could not resolve "node:fs". Overrides, custom pages and the components of MDX docs run in the browser too: they may import only browser-safe modules (no node:* modules).',
    ]);
  }, 120_000);

  // A package of the site written for Node was an internal error (exit 3) without a place.
  it('is a located error: a package of the site that needs Node', async () => {
    const site = await siteWith({
      'node_modules/server-widget/package.json': '{ "name": "server-widget", "version": "1.0.0", "main": "index.js" }\n',
      'node_modules/server-widget/index.js': "const { readFileSync } = require('node:fs');\nmodule.exports = function Widget() { return typeof readFileSync; };\n",
      'src/theme/Footer.tsx': "import Widget from 'server-widget';\n\nexport default function Footer() {\n  return <footer><Widget /></footer>;\n}\n",
    });
    const error = await buildSite(site, { until: 'bundleClient' }).then(
      () => undefined,
      (thrown: UserError) => thrown,
    );
    expect(error).toBeInstanceOf(UserError);
    expect(error!.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, { cwd: site }))).toEqual([
      'node_modules/server-widget/index.js:1:34 error Cannot bundle for the browser: Could not resolve "node:fs". Overrides, custom pages and the components of MDX docs run in the browser too: a package they import must work in the browser (this one needs Node).',
    ]);
  }, 120_000);
});
