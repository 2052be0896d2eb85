import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import adminStyles from "~/features/admin/admin.css";
import { AdminTabs } from "~/features/admin/inbox";
import { inboxNewCounts } from "~/features/admin/inbox.server";
import { requireStaff } from "~/features/auth/auth.server";

// Every staff page under /admin: this layout draws the frame (the tabs, the stylesheet) and its
// pages draw their heading and content in it. The tabs' "new" counts are read here, once, and
// every action below revalidates them (docs/product.md §4). `/admin` alone opens the messages.
// A page's error ends in this route's boundary, which shows it without the frame.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request);
  if (new URL(request.url).pathname.replace(/\/+$/, "") === "/admin") throw redirect("/admin/messages");
  return json({ newCounts: await inboxNewCounts(api) }, { headers: api.headers });
}

export default function AdminLayout() {
  const { newCounts } = useLoaderData<typeof loader>();
  return (
    <main className="admin-page container">
      <AdminTabs counts={newCounts} />
      <Outlet />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
