import type { ReactNode } from 'react';
import type { Job } from '@cardlift/contracts';
import { jobCopy } from '../content/careers';

type ListKey = 'responsibilities' | 'requirements' | 'bonusPoints' | 'benefits';
const LIST_SECTIONS: readonly ListKey[] = ['responsibilities', 'requirements', 'bonusPoints', 'benefits'];

function JobSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `job-${id}`;
  return (
    <section aria-labelledby={headingId} data-section={id} className="co:mt-10 co:first:mt-0">
      <h2 id={headingId} className="co:text-2xl co:font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Multi-line text keeps its line breaks. */
function MultiLine({ text }: { text: string }) {
  return <p className="co:mt-4 co:leading-7 co:whitespace-pre-line">{text}</p>;
}

/** The body of a job posting; each section appears only when the posting has it. */
export function JobSections({ job }: { job: Job }) {
  return (
    <div>
      <JobSection id="description" title={jobCopy.sections.description}>
        <MultiLine text={job.description} />
      </JobSection>
      {LIST_SECTIONS.map((key) => {
        const items = job[key];
        if (!items?.length) return null;
        return (
          <JobSection key={key} id={key} title={jobCopy.sections[key]}>
            <ul className="co:mt-4 co:list-disc co:space-y-2 co:pl-6 co:leading-7">
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </JobSection>
        );
      })}
      {job.applicationInstructions && (
        <JobSection id="applicationInstructions" title={jobCopy.sections.applicationInstructions}>
          <MultiLine text={job.applicationInstructions} />
        </JobSection>
      )}
    </div>
  );
}
