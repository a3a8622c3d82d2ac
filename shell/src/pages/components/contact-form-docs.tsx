import { BUSINESS_HELP_OPTIONS, CONTACT_SUCCESS_MESSAGE } from '@cardlift/contracts';
import { SUBMIT_FALLBACK_MESSAGE, SUBMIT_GENERIC_MESSAGE } from '../../contact/use-submit-contact';
import { DocSection } from './doc-section';

const behaviour = [
  'In every page’s server HTML: without script it posts to its page, which thanks the visitor or shows each message beside its field with the entries kept.',
  'Validated on submit with the schema the api uses, then again on every change.',
  'Focus moves to the first invalid field; each error is tied to its field (aria-describedby).',
  "While sending, the button reads 'Submitting...' and is disabled.",
  `Success clears the form and shows: “${CONTACT_SUCCESS_MESSAGE}”, in a notification and in a confirmation that stays and takes focus.`,
  `Failure shows the server's message, else “${SUBMIT_FALLBACK_MESSAGE}”, else “${SUBMIT_GENERIC_MESSAGE}”`,
];

/** How the form behaves; the live form follows it (the page renders the real ContactSection). */
export function ContactFormDocs() {
  return (
    <DocSection
      id="contact-form"
      title="Contact form"
      description="Owned by the shell and placed before the footer of every page; sections scroll to it with TalkToSalesButton or scrollToContact()."
    >
      <div className="grid gap-8 md:grid-cols-2">
        <ul className="list-disc space-y-2 pl-5 text-sm leading-6">
          {behaviour.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div>
          <h3 className="text-sm font-semibold">How can we help? options</h3>
          <ul className="mt-2 grid gap-1 font-mono text-xs text-muted">
            {BUSINESS_HELP_OPTIONS.map((option) => (
              <li key={option.value}>
                {option.value}: {option.label}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </DocSection>
  );
}
