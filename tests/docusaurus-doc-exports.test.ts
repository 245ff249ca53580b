import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml, writeSiteFiles } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

// Found on contributing.bitwarden.com: its ADRs write `<AdrTable frontMatter={frontMatter} />`,
// the front matter Docusaurus' MDX loader exports, with `date: 2022-07-15` read as a Date; 26 docs
// failed with "frontMatter is not defined". Its folder index docs link their pages relatively
// (`./web-vault` in clients/index.md), which Docusaurus resolves from the doc's URL, /clients/:
// 9 links were called broken.
describe("what a Docusaurus doc may take for granted", () => {
  let result: Built;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-doc-exports-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, {
      'docusaurus.config.js': "module.exports = { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/', onBrokenLinks: 'throw', presets: [['classic', { blog: false, docs: { routeBasePath: '/' } }]] };\n",
      'docs/adr/0008-cqs.md': '---\nadr: "0008"\ndate: 2022-07-15\ntags: [server]\n---\n\n# Adopt CQS\n\n<AdrTable frontMatter={frontMatter} />\n',
      'src/theme/MDXComponents.js': "import MDXComponents from '@theme-original/MDXComponents';\nimport AdrTable from '@site/src/components/AdrTable';\n\nexport default { ...MDXComponents, AdrTable };\n",
      'src/components/AdrTable.js': 'export default function AdrTable({ frontMatter }) {\n  return <p className="adr">ADR-{frontMatter.adr} of {frontMatter.date.toISOString().slice(0, 10)}, {frontMatter.tags.join(\',\')}</p>;\n}\n',
      'docs/clients/index.md': '# Clients\n\n- [Web vault](./web-vault)\n- [Tools](../tools)\n',
      'docs/clients/web-vault.md': '# Web vault\n',
      'docs/tools.md': '# Tools\n',
      'docs/clients/guide.md': '---\nslug: the-guide\n---\n\n# Guide\n\n[Web vault](./web-vault)\n',
    });
    result = await buildSite(made.dir, { until: 'renderPages' });
  }, 120_000);
  afterAll(() => cleanup?.());

  it("gives an MDX doc its front matter as `frontMatter`, dates as dates", () => {
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(pageHtml(result, '/adr/cqs')).toContain('<p class="adr">ADR-<!-- -->0008<!-- --> of <!-- -->2022-07-15<!-- -->, <!-- -->server</p>');
  });

  it("resolves a folder index doc's relative links from its folder, others' from their parent", () => {
    const links = (route: string) => [...pageHtml(result, route).matchAll(/<a href="([^"]+)">(Web vault|Tools)<\/a>/g)].map((match) => match[1]);
    expect(links('/clients')).toEqual(['/clients/web-vault', '/tools']);
    expect(links('/clients/the-guide')).toEqual(['/clients/web-vault']);
  });
});

// contributing.bitwarden.com links three files beside its docs (`./assets/x.svg`, `./hosts.txt`),
// which Docusaurus publishes as assets; sdkdocs does not, and its error said only "no route".
describe('a link to a file beside a doc', () => {
  it('is a broken link whose hint says the file is there and what to do', async () => {
    const made = await tempDir('sdkdocs-linked-file-');
    try {
      await writeSiteFiles(made.dir, {
        'sdkdocs.config.ts': "export default { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/', onBrokenLinks: 'warn' };\n",
        'docs/intro.md': '# Intro\n\nThe [hosts](./files/hosts.txt).\n',
        'docs/files/hosts.txt': 'mail.example.com\n',
      });
      const built = await buildSite(made.dir, { until: 'checkLinks' });
      const warning = built.site.diagnostics.find((d) => d.code === 'broken-link');
      expect(warning?.line).toBe(3);
      expect(warning?.hint).toBe('The file files/hosts.txt is there, beside the doc: Docusaurus publishes a file a doc links to, sdkdocs does not (only the images docs show). Move it to the static folder and link it from the site root (/hosts.txt), or show it as an image.');
    } finally {
      await made.cleanup();
    }
  }, 120_000);
});
