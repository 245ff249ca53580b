import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../src/core/diagnostic.js';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml, writeSiteFiles } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

// Found on Redux's and React Redux's sites: Docusaurus sites write components and pages as `.js`
// files with JSX; sdkdocs failed on the components and left the pages out without a word.
describe("a Docusaurus site's .js files with JSX", () => {
  let result: Built;
  let siteDir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ dir: siteDir, cleanup } = await tempDir('sdkdocs-js-files-'));
    const files: Record<string, string> = {
      'sdkdocs.config.ts': "export default { title: 'Kit', baseUrl: '/kit/', onBrokenLinks: 'warn' };\n",
      'docs/intro.mdx': "# Intro\n\nimport Hi from '@site/src/components/Hi';\n\n<Hi>there</Hi>\n",
      'src/components/Hi.js': 'export default function Hi({ children }) {\n  return <b className="hi">{children}</b>;\n}\n',
      'src/pages/support.js':
        "import Layout from '@theme/Layout';\nimport Hi from '../components/Hi';\n\nexport default function Support() {\n  return <Layout title=\"Support\" wrapperClassName=\"support\"><main><h1>Support</h1><Hi>us</Hi></main></Layout>;\n}\n",
      'src/pages/errors.js':
        "import { useLocation } from '@docusaurus/router';\n\nexport default function Errors() {\n  const location = useLocation();\n  const code = new URLSearchParams(location.search).get('code');\n  return <main><h1>Errors</h1><p className=\"where\">{location.pathname}</p>{code ? <p className=\"code\">Error {code}</p> : null}</main>;\n}\n",
      'src/pages/_parts/Box.js': 'export default function Box() {\n  return <div />;\n}\n',
      'src/pages/support.test.js': "test('renders', () => {});\n",
      'src/pages/changelog.md': '# Changelog\n',
      // trpc.io's landing page shows docs/landing-intro/Step1.md, imported as a component.
      'docs/steps/first.md': '## First step\n\nDefine a **router**:\n\n```ts\nconst appRouter = router({});\n```\n',
      'src/pages/steps.js': "import First from '../../docs/steps/first.md';\n\nexport default function Steps() {\n  return <main className=\"steps\"><First /></main>;\n}\n",
    };
    await writeSiteFiles(siteDir, files);
    result = await buildSite(siteDir);
  }, 120_000);
  afterAll(() => cleanup?.());

  it('reads a component written as .js with JSX, as Babel does in Docusaurus', () => {
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(pageHtml(result, '/kit/docs/intro')).toContain('<b class="hi">there</b>');
  });

  it('makes a page of src/pages/*.js, and none of partials or tests', () => {
    // Wrapped in Docusaurus' @theme/Layout, which holds the content (the chrome is drawn around every page).
    expect(pageHtml(result, '/kit/support')).toContain('<div class="main-wrapper support"><main><h1>Support</h1><b class="hi">us</b></main></div>');
    const routes = result.site.pages.map((page) => page.route);
    expect(routes.filter((route) => /parts|test/.test(route))).toEqual([]);
  });

  // Redux's errors.js reads `?code=` with @docusaurus/router's useLocation.
  it("provides @docusaurus/router's useLocation: the page's path at build time, no query", () => {
    expect(pageHtml(result, '/kit/errors')).toContain('<h1>Errors</h1><p class="where">/kit/errors</p></main>');
  });

  it('renders a markdown file that a page imports, as Docusaurus does', () => {
    const html = pageHtml(result, '/kit/steps');
    expect(html).toContain('Define a <strong>router</strong>:');
    expect(html).toContain('appRouter');
  });

  it('builds a markdown page in src/pages as a page of its own, without a warning', () => {
    expect(result.site.diagnostics.filter((d) => d.code === 'custom-page')).toEqual([]);
    expect(result.site.pages.some((page) => page.route === '/kit/changelog')).toBe(true);
  });
});

// docs.dyte.io's InteractiveTour/index.jsx has TypeScript annotations (`({ href }: { href: string })`).
// Docusaurus with `future.experimental_faster` compiles every JS file with SWC's TSX parser, so
// the site builds there; sdkdocs read it as plain JSX and failed at the first annotation.
describe("a Docusaurus site's .jsx files with TypeScript annotations", () => {
  it('are read as TSX, in the render and the browser bundle', async () => {
    const { dir: siteDir, cleanup } = await tempDir('sdkdocs-js-ts-');
    try {
      const files: Record<string, string> = {
        'sdkdocs.config.ts': "export default { title: 'Kit', baseUrl: '/kit/' };\n",
        'docs/intro.md': '# Intro\n',
        'src/components/Tour/index.jsx': "export const Tour = ({ href }: { href: string }) => {\n  const label = 'Take the tour' as string;\n  return <a className=\"tour\" href={href}>{label}</a>;\n};\n",
        'src/pages/tour.js': "import { Tour } from '../components/Tour';\n\nexport default function TourPage() {\n  return <main><Tour href=\"#start\" /></main>;\n}\n",
      };
      await writeSiteFiles(siteDir, files);
      const result = await buildSite(siteDir);
      expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(pageHtml(result, '/kit/tour')).toContain('<a class="tour" href="#start">Take the tour</a>');
    } finally {
      await cleanup();
    }
  });
});

// docs.dyte.io's onboarding docs import @dytesdk/react-web-core, which bundles React 18's JSX
// runtime and reads React 18's internals; sdkdocs renders with React 19, which has none, and the
// docs failed with "Cannot read properties of undefined (reading 'ReactCurrentOwner')" and a hint
// about browser-only code, which is not the cause.
describe('a package built against React 18 internals', () => {
  it('fails the doc with a hint naming React 19', async () => {
    const { dir: siteDir, cleanup } = await tempDir('sdkdocs-react18-');
    try {
      const files: Record<string, string> = {
        'sdkdocs.config.ts': "export default { title: 'Kit', baseUrl: '/kit/' };\n",
        'docs/intro.mdx': "import Meeting from 'old-meeting';\n\n# Intro\n\n<Meeting />\n",
        'node_modules/old-meeting/package.json': '{ "name": "old-meeting", "version": "1.0.0", "main": "index.js" }\n',
        'node_modules/old-meeting/index.js': "const React = require('react');\nconst owner = React.__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED.ReactCurrentOwner;\nmodule.exports = function Meeting() {\n  return owner ? null : null;\n};\n",
      };
      await writeSiteFiles(siteDir, files);
      const diagnostics = await buildSite(siteDir, { until: 'renderPages' }).then((result) => result.site.diagnostics, (error: { diagnostics: Diagnostic[] }) => error.diagnostics);
      const failure = diagnostics.find((d) => d.severity === 'error' && d.file?.endsWith('intro.mdx'));
      expect(failure?.message).toContain('ReactCurrentOwner');
      expect(failure?.hint).toMatch(/React 18's internals.*React 19/);
    } finally {
      await cleanup();
    }
  });
});
