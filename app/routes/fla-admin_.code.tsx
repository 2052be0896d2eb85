import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { staffHome } from "@domain/staff";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmitButton } from "~/components/form-parts";
import { loginText } from "~/content/auth";
import { codeText as t } from "~/content/staff-accounts";
import { safeRedirectPath } from "~/features/auth/auth.server";
import { AuthShell, FormErrors } from "~/features/auth/staff-shell";
import { codeSchema } from "~/features/staff-accounts/schema";
import adminStyles from "~/features/staff-frame/admin.css";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";
import { titled } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// The second step of a sign-in with two-factor on (docs/decisions/032-two-factor-sign-in.md):
// the password was right, the session waits for a code of the app or a recovery code.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.title) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await upstream(request).auth.pendingSignIn();
  if (!pending) throw redirect("/fla-admin");
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  return json({ email: pending.email, redirectTo });
}

export async function action({ request }: ActionFunctionArgs) {
  const { formData } = await readForm(request, FORM_LIMITS.small, formFields([codeSchema]));
  const parsed = codeSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return json({ error: t.codeRequired }, { status: 400 });
  const api = upstream(request);
  let user: Awaited<ReturnType<typeof api.auth.submitCode>>;
  try {
    user = await api.auth.submitCode(parsed.data.code);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // A session that ended meanwhile: back to the password.
    if (error.status === 401) throw redirect("/fla-admin");
    return json({ error: error.message }, failureInit(error));
  }
  // Back to the page that asked for the sign-in, else the member's own start (docs/product.md §8).
  const home = staffHome(user.role ?? "editor");
  const to = safeRedirectPath(parsed.data.redirectTo, home);
  return redirectWithToast(
    to.startsWith("/fla-admin") ? home : to,
    { message: loginText.success, type: "success" },
    { headers: api.headers },
  );
}

export default function CodeStep() {
  const { email, redirectTo } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  return (
    <AuthShell title={t.title}>
      <p className="auth-intro">{t.intro(email)}</p>
      <Form method="post" replace>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormErrors id="code-errors" errors={data?.error ? [data.error] : null} />
        <div className="field">
          <label htmlFor="code">{t.code}</label>
          <input
            id="code"
            name="code"
            required
            maxLength={20}
            autoComplete="one-time-code"
            inputMode="text"
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby="code-hint"
            aria-invalid={data?.error ? true : undefined}
          />
          <p id="code-hint" className="field-hint">
            {t.recoveryHint}
          </p>
        </div>
        <SubmitButton
          pending={pending}
          idleText={t.submit}
          pendingText={t.submitting}
          className="btn btn-primary btn-block"
        />
      </Form>
      <Form method="post" action="/logout" className="auth-switch">
        <button type="submit" className="linklike">
          {t.cancel}
        </button>
      </Form>
    </AuthShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
