/**
 * A post's media (core §3 post media types): images of the files domain as thumbnails in the
 * block's ratio, audio and video players for local files, documents as download links, links as
 * links, YouTube and Vimeo as embeds in a sandboxed iframe (the CSP's frame-src allows their hosts).
 */
import type { ReactNode } from 'react';
import type { PostMedia } from '../../../schemas/model/api/communications';
import { videoEmbedUrl } from '../../core/communications';
import { checkExternalUrl } from '../../core/url-check';
import { useEngine } from '../engine-context';

export type ThumbnailRatio = '16/9' | '3/2' | '1';
const MEDIA_RATIO: Record<ThumbnailRatio, '16:9' | '3:2' | '1:1'> = { '16/9': '16:9', '3/2': '3:2', '1': '1:1' };
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-presentation';

/** An https address, or undefined (anything else is never put in an href or src). */
export function safeHttpsUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** The image a medium shows as its thumbnail (an image itself, or its thumbnail file), for previews. */
export function thumbnailFileOf(media: PostMedia[]): string | undefined {
  for (const m of media) {
    if (m.type === 'image' && m.source === 'local' && m.fileId) return m.fileId;
    if (m.thumbnailFileId) return m.thumbnailFileId;
  }
  return undefined;
}

export function PostThumbnail({
  fileId,
  ratio,
  alt,
  width = 480,
  loading,
}: {
  fileId: string;
  ratio: ThumbnailRatio;
  alt: string;
  width?: number;
  loading?: 'lazy' | 'eager';
}) {
  const { services } = useEngine();
  const src = services.mediaUrl?.({ kind: 'image', id: fileId, thumb: true, width, ratio: MEDIA_RATIO[ratio] });
  if (!src) return null;
  return <img className="t-post__thumb" src={src} alt={alt} loading={loading ?? 'lazy'} style={{ aspectRatio: ratio.replace('/', ' / ') }} />;
}

export function PostMediaGallery({ media, ratio = '16/9', title }: { media: PostMedia[]; ratio?: ThumbnailRatio; title: string }) {
  const { t, services } = useEngine();
  if (!media.length) return null;
  return (
    <ul className="t-post__media" aria-label={t('posts.media.label')}>
      {media.map((m, i) => {
        const name = m.title || t('posts.media.untitled', { n: i + 1 });
        const embed = videoEmbedUrl(m);
        let shown: ReactNode;
        if (embed) {
          shown = (
            <iframe
              className="t-post__embed"
              src={embed}
              title={t('posts.media.video', { name })}
              sandbox={EMBED_SANDBOX}
              allow="encrypted-media; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              loading="lazy"
            />
          );
        } else if (m.source === 'local' && m.fileId) {
          if (m.type === 'image')
            shown = <PostThumbnail fileId={m.fileId} ratio={ratio} alt={m.title || t('posts.media.imageOf', { title, n: i + 1 })} width={720} />;
          else if (m.type === 'video') {
            const src = services.mediaUrl?.({ kind: 'video', id: m.fileId });
            // eslint-disable-next-line jsx-a11y/media-has-caption -- a member's upload carries no caption track to offer
            shown = src ? <video className="t-post__video" src={src} controls preload="metadata" aria-label={name} /> : null;
          } else if (m.type === 'audio') {
            const src = services.mediaUrl?.({ kind: 'audio', id: m.fileId });
            // eslint-disable-next-line jsx-a11y/media-has-caption -- a member's upload carries no caption track to offer
            shown = src ? <audio className="t-post__audio" src={src} controls preload="none" aria-label={name} /> : null;
          } else {
            const fileId = m.fileId;
            shown = (
              <button type="button" className="t-post__document" onClick={() => void services.files?.download({ id: fileId, name: m.title || fileId })}>
                {t('posts.media.download', { name })}
              </button>
            );
          }
        } else {
          const href = safeHttpsUrl(m.url);
          shown =
            href && checkExternalUrl(href, { httpsOnly: true }).ok ? (
              <a className="t-post__link" href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
                {m.title || href}
              </a>
            ) : (
              <span className="t-post__link t-post__link--bad">{t('posts.media.badLink')}</span>
            );
        }
        return (
          <li key={`${i}:${m.fileId ?? m.url ?? ''}`} className={`t-post__medium t-post__medium--${m.type}`}>
            {shown}
          </li>
        );
      })}
    </ul>
  );
}
