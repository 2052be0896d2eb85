import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";

import { type Permission, permissionNeedsTwoFactor, roleNeedsTwoFactor, staffHome } from "@domain/staff";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { twoFactorBannerText } from "~/content/staff-accounts";
import { requireStaffRoute } from "~/features/auth/auth.server";
import { LaunchChecklist } from "~/features/settings/launch-checklist";
import adminStyles from "~/features/staff-frame/admin.css";
import { AdminTabs } from "~/features/staff-frame/frame";
import { inboxNewCounts } from "~/features/staff-frame/frame.server";

// Every staff page under /admin: this layout draws the frame (the tabs, the stylesheet) and its
// pages draw their heading and content in it. The tabs' "new" counts are read here, once, and
// every action below revalidates them (docs/product.md §4). `/admin` alone opens the first page the role may use.
// A page's error ends in this route's boundary, which shows it without the frame.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user } = await requireStaffRoute(request, "admin");
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  // `/admin` alone opens the member's desk (docs/decisions/031-staff-roles.md, 032 amended).
  const home = staffHome(user.role ?? "editor", user.needsTwoFactorSetup);
  if (path === "/admin") throw redirect(home);
  // A role that must set up two-factor sign-in reads no counts it could not open yet.
  const can = (p: Permission) =>
    user.permissions.includes(p) && !(user.needsTwoFactorSetup && permissionNeedsTwoFactor(p));
  // An Admin's landing page lists what is still to do before launch (docs/product.md, "Launch checklist").
  const [newCounts, checklist] = await Promise.all([
    inboxNewCounts(api, can),
    can("settings") && path === home ? api.settings.checklist() : null,
  ]);
  // Until two-factor sign-in is on, a role that should use it reads a reminder on every staff page
  // but its set-up page (decision 032, amended); `required`: the pages it guards stay shut until then (032).
  const twoFactorBanner =
    user.role && roleNeedsTwoFactor(user.role) && !user.twoFactor && path !== "/admin/account"
      ? user.needsTwoFactorSetup
        ? ("required" as const)
        : ("reminder" as const)
      : null;
  return json({ newCounts, permissions: user.permissions, checklist, twoFactorBanner }, { headers: api.headers });
}

export default function AdminLayout() {
  const { newCounts, permissions, checklist, twoFactorBanner } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="admin-page container">
      {twoFactorBanner ? (
        <p className="two-factor-banner" role="status">
          {twoFactorBannerText[twoFactorBanner]} <Link to="/admin/account">{twoFactorBannerText.link}</Link>
        </p>
      ) : null}
      <AdminTabs counts={newCounts} permissions={permissions} />
      {checklist ? <LaunchChecklist {...checklist} /> : null}
      <Outlet />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
