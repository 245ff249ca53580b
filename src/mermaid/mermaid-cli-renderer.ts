import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser } from 'puppeteer';
import { chromiumMissingHint, findChromium, headlessChromiumArgs } from '../shared/chromium.js';
import { DiagramBrowserMissingError, DiagramSyntaxError, type DiagramRenderer, type DiagramTheme } from './diagram-renderer.js';

export interface MermaidCliRendererOptions {
  /** CSS font stack the diagram's text is measured and drawn with: the site's own. */
  fontFamily: string;
  /** Overrides the Chromium lookup (tests). */
  findBrowser?: () => string | undefined;
}

/** The id mermaid-cli gives the root `<svg>`; the build renames it per page. */
const renderedSvgId = 'mermaid-svg';

/**
 * Renders with @mermaid-js/mermaid-cli in the system Chromium. The browser starts on the first
 * diagram that needs it, not before, and serves every diagram of the build.
 */
export function createMermaidCliRenderer(options: MermaidCliRendererOptions): DiagramRenderer {
  const findBrowser = options.findBrowser ?? findChromium;
  let browser: Promise<Browser> | undefined;
  let launches = 0;

  const launch = async (): Promise<Browser> => {
    const executablePath = findBrowser();
    if (!executablePath) {
      throw new DiagramBrowserMissingError(`Chromium is needed to prerender mermaid diagrams and none was found. ${chromiumMissingHint}`);
    }
    launches++;
    try {
      const { default: puppeteer } = await import('puppeteer');
      return await puppeteer.launch({ executablePath, headless: true, args: [...headlessChromiumArgs] });
    } catch (error) {
      throw new DiagramBrowserMissingError(
        `Chromium at ${executablePath} would not start to prerender mermaid diagrams: ${(error as Error).message.split('\n')[0]} ${chromiumMissingHint}`,
      );
    }
  };

  return {
    cacheKey: `mermaid-cli@${versionOf('@mermaid-js/mermaid-cli')} mermaid@${versionOf('mermaid')} font=${options.fontFamily}`,
    get browserLaunches() {
      return launches;
    },
    async render(definition: string, theme: DiagramTheme): Promise<string> {
      browser ??= launch();
      // A failed launch is remembered, so every diagram reports it without trying again.
      const ready = await browser;
      // Loaded on first use: a build whose diagrams are all cached never loads puppeteer.
      const [{ renderMermaid }, { ProtocolError, TimeoutError }] = await Promise.all([import('@mermaid-js/mermaid-cli'), import('puppeteer')]);
      try {
        const { data } = await renderMermaid(ready, definition, 'svg', {
          backgroundColor: 'transparent',
          svgId: renderedSvgId,
          mermaidConfig: {
            theme,
            fontFamily: options.fontFamily,
            themeVariables: { fontFamily: options.fontFamily },
            securityLevel: 'strict',
            // Same definition, same ids: the output does not change from one build to the next.
            deterministicIds: true,
          },
        });
        return new TextDecoder().decode(data);
      } catch (error) {
        if (error instanceof ProtocolError || error instanceof TimeoutError || !ready.connected) throw error;
        throw new DiagramSyntaxError(parserMessage((error as Error).message));
      }
    },
    async close() {
      const started = browser;
      browser = undefined;
      if (started) await (await started.catch(() => undefined))?.close();
    },
  };
}

/** Mermaid's message without the stack frame puppeteer appends (`Parser.parseError (https://…)`). */
export function parserMessage(message: string): string {
  return message
    .split('\n')
    .filter((line) => !/^\s*(at\s.*|\S+\s\((https?|file):\/\/.*\))$/.test(line))
    .join('\n')
    .trim();
}

const require = createRequire(import.meta.url);

/** The installed version of mermaid-cli or of the mermaid it renders with. */
function versionOf(name: '@mermaid-js/mermaid-cli' | 'mermaid'): string {
  const cliEntry = require.resolve('@mermaid-js/mermaid-cli');
  let dir = path.dirname(name === 'mermaid' ? createRequire(cliEntry).resolve('mermaid') : cliEntry);
  while (dir !== path.dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name && manifest.version) return manifest.version;
    } catch {
      // no package.json at this level; keep climbing
    }
    dir = path.dirname(dir);
  }
  throw new Error(`sdkdocs: cannot find the version of ${name}`);
}
