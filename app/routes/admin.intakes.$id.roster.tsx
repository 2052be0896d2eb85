import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { rosterText as t } from "~/content/desk";
import rosterStyles from "~/features/roster/roster.css";
import { rosterLoader } from "~/features/roster/roster.server";
import { RosterPage } from "~/features/roster/roster-page";
import { titled } from "~/utils/seo";

// An intake's class list to print and download (docs/decisions/076-the-admissions-desk.md):
// Admissions and Admin, checked again by the API.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: rosterStyles }];

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.metaTitle) },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  return rosterLoader(request, "admin.intakes.$id.roster", params.id ?? "");
}

export default function RosterRoute() {
  const data = useLoaderData<typeof loader>();
  return <RosterPage {...data} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
