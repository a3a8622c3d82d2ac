/**
 * Job postings as of now. Content is loaded once per process but a posting closes when its
 * validThrough day has passed, so whether it is open is worked out on each request against the clock.
 * The answer changes only with the calendar day (jobCalendarDay): it is kept for the day, so the
 * endpoints and the pages keep answering with the same objects (the content router serialises each
 * object once).
 */
import { isJobOpen, jobCalendarDay, type Job, type JobPosting } from '@cardlift/contracts';

export interface JobPostings {
  /** Open postings, in the order of the jobs given (newest first). */
  open: readonly JobPosting[];
  bySlug: ReadonlyMap<string, JobPosting>;
}

export function jobPostings(jobs: readonly Job[], clock: () => Date, withdrawn: readonly Job[] = []): () => JobPostings {
  let day = '';
  let current: JobPostings = { open: [], bySlug: new Map() };
  return () => {
    const now = clock();
    const today = jobCalendarDay(now);
    if (today !== day) {
      const all = jobs.map((job): JobPosting => ({ ...job, open: isJobOpen(job, now) }));
      // A withdrawn posting is closed whatever its dates say.
      const closed = withdrawn.map((job): JobPosting => ({ ...job, open: false }));
      current = { open: all.filter((p) => p.open), bySlug: new Map([...closed, ...all].map((p) => [p.slug, p])) };
      day = today;
    }
    return current;
  };
}
