/**
 * The theme's types as the model names them. The theme's components and their props are
 * templates' own, above the model: rather than import them, the model declares this slot and
 * src/ssr/theme-host.ts (the theme on the server) fills it by declaration merging, so
 * `ThemeOverrides` here is the templates' type itself.
 */
export interface ThemeTypes {}

/** The site's own components (`src/theme/…`), by the name of the theme component each replaces. */
export type ThemeOverrides = ThemeTypes['overrides'];
