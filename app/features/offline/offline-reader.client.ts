import { offlineText } from "~/content/offline";

// Reading offline, in the browser (docs/decisions/042-offline-reading.md): registers the service
// worker once the page has loaded, and keeps a hydrated page honest when the connection drops.

/** Registers the worker of this deployment (called once the page has loaded). */
export function registerOfflineReader() {
  if (!("serviceWorker" in navigator) || process.env.NODE_ENV !== "production") return;
  const version = (window as unknown as { __remixManifest?: { version?: string } }).__remixManifest?.version;
  if (!version) return;
  navigator.serviceWorker.register(`/sw.js?v=${encodeURIComponent(version)}`, { scope: "/" }).catch((error) => {
    console.warn("[offline] the service worker was not registered", error);
  });
  guardWhileOffline();
}

/**
 * While offline, a link is followed as a whole-page load, which the worker answers with the kept
 * copy or the offline page (a client-side navigation would fetch data that cannot come); a form
 * is not sent, and the visitor is told so beside it, with everything typed still in place.
 */
function guardWhileOffline() {
  window.addEventListener(
    "click",
    (event) => {
      if (navigator.onLine || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || link.target) return;
      if (link.pathname === location.pathname && link.search === location.search && link.hash) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      location.assign(link.href);
    },
    true,
  );
  window.addEventListener(
    "submit",
    (event) => {
      if (navigator.onLine) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const form = event.target as HTMLFormElement;
      let notice = form.previousElementSibling;
      if (!notice?.classList.contains("offline-notice")) {
        notice = document.createElement("p");
        notice.className = "offline-notice";
        notice.setAttribute("role", "alert");
        form.before(notice);
      }
      notice.textContent = `${offlineText.notSentTitle}. ${offlineText.notSentText}`;
    },
    true,
  );
}
