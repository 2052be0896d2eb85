import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { logoutText } from "~/content/auth";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { discardForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";

// Logging out changes state, so it is a POST only; a GET (a prefetch, a pasted link) does nothing.
export const loader = () => redirect("/");

export async function action({ request }: ActionFunctionArgs) {
  // Sign-out reads no field, so any small body will do (a file in it too); a huge one is refused.
  await discardForm(request);
  const api = upstream(request);
  try {
    await api.auth.logout();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // docs/product.md §8: the server's text in a persistent toast.
    return redirectWithToast(
      "/",
      { message: error.message, type: "error", persistent: true },
      { headers: api.headers },
    );
  }
  return redirectWithToast("/", { message: logoutText.success, type: "success" }, { headers: api.headers });
}
