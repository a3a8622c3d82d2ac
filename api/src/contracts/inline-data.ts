/**
 * Ids of the JSON data blocks (`<script type="application/json">`) the api inlines into the HTML,
 * saving the shell round trips. Data blocks are not executed, so the Content-Security-Policy needs no
 * inline-script exception. Kept apart from the zod schemas so reading them costs the browser no zod.
 */
export const INLINE_REGISTRY_ELEMENT_ID = 'cardlift-remotes';
