import type { DiagramTheme } from '../model/diagram.js';

export type { DiagramColours, DiagramRenderer, DiagramStats, DiagramTheme } from '../model/diagram.js';

/** The two mermaid themes every diagram is rendered in: one per colour mode of the site. */
export const diagramThemes = ['default', 'dark'] as const satisfies readonly DiagramTheme[];

/** The definition does not parse: the message is mermaid's own, with its line and caret. */
export class DiagramSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiagramSyntaxError';
  }
}

/** No Chromium was found, or it would not start. */
export class DiagramBrowserMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiagramBrowserMissingError';
  }
}

/**
 * The browser crashed, closed or could not load mermaid during the build. A kind of
 * {@link DiagramBrowserMissingError}: the build reports both as "no browser to render with".
 */
export class DiagramBrowserCrashedError extends DiagramBrowserMissingError {
  constructor(message: string) {
    super(message);
    this.name = 'DiagramBrowserCrashedError';
  }
}

/**
 * One render cannot draw this diagram in both colour modes: it uses a colour one of mermaid's
 * themes leaves unset. It is drawn once per theme instead.
 */
export class DiagramNeedsThemesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiagramNeedsThemesError';
  }
}
