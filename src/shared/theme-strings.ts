/**
 * Every string the theme shows, in one table per locale, so that a translation is one more entry.
 * `{name}` placeholders are filled by {@link formatThemeString}.
 */
export const themeStrings = {
  en: {
    skipToContent: 'Skip to main content',
    colorModeToggle: 'Switch between dark and light mode (currently {mode})',
    colorModeLight: 'light mode',
    colorModeDark: 'dark mode',
    close: 'Close',
    closeNavbar: 'Close navigation bar',
    toggleNavbar: 'Toggle navigation bar',
    backToMainMenu: '← Back to main menu',
    languages: 'Languages',
    versions: 'Versions',
    main: 'Main',
    breadcrumbs: 'Breadcrumbs',
    homePage: 'Home page',
    docsSidebar: 'Docs sidebar',
    expandCategory: "Expand sidebar category '{label}'",
    collapseCategory: "Collapse sidebar category '{label}'",
    apiSidebar: 'API sidebar',
    onThisPage: 'On this page',
    docsPages: 'Docs pages',
    previous: 'Previous',
    next: 'Next',
    editThisPage: 'Edit this page',
    directLink: 'Direct link to {heading}',
    copyCode: 'Copy code to clipboard',
    copied: 'Copied',
    notFoundTitle: 'Page Not Found',
    notFoundText: 'We could not find what you were looking for.',
    notFoundHint: 'Please contact the owner of the site that linked you to the original URL and let them know their link is broken.',
    pageCrashed: 'This page crashed.',
    tryAgain: 'Try again',
    pageErrorTitle: 'Page Error',
    retry: 'Retry',
    loadFailed: 'This page could not be loaded.',
    loading: 'Loading...',
    searchPlaceholderMac: 'Search ⌘+K',
    searchPlaceholderOther: 'Search Ctrl+K',
    searchNoResults: 'No results for "{query}"',
    searchLabel: 'Search',
    searchResults: 'Search results',
    searchLoadFailed: 'Search could not be loaded. Try again in a moment.',
    wrongBaseUrl: 'Your site did not load properly.',
    wrongBaseUrlHint: 'The current configuration has baseUrl = {baseUrl}. We suggest trying baseUrl = {suggested}',
    navbarItemError: 'A theme navbar item failed to render. Please double-check the following navbar item (themeConfig.navbar.items) of your sdkdocs config:',
    docsPageCount: '{count} items',
    categoryIndexIntro: 'Pages in this section:',
    apiIndexTitle: 'API Reference',
  },
} as const;

export type ThemeStringKey = keyof (typeof themeStrings)['en'];
export type LocaleName = keyof typeof themeStrings;

/** Looks up a theme string and fills its `{placeholders}`. */
export function formatThemeString(
  key: ThemeStringKey,
  values: Record<string, string | number> = {},
  locale: LocaleName = 'en',
): string {
  const template: string = themeStrings[locale][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
