/**
 * The popovers of names in code samples that link to the API (src/api/link-sample-names.ts): each
 * link is described by a hidden card the build wrote into the page. Hovering or focusing the link
 * shows its card next to it, fixed over the page so nothing moves; Escape, leaving it (the pointer
 * may move onto the card to read it) or scrolling hides it. One set of delegated listeners, so
 * pages the client navigates to need nothing more.
 */
export function installApiCards(): void {
  let shown: { link: Element; card: HTMLElement } | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const hide = () => {
    clearTimeout(hideTimer);
    if (shown) shown.card.hidden = true;
    shown = undefined;
  };
  const show = (link: Element) => {
    clearTimeout(hideTimer);
    const card = document.getElementById(link.getAttribute('aria-describedby') ?? '');
    if (!card || (shown?.link === link && shown.card === card)) return;
    hide();
    card.hidden = false;
    const around = link.getBoundingClientRect();
    const margin = 8;
    card.style.left = `${Math.max(margin, Math.min(around.left, window.innerWidth - card.offsetWidth - margin))}px`;
    const below = around.bottom + 4;
    card.style.top = `${below + card.offsetHeight > window.innerHeight - margin ? Math.max(margin, around.top - card.offsetHeight - 4) : below}px`;
    shown = { link, card };
  };
  const linkOf = (target: EventTarget | null) => (target instanceof Element ? target.closest('a.api-code-link[aria-describedby]') : null);
  const onCard = (target: EventTarget | null) => shown !== undefined && target instanceof Node && shown.card.contains(target);
  document.addEventListener('mouseover', (event) => {
    const link = linkOf(event.target);
    if (link) show(link);
    else if (onCard(event.target)) clearTimeout(hideTimer);
  });
  document.addEventListener('mouseout', (event) => {
    if (shown && (linkOf(event.target) === shown.link || onCard(event.target))) {
      clearTimeout(hideTimer);
      hideTimer = setTimeout(hide, 200);
    }
  });
  document.addEventListener('focusin', (event) => {
    const link = linkOf(event.target);
    if (link) show(link);
    else hide();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && shown) hide();
  });
  window.addEventListener('scroll', hide, { passive: true });
}
