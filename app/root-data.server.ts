import { data } from "@remix-run/node";

import { disclaimer } from "~/content/disclaimer";
import { adminMenu } from "~/content/site";
import { env, publicEnv } from "~/env.server";
import { isLite } from "~/features/lite/lite.server";
import { upstream } from "~/upstream/index.server";
import { pageSettings, siteSettingsFor, todaysAnnouncement } from "~/upstream/settings.server";
import { versionLabel } from "~/utils/operations.server";
import { readToasts } from "~/utils/toast.server";

// What every page's root loader reads, gathered behind this one server module: the browser build
// keeps an empty stand-in for each `.server` module a route imports, and the root is on every
// page (docs/decisions/045-first-paint-like-the-blog.md, the JavaScript budgets).

/** The root's data, with the headers its answer carries (the session's, a cleared toast cookie). */
export async function loadRootData(request: Request) {
  const api = upstream(request);
  // docs/product.md §4: the session is checked on every navigation; failures other than 401 are only logged.
  const user = await api.auth.currentUser().catch((error) => {
    console.error("[auth] session check failed", error);
    return null;
  });
  const { toasts, clearHeader } = await readToasts(request);
  // The academy's settings, from memory between saves (docs/decisions/060); today's announcement
  // is part of the data, so the render cache keys a page by the day it shows.
  const settings = await siteSettingsFor(request);
  const announcement = todaysAnnouncement(settings);
  const headers = api.headers;
  if (clearHeader) headers.append("Set-Cookie", clearHeader);
  // Lite mode is part of the data, so the render cache keys it apart; it is for the public
  // pages' visitors, staff keep their editors (docs/decisions/041-lite-mode.md).
  const lite = !user && isLite(request);
  // The release, for staff only: visitors' pages (and the render cache's copies) never say it.
  const version = user ? versionLabel() : null;
  // The staff menu, the items this role may open: sent to staff only, so visitors' pages carry
  // neither its words nor its code (the JavaScript budgets, docs/decisions/031-staff-roles.md).
  const staffMenu = user
    ? adminMenu.filter((item) => user.permissions.includes(item.permission)).map(({ label, to }) => ({ label, to }))
    : [];
  // data(), not json(): a json() Response is stringified here and parsed back by Remix before the
  // page is rendered, on every request (docs/decisions/083-home-throughput.md).
  return data(
    {
      user,
      toasts,
      env: publicEnv(),
      siteUrl: env.publicUrl,
      disclaimer: disclaimer(settings.contact.academyName),
      lite,
      // Every page's settings but the bank account (only the pages that show it carry it).
      settings: pageSettings(settings),
      // The name every page's brand, titles and structured data use (docs/decisions/096).
      academyName: settings.contact.academyName,
      announcement,
      version,
      staffMenu,
    },
    { headers },
  );
}
