type Reply = { error?: Record<string, string[] | null> | null };

/**
 * Makes every refusal visible. conform files a problem under the path zod reports: an
 * element of a list (`idCards[1]`) or a field the page keeps hidden (`assetFolder`, `intent`)
 * would be a 400 showing no message at all. An element's problem is lifted to its field; a
 * hidden field's problem (only a hand-made request has one) adds `fallback` to the form's own
 * errors. Without `shown`, every top-level field is taken as shown.
 */
export function withShownErrors<R extends Reply>(result: R, fallback: string, shown?: readonly string[]): R {
  if (!result.error) return result;
  const error: Record<string, string[] | null> = { ...result.error };
  for (const [key, list] of Object.entries(result.error)) {
    const field = key.split(/[[.]/)[0];
    if (field !== key && list?.length && !error[field]?.length) error[field] = list;
  }
  const hidden =
    !!shown &&
    Object.entries(error).some(([key, list]) => key !== "" && list?.length && !shown.includes(key.split(/[[.]/)[0]));
  if (hidden && !error[""]?.length) error[""] = [fallback];
  return { ...result, error };
}
