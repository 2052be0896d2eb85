import { useEffect } from "react";

import { LOCAL_COPY_KEY } from "./saved-form";

// Its own module: the thank-you screen and an expired saved form's banner forget the phone's copy
// without loading the code that keeps and offers it (save-for-later.tsx, the form's own code).

/** The thank-you screen forgets the phone's copy: the form is sent. */
export function ForgetLocalCopy() {
  useEffect(() => {
    try {
      localStorage.removeItem(LOCAL_COPY_KEY);
    } catch {
      // Nothing stored, or storage refused.
    }
  }, []);
  return null;
}
