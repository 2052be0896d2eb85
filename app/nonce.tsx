import { createContext, useContext } from "react";

// The per-response CSP nonce; set by entry.server, empty in the browser (not needed there).
export const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
