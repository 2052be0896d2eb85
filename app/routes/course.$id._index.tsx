import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { coursePath } from "~/components/cards";
import { DetailErrorBoundary } from "~/components/detail";
import { NotFoundPage } from "~/components/layout";
import { loadOrNull, notFound } from "~/lib/details.server";
import { upstream } from "~/upstream/index.server";

export const meta = () => [{ title: "404 - Page Not Found" }, { name: "robots", content: "noindex" }];

// /course/{id} without its slug: 301 to the course's one address; an unknown id is the 404 page.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const item = await loadOrNull(() => upstream(request).courses.get(params.id!));
  if (!item) return notFound();
  return redirect(`${coursePath(item)}${new URL(request.url).search}`, 301);
}

export default function CourseWithoutSlug() {
  useLoaderData<typeof loader>();
  return <NotFoundPage />;
}

export const ErrorBoundary = DetailErrorBoundary;
