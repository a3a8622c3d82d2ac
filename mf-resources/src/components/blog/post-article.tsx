import { DEFAULT_CTA_BUTTON_TEXT, type BlogPost } from '@cardlift/contracts';
import { Badge, Breadcrumb, TalkToSalesButton } from '@cardlift/shell/ui';
import { blogCopy, BLOG_PATH } from '../../content/blog';
import { paragraphs } from '../../lib/text';
import { ContentImage } from '../common/content-image';
import { PostByline } from './post-byline';

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {paragraphs(text).map((p, i) => (
        <p key={i} className="rs:mt-4 rs:text-lg rs:leading-8 rs:whitespace-pre-line rs:text-ink/90">
          {p}
        </p>
      ))}
    </>
  );
}

function CallToAction({ cta }: { cta: NonNullable<BlogPost['content']['callToAction']> }) {
  return (
    <aside aria-labelledby="post-cta" className="rs:mt-16 rs:rounded-lg rs:bg-black rs:px-8 rs:py-10 rs:text-white">
      <h2 id="post-cta" className="rs:text-2xl rs:font-semibold">
        {cta.title}
      </h2>
      <p className="rs:mt-3 rs:text-white/80">{cta.description}</p>
      <TalkToSalesButton variant="inverted" className="rs:mt-6">
        {cta.buttonText || DEFAULT_CTA_BUTTON_TEXT}
      </TalkToSalesButton>
    </aside>
  );
}

/** A loaded blog post: hero, title, excerpt, byline, introduction, sections, conclusion, call to action. */
export function PostArticle({ post }: { post: BlogPost }) {
  const { introduction, sections, conclusion, callToAction } = post.content;
  return (
    <article className="rs:mx-auto rs:max-w-3xl rs:pt-12 rs:md:pt-16">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: blogCopy.list.title, href: BLOG_PATH }, { label: post.title }]} />
      <header className="rs:mt-8">
        <Badge tone="brand">{post.category}</Badge>
        <h1 className="rs:mt-4 rs:text-4xl rs:font-semibold rs:tracking-tight rs:text-balance rs:text-ink rs:md:text-5xl">{post.title}</h1>
        <p className="rs:mt-4 rs:text-xl rs:leading-8 rs:text-muted">{post.excerpt}</p>
        <PostByline post={post} className="rs:mt-6" />
      </header>
      <ContentImage
        src={post.heroImage}
        texts={{ alt: post.heroImageAlt, decorative: post.heroImageDecorative, caption: post.heroImageCaption }}
        width={1200}
        height={630}
        priority
        className={
          post.heroImageCaption
            ? 'rs:mt-10 rs:w-full'
            : 'rs:mt-10 rs:aspect-[1200/630] rs:w-full rs:rounded-lg rs:bg-neutral-100 rs:object-cover'
        }
      />
      <div className="rs:mt-10">
        <Paragraphs text={introduction} />
        {sections.map((section) => (
          <section key={section.title} className="rs:mt-12">
            <h2 className="rs:text-2xl rs:font-semibold rs:text-ink">{section.title}</h2>
            <Paragraphs text={section.content} />
          </section>
        ))}
        <section className="rs:mt-12">
          <h2 className="rs:text-2xl rs:font-semibold rs:text-ink">{blogCopy.post.conclusion}</h2>
          <Paragraphs text={conclusion} />
        </section>
        {callToAction && <CallToAction cta={callToAction} />}
      </div>
    </article>
  );
}
