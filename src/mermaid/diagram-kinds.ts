/**
 * Kinds of diagram one render cannot draw in both colour modes, so they are drawn twice (light and
 * dark). Measured by screenshot against the two renders (website/docs/guides/diagrams.md):
 * - `mindmap` and `kanban` pick each section's line colour by whether its colour is dark
 *   (`isDark`), then darken or lighten it: a choice made on the sentinel, not on the mode's
 *   colour, and a colour no custom property names (`timeline` computes the same colours but,
 *   in mermaid 11, draws with none of them);
 * - `packet` has colours in the dark theme only; light mode draws mermaid's packet defaults
 *   (the renderer would find that out too, after a wasted render);
 * - `venn` derives its set colours by darkening and lightening the theme's.
 */
const drawnPerTheme = new Set(['mindmap', 'kanban', 'packet', 'packet-beta', 'venn', 'venn-beta']);

/**
 * Whether one render draws this definition in both colour modes. Not when its own configuration
 * (front matter `config:` or a `%%{init}%%` directive) may pick a theme, theme variables or the
 * `neo` look: those are drawn as written, in each theme.
 */
export function rendersBothModesAtOnce(definition: string): boolean {
  const frontMatter = /^\s*---\r?\n([\s\S]*?)\r?\n---[^\S\r\n]*(\r?\n|$)/.exec(definition);
  if (frontMatter && /^\s*config\s*:/m.test(frontMatter[1])) return false;
  const body = frontMatter ? definition.slice(frontMatter[0].length) : definition;
  if (/%%\{/.test(body)) return false;
  const firstStatement = body.split(/\r?\n/).find((line) => line.trim() !== '' && !line.trimStart().startsWith('%%'));
  const kind = firstStatement?.trim().split(/[\s:;{]/)[0].toLowerCase() ?? '';
  return !drawnPerTheme.has(kind);
}
