/**
 * Job fixtures for tests, as the api answers them (open unless told otherwise), parsed by the
 * contract schema so defaults apply as they do in the api.
 */
import { jobPostingSchema, type JobPosting } from '@cardlift/contracts';

export function makeJob(overrides: Partial<JobPosting> = {}): JobPosting {
  return jobPostingSchema.parse({
    id: 'job-1',
    slug: 'senior-frontend-engineer',
    title: 'Senior Frontend Engineer',
    department: 'Engineering',
    location: 'New York, NY',
    level: 'Senior',
    postedDate: '2025-03-01',
    description: 'Build the pages our partners see first.\nShip fast, measure everything.',
    responsibilities: ['Own the marketing site'],
    requirements: ['5+ years of React'],
    bonusPoints: ['Module Federation in production'],
    benefits: ['Health, dental and vision'],
    applicationInstructions: 'Send your resume.\nInclude a link to your work.',
    open: true,
    ...overrides,
  });
}

/** A posting with only the required fields. */
export function makeMinimalJob(overrides: Partial<JobPosting> = {}): JobPosting {
  const {
    level: _l,
    responsibilities: _r,
    requirements: _q,
    bonusPoints: _b,
    benefits: _e,
    applicationInstructions: _a,
    ...rest
  } = makeJob(overrides);
  return jobPostingSchema.parse({ ...rest, ...overrides });
}
