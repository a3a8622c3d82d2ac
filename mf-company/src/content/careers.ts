/** Careers copy. */
export const careersHero = {
  eyebrow: 'Careers',
  title: 'Build the future of rewarding loyalty',
  description:
    'We are a small team with a large network behind us. If you want your work to show up in millions of purchases, we would like to meet you.',
};

export const careersCopy = {
  openingsHeading: 'Open positions',
  loading: 'Loading job postings',
  error: 'Failed to load job postings. Please try again later.',
  empty: 'No current job openings. Check back soon!',
  resumePrompt: 'Don’t see a role that fits? Send your resume to',
  viewRole: 'View role',
} as const;

export const jobCopy = {
  breadcrumbCareers: 'Careers',
  detailsHeading: 'Job details',
  department: 'Department',
  location: 'Location',
  level: 'Level',
  posted: 'Posted',
  remote: 'Remote',
  apply: 'Apply by e-mail',
  applyHint: 'Opens your e-mail app with the role in the subject.',
  loading: 'Loading job posting',
  notFoundTitle: 'Job Not Found',
  notFoundText: "The job posting you're looking for doesn't exist or has been removed.",
  backToCareers: 'Back to Careers',
  closedTitle: 'This position is closed',
  closedText: 'We are no longer taking applications for this role. See the positions that are open now.',
  openPositions: 'See open positions',
  sections: {
    description: 'About the role',
    responsibilities: 'Responsibilities',
    requirements: 'Requirements',
    bonusPoints: 'Bonus points',
    benefits: 'Benefits',
    applicationInstructions: 'How to apply',
  },
} as const;
