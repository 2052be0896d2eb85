import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { DetailErrorBoundary, MissingPage } from "~/features/details/detail";
import { detailHeaders, gone, loadForPage, notFound } from "~/features/details/details.server";
import { upstream } from "~/upstream/index.server";
import { postPath } from "~/utils/paths";
import { notFoundMeta } from "~/utils/seo";

export const meta = () => notFoundMeta;

// /job/{id} without its slug: 301 to the job's one address; an unknown id is the 404 page.
export const headers = detailHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const item = await loadForPage(request, (options) => upstream(request).items("job").get(params.id!, options));
  if (item === "gone") return gone();
  if (!item) return notFound();
  return redirect(`${postPath(item)}${new URL(request.url).search}`, 301);
}

export default function JobWithoutSlug() {
  return <MissingPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = DetailErrorBoundary;
