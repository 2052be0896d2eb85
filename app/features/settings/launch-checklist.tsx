import { Link } from "@remix-run/react";

import { launchChecklistText as t } from "~/content/settings";
import type { Checklist } from "~/upstream/settings.server";

// Each item says what is missing and where it is fixed: a page an Admin can open, or the server
// setting and the document that describes it (docs/product.md, "Launch checklist").
type Fix = { to: string; label: string } | { doc: string };
const SETTINGS: Fix = { to: "/admin/settings", label: t.fixInSettings };
const PAGE_CONTENT: Fix = { to: "/admin/content", label: t.fixInPageContent };
const DEPLOY: Fix = { doc: 'docs/deploy.md, "Settings checked at start"' };

const ITEMS: Record<string, { words: (detail: string) => string; fix: Fix }> = {
  sampleBank: { words: () => t.sampleBank, fix: SETTINGS },
  noSmtp: { words: () => t.noSmtp, fix: DEPLOY },
  noBackupRecipient: { words: () => t.noBackupRecipient, fix: { doc: 'docs/deploy.md, "Backups"' } },
  publicUrlNotHttps: { words: () => t.publicUrlNotHttps, fix: DEPLOY },
  adminWithoutTwoFactor: {
    words: (detail) => t.adminWithoutTwoFactor(detail),
    fix: { to: "/admin/account", label: t.fixInAccount },
  },
  privacyContactUnset: { words: () => t.privacyContactUnset, fix: SETTINGS },
  mailFromLocal: { words: (detail) => t.mailFromLocal(detail), fix: DEPLOY },
  inboxUnset: { words: () => t.inboxUnset, fix: SETTINGS },
  inboxLocal: { words: (detail) => t.inboxLocal(detail), fix: SETTINGS },
  sampleContacts: { words: () => t.sampleContacts, fix: SETTINGS },
  sampleSocial: { words: () => t.sampleSocial, fix: SETTINGS },
  sampleTeam: { words: () => t.sampleTeam, fix: PAGE_CONTENT },
  sampleTestimonials: { words: () => t.sampleTestimonials, fix: PAGE_CONTENT },
  sampleFaqs: { words: () => t.sampleFaqs, fix: PAGE_CONTENT },
  noCredentialKey: { words: () => t.noCredentialKey, fix: { doc: 'docs/deploy.md, "Certificates\' signing key"' } },
};

/** What an Admin must still do before launch, on their landing page until it is all done. */
export function LaunchChecklist({ items, mail }: Checklist) {
  if (!items.length) return null;
  return (
    <section className="launch-checklist" aria-labelledby="launch-checklist-title">
      <h2 id="launch-checklist-title">{t.title}</h2>
      <p>{t.intro}</p>
      <ul>
        {items.map((item) => {
          const known = ITEMS[item.key];
          return (
            <li key={item.key} data-item={item.key}>
              {known ? known.words(item.detail ?? "") : item.key}{" "}
              {known && "to" in known.fix ? <Link to={known.fix.to}>{known.fix.label}</Link> : null}
              {known && "doc" in known.fix ? <span>{t.serverSetting(known.fix.doc)}</span> : null}
            </li>
          );
        })}
      </ul>
      <p data-item="mail">{t.mail(mail)}</p>
    </section>
  );
}
