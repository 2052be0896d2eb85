import { useEffect } from "react";

/**
 * A route change lands at the top of the new page at once; only an in-page anchor (a link to a
 * place on the page shown, such as /#FAQs on the home page) glides there (docs/product.md §2).
 * The stylesheet's `scroll-behavior: smooth` would also animate the scroll to the top that
 * follows every client navigation: the new page drawn where the old one was scrolled, sliding up
 * for a second. Without script there are no client navigations, and the stylesheet alone serves.
 */
export function useInstantRouteScroll() {
  useEffect(() => {
    const html = document.documentElement;
    const instant = () => html.setAttribute("data-route-scroll", "instant");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      window.removeEventListener("scrollend", settle);
      instant();
    };
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || !link.hash) return;
      const to = new URL(link.href);
      if (to.origin !== location.origin || to.pathname !== location.pathname || to.search !== location.search) return;
      // This scroll glides; the mark comes back once it has ended (or, if nothing moved, soon after).
      html.removeAttribute("data-route-scroll");
      clearTimeout(timer);
      window.addEventListener("scrollend", settle);
      timer = setTimeout(settle, 1500);
    };
    instant();
    document.addEventListener("click", onClick, true);
    return () => {
      document.removeEventListener("click", onClick, true);
      settle();
      html.removeAttribute("data-route-scroll");
    };
  }, []);
}
