import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmitButton } from "~/components/form-parts";
import { accountText as t } from "~/content/staff-accounts";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import { FormErrors } from "~/features/auth/staff-shell";
import { twoFactorSchema } from "~/features/staff-accounts/schema";
import { UpstreamError } from "~/upstream/index.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";
import { titled } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// One's own two-factor sign-in (docs/decisions/032-two-factor-sign-in.md): set up with a QR code
// or the key typed by hand, confirmed by a first code; the ten recovery codes are shown once, in
// the answer to that confirmation. Plain forms: it all works with JavaScript off.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.title) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.account");
  return json({ state: await api.account.twoFactor() }, { headers: api.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.account");
  const { formData } = await readForm(request, FORM_LIMITS.small, formFields([], ["intent", "code"]));
  const parsed = twoFactorSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? t.title, recoveryCodes: null }, 400);
  const input = parsed.data;
  try {
    if (input.intent === "start") {
      await api.account.startTwoFactor();
      return json({ error: null, recoveryCodes: null }, { headers: api.headers });
    }
    if (input.intent === "confirm") {
      const { recoveryCodes } = await api.account.confirmTwoFactor(input.code);
      return json({ error: null, recoveryCodes }, { headers: api.headers });
    }
    await api.account.disableTwoFactor(input.code);
    return redirectWithToast("/admin/account", { message: t.turnedOff, type: "success" }, { headers: api.headers });
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (!(error instanceof UpstreamError)) throw error;
    return json({ error: error.message, recoveryCodes: null }, failureInit(error));
  }
}

export default function TwoFactorPage() {
  const { state } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  if (data?.recoveryCodes) {
    return (
      <section className="admin-section" aria-labelledby="recovery-title">
        <h1 id="recovery-title">{t.recoveryTitle}</h1>
        <p role="status">{t.turnedOn}</p>
        <p>{t.recoveryIntro}</p>
        <ul className="recovery-codes" aria-label={t.recoveryTitle}>
          {data.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <a href="/admin/account" className="btn btn-primary">
          {t.recoveryDone}
        </a>
      </section>
    );
  }

  return (
    <section className="admin-section" aria-labelledby="two-factor-title">
      <h1 id="two-factor-title">{t.title}</h1>
      <p>{state.enabled ? t.on : t.off}</p>
      <p>{state.required ? t.required : t.optional}</p>
      <FormErrors id="two-factor-errors" errors={data?.error ? [data.error] : null} />
      {state.enabled ? (
        <>
          <p>{t.codesLeft(state.recoveryCodesLeft)}</p>
          {state.required ? null : (
            <Form method="post" className="admin-form">
              <h2>{t.disableTitle}</h2>
              <p>{t.disableIntro}</p>
              <input type="hidden" name="intent" value="disable" />
              <div className="field">
                <label htmlFor="disable-code">{t.code}</label>
                <input id="disable-code" name="code" required maxLength={20} autoComplete="one-time-code" />
              </div>
              <SubmitButton pending={busy("disable")} idleText={t.disable} pendingText={t.disabling} />
            </Form>
          )}
        </>
      ) : state.setup ? (
        <div className="two-factor-setup">
          <p>{t.scan}</p>
          <img src={state.setup.qrDataUrl} alt={t.qrAlt} width={220} height={220} />
          <p>
            {t.typeInstead} <code data-testid="totp-secret">{state.setup.secretGroups}</code>
          </p>
          <Form method="post" className="admin-form">
            <input type="hidden" name="intent" value="confirm" />
            <p>{t.confirmIntro}</p>
            <div className="field">
              <label htmlFor="confirm-code">{t.code}</label>
              <input
                id="confirm-code"
                name="code"
                required
                maxLength={20}
                inputMode="numeric"
                autoComplete="one-time-code"
              />
            </div>
            <SubmitButton pending={busy("confirm")} idleText={t.confirm} pendingText={t.confirming} />
          </Form>
        </div>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="start" />
          <SubmitButton pending={busy("start")} idleText={t.start} pendingText={t.starting} />
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
