import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

import { offlineText } from "~/content/offline";
import { useSettings } from "~/hooks/use-settings";
import { titled } from "~/utils/seo";
import { staticPage } from "~/utils/static-page";

// The page the service worker shows for a page it did not keep, when there is no connection
// (docs/decisions/042-offline-reading.md). Kept on every device that has the worker; no script.
export const handle = staticPage;

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, offlineText.pageTitle) },
  { name: "robots", content: "noindex" },
];

export default function Offline() {
  const phone = useSettings().phones[0];
  return (
    <main id="main" className="container narrow section">
      <h1>{offlineText.pageTitle}</h1>
      <p>{offlineText.pageText}</p>
      <p>
        {offlineText.pageCall} <a href={phone?.href}>{phone?.display}</a>.
      </p>
      <p>{offlineText.pageSaved}</p>
      <p>
        <Link to="/courses">{offlineText.coursesLink}</Link>
      </p>
    </main>
  );
}
