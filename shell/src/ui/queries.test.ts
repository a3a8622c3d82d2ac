import { QueryClient } from '@tanstack/react-query';
import { json, mockFetch } from '../../test/render-with-providers';
import { bannersQuery } from './queries';

describe('bannersQuery', () => {
  it('uses the banner cache rules', () => {
    const options = bannersQuery();
    expect(options.queryKey).toEqual(['/api/banners']);
    expect(options.staleTime).toBe(5 * 60 * 1000);
    expect(options.gcTime).toBe(30 * 60 * 1000);
    expect(options.refetchOnWindowFocus).toBe(false);
    expect(options.refetchOnReconnect).toBe(false);
    expect(options.retry).toBe(3);
    expect(options.retryDelay).toBe(1000);
  });

  it('fetches the banners', async () => {
    const banners = { primary: { text: 'New: Offers API', link: '/products/offers-api' }, secondary: null };
    const fetchMock = mockFetch({ '/api/banners': () => json(banners) });
    const client = new QueryClient();
    await expect(client.fetchQuery(bannersQuery())).resolves.toEqual(banners);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries three times, one second apart, before failing', async () => {
    jest.useFakeTimers();
    try {
      const fetchMock = mockFetch({ '/api/banners': () => new Response('down', { status: 503 }) });
      const client = new QueryClient();
      const result = client.fetchQuery(bannersQuery()).catch((error: Error) => error);
      for (let i = 0; i < 3; i++) await jest.advanceTimersByTimeAsync(999).then(() => jest.advanceTimersByTimeAsync(1));
      const error = await result;
      expect(error).toBeInstanceOf(Error);
      expect(fetchMock).toHaveBeenCalledTimes(4);
    } finally {
      jest.useRealTimers();
    }
  });
});
