import { Fragment, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { routeRenderedEvent, type RouteRenderedDetail } from '../src/shared/client-data.js';
import type { TextSegment } from '../src/shared/search/highlight.js';
import { highlightParam, pageHighlightClass } from '../src/shared/search/search-data.js';
import type { SearchEngine, SearchHit } from '../src/shared/search/search-engine.js';
import { formatThemeString } from '../src/shared/theme-strings.js';
import { useTheme } from './context.js';
import { useReadDocsVersion } from './DocsVersion.js';

type LoadState = 'idle' | 'loading' | 'ready' | 'failed';

/** Apple keyboards have ⌘ where others have Ctrl. */
function isApplePlatform(): boolean {
  const { userAgentData } = navigator as Navigator & { userAgentData?: { platform?: string } };
  return /mac|iphone|ipad|ipod/i.test(userAgentData?.platform || navigator.platform || navigator.userAgent);
}

/**
 * Marks the searched words on the page a result led to, and removes the marks on the next
 * navigation. The code is loaded only when there is something to mark or unmark.
 */
function updatePageHighlight(search: string): void {
  if (!new URLSearchParams(search).has(highlightParam) && !document.querySelector(`mark.${pageHighlightClass}`)) return;
  import('./search/page-highlight.js').then(
    (module) => module.highlightSearchedWords(search),
    (error: unknown) => console.error('sdkdocs: the search highlight could not be loaded.', error),
  );
}

/**
 * Follows an internal link as a click on it would, so that the client runtime navigates without
 * reloading the page.
 */
function followLink(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The results page's address for a query: `/sdk/search?q=…`. */
export function searchPageUrl(searchPage: string, query: string): string {
  return `${searchPage}?${new URLSearchParams({ q: query }).toString()}`;
}

function Segments({ segments }: { segments: TextSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.marked ? <mark key={index}>{segment.text}</mark> : <Fragment key={index}>{segment.text}</Fragment>,
      )}
    </>
  );
}

/** A result's lines: where it is, its section and a snippet, with the searched words marked. */
export function SearchHitContent({ hit }: { hit: SearchHit }) {
  const { site } = useTheme();
  const read = useReadDocsVersion();
  const otherVersion = hit.record.version !== undefined && hit.record.version !== read?.name ? site.docsVersions?.find((version) => version.name === hit.record.version) : undefined;
  return (
    <>
      <span className="search-result-title">
        {otherVersion ? <span className="search-result-version">{otherVersion.label}</span> : null}
        {hit.record.breadcrumb.length > 0 ? <span className="search-result-path">{hit.record.breadcrumb.join(' › ')} › </span> : null}
        <Segments segments={hit.title} />
      </span>
      {hit.heading ? (
        <span className="search-result-section">
          <Segments segments={hit.heading} />
        </span>
      ) : null}
      {hit.snippet.length > 0 ? (
        <span className="search-result-snippet">
          <Segments segments={hit.snippet} />
        </span>
      ) : null}
    </>
  );
}

/**
 * The navbar search box, an accessible combobox. It renders with the `Loading...` placeholder and
 * switches to `Search ⌘+K` / `Search Ctrl+K` once hydrated. fuse.js and the search files are
 * loaded on first use (focus, typing or the shortcut), never with the page. Results link to the
 * section with the searched words in the URL, for the target page to highlight. The last option,
 * "See all results", opens the search results page, as Enter does when there is no result to pick.
 */
export function SearchBar() {
  const { site } = useTheme();
  const readVersion = useReadDocsVersion();
  const id = useId();
  const listboxId = `${id}results`;
  const optionId = (index: number) => `${id}result-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [placeholder, setPlaceholder] = useState(formatThemeString('loading'));
  const [engine, setEngine] = useState<SearchEngine>();
  const [loadState, setLoadState] = useState<LoadState>('idle');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const load = useCallback(() => {
    if (loadState === 'loading' || loadState === 'ready') return;
    setLoadState('loading');
    import('./search/load-search-engine.js')
      .then((module) => module.loadSearchEngine(site.searchFiles))
      .then(
        (loaded) => {
          setEngine(() => loaded);
          setLoadState('ready');
        },
        (error: unknown) => {
          console.error('sdkdocs: search could not be loaded.', error);
          setLoadState('failed');
        },
      );
  }, [loadState, site.searchFiles]);

  useEffect(() => {
    const apple = isApplePlatform();
    setPlaceholder(formatThemeString(apple ? 'searchPlaceholderMac' : 'searchPlaceholderOther'));
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      // `code` is the key's place on the keyboard: K also where the layout types another letter there.
      const isK = event.key.toLowerCase() === 'k' || event.code === 'KeyK';
      if (!isK || event.altKey || event.shiftKey || !(apple ? event.metaKey : event.ctrlKey)) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    const onRouteRendered = (event: Event) => updatePageHighlight((event as CustomEvent<RouteRenderedDetail>).detail?.search ?? window.location.search);
    window.addEventListener(routeRenderedEvent, onRouteRendered);
    // A page opened from a result by a full page load has no route change to wait for.
    updatePageHighlight(window.location.search);
    return () => window.removeEventListener(routeRenderedEvent, onRouteRendered);
  }, []);

  const hits: SearchHit[] = useMemo(
    () => (engine && query.trim() ? engine.search(query, site.search.maxHits, { version: readVersion?.name }) : []),
    [engine, query, site.search.maxHits, readVersion?.name],
  );
  useEffect(() => setActive(0), [hits]);
  const activeOptionId = optionId(active);
  useEffect(() => {
    document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  const expanded = open && query.trim() !== '';
  const seeAllUrl = site.searchPage && query.trim() ? searchPageUrl(site.searchPage, query.trim()) : undefined;
  // The results, then "See all results" when there is a results page to open.
  const optionCount = hits.length > 0 && seeAllUrl ? hits.length + 1 : hits.length;
  const showsList = expanded && hits.length > 0;
  const status =
    !expanded || hits.length > 0
      ? ''
      : loadState === 'failed'
        ? formatThemeString('searchLoadFailed')
        : !engine
          ? formatThemeString('loading')
          : formatThemeString('searchNoResults', { query: query.trim() });

  const close = () => setOpen(false);
  const finish = (event: MouseEvent) => {
    // A result opened in another tab or window leaves this page's search as it was.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // After the click has reached the client runtime (which navigates), not before: the result's
    // link must still be in the page while the click travels up to the document.
    setTimeout(() => {
      setOpen(false);
      setQuery('');
      inputRef.current?.blur();
    });
  };
  const go = (index: number) => document.getElementById(optionId(index))?.querySelector('a')?.click();

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (optionCount === 0) return;
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!open) setOpen(true);
        else setActive((current) => (current + step + optionCount) % optionCount);
        return;
      }
      case 'Enter':
        if (showsList) {
          event.preventDefault();
          go(active);
        } else if (seeAllUrl) {
          // Nothing to pick (no result, or search still loading): the results page says why, and retries.
          event.preventDefault();
          close();
          inputRef.current?.blur();
          followLink(seeAllUrl);
        }
        return;
      case 'Escape':
        if (!expanded) return;
        // Keeps the query (a search input would clear itself): Escape only closes the list.
        event.preventDefault();
        close();
        return;
      default:
        return;
    }
  };

  return (
    <div className="navbar-search">
      <input
        ref={inputRef}
        type="search"
        className="navbar-search-input"
        placeholder={placeholder}
        aria-label={formatThemeString('searchLabel')}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showsList}
        aria-controls={listboxId}
        aria-activedescendant={showsList ? activeOptionId : undefined}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onFocus={() => {
          load();
          setOpen(true);
        }}
        onBlur={close}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          load();
        }}
        onKeyDown={onKeyDown}
      />
      {/* Pressing on a result must not blur the input first: that would close the list before the click. */}
      <div className="search-dropdown" hidden={!expanded} onMouseDown={(event) => event.preventDefault()}>
        <ul role="listbox" id={listboxId} aria-label={formatThemeString('searchResults')} className="search-results" hidden={!showsList}>
          {hits.map((hit, index) => (
            <li
              key={hit.url}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`search-result${index === active ? ' search-result-active' : ''}`}
              onMouseMove={() => setActive(index)}
            >
              <a href={hit.url} tabIndex={-1} className="search-result-link" onClick={finish}>
                <SearchHitContent hit={hit} />
              </a>
            </li>
          ))}
          {hits.length > 0 && seeAllUrl ? (
            <li
              id={optionId(hits.length)}
              role="option"
              aria-selected={active === hits.length}
              className={`search-result search-see-all${active === hits.length ? ' search-result-active' : ''}`}
              onMouseMove={() => setActive(hits.length)}
            >
              <a href={seeAllUrl} tabIndex={-1} className="search-result-link" onClick={finish}>
                {formatThemeString('searchSeeAll', { query: query.trim() })}
              </a>
            </li>
          ) : null}
        </ul>
        <p className="search-status" role="status">
          {status}
        </p>
      </div>
    </div>
  );
}
