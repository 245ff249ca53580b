import { formatThemeString } from '../src/shared/theme-strings.js';

/**
 * The navbar search box. It renders in its loading state; the client runtime loads the search
 * data on first use and switches the placeholder once ready.
 */
export function SearchBar() {
  return (
    <div className="navbar-search" data-search-root="">
      <input
        type="search"
        className="navbar-search-input"
        placeholder={formatThemeString('loading')}
        aria-label={formatThemeString('searchLabel')}
        autoComplete="off"
        spellCheck={false}
        data-search-input=""
      />
    </div>
  );
}
