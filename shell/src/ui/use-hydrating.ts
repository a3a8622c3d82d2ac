import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True while React hydrates the server's HTML (it reads the server snapshot then), false for a
 * component rendered after, by a navigation or a state change. Once hydrated, React renders the
 * component again with false.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
