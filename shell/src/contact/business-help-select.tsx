import * as Select from '@radix-ui/react-select';
import { Check, ChevronDown, ChevronUp } from 'lucide-react';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { BUSINESS_HELP_OPTIONS } from '@cardlift/contracts';
import { cn } from '@cardlift/shell/ui';
import { controlClass, invalidProps } from './form-field';

interface BusinessHelpSelectProps {
  id: string;
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  placeholder: string;
  error: string | undefined;
}

type NativeSelectProps = SelectHTMLAttributes<HTMLSelectElement> & { id: string; placeholder: string; error: string | undefined };

/**
 * The businessHelp choice as the browser's own select: what the server renders, so the choice works
 * before the form's code runs and without script. Its empty option is the placeholder, which the
 * schema refuses with 'Please tell us how we can help'. Once hydrated, the styled select replaces it.
 */
export const NativeBusinessHelpSelect = forwardRef<HTMLSelectElement, NativeSelectProps>(function NativeBusinessHelpSelect(
  { id, placeholder, error, ...props },
  ref,
) {
  return (
    <select ref={ref} id={id} {...invalidProps(id, error)} className={controlClass} {...props}>
      <option value="">{placeholder}</option>
      {BUSINESS_HELP_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
});

/**
 * The businessHelp choice as a Radix Select: a labelled combobox button (the <label for> names it),
 * opened with Enter, Space or the arrows, with 1000 ms type-ahead and scroll buttons.
 * Its value '' shows the placeholder, which the schema refuses with 'Please tell us how we can help'.
 */
export const BusinessHelpSelect = forwardRef<HTMLButtonElement, BusinessHelpSelectProps>(function BusinessHelpSelect(
  { id, value, onChange, onBlur, placeholder, error },
  ref,
) {
  return (
    <Select.Root value={value ?? ''} onValueChange={onChange} onOpenChange={(open) => !open && onBlur()}>
      <Select.Trigger
        ref={ref}
        id={id}
        {...invalidProps(id, error)}
        className={cn(controlClass, 'flex items-center justify-between text-left data-[placeholder]:text-neutral-600')}
      >
        <Select.Value placeholder={placeholder} />
        <Select.Icon>
          <ChevronDown aria-hidden="true" className="size-4" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={4}
          className="z-[70] max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-button border border-line bg-white text-ink shadow-lg"
        >
          <Select.ScrollUpButton className="flex h-6 items-center justify-center bg-white">
            <ChevronUp aria-hidden="true" className="size-4" />
          </Select.ScrollUpButton>
          {/* The scroll buttons stand in for a scrollbar (Radix's own rule for this is left out: see shell/build/radix-select-csp-loader.cjs). */}
          <Select.Viewport className="p-1" style={{ scrollbarWidth: 'none' }}>
            {BUSINESS_HELP_OPTIONS.map((option) => (
              <Select.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-default items-center rounded-sm py-2 pr-3 pl-8 text-sm outline-none select-none data-[highlighted]:bg-primary data-[highlighted]:text-white"
              >
                <Select.ItemIndicator className="absolute left-2 inline-flex">
                  <Check aria-hidden="true" className="size-4" />
                </Select.ItemIndicator>
                <Select.ItemText>{option.label}</Select.ItemText>
              </Select.Item>
            ))}
          </Select.Viewport>
          <Select.ScrollDownButton className="flex h-6 items-center justify-center bg-white">
            <ChevronDown aria-hidden="true" className="size-4" />
          </Select.ScrollDownButton>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
});
