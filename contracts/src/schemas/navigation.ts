/** Where a page asks to be listed in the site's menus (PageMeta.nav), checked when the api gathers the menus. */
import { NAV_MENUS } from '../navigation';
import { z } from './z';

export const navPlacementSchema = z.object({
  menu: z.enum(NAV_MENUS),
  /** The link's text (often shorter than the page title). */
  label: z.string().trim().min(1).max(60),
  /** One line under the label in the header's menu panels. */
  description: z.string().trim().min(1).max(120).optional(),
  /** Position within the menu: lower first. */
  order: z.number().finite(),
  /** Listed in the header's menu (default true). */
  header: z.boolean().optional(),
  /** Listed in the footer's column of the same menu (default true). */
  footer: z.boolean().optional(),
});

export type NavPlacement = z.input<typeof navPlacementSchema>;
