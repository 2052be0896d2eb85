import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { liteText } from "~/content/lite";
import { liteCookie, liteSwitchSchema } from "~/features/lite/lite.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";

// The footer's Lite / Full switch (docs/decisions/041-lite-mode.md). A choice changes state, so
// it is a POST: a plain form that works with JavaScript off. A GET changes nothing.
export const loader = () => redirect("/");

const fields = formFields([liteSwitchSchema]);

export async function action({ request }: ActionFunctionArgs) {
  const { formData } = await readForm(request, FORM_LIMITS.small, fields);
  const parsed = liteSwitchSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return new Response(liteText.badSwitch, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  const { mode, to } = parsed.data;
  return redirect(to, { status: 303, headers: { "Set-Cookie": liteCookie(mode), "Cache-Control": "no-store" } });
}
