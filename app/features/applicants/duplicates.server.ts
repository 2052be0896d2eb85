import { json } from "@remix-run/node";
import { z } from "zod";

import { duplicatesCopy as copy } from "~/content/lifecycle";
import { loginIfUnauthorized } from "~/features/auth/auth.server";
import { type upstream, UpstreamError } from "~/upstream/index.server";
import { redirectWithToast } from "~/utils/toast.server";

// "Close as a duplicate" on an applicant's staff page (docs/decisions/100-one-live-application-per-course.md).

const closeDuplicateForm = z.object({ of: z.string().regex(/^[a-f0-9]{24}$/) });

export async function closeDuplicate(
  request: Request,
  api: ReturnType<typeof upstream>,
  id: string,
  formData: FormData,
) {
  const parsed = closeDuplicateForm.safeParse({ of: formData.get("of") });
  if (!parsed.success) return json({ duplicateError: copy.failed }, { status: 400 });
  try {
    await api.applicants.closeDuplicate(id, parsed.data.of);
  } catch (error) {
    await loginIfUnauthorized(error, request);
    const message = error instanceof UpstreamError && error.status < 500 ? error.message : copy.failed;
    return json({ duplicateError: message }, { status: 400 });
  }
  return redirectWithToast(
    `/admin/applicants/${encodeURIComponent(id)}`,
    { message: copy.closed, type: "success" },
    { headers: api.headers },
    request,
  );
}
