/**
 * Class lists shared by this page's components. Every utility carries the `iv:` prefix, so nothing
 * here can style another section of the site, and the shell's utilities never reach in.
 * Colours are chosen for WCAG AA on the dark background (emerald-400 on neutral-950 is about 11:1).
 */
export const focusRing = 'iv:focus-visible:outline-2 iv:focus-visible:outline-offset-4 iv:focus-visible:outline-emerald-300';

const ctaBase = `iv:inline-flex iv:min-h-11 iv:items-center iv:justify-center iv:gap-2 iv:rounded-[3px] iv:px-5 iv:text-sm iv:font-semibold iv:motion-safe:transition-colors ${focusRing}`;

export const ctaPrimary = `${ctaBase} iv:bg-emerald-400 iv:text-neutral-950 iv:hover:bg-emerald-300`;

export const ctaSecondary = `${ctaBase} iv:border iv:border-neutral-600 iv:text-neutral-100 iv:hover:border-neutral-300`;

export const sectionPad = 'iv:mx-auto iv:w-full iv:max-w-6xl iv:px-6 iv:py-16 iv:md:px-8 iv:md:py-24';

export const sectionHeading = 'iv:text-3xl iv:font-semibold iv:tracking-tight iv:text-white iv:md:text-4xl';

export const lead = 'iv:mt-4 iv:max-w-2xl iv:text-lg iv:text-neutral-300';
