import { useEffect, useState } from 'react';
import { formatThemeString } from '../src/shared/theme-strings.js';
import { useTheme } from './context.js';

/** Storage key of the reader's colour-mode choice (`light` or `dark`). */
export const colorModeStorageKey = 'theme';

export type ColorMode = 'light' | 'dark';

export function applyColorMode(mode: ColorMode): void {
  document.documentElement.setAttribute('data-theme', mode);
}

/**
 * The light/dark switch. The server cannot know the reader's mode, so it renders the default
 * mode's label; the inline head script sets `data-theme` before paint and an effect then takes
 * the mode from there, so hydration always matches. With no stored choice the system preference
 * is followed, also when it changes (if the config respects it).
 */
export function ColorModeToggle() {
  const { site, runtime } = useTheme();
  const [mode, setMode] = useState<ColorMode>(site.colorMode.defaultMode);
  useEffect(() => {
    setMode(document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');
    if (!site.colorMode.respectPrefersColorScheme) return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const follow = () => {
      if (runtime?.storage.get(colorModeStorageKey)) return;
      const next = query.matches ? 'dark' : 'light';
      applyColorMode(next);
      setMode(next);
    };
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [site, runtime]);
  const toggle = () => {
    const next = mode === 'dark' ? 'light' : 'dark';
    applyColorMode(next);
    setMode(next);
    runtime?.storage.set(colorModeStorageKey, next);
  };
  const label = formatThemeString('colorModeToggle', {
    mode: formatThemeString(mode === 'dark' ? 'colorModeDark' : 'colorModeLight'),
  });
  return (
    <button type="button" className="color-mode-toggle clean-button" title={label} aria-label={label} aria-live="polite" onClick={toggle}>
      <svg className="icon-light" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2m0 16v2M2 12h2m16 0h2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </g>
      </svg>
      <svg className="icon-dark" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path fill="currentColor" d="M20.5 14.1A8.5 8.5 0 1 1 9.9 3.5a7 7 0 0 0 10.6 10.6z" />
      </svg>
    </button>
  );
}
