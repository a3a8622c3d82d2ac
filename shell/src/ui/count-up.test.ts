import { easeOut, figureAt, parseFigure } from './count-up';

describe('count-up figures', () => {
  it.each([
    ['2M+', { prefix: '', value: 2, decimals: 0, suffix: 'M+' }],
    ['$155B', { prefix: '$', value: 155, decimals: 0, suffix: 'B' }],
    ['11x', { prefix: '', value: 11, decimals: 0, suffix: 'x' }],
    ['360°', { prefix: '', value: 360, decimals: 0, suffix: '°' }],
    ['35.9M', { prefix: '', value: 35.9, decimals: 1, suffix: 'M' }],
    ['10,000+', { prefix: '', value: 10000, decimals: 0, suffix: '+' }],
  ])('parses %s', (figure, parsed) => {
    expect(parseFigure(figure)).toEqual(parsed);
  });

  it('starts at zero with the figure’s own prefix and suffix', () => {
    expect(figureAt('$155B', 0)).toBe('$0B');
    expect(figureAt('2M+', 0)).toBe('0M+');
    expect(figureAt('35.9M', 0)).toBe('0.0M');
  });

  it('eases out: more than half way at the midpoint, exact figure at 2000 ms', () => {
    expect(easeOut(0.5)).toBeCloseTo(0.875);
    expect(figureAt('360°', 1000)).toBe('315°');
    expect(figureAt('360°', 2000)).toBe('360°');
    expect(figureAt('$155B', 5000)).toBe('$155B');
  });

  it('rounds whole-number figures while counting', () => {
    expect(figureAt('11x', 100)).toMatch(/^\d+x$/);
  });
});
