/* No Preflight here: the shell owns it. Utilities carry this remote's prefix ({{cssPrefix}}:) so no other stylesheet's can collide with them. */
@layer theme, base, components, utilities;
@import 'tailwindcss/theme.css' layer(theme) prefix({{cssPrefix}});
@import '@cardlift/shell/ui/theme.css';
@import 'tailwindcss/utilities.css' layer(utilities) prefix({{cssPrefix}});
@source "./";
