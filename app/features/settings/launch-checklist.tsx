import { Link } from "@remix-run/react";

import { launchChecklistText as t } from "~/content/settings";
import type { ChecklistItem } from "~/upstream/settings.server";

const WORDS: Record<string, (detail?: string) => string> = {
  sampleBank: () => t.sampleBank,
  noSmtp: () => t.noSmtp,
  noBackupRecipient: () => t.noBackupRecipient,
  publicUrlNotHttps: () => t.publicUrlNotHttps,
  adminWithoutTwoFactor: (detail) => t.adminWithoutTwoFactor(detail ?? ""),
  privacyContactUnset: () => t.privacyContactUnset,
};

/** What an Admin must still do before launch, on their landing page until it is all done. */
export function LaunchChecklist({ items }: { items: readonly ChecklistItem[] }) {
  if (!items.length) return null;
  return (
    <section className="launch-checklist" aria-labelledby="launch-checklist-title">
      <h2 id="launch-checklist-title">{t.title}</h2>
      <p>{t.intro}</p>
      <ul>
        {items.map((item) => (
          <li key={item.key} data-item={item.key}>
            {WORDS[item.key]?.(item.detail) ?? item.key}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/admin/settings">{t.openSettings}</Link>
      </p>
    </section>
  );
}
