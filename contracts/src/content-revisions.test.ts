/** Field-by-field differences, the merge of "take theirs and reapply mine", and the If-Match header's revisions. */
import { contentChanges, reapply, revisionEtag, revisionOfIfMatch } from './content-revisions';

const base = { title: 'Launch', excerpt: 'Short', content: { sections: [{ title: 'One' }, { title: 'Two' }] }, tags: ['a'] };

it('lists each leaf that differs by its path, a list whose length changed as one change', () => {
  const after = { ...base, title: 'Launch day', content: { sections: [{ title: 'One' }, { title: 'Second' }] }, tags: ['a', 'b'] };
  expect(contentChanges(base, after)).toEqual([
    { path: 'title', before: 'Launch', after: 'Launch day' },
    { path: 'content.sections.1.title', before: 'Two', after: 'Second' },
    { path: 'tags', before: ['a'], after: ['a', 'b'] },
  ]);
  expect(contentChanges(base, { ...base })).toEqual([]);
  expect(contentChanges({ a: 1 }, { a: 1, b: undefined })).toEqual([]);
});

it('reapplies my edits on top of theirs: both edits survive, mine wins a field we both changed', () => {
  const mine = { ...base, excerpt: 'My excerpt', title: 'My title' };
  const theirs = { ...base, title: 'Their title', content: { sections: [{ title: 'One' }, { title: 'Their two' }] } };
  expect(reapply(base, mine, theirs)).toEqual({
    ...base,
    title: 'My title',
    excerpt: 'My excerpt',
    content: { sections: [{ title: 'One' }, { title: 'Their two' }] },
  });
  const { excerpt: _removed, ...withoutExcerpt } = base;
  expect(reapply(base, withoutExcerpt, theirs)).not.toHaveProperty('excerpt');
});

it('reads the revisions an If-Match names, * as anything, and nothing from a missing or foreign tag', () => {
  expect(revisionEtag(7)).toBe('"r7"');
  expect(revisionOfIfMatch('"r7"')).toBe(7);
  expect(revisionOfIfMatch(' "r7" ')).toBe(7);
  expect(revisionOfIfMatch('W/"r7", "r8"')).toBe('list');
  expect(revisionOfIfMatch('"r7", "r8"')).toBe('list');
  expect(revisionOfIfMatch('W/"r7"')).toBe('weak');
  expect(revisionOfIfMatch('*')).toBe('any');
  expect(revisionOfIfMatch(undefined)).toBeUndefined();
  expect(revisionOfIfMatch('"abc"')).toBe('malformed');
});
