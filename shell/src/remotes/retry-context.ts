import { createContext, useContext } from 'react';

export interface RemoteRetry {
  label: string;
  retry: () => void;
}

/** Lets the failure panel (rendered from a fallback module or an error boundary) ask for a real retry. */
export const RemoteRetryContext = createContext<RemoteRetry | null>(null);

export function useRemoteRetry(): RemoteRetry | null {
  return useContext(RemoteRetryContext);
}
