import { json } from "@remix-run/node";

import { lagosDay } from "@domain/consent";
import { rightsText as t } from "~/content/privacy-staff";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import type { StaffRouteId } from "~/features/auth/staff-routes";
import { UpstreamError } from "~/upstream/index.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";

import { personLookup, privacyForm } from "./privacy-schema.server";

// People's rights, server side (docs/decisions/034-retention-and-rights.md): the request register
// and a person found by e-mail or phone; a request added or marked done, a person erased.

/** The register, and the person asked for (?email=, ?phone=) with what is kept of them. */
export async function loadRightsPage(request: Request, route: StaffRouteId) {
  const { api } = await requireStaffRoute(request, route);
  const url = new URL(request.url);
  const lookup = personLookup.safeParse({
    email: url.searchParams.get("email") ?? undefined,
    phone: url.searchParams.get("phone") ?? undefined,
  });
  const person = lookup.success && (lookup.data.email || lookup.data.phone) ? lookup.data : null;
  try {
    const [register, found] = await Promise.all([
      api.privacy.requests(),
      person ? api.privacy.findPerson(person) : Promise.resolve(null),
    ]);
    return json(
      { register, person, found, today: lagosDay() },
      { headers: { ...Object.fromEntries(api.headers), "Cache-Control": PRIVATE_NO_STORE } },
    );
  } catch (error) {
    await loginIfUnauthorized(error, request);
    throw error;
  }
}

/** Add a request, mark one done, or erase a person: each a plain form (JavaScript off too). */
export async function answerRightsForm(request: Request, route: StaffRouteId) {
  const { api } = await requireStaffRoute(request, route);
  const { formData } = await readForm(request);
  const parsed = privacyForm.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? t.failed }, { status: 400 });
  const form = parsed.data;
  try {
    if (form.intent === "add") {
      await api.privacy.addRequest({ kind: form.kind, subject: form.subject, receivedOn: form.receivedOn });
      return redirectWithToast(
        "/admin/privacy",
        { message: t.added, type: "success" },
        { headers: api.headers },
        request,
      );
    }
    if (form.intent === "done") {
      await api.privacy.requestDone(form.id);
      return redirectWithToast(
        "/admin/privacy",
        { message: t.markedDone, type: "success" },
        { headers: api.headers },
        request,
      );
    }
    const erased = await api.privacy.erasePerson({ email: form.email, phone: form.phone, requestId: form.requestId });
    return redirectWithToast(
      "/admin/privacy",
      { message: t.erased(erased), type: "success" },
      { headers: api.headers },
      request,
    );
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (!(error instanceof UpstreamError)) throw error;
    return json({ error: error.status < 500 ? error.message : t.failed }, { status: 400 });
  }
}
