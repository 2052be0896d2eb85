import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmitButton } from "~/components/form-parts";
import { setupText as t } from "~/content/settings";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { newPasswordSchema } from "~/features/auth/schema";
import { AuthShell, FormErrors } from "~/features/auth/staff-shell";
import { setupFieldsSchema } from "~/features/settings/setup-schema";
import adminStyles from "~/features/staff-frame/admin.css";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";
import { titled } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// The first run (docs/product.md, "First run"; docs/decisions/061): a production site without
// any staff account makes its first Admin here, with the setup code from the server's log. Once
// an account exists the page is gone: 404, as the API answers.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.title) },
  { name: "robots", content: "noindex" },
];

const gone = () => new Response("Not found", { status: 404 });
const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await upstream(request).settings.setupNeeded())) throw gone();
  return json({}, { headers: noStore });
}

type Typed = { academyName: string; name: string; email: string };

export async function action({ request }: ActionFunctionArgs) {
  const { formData } = await readForm(request, FORM_LIMITS.small, formFields([setupFieldsSchema, newPasswordSchema]));
  const values = Object.fromEntries(formData);
  // What was typed comes back, but never the code or the password.
  const typed: Typed = {
    academyName: String(values.academyName ?? "").slice(0, 200),
    name: String(values.name ?? "").slice(0, 100),
    email: String(values.email ?? "").slice(0, 200),
  };
  const fields = setupFieldsSchema.safeParse(values);
  const password = newPasswordSchema.safeParse(values);
  if (!fields.success || !password.success) {
    const issues = [...(fields.error?.issues ?? []), ...(password.error?.issues ?? [])];
    return json({ errors: [...new Set(issues.map((i) => i.message))], typed }, { status: 400, headers: noStore });
  }
  const api = upstream(request);
  try {
    await api.settings.completeSetup({ ...fields.data, password: password.data.password });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 404) throw gone();
    return json({ errors: [error.message], typed }, failureInit(error));
  }
  return redirectWithToast("/fla-admin", { message: t.done, type: "success" });
}

export default function SetupPage() {
  const data = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  return (
    <AuthShell title={t.title}>
      <p className="auth-intro">{t.intro}</p>
      <Form method="post" replace>
        <FormErrors id="setup-errors" errors={data?.errors} />
        <div className="field">
          <label htmlFor="setup-code">{t.code}</label>
          <input
            id="setup-code"
            name="code"
            required
            maxLength={200}
            autoComplete="off"
            aria-describedby="setup-code-hint"
          />
          <small id="setup-code-hint" className="field-hint">
            {t.codeHint}
          </small>
        </div>
        <div className="field">
          <label htmlFor="setup-academy">{t.academyName}</label>
          <input
            id="setup-academy"
            name="academyName"
            required
            maxLength={200}
            defaultValue={data?.typed.academyName}
          />
        </div>
        <div className="field">
          <label htmlFor="setup-name">{t.name}</label>
          <input
            id="setup-name"
            name="name"
            required
            maxLength={100}
            autoComplete="name"
            defaultValue={data?.typed.name}
          />
        </div>
        <div className="field">
          <label htmlFor="setup-email">{t.email}</label>
          <input
            id="setup-email"
            name="email"
            type="email"
            required
            maxLength={200}
            autoComplete="email"
            defaultValue={data?.typed.email}
          />
        </div>
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
