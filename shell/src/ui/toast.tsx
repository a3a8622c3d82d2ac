import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from './toast-store';

const ToastRegion = lazy(() => import(/* webpackChunkName: "toast-region" */ './toast-region'));

/**
 * Where the page's notifications appear. Mount once, at the root; call `toast()` anywhere. The region
 * (Radix Toast, about 13 KB compressed with its dependencies) is loaded on first use, not with every
 * page: when the first notification is raised, or when the visitor presses F8 to reach the region,
 * which then receives focus as soon as it is there. Once loaded it stays, for its exit animations.
 */
export function Toaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState<'no' | 'shown' | 'focus'>('no');
  useEffect(() => {
    if (toasts.length > 0 && needed === 'no') setNeeded('shown');
  }, [toasts.length, needed]);
  useEffect(() => {
    if (needed !== 'no') return;
    // The region's own F8 listener arrives with its code; until then this one stands in for it.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8' || event.code === 'F8') setNeeded('focus');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [needed]);
  if (needed === 'no' && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion focus={needed === 'focus'} />
    </Suspense>
  );
}
