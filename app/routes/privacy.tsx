import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { LegalPage } from "~/components/legal-page";
import { legalContact, privacy } from "~/content/legal";
import { site } from "~/content/site";
import { ContactLink } from "~/features/contact/contact-modal";
import { seo } from "~/utils/seo";
import { staticPage } from "~/utils/static-page";

export const handle = staticPage;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Privacy Policy",
    description: `How ${site.name} collects, uses and protects your personal information.`,
    path: "/privacy",
  });

// Long copy travels as data, not code: it keeps the page's JavaScript small.
export async function loader() {
  return json({ doc: privacy });
}

export default function Privacy() {
  const { doc } = useLoaderData<typeof loader>();
  return <LegalPage doc={doc} contact={<ContactLink>{legalContact.sendMessage}</ContactLink>} />;
}
