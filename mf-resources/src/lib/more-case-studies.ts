/** "More Case Studies" under a case study: up to 3 others, never the current one. */
export const MORE_CASE_STUDIES_COUNT = 3;

export function selectMoreCaseStudies<T extends { id: string }>(
  all: readonly T[] | undefined,
  currentId: string,
  count = MORE_CASE_STUDIES_COUNT,
): T[] {
  return (all ?? []).filter((item) => item.id !== currentId).slice(0, count);
}
