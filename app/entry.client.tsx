import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

// Reading offline (docs/decisions/042-offline-reading.md) is fetched once the page has loaded:
// none of its bytes come before the first paint or count against the page's budget.
const offlineReader = () => import("~/features/offline/offline-reader.client").then((m) => m.registerOfflineReader());
if (document.readyState === "complete") void offlineReader();
else window.addEventListener("load", () => void offlineReader(), { once: true });
