/** The embed address with autoplay on: the visitor already pressed play on the thumbnail. */
export function autoplayUrl(embedUrl: string): string {
  const url = new URL(embedUrl);
  url.searchParams.set('autoplay', '1');
  return url.href;
}
