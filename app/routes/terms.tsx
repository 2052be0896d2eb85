import type { MetaFunction } from "@remix-run/node";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { fillLegal } from "@domain/legal-texts";
import { LegalPage } from "~/components/legal-page";
import { legalContact, legalDoc, legalFacts } from "~/content/legal";
import { pageDescriptions } from "~/content/page-descriptions";
import { ContactLink } from "~/features/contact/contact-modal";
import { legalTextFor } from "~/upstream/legal-texts.server";
import { siteSettingsFor } from "~/upstream/settings.server";
import { academyNameFrom, seo } from "~/utils/seo";
import { staticPage } from "~/utils/static-page";

export const handle = staticPage;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Terms and Conditions",
    description: pageDescriptions.terms(academyNameFrom(matches)),
    path: "/terms",
  });

// Long copy travels as data, not code: it keeps the page's JavaScript small. The words are the
// stored ones an Admin edits, with their version (docs/decisions/071).
export async function loader({ request }: LoaderFunctionArgs) {
  const [stored, settings] = await Promise.all([legalTextFor(request, "terms"), siteSettingsFor(request)]);
  return json({ doc: legalDoc("terms", fillLegal(stored, legalFacts(settings))) });
}

export default function Terms() {
  const { doc } = useLoaderData<typeof loader>();
  return <LegalPage doc={doc} contact={<ContactLink>{legalContact.sendMessage}</ContactLink>} />;
}
