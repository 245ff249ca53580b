import { useTheme } from './context.js';
import { Link } from './Link.js';

/** The logo and title, linking to the landing page or the logo's `href`. */
export function NavbarBrand() {
  const { site } = useTheme();
  const { logo, title } = site.navbar;
  const size = logo?.width ?? logo?.height ? { height: logo.height, width: logo.width } : { height: 32, width: 32 };
  return (
    <Link to={logo?.href ?? site.baseUrl} className="navbar-brand">
      {logo ? (
        <span className="navbar-logo">
          {logo.srcDark ? (
            // Both in the page, switched by CSS: the prerendered page shows the right one before any script runs.
            <>
              <img src={logo.src} alt={logo.alt} {...size} className="themed-image themed-image-light" />
              <img src={logo.srcDark} alt={logo.alt} {...size} className="themed-image themed-image-dark" />
            </>
          ) : (
            <img src={logo.src} alt={logo.alt} {...size} />
          )}
        </span>
      ) : null}
      <b className="navbar-title">{title}</b>
    </Link>
  );
}
