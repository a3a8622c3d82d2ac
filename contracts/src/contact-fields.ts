/**
 * The names a contact post carries beside the form's own fields, apart from the form's schema: code
 * that only names them (the page view's measuring, which loads on every page) then needs no zod.
 */

/**
 * Hidden field that people never fill in and naive bots do. The api accepts a submission that fills it
 * (so the bot learns nothing) and stores nothing.
 */
export const HONEYPOT_FIELD = 'website';

/**
 * Field carrying the page view's token with a contact post (the JS form's body, or a hidden field of
 * the form posted without script), so the api can count the lead for the build the visitor saw. Not
 * part of the schema: a missing or bad token never stops a lead.
 */
export const CONTACT_VIEW_FIELD = 'view';

/**
 * Field carrying the page's own signed token and what it was signed over (a hidden field of the
 * server's HTML), for a post whose view token was not traded: a form posted without script, or sent
 * before the page's measuring had its view token. The api makes the view at the post. Read like
 * CONTACT_VIEW_FIELD: a missing or bad value never stops a lead.
 */
export const CONTACT_PAGE_FIELD = 'page';

/**
 * The same two values as request headers, which is how the scripted form sends them: during a
 * rolling upgrade its post may reach an instance of the previous release, whose body schema refuses
 * keys it does not know, while it ignores headers it does not know. The api reads a body field first.
 */
export const CONTACT_VIEW_HEADER = 'X-Page-View';
export const CONTACT_PAGE_HEADER = 'X-Page-Token';
