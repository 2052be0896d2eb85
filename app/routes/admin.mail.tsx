import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";

import { formatWhen } from "@domain/schedule";
import { mailQueueText as t } from "~/content/mail-queue";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import { AdminTable } from "~/features/staff-frame/frame";
import { UpstreamError } from "~/upstream/index.server";
import { readForm } from "~/utils/form-body.server";
import { titled } from "~/utils/seo";

// The mails the queue has not sent (docs/decisions/043-durable-mail-queue.md): who, what, how many
// tries and the last error; a given-up or waiting mail can be sent again now. For administrators.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.title) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.mail");
  const mails = (await api.mailQueue.list()).map((m) => ({
    ...m,
    queued: formatWhen(m.createdAt),
    next: m.nextAttemptAt ? formatWhen(m.nextAttemptAt) : null,
  }));
  const retried = new URL(request.url).searchParams.get("retried") === "1";
  return json({ mails, retried }, { headers: api.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.mail");
  const { formData } = await readForm(request);
  const parsed = z.object({ id: z.string().min(1).max(64) }).safeParse(Object.fromEntries(formData));
  if (!parsed.success) return json({ error: t.badRequest }, { status: 400 });
  try {
    await api.mailQueue.retry(parsed.data.id);
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (error instanceof UpstreamError && (error.status === 409 || error.status === 404))
      return json({ error: t.retryRefused }, { status: 409 });
    throw error;
  }
  return redirect("/admin/mail?retried=1", { headers: api.headers });
}

export default function MailQueue() {
  const { mails, retried } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {retried && !failed ? (
        <p className="admin-notice" role="status">
          {t.retried}
        </p>
      ) : null}
      {failed?.error ? (
        <p className="form-error" role="alert">
          {failed.error}
        </p>
      ) : null}
      {mails.length === 0 ? (
        <p className="admin-empty">{t.empty}</p>
      ) : (
        <AdminTable
          headers={[
            t.columns.queued,
            t.columns.to,
            t.columns.subject,
            t.columns.status,
            t.columns.tries,
            t.columns.lastError,
            <span className="visually-hidden">{t.retry}</span>,
          ]}
        >
          {mails.map((m) => (
            <tr key={m._id} data-testid="queued-mail">
              <td data-label={t.columns.queued}>
                <time dateTime={m.createdAt}>{m.queued}</time>
              </td>
              <td data-label={t.columns.to}>{m.to}</td>
              <td data-label={t.columns.subject}>{m.subject}</td>
              <td data-label={t.columns.status}>
                {m.status === "queued" ? t.status.queued(m.next ?? "") : t.status[m.status]}
              </td>
              <td data-label={t.columns.tries}>{m.tries}</td>
              <td data-label={t.columns.lastError} className="admin-message">
                {m.lastError ?? t.noError}
              </td>
              <td>
                {m.status === "expired" ? null : (
                  <Form method="post">
                    <input type="hidden" name="id" value={m._id} />
                    <button type="submit" className="btn btn-outline btn-small" aria-label={t.retryOf(m.subject, m.to)}>
                      {t.retry}
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
