import { escapeHtml } from '../shared/escape-html.js';

/**
 * The page a redirect leaves from: a script sends the reader on at once with the query and
 * fragment they came with, a refresh does it without script, and a link is there for anyone left.
 * Search engines are pointed at the new page.
 */
export function redirectDocument(to: string): string {
  const target = escapeHtml(to);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Moved to ${target}</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="${target}">
<meta http-equiv="refresh" content="0; url=${target}">
<script>location.replace(${JSON.stringify(to).replace(/</g, '\\u003c')}${to.includes('?') || to.includes('#') ? '' : ' + location.search'}${to.includes('#') ? '' : ' + location.hash'});</script>
</head>
<body>
<p>This page has moved to <a href="${target}">${target}</a>.</p>
</body>
</html>
`;
}
