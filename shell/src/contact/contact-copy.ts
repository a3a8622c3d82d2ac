/** Words of the contact form as data (labels, hints, buttons, notifications). Messages of the rules live in the shared schema. */
export const contactCopy = {
  heading: 'Talk to Sales',
  intro: 'Tell us about your business and a member of our team will get in touch to show what card-linked offers can do for you.',
  points: ['Reach 200+ million cardholders', '1:1 client success support', 'Leading iROAS'],
  fields: {
    firstName: { label: 'First name', autoComplete: 'given-name' },
    lastName: { label: 'Last name', autoComplete: 'family-name' },
    email: { label: 'Work email', autoComplete: 'email' },
    jobTitle: { label: 'Job title', autoComplete: 'organization-title' },
    company: { label: 'Company', autoComplete: 'organization' },
  },
  businessHelp: { label: 'How can we help?', placeholder: 'Select an option' },
  agreeToUpdates: 'Send me product updates and news from Cardlift. You can unsubscribe at any time.',
  submit: 'Submit',
  submitting: 'Submitting...',
  successTitle: 'Message sent',
  errorTitle: 'Something went wrong',
  /** Announced politely after a submit that failed validation; focus is already on the first field. */
  invalidSummary: (count: number) => `${count} ${count === 1 ? 'field needs' : 'fields need'} your attention.`,
  honeypotLabel: 'Leave this field empty',
} as const;
