import type { FallbackImageProps } from './fallback-image';
import { FallbackImage } from './fallback-image';

/** The texts content gives an image: its alt text, or the editor's mark that it is decorative, and a caption. */
export interface ImageTexts {
  alt?: string | undefined;
  decorative?: boolean | undefined;
  caption?: string | undefined;
}

/**
 * A content image as its editor described it: the alt text they wrote (empty only when they marked
 * it decorative, or for content saved before alt text was asked for), and the caption under it.
 */
export function ContentImage({ texts, className, ...image }: Omit<FallbackImageProps, 'alt'> & { texts: ImageTexts }) {
  const alt = !image.src || texts.decorative ? '' : (texts.alt ?? '');
  if (!texts.caption) return <FallbackImage {...image} alt={alt} className={className} />;
  return (
    <figure className={className}>
      <FallbackImage {...image} alt={alt} className="rs:aspect-[1200/630] rs:w-full rs:rounded-lg rs:bg-neutral-100 rs:object-cover" />
      <figcaption className="rs:mt-2 rs:text-sm rs:text-muted">{texts.caption}</figcaption>
    </figure>
  );
}
