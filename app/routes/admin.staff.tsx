import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { formatLagos } from "@domain/schedule";
import { STAFF_ROLES } from "@domain/staff";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmitButton } from "~/components/form-parts";
import { roleHints, roleLabels, staffPageText as t } from "~/content/staff-accounts";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import { FormErrors } from "~/features/auth/staff-shell";
import { staffActionSchema } from "~/features/staff-accounts/schema";
import { AdminTable } from "~/features/staff-frame/frame";
import { UpstreamError } from "~/upstream/index.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";
import { titled } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// Staff management for Admins (docs/decisions/031-staff-roles.md): the team, invitations, roles,
// deactivation, a reset of someone's two-factor sign-in. Each action is its own small form, so
// the page works with JavaScript off; the API enforces "always one active Admin".
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.title) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user } = await requireStaffRoute(request, "admin.staff");
  return json({ list: await api.staff.list(), me: user.id }, { headers: api.headers });
}

const FIELDS = ["intent", "id", "email", "name", "role"];

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.staff");
  const { formData } = await readForm(request, FORM_LIMITS.small, formFields([], FIELDS));
  const typed = { email: String(formData.get("email") ?? ""), name: String(formData.get("name") ?? "") };
  const parsed = staffActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? t.title, typed }, { status: 400 });
  const input = parsed.data;
  try {
    if (input.intent === "invite") await api.staff.invite({ email: input.email, name: input.name, role: input.role });
    else if (input.intent === "role") await api.staff.setRole(input.id, input.role);
    else if (input.intent === "deactivate") await api.staff.deactivate(input.id);
    else if (input.intent === "reactivate") await api.staff.reactivate(input.id);
    else if (input.intent === "resetTwoFactor") await api.staff.resetTwoFactor(input.id);
    else if (input.intent === "resend") await api.staff.resendInvitation(input.id);
    else await api.staff.cancelInvitation(input.id);
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (!(error instanceof UpstreamError)) throw error;
    return json({ error: error.message, typed }, failureInit(error));
  }
  return redirectWithToast(
    "/admin/staff",
    { message: t.done[input.intent], type: "success" },
    { headers: api.headers },
  );
}

const day = (iso: string | null) => (iso ? formatLagos(iso) : t.never);

export default function StaffPage() {
  const { list, me } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  const inviting = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  return (
    <>
      <h1>{t.title}</h1>
      <FormErrors id="staff-errors" errors={data?.error ? [data.error] : null} />
      <h2>{t.members}</h2>
      <AdminTable headers={[t.name, t.email, t.role, t.twoFactor, t.lastSignIn, t.actions]}>
        {list.members.map((m) => (
          <tr key={m.id}>
            <td>
              {m.name} {m.demo ? t.demo : null} {m.deactivatedAt ? <strong>({t.deactivated})</strong> : null}
            </td>
            <td data-label={t.email}>{m.email}</td>
            <td data-label={t.role}>
              <Form method="post" className="inline-form">
                <input type="hidden" name="intent" value="role" />
                <input type="hidden" name="id" value={m.id} />
                <label className="visually-hidden" htmlFor={`role-${m.id}`}>
                  {t.roleFor(m.name)}
                </label>
                <select id={`role-${m.id}`} name="role" defaultValue={m.role}>
                  {STAFF_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {roleLabels[r]}
                    </option>
                  ))}
                </select>{" "}
                <button type="submit" className="btn btn-outline btn-small">
                  {t.changeRole}
                </button>
              </Form>
            </td>
            <td data-label={t.twoFactor}>{m.twoFactor ? t.yes : t.no}</td>
            <td data-label={t.lastSignIn}>{day(m.lastLoginAt)}</td>
            <td className="admin-actions">
              <Form method="post" className="inline-form">
                <input type="hidden" name="id" value={m.id} />
                {m.deactivatedAt ? (
                  <button type="submit" name="intent" value="reactivate" className="btn btn-outline btn-small">
                    {t.reactivate}
                  </button>
                ) : m.id === me ? null : (
                  <button type="submit" name="intent" value="deactivate" className="btn btn-outline btn-small">
                    {t.deactivate}
                  </button>
                )}
                {m.twoFactor && m.id !== me ? (
                  <button type="submit" name="intent" value="resetTwoFactor" className="btn btn-outline btn-small">
                    {t.resetTwoFactor}
                  </button>
                ) : null}
              </Form>
            </td>
          </tr>
        ))}
      </AdminTable>

      <h2>{t.invitations}</h2>
      {list.invitations.length ? (
        <AdminTable headers={[t.name, t.email, t.role, t.expires, t.actions]}>
          {list.invitations.map((i) => (
            <tr key={i.id}>
              <td>{i.name}</td>
              <td data-label={t.email}>{i.email}</td>
              <td data-label={t.role}>{roleLabels[i.role]}</td>
              <td data-label={t.expires}>{i.expired ? t.expired : day(i.expiresAt)}</td>
              <td className="admin-actions">
                <Form method="post" className="inline-form">
                  <input type="hidden" name="id" value={i.id} />
                  <button type="submit" name="intent" value="resend" className="btn btn-outline btn-small">
                    {t.resend}
                  </button>
                  <button type="submit" name="intent" value="cancel" className="btn btn-outline btn-small">
                    {t.cancel}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p>{t.noInvitations}</p>
      )}

      <h2 id="invite-title">{t.inviteTitle}</h2>
      <p>{t.inviteIntro}</p>
      <Form method="post" className="admin-form" aria-labelledby="invite-title">
        <input type="hidden" name="intent" value="invite" />
        <div className="field">
          <label htmlFor="invite-name">{t.name}</label>
          <input id="invite-name" name="name" required maxLength={100} defaultValue={data?.typed.name} />
        </div>
        <div className="field">
          <label htmlFor="invite-email">{t.email}</label>
          <input
            id="invite-email"
            name="email"
            type="email"
            required
            maxLength={200}
            defaultValue={data?.typed.email}
          />
        </div>
        <fieldset className="field">
          <legend>{t.role}</legend>
          {STAFF_ROLES.map((r) => (
            <label key={r} className="choice">
              <input type="radio" name="role" value={r} required defaultChecked={r === "editor"} /> {roleLabels[r]}:{" "}
              {roleHints[r]}
            </label>
          ))}
        </fieldset>
        <SubmitButton pending={inviting} idleText={t.invite} pendingText={t.inviting} />
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
