/**
 * A Docusaurus site with `clientModules`, as sites write them: a script resolved with
 * `require.resolve` that imports its own stylesheet, sets something on the page and exports
 * Docusaurus' route lifecycles (which record what they are called with in `window.__routeLog`),
 * a stylesheet by its path, and a module with its lifecycle on its default export. Served under `/kit/`.
 */
export const clientModulesSiteFiles: Record<string, string> = {
  'docusaurus.config.js': [
    'module.exports = {',
    "  title: 'Kit', url: 'https://kit.example.com', baseUrl: '/kit/',",
    "  presets: [['classic', { blog: false }]],",
    "  clientModules: [require.resolve('./src/client/track.js'), './src/css/extra.css', './src/client/pageviews.js'],",
    '};',
    '',
  ].join('\n'),
  'docs/intro.md': '# Intro\n\nRead the [guide](guide.md) next.\n',
  'docs/guide.md': '# Guide\n\n## Steps\n\nBack to the [intro](intro.md).\n',
  'src/client/track.js': [
    "import './track.css';",
    'window.__clientModuleRuns = (window.__clientModuleRuns || 0) + 1;',
    "document.documentElement.dataset.clientModule = 'ran';",
    'const log = (window.__routeLog = window.__routeLog || []);',
    'export function onRouteUpdate({ location, previousLocation }) {',
    "  log.push(['update', location.pathname + location.hash, previousLocation ? previousLocation.pathname : null]);",
    "  return () => log.push(['after', location.pathname + location.hash]);",
    '}',
    'export function onRouteDidUpdate({ location, previousLocation }) {',
    "  log.push(['did', location.pathname + location.hash, previousLocation ? previousLocation.pathname : null]);",
    '}',
    '',
  ].join('\n'),
  'src/client/track.css': '.markdown h1 { letter-spacing: 3px; }\n',
  'src/css/extra.css': ':root { --client-module-extra: on; }\n',
  // As Docusaurus' own gtag module: the lifecycles on the default export, counting page views after the first.
  'src/client/pageviews.js': [
    'const clientModule = {',
    '  onRouteDidUpdate({ location, previousLocation }) {',
    '    if (previousLocation) window.__pageViews = [...(window.__pageViews || []), location.pathname];',
    '  },',
    '};',
    'export default clientModule;',
    '',
  ].join('\n'),
};
