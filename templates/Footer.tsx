import { Link } from './Link.js';
import { useTheme } from './context.js';

/** Link columns, the copyright and the content licence notice. */
export function Footer() {
  const { site } = useTheme();
  const footer = site.footer;
  if (!footer) return null;
  const LogoWrapper = footer.logo?.href ? Link : 'span';
  const logoSize = footer.logo?.width ?? footer.logo?.height ? { width: footer.logo?.width, height: footer.logo?.height } : { height: 32 };
  return (
    <footer className={`footer footer-${footer.style}`}>
      <div className="container">
        {footer.links.length > 0 ? (
          <div className="footer-links">
            {footer.links.map((column, index) => (
              <div className="footer-column" key={index}>
                {column.title ? <div className="footer-title">{column.title}</div> : null}
                <ul className="footer-items">
                  {column.items.map((item, itemIndex) =>
                    'html' in item ? (
                      // The config's own HTML, as Docusaurus writes it: trusted like the rest of the config.
                      <li key={itemIndex} className="footer-item" dangerouslySetInnerHTML={{ __html: item.html }} />
                    ) : (
                    <li key={item.label}>
                      <Link
                        to={item.to}
                        href={item.href}
                        {...(globalThis.__sdkdocsNavbarExtras !== false && item.attributes)}
                        className={globalThis.__sdkdocsNavbarExtras !== false && item.className ? `footer-link ${item.className}` : 'footer-link'}
                      >
                        {item.label}
                      </Link>
                    </li>
                    ),
                  )}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        <div className="footer-bottom">
          {footer.logo ? (
            // Without an href the logo is an image, as in Docusaurus, not a link to the top of the page.
            <LogoWrapper href={footer.logo.href} className="footer-logo">
              {footer.logo.srcDark ? (
                // Both in the page, switched by CSS, as the navbar's logo.
                <>
                  <img src={footer.logo.src} alt={footer.logo.alt} {...logoSize} className="themed-image themed-image-light" />
                  <img src={footer.logo.srcDark} alt={footer.logo.alt} {...logoSize} className="themed-image themed-image-dark" />
                </>
              ) : (
                <img src={footer.logo.src} alt={footer.logo.alt} {...logoSize} />
              )}
            </LogoWrapper>
          ) : null}
          {footer.copyright ? <div className="footer-copyright" dangerouslySetInnerHTML={{ __html: footer.copyright }} /> : null}
          {footer.license ? <div className="footer-license" dangerouslySetInnerHTML={{ __html: footer.license }} /> : null}
        </div>
      </div>
    </footer>
  );
}
