import * as Accordion from '@radix-ui/react-accordion';
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronDown, X } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { siteConfig } from '@cardlift/contracts';
import { buttonVariants, scrollToContact, SmartLink } from '@cardlift/shell/ui';
import { signInLink, useHeaderGroups, type NavGroup } from '../config/navigation';
import { BrandLogo } from './brand-logo';
import { SocialIcon } from './social-icon';
import { useScrollLock } from './use-scroll-lock';

type Section = NavGroup['id'] | '';

interface MobileMenuDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets focus back when the dialog closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * Full-screen menu for small screens. A Radix Dialog keeps focus inside and locks
 * the page's scrolling while open; the groups are an accordion with one section open at a time, and
 * choosing the open one closes it. Loaded only when first wanted (see mobile-menu.tsx).
 */
export default function MobileMenuDialog({ open, onOpenChange, returnFocusTo }: MobileMenuDialogProps) {
  const [section, setSection] = useState<Section>('');
  const groups = useHeaderGroups();
  // Talk to Sales closes the menu first; the form takes focus once the dialog has let go of it.
  const contactChosen = useRef(false);
  useScrollLock(open);
  useEffect(() => {
    if (!open) setSection('');
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          data-testid="mobile-menu"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The trigger lives outside this lazily loaded dialog: hand focus back to it ourselves,
            // or to the contact form when that is what was chosen (only now is focus free to move:
            // a slow close would otherwise hand it back to the menu button after the form took it).
            event.preventDefault();
            if (contactChosen.current) {
              contactChosen.current = false;
              scrollToContact();
            } else {
              returnFocusTo.current?.focus();
            }
          }}
          className="fixed inset-0 z-[60] flex flex-col overflow-y-auto overscroll-contain bg-white text-ink"
        >
          <div className="flex h-[66px] shrink-0 items-center justify-between border-b border-line px-6">
            <BrandLogo />
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex size-10 items-center justify-center rounded-button hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-primary"
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <nav aria-label="Main" className="flex-1 px-6">
            <Accordion.Root type="single" collapsible value={section} onValueChange={(value) => setSection(value as Section)}>
              {groups.map((group) => (
                <Accordion.Item key={group.id} value={group.id} className="border-b border-line">
                  <Accordion.Header>
                    <Accordion.Trigger className="group flex w-full items-center justify-between py-4 text-left text-lg font-semibold focus-visible:outline-2 focus-visible:outline-primary">
                      {group.label}
                      <ChevronDown aria-hidden="true" className="size-5 transition-transform group-data-[state=open]:rotate-180" />
                    </Accordion.Trigger>
                  </Accordion.Header>
                  <Accordion.Content>
                    <ul className="pb-4">
                      {group.links.map((link) => (
                        <li key={link.href}>
                          <SmartLink
                            href={link.href}
                            onClick={() => onOpenChange(false)}
                            className="block rounded-md px-2 py-2.5 text-base hover:bg-page focus-visible:outline-2 focus-visible:outline-primary"
                          >
                            {link.label}
                          </SmartLink>
                        </li>
                      ))}
                    </ul>
                  </Accordion.Content>
                </Accordion.Item>
              ))}
            </Accordion.Root>
            <div className="mt-6 grid gap-3">
              <button
                type="button"
                className={buttonVariants({ size: 'lg' })}
                onClick={() => {
                  contactChosen.current = true;
                  onOpenChange(false);
                }}
              >
                Talk to Sales
              </button>
              <SmartLink href={signInLink.href} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
                {signInLink.label}
              </SmartLink>
            </div>
          </nav>
          <div className="mt-8 flex items-center justify-between border-t border-line px-6 py-6 text-sm text-muted">
            <p>
              © {siteConfig.mobileMenuCopyrightYear} {siteConfig.legalName}
            </p>
            <SmartLink
              href={siteConfig.social.href}
              className="inline-flex size-10 items-center justify-center rounded-button text-ink hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-primary"
            >
              <SocialIcon />
              <span className="sr-only">{siteConfig.social.label}</span>
            </SmartLink>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
