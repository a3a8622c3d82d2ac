/**
 * The Talk to Sales form as plain HTML: what the page's server render needs to draw it after a post
 * that needed no script (thanks, or the visitor's entries with the rules' messages), and the names
 * the api reads from the posted form. Zod-free: the shell's first download reads the state block.
 */
/** Id of the page frame's contact section: `#contact` is where Talk to Sales and a sent form land. */
export const CONTACT_SECTION_ID = 'contact';

/** The form's id: the hidden attribution fields the api adds outside the rendered body join it with `form="talk-to-sales-form"`. */
export const CONTACT_FORM_ID = 'talk-to-sales-form';

/** The fields a visitor fills in, in the order the form shows them. */
export const CONTACT_TEXT_FIELDS = ['firstName', 'lastName', 'email', 'jobTitle', 'company'] as const;
export const CONTACT_ENTRY_FIELDS = [...CONTACT_TEXT_FIELDS, 'businessHelp'] as const;
export type ContactEntryField = (typeof CONTACT_ENTRY_FIELDS)[number];

/** What the visitor typed, as posted (not yet valid). */
export type ContactFormEntries = Record<ContactEntryField, string> & { agreeToUpdates: boolean };

export const EMPTY_CONTACT_ENTRIES: ContactFormEntries = {
  firstName: '',
  lastName: '',
  email: '',
  jobTitle: '',
  company: '',
  businessHelp: '',
  agreeToUpdates: false,
};

/**
 * The form's state after a post without script. `sent`: the lead is stored, the section thanks the
 * visitor. `invalid`: the same page again with the entries kept and each field's message beside it
 * (`formError` for what no field can fix, such as the rate limit).
 */
export type ContactFormState =
  | { status: 'sent' }
  | {
      status: 'invalid';
      entries: ContactFormEntries;
      errors: Partial<Record<ContactEntryField, string>>;
      formError?: string;
    };

/** `?contact=sent`: the page the api sends the visitor back to after a lead is stored. */
export const CONTACT_SENT_PARAMETER = 'contact';
export const CONTACT_SENT_VALUE = 'sent';

/** Id of the data block holding the `ContactFormState` a page was rendered with (only on those pages). */
export const INLINE_CONTACT_FORM_ELEMENT_ID = 'cardlift-contact-form';
