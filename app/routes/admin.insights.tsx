import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { insightsText as t } from "~/content/insights";
import { requireStaffRoute } from "~/features/auth/auth.server";
import insightStyles from "~/features/insights/insights.css";
import { insightFilters } from "~/features/insights/insights.server";
import { InsightsPage } from "~/features/insights/insights-page";
import { titled } from "~/utils/seo";

// Visit counts and the admissions funnel (docs/decisions/064-cookie-free-visit-counts.md): every
// staff role reads the content figures; the funnel is read only by the roles that see applicants.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.title) },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: insightStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user } = await requireStaffRoute(request, "admin.insights");
  const { filters, error } = insightFilters(new URL(request.url));
  const mayReadFunnel = user.permissions.includes("applicants") && !user.needsTwoFactorSetup;
  const [figures, funnel] = await Promise.all([
    api.insights.figures(filters),
    mayReadFunnel ? api.insights.funnel(filters) : null,
  ]);
  return json({ figures, funnel, course: filters.course, intake: filters.intake, error }, { headers: api.headers });
}

export default function InsightsRoute() {
  const { figures, funnel, course, intake, error } = useLoaderData<typeof loader>();
  return <InsightsPage figures={figures} funnel={funnel} course={course} intake={intake} error={error} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
