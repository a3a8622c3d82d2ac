import type { ReactNode } from 'react';
import { siteConfig } from '@cardlift/contracts';
import { SmartLink, cn } from '@cardlift/shell/ui';
import { ctaPrimary } from './styles';

/** The early-access form is an external page (configuration): SmartLink opens it in a new tab and says so. */
export function EarlyAccessLink({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <SmartLink href={siteConfig.invest.earlyAccessFormUrl} className={cn(ctaPrimary, className)}>
      {children}
    </SmartLink>
  );
}
