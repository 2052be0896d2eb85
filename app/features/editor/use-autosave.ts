import { useFetcher } from "@remix-run/react";
import { type RefObject, useCallback, useEffect, useState } from "react";

import type { ItemType } from "@domain/items";
import type { EditorActionData } from "~/features/editor/editor.server";

/**
 * Auto-save of a new item's draft (docs/product.md §4: not on edit routes), asked for after an image
 * upload. The save reads the form in an effect, i.e. after React has committed the render
 * that wrote the new image into its hidden field, so it never posts the old value.
 */
export function useAutosave({
  type,
  enabled,
  formRef,
  onSessionExpired,
}: {
  type: ItemType;
  enabled: boolean;
  formRef: RefObject<HTMLFormElement>;
  onSessionExpired: () => void;
}) {
  const fetcher = useFetcher<EditorActionData>({ key: `autosave-${type}` });
  const [requested, setRequested] = useState(0);

  useEffect(() => {
    if (!requested || !formRef.current) return;
    const data = new FormData(formRef.current);
    data.set("intent", "save");
    data.set("auto", "1");
    fetcher.submit(data, { method: "post", encType: "multipart/form-data" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one post per request, not per fetcher change
  }, [requested]);

  useEffect(() => {
    if (fetcher.data?.sessionExpired) onSessionExpired();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- react to a new answer only
  }, [fetcher.data]);

  const autosave = useCallback(() => {
    if (enabled) setRequested((n) => n + 1);
  }, [enabled]);

  return { autosave, saving: fetcher.state !== "idle" };
}
