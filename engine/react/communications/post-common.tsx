/**
 * What every post view shares: the posts' markup policy (POST_MARKUP_*), the sanitised body with
 * own images shown through the media route and mentions as links to the member's profile, the
 * author line, the "⋯" menu and the slice bound to the viewer.
 */
import { DisclosureMenu, type DisclosureMenuProps } from '../disclosure-menu';
import { useMemo, type ReactNode } from 'react';
import type { Communication } from '../../../schemas/model/api/communications';
import { POST_LINK_REL, POST_LINK_TARGET, POST_MARKUP_ATTRIBUTES, POST_MARKUP_ELEMENTS } from '../../core/communications';
import { showStoredImages } from '../../core/media';
import { RelativeTime } from '../relative-time';
import { useCommunicationsSlice } from '../../data/communications-hooks';
import type { CommunicationsSlice } from '../../data/communications';
import { useProfile } from '../../data/hooks';
import { useEngine } from '../engine-context';
import { dropUnsafeUrls, useSanitizedMarkup, type MarkupPolicy } from '../markup-sanitizer';
import { profileDisplayName } from '../member-card';
import { ProfileAvatar } from '../profile-avatar';

/** Post bodies: the editor's elements; links open in a new tab without the opener; images only from our media routes. */
export const POST_MARKUP: MarkupPolicy = {
  elements: POST_MARKUP_ELEMENTS,
  attributes: POST_MARKUP_ATTRIBUTES,
  finish(element) {
    dropUnsafeUrls(element);
    if (element.tagName === 'A') {
      element.setAttribute('target', POST_LINK_TARGET);
      element.setAttribute('rel', POST_LINK_REL);
    }
    if (element.tagName === 'IMG') {
      const src = element.getAttribute('src') ?? '';
      // Our media routes only (relative, or this origin): never a third party's tracker.
      if (!/^\/api\/v1\/image\//.test(src) && !(typeof location !== 'undefined' && src.startsWith(`${location.origin}/api/v1/image/`))) element.remove();
    }
    if (element.tagName !== 'SPAN') element.removeAttribute('data-mention');
  },
};

/** The slice, its viewer the signed-in member. */
export function usePosts(): CommunicationsSlice {
  const { user, isAdmin } = useEngine();
  return useCommunicationsSlice({ accountId: user?.accountId, isAdmin: !!(isAdmin ?? user?.isAdmin) });
}

/** Sanitised body HTML with mentions turned into profile links (a DOM pass over already safe markup). */
export function withMentionLinks(html: string, hrefOf: (accountId: string) => string | undefined): string {
  if (!html.includes('data-mention') || typeof document === 'undefined') return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const span of template.content.querySelectorAll('span[data-mention]')) {
    const id = span.getAttribute('data-mention') ?? '';
    const href = id ? hrefOf(id) : undefined;
    if (!href) continue;
    const a = document.createElement('a');
    a.setAttribute('href', href);
    a.className = 't-post__mention';
    a.textContent = span.textContent;
    span.replaceWith(a);
  }
  return template.innerHTML;
}

/** A post's or comment's body as the server rendered it, sanitised again here. */
export function PostBody({ html, className }: { html: string; className?: string }) {
  const { services } = useEngine();
  const shown = useMemo(() => showStoredImages(html, (id) => services.mediaUrl?.({ kind: 'image', id })), [html, services]);
  const safe = useSanitizedMarkup(shown, POST_MARKUP);
  const linked = useMemo(
    () => (safe?.ok ? withMentionLinks(safe.html, (id) => services.profileHref?.(id) ?? `/app/people/profile/${encodeURIComponent(id)}`) : ''),
    [safe, services],
  );
  if (!safe?.ok) return null;
  return <div className={`t-post__body ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: linked }} />;
}

/** The author's avatar, name (profile link) and when, with the edited mark. */
export function AuthorLine({ item, nameFormat, children }: { item: Communication; nameFormat?: string; children?: ReactNode }) {
  const { t, translator, services } = useEngine();
  const profile = useProfile(item.from || undefined);
  const name = profile ? profileDisplayName(profile, nameFormat) : t('posts.someone');
  const href = item.from ? (services.profileHref?.(item.from) ?? `/app/people/profile/${encodeURIComponent(item.from)}`) : undefined;
  return (
    <div className="t-post__author">
      {profile && <ProfileAvatar profile={profile} size="small" />}
      <div className="t-post__byline">
        {href ? (
          <a className="t-post__name" href={href}>
            {name}
          </a>
        ) : (
          <span className="t-post__name">{name}</span>
        )}
        <span className="t-post__when">
          <RelativeTime at={item.created} locale={translator.locale} />
          {item.edited && !item.deleted && <span className="t-post__mark">{` · ${t('posts.edited')}`}</span>}
          {item.hidden && <span className="t-post__mark t-post__mark--hidden">{` · ${t('posts.hidden')}`}</span>}
        </span>
      </div>
      {children}
    </div>
  );
}

/** A post's or comment's "⋯" menu: the shared disclosure menu with the posts' look. */
export const PostMenu = (props: Pick<DisclosureMenuProps, 'label' | 'open' | 'setOpen' | 'children'>) => (
  <DisclosureMenu {...props} className="t-post__menu" buttonClassName="t-post__menu-button" menuClassName="t-post__menu-items" />
);

/** The message of a refused write, in words (the server's 4xx message when it gave one). */
export function errorText(t: (key: string, params?: Record<string, string | number>) => string, error: unknown): string {
  const status = error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (status === 429) return t('posts.errors.tooFast');
  if (status === 403) return message ? t('posts.errors.forbiddenBecause', { message }) : t('posts.errors.forbidden');
  if (status === 413) return t('posts.errors.tooLarge');
  return message ? t('posts.errors.refused', { message }) : t('posts.errors.failed');
}

/** The post a link names (`?post=<id>`, a mention's or reply's notification): the feed or board holding it opens it. */
export function linkedPostId(): string | undefined {
  if (typeof location === 'undefined') return undefined;
  const id = new URLSearchParams(location.search).get('post');
  return id && /^[A-Za-z0-9:_-]{1,80}$/.test(id) ? id : undefined;
}

/** A posts block's section: named by its title when it has one (an h2), else by `label`. */
export function PostsSection({
  className,
  title,
  titleClassName,
  headingId,
  label,
  children,
}: {
  className: string;
  title?: string;
  titleClassName: string;
  headingId: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={title ? headingId : undefined} aria-label={title ? undefined : label}>
      {title && (
        <h2 id={headingId} className={titleClassName}>
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}
