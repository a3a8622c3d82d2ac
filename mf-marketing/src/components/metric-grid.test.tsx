import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { figureAt, COUNT_UP_DURATION_MS } from '@cardlift/shell/ui';
import { renderWithProviders } from '@cardlift/shell/test-utils';
import { cardLinkedOffersContent } from '../content/card-linked-offers';
import { transactionalDataContent } from '../content/transactional-data';
import { MetricGrid } from './metric-grid';

describe('count-up figures used on the product pages', () => {
  it.each([
    ['2M+', '0M+', '2M+'],
    ['$155B', '$0B', '$155B'],
    ['11x', '0x', '11x'],
    ['360°', '0°', '360°'],
    ['29M+', '0M+', '29M+'],
    ['3.1B', '0.0B', '3.1B'],
    ['$364B+', '$0B+', '$364B+'],
    ['35.9M', '0.0M', '35.9M'],
  ])('%s counts from %s to exactly %s in 2000 ms', (figure, start, end) => {
    expect(figureAt(figure, 0)).toBe(start);
    expect(figureAt(figure, COUNT_UP_DURATION_MS)).toBe(end);
  });

  it('eases out and keeps M+, x and ° figures rounded while counting', () => {
    expect(COUNT_UP_DURATION_MS).toBe(2000);
    // ease-out: 87.5% of the way at the midpoint
    expect(figureAt('360°', 1000)).toBe('315°');
    expect(figureAt('$155B', 1000)).toBe('$136B');
    for (const t of [100, 500, 1500, 1900]) {
      expect(figureAt('2M+', t)).toMatch(/^\d+M\+$/);
      expect(figureAt('11x', t)).toMatch(/^\d+x$/);
      expect(figureAt('360°', t)).toMatch(/^\d+°$/);
    }
  });
});

describe('MetricGrid', () => {
  let observers: IntersectionObserverCallback[] = [];
  let frames: FrameRequestCallback[] = [];
  beforeEach(() => {
    observers = [];
    frames = [];
    globalThis.IntersectionObserver = class {
      constructor(callback: IntersectionObserverCallback) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    jest.spyOn(performance, 'now').mockReturnValue(0);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  const runFrame = (now: number) =>
    act(() => {
      const pending = frames;
      frames = [];
      for (const frame of pending) frame(now);
    });

  it('gives screen readers the final figures from the start and counts up once seen', () => {
    const { container } = renderWithProviders(<MetricGrid metrics={cardLinkedOffersContent.metrics} />);
    for (const metric of cardLinkedOffersContent.metrics) expect(screen.getByText(metric.label)).toBeInTheDocument();
    const accessible = [...container.querySelectorAll('.sr-only')].map((el) => el.textContent);
    expect(accessible).toEqual(['2M+', '$155B', '11x', '360°']);
    const shown = () => [...container.querySelectorAll('[aria-hidden="true"]')].map((el) => el.textContent);
    expect(shown()).toEqual(['0M+', '$0B', '0x', '0°']);

    const seen = [{ isIntersecting: true, intersectionRatio: 0.6 } as IntersectionObserverEntry];
    expect(observers).toHaveLength(4);
    act(() => observers.forEach((callback) => callback(seen, {} as IntersectionObserver)));
    runFrame(1000);
    expect(shown()).toEqual(['2M+', '$136B', '10x', '315°']);
    runFrame(2000);
    expect(shown()).toEqual(['2M+', '$155B', '11x', '360°']);
  });

  it('renders the final figures on the server, for crawlers and visitors without JavaScript', () => {
    const html = renderToString(<MetricGrid metrics={cardLinkedOffersContent.metrics} />);
    const shown = [...html.matchAll(/<span aria-hidden="true">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(shown).toEqual(['2M+', '$155B', '11x', '360°']);
  });

  it('shows the final figures at once to visitors who asked for reduced motion', () => {
    window.matchMedia = ((query: string) => ({ matches: query.includes('reduce') })) as unknown as typeof window.matchMedia;
    try {
      const { container } = renderWithProviders(<MetricGrid metrics={cardLinkedOffersContent.metrics} />);
      expect([...container.querySelectorAll('[aria-hidden="true"]')].map((el) => el.textContent)).toEqual(['2M+', '$155B', '11x', '360°']);
      expect(observers).toHaveLength(0);
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('lists the transactional-data figures', () => {
    const { container } = renderWithProviders(<MetricGrid metrics={transactionalDataContent.metrics} />);
    expect([...container.querySelectorAll('.sr-only')].map((el) => el.textContent)).toEqual(['29M+', '3.1B', '$364B+', '35.9M']);
  });
});
