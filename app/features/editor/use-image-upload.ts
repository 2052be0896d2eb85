import { useRevalidator } from "@remix-run/react";
import { useCallback } from "react";

import { editorText as t } from "~/content/editor";
import type { UploadAnswer } from "~/routes/editor.upload";

export type UploadedImage = { public_id: string; secure_url: string };

/**
 * Uploads one image through the editor's upload route (it keeps the API's cookie-based
 * session server-side). A refusal shows the error toast the route set; a 401 opens the
 * Session Expired modal; a success is reported to `onUploaded` (the auto-save).
 */
export function useImageUpload({
  assetFolder,
  onSessionExpired,
  onUploaded,
}: {
  assetFolder: string;
  onSessionExpired: () => void;
  onUploaded: () => void;
}) {
  const revalidator = useRevalidator();
  return useCallback(
    async (file: File, kind: "image" | "logo"): Promise<UploadedImage | null> => {
      const data = new FormData();
      data.set("file", file);
      data.set("kind", kind);
      data.set("assetFolder", assetFolder);
      let answer: UploadAnswer;
      try {
        const response = await fetch("/editor/upload", {
          method: "POST",
          body: data,
          headers: { accept: "application/json" },
        });
        answer = (await response.json()) as UploadAnswer;
      } catch {
        answer = { error: t.uploadFailed };
      }
      if ("error" in answer) {
        if (answer.sessionExpired) onSessionExpired();
        else revalidator.revalidate(); // shows the error toast the upload route set
        return null;
      }
      onUploaded();
      return answer;
    },
    [assetFolder, onSessionExpired, onUploaded, revalidator],
  );
}
