import { paragraphs, summarize } from './text';

describe('paragraphs', () => {
  it('splits on blank lines and trims', () => {
    expect(paragraphs(' One\nstill one \n\n  Two\r\n\r\nThree\n\n\n')).toEqual(['One\nstill one', 'Two', 'Three']);
  });
});

describe('summarize', () => {
  it('keeps short text whole, flattening whitespace', () => {
    expect(summarize('A short\n text.')).toBe('A short text.');
  });

  it('cuts long text at a word and adds an ellipsis, within the limit', () => {
    const result = summarize('word '.repeat(60), 40);
    expect(result.length).toBeLessThanOrEqual(40);
    expect(result).toMatch(/word…$/);
  });
});
