import { createContext, useContext } from 'react';

/**
 * The CSP nonce of the current response. entry.server provides it while rendering; in the browser it is
 * empty, since browsers hide nonce attributes from scripts anyway.
 */
export const NonceContext = createContext('');

/** The nonce for inline scripts, or undefined when there is none (in the browser, and in development). */
export const useNonce = (): string | undefined => useContext(NonceContext) || undefined;
