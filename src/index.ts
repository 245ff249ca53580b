/** The public API of sdkdocs: config typing for sites, and the commands as functions. */
import type { UserConfig } from './config/schema.js';

export type { UserConfig } from './config/schema.js';
export type { ResolvedConfig } from './config/resolve.js';
export type { Site, Page, BuildContext } from './core/site.js';
export type { Diagnostic } from './core/diagnostic.js';
export { UserError, ExitCode } from './core/diagnostic.js';
export { build, type BuildOptions, type BuildResult } from './pipeline/build.js';
export { loadConfig } from './config/load.js';
/** Props of the theme components a site may override with `src/theme/<Name>.tsx` (see website/docs/guides/overrides.md). */
export type {
  AdmonitionProps,
  CodeBlockProps,
  ColorModeToggleProps,
  CopyPageButtonProps,
  DetailsProps,
  DocBreadcrumbsProps,
  DocItemFooterProps,
  DocCardListItem,
  DocCardListProps,
  DocPaginatorProps,
  FooterProps,
  HighlightedCode,
  IconProps,
  LayoutProps,
  LayoutProviderProps,
  DefaultNavbarItemProps,
  DropdownNavbarItemProps,
  NavbarProps,
  NotFoundProps,
  SearchBarProps,
  TabItemProps,
  TabsProps,
  ThemedImageProps,
  HeadingProps,
  ThemeComponentProps,
  ThemeOverrides,
  TOCInlineItem,
  TOCInlineProps,
  TOCItemsProps,
  TOCProps,
} from '../templates/theme-overrides.js';
export type { ThemeComponentName } from './shared/theme-components.js';
export type { LinkProps } from '../templates/Link.js';
export type { DocusaurusContext } from '../templates/theme/docusaurus/useDocusaurusContext.js';
export { themeComponentNames } from './shared/theme-components.js';

/** Types a site's `sdkdocs.config.ts`; returns the config unchanged. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
