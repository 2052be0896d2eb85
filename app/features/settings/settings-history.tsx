import { Form } from "@remix-run/react";

import { formatLagos } from "@domain/schedule";
import { changedFieldWords, settingsText as t } from "~/content/settings";
import { AdminTable } from "~/features/staff-frame/frame";
import type { SettingsRevision } from "~/upstream/settings.server";

/** Each save of the settings, newest first, each but the current one with its Restore form. */
export function SettingsHistory({ revisions, current }: { revisions: SettingsRevision[]; current: number }) {
  return (
    <section aria-labelledby="settings-history-title">
      <h2 id="settings-history-title">{t.history}</h2>
      {revisions.length ? (
        <>
          <p>{t.historyIntro}</p>
          <AdminTable headers={[t.version, t.when, t.by, t.changed, t.actions]}>
            {revisions.map((r) => (
              <tr key={r.version}>
                <td>{r.version}</td>
                <td data-label={t.when}>{formatLagos(r.madeAt)}</td>
                <td data-label={t.by}>{r.by?.name ?? "—"}</td>
                <td data-label={t.changed}>
                  {r.version === 0
                    ? t.seeded
                    : [
                        changedFieldWords(r.changed),
                        r.restoredFrom !== null ? `(${t.restoredFrom(r.restoredFrom)})` : "",
                      ]
                        .filter(Boolean)
                        .join(" ")}
                </td>
                <td className="admin-actions">
                  {r.version === current ? (
                    t.current
                  ) : (
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="intent" value="restore" />
                      <input type="hidden" name="version" value={r.version} />
                      <button
                        type="submit"
                        className="btn btn-outline btn-small"
                        aria-label={t.restoreLabel(r.version)}
                      >
                        {t.restore}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        </>
      ) : (
        <p>{t.noHistory}</p>
      )}
    </section>
  );
}
