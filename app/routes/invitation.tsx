import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmitButton } from "~/components/form-parts";
import { invitationText as t, roleLabels } from "~/content/staff-accounts";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { newPasswordSchema } from "~/features/auth/schema";
import { AuthShell, FormErrors } from "~/features/auth/staff-shell";
import adminStyles from "~/features/staff-frame/admin.css";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";
import { titled } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// Accepting an invitation to the staff (docs/decisions/031-staff-roles.md): the e-mailed link,
// valid 72 hours and usable once, opens this page to choose a password (docs/product.md §5's
// rules). The token rides in the page's form; the API claims it when the account is made.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.title) },
  { name: "robots", content: "noindex" },
];

const tokenOf = (url: URL) => (url.searchParams.get("token") ?? "").slice(0, 200);

export async function loader({ request }: LoaderFunctionArgs) {
  const token = tokenOf(new URL(request.url));
  try {
    const invitation = await upstream(request).staff.invitation(token);
    // Never in a shared cache: the address carries the one-time token and the page names the person.
    return json(
      { token, invitation: { name: invitation.name, role: roleLabels[invitation.role] } },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (error instanceof UpstreamError && error.status !== 429 && error.status < 500)
      return json({ token: "", invitation: null }, { status: 410, headers: { "Cache-Control": "private, no-store" } });
    throw error;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { formData } = await readForm(request, FORM_LIMITS.small, formFields([newPasswordSchema], ["token"]));
  const parsed = newPasswordSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return json({ errors: [...new Set(parsed.error.issues.map((i) => i.message))] }, { status: 400 });
  try {
    await upstream(request).staff.acceptInvitation({
      token: String(formData.get("token") ?? "").slice(0, 200),
      password: parsed.data.password,
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return json({ errors: [error.message] }, failureInit(error));
  }
  return redirectWithToast("/fla-admin", { message: t.success, type: "success" });
}

export default function InvitationPage() {
  const { token, invitation } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  if (!invitation)
    return (
      <AuthShell title={t.title}>
        <p role="alert">{t.invalid}</p>
      </AuthShell>
    );
  return (
    <AuthShell title={t.title}>
      <p className="auth-intro">{t.intro(invitation.name, invitation.role)}</p>
      <Form method="post" replace>
        <input type="hidden" name="token" value={token} />
        <FormErrors id="invitation-errors" errors={data?.errors} />
        <NewPasswordFields />
        <SubmitButton
          pending={pending}
          idleText={t.submit}
          pendingText={t.submitting}
          className="btn btn-primary btn-block"
        />
      </Form>
    </AuthShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
