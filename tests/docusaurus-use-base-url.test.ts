import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml, writeSiteFiles } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

// Found on wix/Detox's site: its swizzled Footer/LinkItem calls `useBaseUrl(href, {
// forcePrependBaseUrl: true })` for every item, `href` undefined for the `to` ones, and
// `useBaseUrl(to)` with `to` undefined for the `href` ones. Docusaurus hands an empty URL back;
// sdkdocs threw "Cannot read properties of undefined" and no page was built.
describe("@docusaurus/useBaseUrl as Docusaurus' addBaseUrl", () => {
  let result: Built;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-use-base-url-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, {
      'sdkdocs.config.ts': "export default { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/kit/' };\n",
      'docs/intro.md': '# Intro\n\nHello.\n',
      'src/pages/urls.js': [
        "import useBaseUrl, { useBaseUrlUtils } from '@docusaurus/useBaseUrl';",
        '',
        'function Url({ name, value }) {',
        '  return <li data-name={name}>{String(value)}</li>;',
        '}',
        '',
        'export default function Urls() {',
        '  const { withBaseUrl } = useBaseUrlUtils();',
        '  return (',
        '    <ul>',
        "      <Url name=\"undefined\" value={useBaseUrl(undefined)} />",
        "      <Url name=\"undefined-forced\" value={useBaseUrl(undefined, { forcePrependBaseUrl: true })} />",
        "      <Url name=\"empty\" value={useBaseUrl('')} />",
        "      <Url name=\"forced\" value={useBaseUrl('/kit/img/a.png', { forcePrependBaseUrl: true })} />",
        "      <Url name=\"base-without-slash\" value={useBaseUrl('/kit')} />",
        "      <Url name=\"plain\" value={useBaseUrl('/img/a.png')} />",
        "      <Url name=\"utils-undefined\" value={withBaseUrl(undefined, { forcePrependBaseUrl: true })} />",
        '    </ul>',
        '  );',
        '}',
        '',
      ].join('\n'),
    });
    result = await buildSite(made.dir, { until: 'renderPages' });
  }, 120_000);
  afterAll(() => cleanup?.());

  const url = (name: string) => new RegExp(`<li data-name="${name}">([^<]*)</li>`).exec(pageHtml(result, '/kit/urls'))?.[1];

  it('hands an undefined or empty URL back, forced or not, and the page is built', () => {
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(url('undefined')).toBe('undefined');
    expect(url('undefined-forced')).toBe('undefined');
    expect(url('empty')).toBe('');
    expect(url('utils-undefined')).toBe('undefined');
  });

  it('prepends the base URL when forced, even to a path that starts with it; the base URL without its slash is the base URL', () => {
    expect(url('forced')).toBe('/kit/kit/img/a.png');
    expect(url('base-without-slash')).toBe('/kit/');
    expect(url('plain')).toBe('/kit/img/a.png');
  });
});
