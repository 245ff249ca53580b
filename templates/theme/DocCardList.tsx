import { formatThemeString } from '../../src/shared/theme-strings.js';
import { isExternalUrl } from '../../src/shared/paths.js';
import { categoryItemsAt, sidebarItemLink } from '../../src/shared/sidebar-links.js';
import type { SidebarItem } from '../../src/shared/types.js';
import { useTheme } from '../context.js';
import { Link } from '../Link.js';
import { withBaseUrl } from './docusaurus/useBaseUrl.js';

/** An item as Docusaurus' `DocCardList` takes it: a sidebar link or category, its `href` a site path or URL. */
export interface DocCardListItem {
  type: 'link' | 'category' | 'html';
  label?: string;
  href?: string;
  description?: string;
  items?: DocCardListItem[];
  docId?: string;
}

export interface DocCardListProps {
  /** The cards; the category this doc is the index of when left out (`<DocCardList />`). */
  items?: DocCardListItem[];
  className?: string;
}

function countLinks(items: readonly (SidebarItem | DocCardListItem)[]): number {
  return items.reduce((sum, item) => sum + (item.type === 'category' ? countLinks(item.items ?? []) : item.type === 'html' ? 0 : 1), 0);
}

function fromSidebar(item: SidebarItem): DocCardListItem {
  if (item.type === 'html') return { type: 'html' };
  if (item.type === 'category') return { type: 'category', label: item.label, href: sidebarItemLink(item), items: item.items.map(fromSidebar) };
  return { type: 'link', label: item.label, href: item.to, docId: item.docId };
}

/**
 * `@theme/DocCardList`: a card per item, as the generated index pages show them; without `items`,
 * the items of the sidebar category this doc is the index of (an index doc of Docusaurus' writes
 * `<DocCardList />`).
 */
export default function DocCardList({ items, className }: DocCardListProps) {
  const { site, route, sidebars } = useTheme();
  const cards = items ?? (categoryItemsAt(sidebars[route.sidebar ?? ''] ?? [], route.path) ?? []).map(fromSidebar);
  return (
    <section className={['category-cards', className].filter(Boolean).join(' ')}>
      {cards.map((item, index) => {
        if (item.type === 'html' || item.href === undefined) return null;
        const external = isExternalUrl(item.href);
        const to = external ? undefined : withBaseUrl(item.href, site.baseUrl);
        const text = item.description ?? (item.type === 'category' ? formatThemeString('docsPageCount', { count: countLinks(item.items ?? []) }) : items ? undefined : route.cardDescriptions?.[item.href]);
        return (
          <DocCard key={`${item.label ?? ''}${index}`} to={to} href={external ? item.href : undefined} icon={item.type === 'category' ? '🗃️ ' : external ? '🔗 ' : '📄️ '} label={item.label} text={text} />
        );
      })}
    </section>
  );
}

/** One card of a list of docs: its icon and title as a link, and a line below (a description, a page count). */
export function DocCard({ to, href, icon, label, text }: { to?: string; href?: string; icon: string; label?: string; text?: string }) {
  return (
    <article className="card">
      <h2 className="card-title">
        <Link to={to} href={href} className="card-link">
          {icon}
          {label}
        </Link>
      </h2>
      {text ? <p className="card-description">{text}</p> : null}
    </article>
  );
}
