import { useEffect, useRef, useState } from 'react';
import { siteConfig } from '@cardlift/contracts';
import { video } from '../content/invest-content';
import { DemoThumbnail } from './demo-thumbnail';
import { focusRing, lead, sectionHeading, sectionPad } from './styles';
import { autoplayUrl } from './video-embed';

/**
 * The demo is a thumbnail button until pressed; only then is the third-party player embedded
 * (with autoplay), so the page requests nothing from the video host before the visitor asks.
 */
export function DemoVideo({ embedUrl = siteConfig.invest.demoVideoEmbedUrl }: { embedUrl?: string }) {
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  // The button the visitor pressed is gone: keep keyboard focus on what replaced it.
  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);

  return (
    <section aria-labelledby="invest-video-title" className={sectionPad}>
      <h2 id="invest-video-title" className={sectionHeading}>
        {video.heading}
      </h2>
      <p className={lead}>{video.lead}</p>
      <div className="iv:mt-10 iv:aspect-video iv:overflow-hidden iv:rounded-lg iv:border iv:border-neutral-800 iv:bg-black">
        {playing ? (
          <iframe
            ref={frameRef}
            src={autoplayUrl(embedUrl)}
            title={video.iframeTitle}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            className="iv:h-full iv:w-full iv:border-0"
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className={`iv:group iv:relative iv:block iv:h-full iv:w-full iv:cursor-pointer ${focusRing} iv:focus-visible:outline-offset-0`}
          >
            <span className="iv:block iv:h-full iv:w-full iv:motion-safe:transition-transform iv:motion-safe:duration-300 iv:motion-safe:group-hover:scale-[1.02]">
              <DemoThumbnail />
            </span>
            <span className="iv:absolute iv:bottom-4 iv:left-4 iv:rounded-[3px] iv:bg-black/80 iv:px-3 iv:py-2 iv:text-sm iv:font-semibold iv:text-white">
              {video.playLabel}
            </span>
          </button>
        )}
      </div>
      <p className="iv:mt-3 iv:text-sm iv:text-neutral-400">{video.caption}</p>
    </section>
  );
}
