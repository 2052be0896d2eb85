import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmitButton } from "~/components/form-parts";
import { loginText, resetText as t } from "~/content/auth";
import { forgetResetToken, moveTokenOutOfUrl, resetTokenOf } from "~/features/auth/reset-token.server";
import { newPasswordSchema, passwordChecklist, passwordResetSchema } from "~/features/auth/schema";
import { AuthShell, FormErrors } from "~/features/auth/staff-shell";
import adminStyles from "~/features/staff-frame/admin.css";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
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
  const moved = await moveTokenOutOfUrl(request);
  if (moved) throw moved;
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { formData } = await readForm(request, FORM_LIMITS.small, formFields([newPasswordSchema]));
  formData.set("token", await resetTokenOf(request));
  const submission = parseWithZod(formData, { schema: passwordResetSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    // With JavaScript off the page lists which rules the typed password failed.
    const password = String(formData.get("password") ?? "");
    const checklist = passwordChecklist(password, String(formData.get("confirmPassword") ?? ""));
    // Every rule met and still refused (too long): the form's own error says why, not the banner.
    const failed = checklist.some((rule) => !rule.ok) ? checklist : null;
    return json({ result: submission.reply({ hideFields }), checklist: failed }, { status: 400 });
  }
  try {
    await upstream(request).auth.resetPassword({ password: submission.value.password, token: submission.value.token });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return json(
      { result: submission.reply({ formErrors: [error.message], hideFields }), checklist: null },
      failureInit(error),
    );
  }
  return redirectWithToast(
    "/fla-admin",
    { message: t.success, type: "success" },
    { headers: { "Set-Cookie": await forgetResetToken() } },
  );
}

export default function PasswordReset() {
  const data = useActionData<typeof action>();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [form, fields] = useForm({
    id: "password-reset",
    lastResult: data?.result,
    onValidate: ({ formData }) => validateForm(formData, newPasswordSchema),
    shouldValidate: "onSubmit",
  });
  // Live in the browser; after a JavaScript-off submission, the server's verdict.
  const verdict = hydrated ? passwordChecklist(password, confirm) : (data?.checklist ?? null);
  const checklist: { id: string; label: string; ok: boolean | null }[] =
    verdict ?? passwordChecklist("", "").map((rule) => ({ ...rule, ok: null }));
  const allPass = passwordChecklist(password, confirm).every((rule) => rule.ok);
  const pending = navigation.state === "submitting";

  return (
    <AuthShell title={t.title}>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors ?? form.allErrors.token} />
        {data?.checklist && !hydrated ? (
          <p className="form-error-summary" role="alert">
            {t.rulesFailed}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={fields.password.id}>{t.password}</label>
          <input
            {...getInputProps(fields.password, { type: "password", ariaAttributes: true })}
            key={fields.password.key}
            autoComplete="new-password"
            aria-describedby="password-rules"
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={fields.confirmPassword.id}>{t.confirm}</label>
          <input
            {...getInputProps(fields.confirmPassword, { type: "password", ariaAttributes: true })}
            key={fields.confirmPassword.key}
            autoComplete="new-password"
            aria-describedby="password-rules"
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
        </div>
        <div id="password-rules" className="password-rules">
          <p>{t.rulesTitle}</p>
          <ul aria-live="polite">
            {checklist.map((rule) => (
              <li
                key={rule.id}
                data-rule={rule.id}
                data-state={rule.ok === null ? "unknown" : rule.ok ? "valid" : "invalid"}
              >
                <span aria-hidden="true">{rule.ok === null ? "•" : rule.ok ? "✓" : "✗"}</span> {rule.label}
                {rule.ok === null ? null : (
                  <span className="visually-hidden"> ({rule.ok ? t.ruleMet : t.ruleNotMet})</span>
                )}
              </li>
            ))}
          </ul>
        </div>
        <SubmitButton
          pending={pending}
          idleText={t.submit}
          pendingText={t.submitting}
          className="btn btn-primary btn-block"
          // Disabled until every rule passes; only with JavaScript, so the form still posts without it.
          disabled={hydrated && !allPass}
        />
      </Form>
      <p className="auth-switch">
        <Link to="/fla-admin">{loginText.backToLogin}</Link>
      </p>
    </AuthShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
