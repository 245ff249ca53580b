import { useEffect, useMemo, useState } from 'react';
import { routeRenderedEvent } from '../src/shared/client-data.js';
import type { SearchEngine } from '../src/shared/search/search-engine.js';
import { formatThemeString } from '../src/shared/theme-strings.js';
import { useTheme } from './context.js';
import { SearchHitContent, searchPageUrl } from './SearchBar.js';
import { useReadDocsVersion } from './DocsVersion.js';
import { documentTitleOf } from '../src/shared/document-title.js';

/** Most results the page lists: every result worth reading, as the engine ranks at most this many candidates. */
const maxPageHits = 50;

/** The query of the page's address (`?q=…`), read in the browser only. */
function queryOfLocation(): string {
  return new URLSearchParams(window.location.search).get('q') ?? '';
}

/**
 * The search results page (`/sdk/search?q=…`): every result for the query in its address. A static
 * page on any host: the build renders the empty page, and the browser reads the query string,
 * loads the search files and lists the results. Typing in its field updates the list and the
 * address, so the address can be shared.
 */
export function SearchPage() {
  const { site } = useTheme();
  // Undefined until the page has read its address: the server-rendered page has no query.
  const [query, setQuery] = useState<string>();
  const [engine, setEngine] = useState<SearchEngine>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const read = () => setQuery(queryOfLocation());
    read();
    // Another search from the navbar while this page is shown changes only the query string.
    window.addEventListener(routeRenderedEvent, read);
    return () => window.removeEventListener(routeRenderedEvent, read);
  }, []);

  useEffect(() => {
    if (engine || !query?.trim()) return;
    let current = true;
    import('./search/load-search-engine.js')
      .then((module) => module.loadSearchEngine(site.searchFiles))
      .then(
        (loaded) => current && setEngine(() => loaded),
        (error: unknown) => {
          console.error('sdkdocs: search could not be loaded.', error);
          if (current) setFailed(true);
        },
      );
    return () => {
      current = false;
    };
  }, [engine, query, site.searchFiles]);

  const trimmed = query?.trim() ?? '';
  const readVersion = useReadDocsVersion();
  const hits = useMemo(() => (engine && trimmed ? engine.search(trimmed, maxPageHits, { version: readVersion?.name }) : []), [engine, trimmed, readVersion?.name]);
  const title = trimmed ? formatThemeString('searchPageTitleWithQuery', { query: trimmed }) : formatThemeString('searchPageTitle');

  useEffect(() => {
    if (query !== undefined) document.title = documentTitleOf(title, site.title, site.titleDelimiter);
  }, [query, title, site.title, site.titleDelimiter]);

  const status = !trimmed
    ? ''
    : failed
      ? formatThemeString('searchLoadFailed')
      : !engine
        ? formatThemeString('loading')
        : hits.length === 0
          ? formatThemeString('searchNoResults', { query: trimmed })
          : formatThemeString('searchPageCount', { count: hits.length });

  return (
    <div className="container search-page">
      <h1>{title}</h1>
      <form
        role="search"
        action={site.searchPage}
        method="get"
        onSubmit={(event) => event.preventDefault()}
        className="search-page-form"
      >
        <input
          type="search"
          name="q"
          className="search-page-input"
          aria-label={formatThemeString('searchLabel')}
          autoComplete="off"
          spellCheck={false}
          value={query ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            setQuery(value);
            if (site.searchPage) history.replaceState(history.state, '', value.trim() ? searchPageUrl(site.searchPage, value.trim()) : site.searchPage);
          }}
        />
      </form>
      <p className="search-page-status" role="status">
        {status}
      </p>
      {hits.length > 0 ? (
        <ol className="search-page-results" aria-label={formatThemeString('searchResults')}>
          {hits.map((hit) => (
            <li key={hit.url} className="search-result">
              <a href={hit.url} className="search-result-link">
                <SearchHitContent hit={hit} />
              </a>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
