import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/legal-page";
import { privacy } from "~/content/legal";
import { seo } from "~/lib/seo";
import { site } from "~/content/site";

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, { title: privacy.title, description: `How ${site.name} collects, uses and protects your personal information.`, path: "/privacy" });

export default function Privacy() {
  return <LegalPage doc={privacy} />;
}
