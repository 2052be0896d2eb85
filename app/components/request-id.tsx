import { createContext, useContext, useState } from "react";

import { messages } from "~/content/messages";

// The id of the request that failed (api/request-log.ts logs it; X-Request-Id carries it), shown on
// an error page so a visitor's report can be matched to the log line. Set by entry.server for a
// page rendered for one response only; in the browser it is read back from that page.
const RequestIdContext = createContext<string | undefined>(undefined);
export const RequestIdProvider = RequestIdContext.Provider;

const ELEMENT_ID = "request-id";

export function RequestIdNote() {
  const fromServer = useContext(RequestIdContext);
  // Hydration renders what the server sent; an error met later in the browser has no id here.
  const [id] = useState(
    () =>
      fromServer ??
      (typeof document === "undefined" ? undefined : (document.getElementById(ELEMENT_ID)?.textContent ?? undefined)),
  );
  if (!id) return null;
  return (
    <p className="request-id">
      {messages.errorPage.reference} <code id={ELEMENT_ID}>{id}</code>
    </p>
  );
}
