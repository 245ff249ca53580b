import { formatThemeString } from '../src/shared/theme-strings.js';
import { useTheme } from './context.js';

/** The optional bar above the navbar; closing it is remembered per bar id by the client runtime. */
export function AnnouncementBar() {
  const { site } = useTheme();
  const bar = site.announcementBar;
  if (!bar) return null;
  return (
    <div
      className="announcement-bar"
      role="banner"
      data-announcement-id={bar.id}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      <div className="announcement-bar-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button type="button" className="announcement-bar-close clean-button" aria-label={formatThemeString('close')} data-announcement-close="">
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
