import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";

import { NotFoundPage } from "~/components/layout";
import { notFoundMeta } from "~/utils/seo";
import { staticPage } from "~/utils/static-page";

// Any path no other route claims: docs/product.md §2's 404 page, outside the shared layout, status 404.
export const handle = staticPage;

export const meta: MetaFunction = () => notFoundMeta;

export async function loader() {
  return json({ notFound: true }, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
