import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStaff } from "~/features/auth/auth.server";
import { inboxNewCounts } from "~/features/admin/inbox.server";

// Every staff page under /admin: the inbox tabs' "new" counts are read here, once, and every
// action below revalidates them (docs/product.md §4). `/admin` alone opens the messages.
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request);
  if (new URL(request.url).pathname.replace(/\/+$/, "") === "/admin") throw redirect("/admin/messages");
  return json({ newCounts: await inboxNewCounts(api) }, { headers: api.headers });
}

export default function AdminLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
