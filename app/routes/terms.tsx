import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/legal-page";
import { terms } from "~/content/legal";
import { seo } from "~/lib/seo";
import { site } from "~/content/site";

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, { title: terms.title, description: `The terms that apply to using this website and registering for courses at ${site.name}.`, path: "/terms" });

export default function Terms() {
  return <LegalPage doc={terms} />;
}
