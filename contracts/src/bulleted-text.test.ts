import { parseBulletedText } from './bulleted-text';

describe('parseBulletedText', () => {
  it('turns lines starting with • into one list, blank lines into breaks, the rest into paragraphs', () => {
    const text = 'Sling needed growth.\n\n• Rising acquisition costs\n• Churn after trials\n\nThey needed a new channel.';
    expect(parseBulletedText(text)).toEqual([
      { kind: 'paragraph', text: 'Sling needed growth.' },
      { kind: 'break' },
      { kind: 'list', items: ['Rising acquisition costs', 'Churn after trials'] },
      { kind: 'break' },
      { kind: 'paragraph', text: 'They needed a new channel.' },
    ]);
  });

  it('keeps consecutive text lines as separate paragraphs', () => {
    expect(parseBulletedText('One\nTwo')).toEqual([
      { kind: 'paragraph', text: 'One' },
      { kind: 'paragraph', text: 'Two' },
    ]);
  });

  it('collapses runs of blank lines and drops leading and trailing ones', () => {
    expect(parseBulletedText('\n\nOne\n\n\n\nTwo\n\n')).toEqual([
      { kind: 'paragraph', text: 'One' },
      { kind: 'break' },
      { kind: 'paragraph', text: 'Two' },
    ]);
  });

  it('accepts indented bullets, Windows line ends, and starts a new list after a paragraph', () => {
    expect(parseBulletedText('  •A\r\n•  B\r\nMiddle\r\n• C')).toEqual([
      { kind: 'list', items: ['A', 'B'] },
      { kind: 'paragraph', text: 'Middle' },
      { kind: 'list', items: ['C'] },
    ]);
  });

  it('ignores empty bullets and treats a bullet inside a line as text', () => {
    expect(parseBulletedText('•\nCosts • churn')).toEqual([{ kind: 'paragraph', text: 'Costs • churn' }]);
  });
});
