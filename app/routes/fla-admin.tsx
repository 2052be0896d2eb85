import type { Constraint } from "@conform-to/dom";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { staffHome } from "@domain/staff";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmitButton } from "~/components/form-parts";
import { CheckboxField, InputField } from "~/components/forms";
import { loginText as t } from "~/content/auth";
import { messages } from "~/content/messages";
import { setupText } from "~/content/settings";
import { loginConstraint, safeRedirectPath } from "~/features/auth/auth.server";
import { loginPageSchema, loginSchema, tokenRequestSchema } from "~/features/auth/schema";
import { AuthShell, FormErrors } from "~/features/auth/staff-shell";
import adminStyles from "~/features/staff-frame/admin.css";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { withShownErrors } from "~/utils/form-errors.server";
import { failureInit } from "~/utils/rate-limit.server";
import { titled } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { validateForm } from "~/utils/validate-form";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.title) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const api = upstream(request);
  const user = await api.auth.currentUser().catch(() => null);
  // Staff land on their inbox, unless a page sent them here (docs/product.md §8).
  if (user) throw redirect(staffHome(user.role ?? "editor", user.needsTwoFactorSetup));
  const url = new URL(request.url);
  return json({
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), ""),
    forgot: url.searchParams.has("forgot"),
    constraint: loginConstraint,
    // A production site without any staff account offers its first-run setup (docs/decisions/061).
    setupNeeded: await api.settings.setupNeeded().catch(() => false),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { formData } = await readForm(request, FORM_LIMITS.small, formFields([loginPageSchema]));
  // Any intent but the token request is a sign-in: the form has no field to show an intent's error.
  const intent = formData.get("intent") === "request-token" ? "request-token" : "login";
  formData.set("intent", intent);
  const submission = parseWithZod(formData, { schema: loginPageSchema });
  if (submission.status !== "success") {
    // A problem in the hidden redirectTo (a hand-made request) is reported on the form.
    const result = withShownErrors(submission.reply({ hideFields: ["password"] }), messages.formUnreadable, [
      "email",
      "password",
      "keepMeLoggedIn",
    ]);
    return json({ intent, result }, { status: 400 });
  }
  const api = upstream(request);
  const input = submission.value;
  try {
    if (input.intent === "login") {
      const signedIn = await api.auth.login(
        { username: input.email, password: input.password, keepMeSignedIn: input.keepMeLoggedIn },
        "json",
      );
      // Two-factor sign-in on: the code comes next, on its own page (docs/decisions/032-two-factor-sign-in.md),
      // which sends the member on when the code is right.
      if (signedIn.codeNeeded) {
        const back = safeRedirectPath(input.redirectTo, "");
        throw redirect(`/fla-admin/code${back ? `?${new URLSearchParams({ redirectTo: back })}` : ""}`, {
          headers: api.headers,
        });
      }
      // Past this point the password alone opened the session: two-factor sign-in is off. Only a
      // member who may not work without it starts at its set-up (decision 032); others at their desk.
      const home = staffHome(signedIn.role ?? "editor", signedIn.needsTwoFactorSetup);
      const to = safeRedirectPath(input.redirectTo, home);
      return redirectWithToast(
        to.startsWith("/fla-admin") ? home : to,
        { message: t.success, type: "success" },
        { headers: api.headers },
      );
    }
    await api.auth.requestPasswordReset(input.email);
    return redirectWithToast("/fla-admin", { message: t.tokenSuccess, type: "success" });
  } catch (error) {
    // docs/product.md §8: the server's text is shown as-is (a wrong password answers 401 with its reason).
    if (!(error instanceof UpstreamError)) throw error;
    return json(
      { intent, result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }) },
      failureInit(error),
    );
  }
}

export default function StaffLogin() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { redirectTo, constraint } = loaded;
  // A refused token request shows its form (and errors) even when posted without ?forgot.
  const forgot = loaded.forgot || actionData?.intent === "request-token";
  return (
    <AuthShell title={forgot ? t.tokenTitle : t.title}>
      {loaded.setupNeeded ? (
        <p className="auth-intro">
          {setupText.notice} <Link to="/fla-admin/setup">{setupText.noticeLink}</Link>
        </p>
      ) : null}
      {forgot ? (
        <TokenRequestForm redirectTo={redirectTo} constraint={constraint.requestToken} />
      ) : (
        <LoginForm redirectTo={redirectTo} constraint={constraint.login} />
      )}
    </AuthShell>
  );
}

function usePendingIntent() {
  const navigation = useNavigation();
  return navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
}

function LoginForm({ redirectTo, constraint }: { redirectTo: string; constraint: Record<string, Constraint> }) {
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "login",
    lastResult: data?.intent === "login" ? data.result : undefined,
    constraint,
    onValidate: ({ formData }) => validateForm(formData, loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = usePendingIntent() === "login";
  const forgotHref = `/fla-admin?${new URLSearchParams(redirectTo ? { forgot: "", redirectTo } : { forgot: "" })}`;
  return (
    <>
      <p className="auth-intro">{t.intro}</p>
      <Form method="post" {...getFormProps(form)} replace>
        <input type="hidden" name="intent" value="login" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <InputField field={fields.email} label={t.email} type="email" autoComplete="username" />
        <InputField field={fields.password} label={t.password} type="password" autoComplete="current-password" />
        <CheckboxField field={fields.keepMeLoggedIn} label={t.keepMeLoggedIn} />
        <SubmitButton
          pending={pending}
          idleText={t.submit}
          pendingText={t.submitting}
          className="btn btn-primary btn-block"
        />
      </Form>
      <p className="auth-switch">
        <Link to={forgotHref}>{t.forgotLink}</Link>
      </p>
    </>
  );
}

function TokenRequestForm({ redirectTo, constraint }: { redirectTo: string; constraint: Record<string, Constraint> }) {
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "request-token",
    lastResult: data?.intent === "request-token" ? data.result : undefined,
    constraint,
    onValidate: ({ formData }) => validateForm(formData, tokenRequestSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = usePendingIntent() === "request-token";
  const loginHref = redirectTo ? `/fla-admin?${new URLSearchParams({ redirectTo })}` : "/fla-admin";
  return (
    <>
      <p className="auth-intro">{t.tokenIntro}</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="request-token" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <InputField field={fields.email} label={t.email} type="email" autoComplete="email" />
        <SubmitButton
          pending={pending}
          idleText={t.tokenSubmit}
          pendingText={t.tokenSubmitting}
          className="btn btn-primary btn-block"
        />
      </Form>
      <p className="auth-switch">
        <Link to={loginHref}>{t.backToLogin}</Link>
      </p>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
