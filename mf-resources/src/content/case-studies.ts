/** Page copy of the case study pages. */
export const caseStudiesCopy = {
  list: {
    title: 'Case Studies',
    intro: 'How brands use card-linked offers to win new customers, bring them back and prove the results.',
    breadcrumb: [{ label: 'Home', href: '/' }, { label: 'Case Studies' }],
    loading: 'Loading case studies',
    empty: {
      title: 'No Case Studies Available',
      text: 'Check back soon for new case studies showcasing our latest client successes.',
    },
    error: {
      title: 'Failed to Load Case Studies',
      text: 'There was an error loading the case studies. Please try again later.',
    },
    readMore: 'Read case study',
  },
  detail: {
    loading: 'Loading case study',
    talkToSales: 'Talk to Sales',
    sections: {
      overview: 'Overview',
      challenge: 'The Challenge',
      solution: 'The Solution',
      results: 'The Results',
      differentiators: 'What Made the Difference',
      keyTakeaways: 'Key Takeaways',
      more: 'More Case Studies',
    },
    notFound: {
      title: 'Case Study Not Found',
      text: "The case study you're looking for doesn't exist.",
      link: 'View All Case Studies',
    },
  },
} as const;

/** Where "View All Case Studies" goes: the list itself (the shell also redirects /resources there). */
export const CASE_STUDIES_PATH = '/case-studies';
