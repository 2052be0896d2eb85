import type { MetaFunction } from "@remix-run/node";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { LegalPage } from "~/components/legal-page";
import { legalContact, legalDoc } from "~/content/legal";
import { site } from "~/content/site";
import { ContactLink } from "~/features/contact/contact-modal";
import { legalTextFor } from "~/upstream/legal-texts.server";
import { seo } from "~/utils/seo";
import { staticPage } from "~/utils/static-page";

export const handle = staticPage;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Privacy Policy",
    description: `How ${site.name} collects, uses and protects your personal information.`,
    path: "/privacy",
  });

// Long copy travels as data, not code: it keeps the page's JavaScript small. The words are the
// stored ones an Admin edits, with their version (docs/decisions/071).
export async function loader({ request }: LoaderFunctionArgs) {
  return json({ doc: legalDoc("privacy", await legalTextFor(request, "privacy")) });
}

export default function Privacy() {
  const { doc } = useLoaderData<typeof loader>();
  return <LegalPage doc={doc} contact={<ContactLink>{legalContact.sendMessage}</ContactLink>} />;
}
