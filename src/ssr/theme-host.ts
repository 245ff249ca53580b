import * as Admonition from '../../templates/theme/Admonition.js';
import * as CodeBlock from '../../templates/theme/CodeBlock.js';
import * as ColorModeToggle from '../../templates/theme/ColorModeToggle.js';
import * as CopyPageButton from '../../templates/theme/CopyPageButton.js';
import * as Details from '../../templates/theme/Details.js';
import * as DocBreadcrumbs from '../../templates/theme/DocBreadcrumbs.js';
import * as DocItemFooter from '../../templates/theme/DocItem/Footer.js';
import * as DocPaginator from '../../templates/theme/DocPaginator.js';
import * as Footer from '../../templates/theme/Footer.js';
import * as Navbar from '../../templates/theme/Navbar.js';
import * as NotFound from '../../templates/theme/NotFound.js';
import * as SearchBar from '../../templates/theme/SearchBar.js';
import * as TabItem from '../../templates/theme/TabItem.js';
import * as Tabs from '../../templates/theme/Tabs.js';
import * as ThemedImage from '../../templates/theme/ThemedImage.js';
import * as DocCardList from '../../templates/theme/DocCardList.js';
import * as TOC from '../../templates/theme/TOC.js';
import * as TOCInline from '../../templates/theme/TOCInline.js';
import * as TOCItems from '../../templates/theme/TOCItems.js';
import * as Layout from '../../templates/theme/Layout.js';
import * as LayoutProvider from '../../templates/theme/Layout/Provider.js';
import * as Heading from '../../templates/theme/Heading.js';
import * as MDXComponents from '../../templates/theme/MDXComponents.js';
import * as IconSuccess from '../../templates/theme/Icon/Success.js';
import * as IconArrow from '../../templates/theme/Icon/Arrow.js';
import * as IconClose from '../../templates/theme/Icon/Close.js';
import * as IconCopy from '../../templates/theme/Icon/Copy.js';
import * as IconDarkMode from '../../templates/theme/Icon/DarkMode.js';
import * as IconEdit from '../../templates/theme/Icon/Edit.js';
import * as IconExternalLink from '../../templates/theme/Icon/ExternalLink.js';
import * as IconHome from '../../templates/theme/Icon/Home.js';
import * as IconLanguage from '../../templates/theme/Icon/Language.js';
import * as IconLightMode from '../../templates/theme/Icon/LightMode.js';
import * as IconMenu from '../../templates/theme/Icon/Menu.js';
import * as IconSystemColorMode from '../../templates/theme/Icon/SystemColorMode.js';
import * as IconWordWrap from '../../templates/theme/Icon/WordWrap.js';
import { withColorModeChoice } from '../../templates/theme/color-mode-choice.js';
import { withDocusaurusTocProps } from '../../templates/theme/toc-props.js';
import * as NavbarItemComponentTypes from '../../templates/theme/NavbarItem/ComponentTypes.js';
import * as DropdownNavbarItem from '../../templates/theme/NavbarItem/DropdownNavbarItem.js';
import * as DefaultNavbarItem from '../../templates/theme/NavbarItem/DefaultNavbarItem.js';
import * as BrowserOnly from '../../templates/theme/docusaurus/BrowserOnly.js';
import * as ExecutionEnvironment from '../../templates/theme/docusaurus/ExecutionEnvironment.js';
import * as Link from '../../templates/theme/docusaurus/Link.js';
import * as useBaseUrl from '../../templates/theme/docusaurus/useBaseUrl.js';
import * as useDocusaurusContext from '../../templates/theme/docusaurus/useDocusaurusContext.js';
import * as useIsBrowser from '../../templates/theme/docusaurus/useIsBrowser.js';
import * as router from '../../templates/theme/docusaurus/router.js';
import * as Head from '../../templates/theme/docusaurus/Head.js';
import * as Translate from '../../templates/theme/docusaurus/Translate.js';
import * as Interpolate from '../../templates/theme/docusaurus/Interpolate.js';
import * as isInternalUrl from '../../templates/theme/docusaurus/isInternalUrl.js';
import * as themeCommon from '../../templates/theme/docusaurus/theme-common.js';
import * as useGlobalData from '../../templates/theme/docusaurus/useGlobalData.js';
import * as useBrokenLinks from '../../templates/theme/docusaurus/useBrokenLinks.js';
import * as docsClient from '../../templates/theme/docusaurus/plugin-content-docs/client.js';
import { pathToFileURL } from 'node:url';
import type { ThemeOverrides } from '../../templates/theme-overrides.js';
import { loadSiteModule } from '../core/site-code.js';
import { loadFromTemporaryFile } from '../core/site-module.js';
import type { ThemeComponentName } from '../shared/theme-components.js';
import type { DocusaurusModuleName } from '../core/theme-imports.js';

// The model names the theme's overrides without importing templates (see src/model/theme.ts).
// Inside the block a name would mean the model's own type of that name, hence the alias.
type TemplatesThemeOverrides = ThemeOverrides;
declare module '../model/theme.js' {
  interface ThemeTypes {
    overrides: TemplatesThemeOverrides;
  }
}

/**
 * The theme modules of this running build, for code the build imports and renders itself (the
 * site's overrides and custom pages): they must use the very modules `<App>` renders with, or a
 * component would read a theme context that nothing provides.
 */
export const themeHostModules: {
  theme: Record<ThemeComponentName, Record<string, unknown>>;
  docusaurus: Record<DocusaurusModuleName, Record<string, unknown>>;
} = {
  theme: {
    Navbar,
    Footer,
    'DocItem/Footer': DocItemFooter,
    NotFound,
    SearchBar,
    ColorModeToggle,
    DocBreadcrumbs,
    DocPaginator,
    TOC,
    CopyPageButton,
    Admonition,
    CodeBlock,
    Details,
    Tabs,
    TabItem,
    ThemedImage,
    TOCInline,
    TOCItems,
    DocCardList,
    Heading,
    MDXComponents,
    Layout,
    'Layout/Provider': LayoutProvider,
    'Icon/Success': IconSuccess,
    'Icon/Arrow': IconArrow,
    'Icon/Close': IconClose,
    'Icon/Copy': IconCopy,
    'Icon/DarkMode': IconDarkMode,
    'Icon/Edit': IconEdit,
    'Icon/ExternalLink': IconExternalLink,
    'Icon/Home': IconHome,
    'Icon/Language': IconLanguage,
    'Icon/LightMode': IconLightMode,
    'Icon/Menu': IconMenu,
    'Icon/SystemColorMode': IconSystemColorMode,
    'Icon/WordWrap': IconWordWrap,
    'NavbarItem/ComponentTypes': NavbarItemComponentTypes,
    'NavbarItem/DropdownNavbarItem': DropdownNavbarItem,
    'NavbarItem/DefaultNavbarItem': DefaultNavbarItem,
  },
  docusaurus: { Link, useBaseUrl, useDocusaurusContext, BrowserOnly, ExecutionEnvironment, useIsBrowser, router, Head, Translate, Interpolate, isInternalUrl, 'theme-common': themeCommon, useGlobalData, useBrokenLinks, 'plugin-content-docs/client': docsClient },
};

/** Where bundled code finds {@link themeHostModules} when it runs. */
export const themeHostKey = 'sdkdocs.themeHost';

/** Makes this build's theme modules reachable for the code about to be imported. */
export function provideThemeHost(): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for(themeHostKey)] = themeHostModules;
}

/** The code of each overrides module loaded in this thread, by its URL: a render error's stack points into it. */
const loadedOverridesCode = new Map<string, string>();

/** The compiled overrides code a stack frame's URL points into, when this thread loaded it. */
export function loadedOverridesCodeAt(url: string): string | undefined {
  return loadedOverridesCode.get(url);
}

/**
 * Imports compiled overrides (`SiteThemeOverrides.code`) into this thread: their theme
 * imports reach this thread's own theme modules. Their top level is site code, run under its time limit.
 */
export async function importThemeOverridesModule(code: string): Promise<Record<string, Record<string, unknown>>> {
  provideThemeHost();
  const module = (await loadFromTemporaryFile(code, 'theme-overrides.mjs', (file) => {
    loadedOverridesCode.set(pathToFileURL(file).href, code);
    return loadSiteModule(file);
  })) as { default: Record<string, Record<string, unknown>> };
  return module.default;
}

/** The components of compiled overrides, for a render worker. */
export async function themeOverrideComponents(code: string): Promise<ThemeOverrides> {
  const modules = await importThemeOverridesModule(code);
  return Object.fromEntries(Object.entries(modules).map(([name, module]) => [name, asRendered(name, module.default)])) as ThemeOverrides;
}

/**
 * Overrides given the props Docusaurus gives them: a `ColorModeToggle` its `value` and `onChange`,
 * a `TOC` its `toc` and heading levels, as in the browser (bundle-client.ts wraps them the same way).
 */
const overrideWrappers: Record<string, (component: never) => unknown> = { ColorModeToggle: withColorModeChoice, TOC: withDocusaurusTocProps };

/** A site's override as the theme renders it. */
export function asRendered(name: string, component: unknown): unknown {
  const wrapper = Object.hasOwn(overrideWrappers, name) ? overrideWrappers[name] : undefined;
  return wrapper && typeof component === 'function' ? wrapper(component as never) : component;
}
