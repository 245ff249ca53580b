import { useEffect, useState } from 'react';
import { formatThemeString } from '../src/shared/theme-strings.js';
import { useTheme } from './context.js';

/** Storage key holding the id of the announcement bar the reader closed. */
export const announcementDismissedKey = 'announcement-bar-dismissed';

/**
 * The optional bar above the navbar. Closing it is remembered until the bar's id changes; the
 * inline head script hides a closed bar before the first paint.
 */
export function AnnouncementBar() {
  const { site, runtime } = useTheme();
  const bar = site.announcementBar;
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (bar && runtime?.storage.get(announcementDismissedKey) === bar.id) setClosed(true);
  }, [bar, runtime]);
  if (!bar || closed) return null;
  const close = () => {
    setClosed(true);
    runtime?.storage.set(announcementDismissedKey, bar.id);
  };
  return (
    <div className="announcement-bar" role="banner" style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}>
      <div className="announcement-bar-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button type="button" className="announcement-bar-close clean-button" aria-label={formatThemeString('close')} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
