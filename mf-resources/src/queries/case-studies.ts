/** One case study: GET /api/casestudies/{id}. The list's factory is the design system's `caseStudiesQuery`. */
import { API_PATHS, type CaseStudy } from '@cardlift/contracts';
import { HttpError, queryOptions } from '@cardlift/shell/ui';

const CASE_STUDIES = API_PATHS.caseStudies;

export const caseStudyKeys = {
  all: [CASE_STUDIES] as const,
  detail: (id: string) => [CASE_STUDIES, id] as const,
};

/**
 * One case study. The page reads the response without checking its status and shows the not-found
 * view on any error; the body is checked against the contract, so the api's 404 body `{ error }`
 * (or any other non-case-study answer) fails here and ends in 'Case Study Not Found' as well.
 */
export async function fetchCaseStudy(id: string, signal?: AbortSignal): Promise<CaseStudy> {
  // The schemas (and zod) load with the first fetch: a server-rendered page has its data inlined.
  const [response, { caseStudySchema }] = await Promise.all([
    fetch(`${CASE_STUDIES}/${encodeURIComponent(id)}`, { credentials: 'include', signal }),
    import('@cardlift/contracts/content-schemas'),
  ]);
  const body: unknown = await response.json();
  const parsed = caseStudySchema.safeParse(body);
  if (!parsed.success) throw new HttpError(response.status, `${response.status}: no case study "${id}"`);
  return parsed.data;
}

export function caseStudyQuery(id: string) {
  return queryOptions({
    queryKey: caseStudyKeys.detail(id),
    queryFn: ({ signal }) => fetchCaseStudy(id, signal),
  });
}
