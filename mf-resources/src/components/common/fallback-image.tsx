import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import stockHero from '../../assets/stock-hero.svg';

export type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> & {
  src?: string;
  width: number;
  height: number;
  /** Images above the fold load at once with high priority; the rest lazily. */
  priority?: boolean;
};

/** A sized image (no layout shift) that shows the local stock image when its own is missing or fails. */
export function FallbackImage({ src, alt = '', priority = false, onError, ...props }: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>();
  const usable = src && src !== failedSrc ? src : stockHero;
  const ref = useRef<HTMLImageElement>(null);
  // The server-rendered image may have failed before this code arrived to hear its error event.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0 && usable !== stockHero) setFailedSrc(usable);
  }, [usable]);
  return (
    <img
      {...props}
      ref={ref}
      src={usable}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      onError={(event) => {
        if (usable !== stockHero) setFailedSrc(usable);
        onError?.(event);
      }}
    />
  );
}
