import { selectMoreCaseStudies } from './more-case-studies';

const items = (...ids: string[]) => ids.map((id) => ({ id }));

describe('selectMoreCaseStudies', () => {
  it('takes up to 3 others, in list order, never the current one', () => {
    expect(selectMoreCaseStudies(items('a', 'b', 'c', 'd', 'e'), 'b')).toEqual(items('a', 'c', 'd'));
  });

  it('takes the first 3 when the current one is not in the list', () => {
    expect(selectMoreCaseStudies(items('a', 'b', 'c', 'd'), 'x')).toEqual(items('a', 'b', 'c'));
  });

  it('returns fewer when there are fewer others', () => {
    expect(selectMoreCaseStudies(items('a', 'b'), 'a')).toEqual(items('b'));
  });

  it('returns none when the current one is the only one, or the list is missing', () => {
    expect(selectMoreCaseStudies(items('a'), 'a')).toEqual([]);
    expect(selectMoreCaseStudies([], 'a')).toEqual([]);
    expect(selectMoreCaseStudies(undefined, 'a')).toEqual([]);
  });
});
