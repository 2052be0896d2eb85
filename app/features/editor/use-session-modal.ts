import { useNavigation, useSubmit } from "@remix-run/react";
import { type RefObject, useEffect, useRef, useState } from "react";

import type { EditorActionData } from "~/features/editor/editor.server";

export type SessionModalState = { pendingIntent: "save" | "publish" | ""; error?: string };

/**
 * The Session Expired modal's state, driven by the editor's own posts: it opens on a 401,
 * and after a re-login it closes and replays the save or publish the 401 interrupted, with
 * everything typed.
 */
export function useSessionModal(actionData: EditorActionData | undefined, formRef: RefObject<HTMLFormElement>) {
  const [modal, setModal] = useState<SessionModalState | null>(actionData?.sessionExpired ?? null);
  const submit = useSubmit();
  // Each new answer of the editor's action opens or closes the modal (state adjusted while
  // rendering, as React recommends, not in an effect).
  const [answered, setAnswered] = useState(actionData);
  if (actionData !== answered) {
    setAnswered(actionData);
    if (actionData?.sessionExpired) setModal(actionData.sessionExpired);
    if (actionData?.relogged) setModal(null);
  }

  // The replay is a side effect: it posts the form again, once per re-login, and only when the
  // re-login's own page reload has finished. The action's answer is visible while that reload
  // is still running; a post then would cancel it, and the "Welcome Back" notice it read (and
  // cleared from the cookie) would be lost.
  const idle = useNavigation().state === "idle";
  const replayed = useRef<EditorActionData>();
  useEffect(() => {
    if (!idle || !actionData?.relogged || replayed.current === actionData) return;
    replayed.current = actionData;
    const pending = actionData.relogged.pendingIntent;
    if (pending && formRef.current) {
      const data = new FormData(formRef.current);
      data.set("intent", pending);
      submit(data, { method: "post", encType: "multipart/form-data", replace: true });
    }
  }, [idle, actionData, formRef, submit]);

  return [modal, setModal] as const;
}
