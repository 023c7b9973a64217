import { createContext, useContext } from "react";

/**
 * The CSP nonce reaches components through React Router's <ServerRouter
 * nonce>; on the client it is not needed (scripts are already running).
 */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
