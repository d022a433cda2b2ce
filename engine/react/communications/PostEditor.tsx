/**
 * The post editor (its own chunk, with tiptap): a title with its limit and a counter, the body in
 * the project's rich-text editor (engine/forms/rich-text/RichTextEditor.tsx) producing the
 * contract's RichTextDoc (limited to RICH_TEXT_NODES), `@` mentions, the inline image (one image,
 * at most 5 MB), and media: uploads of the files domain (by fileId) of the allowed types, and
 * YouTube, Vimeo or drive addresses added by URL (checked with `postMediaProblem`), each previewed.
 * The server's refusal shows in words. Used to write a post (createUserPost, discussionThreads,
 * cardWall) and to edit one.
 */
import { Suspense, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type {
  Communication,
  CommunicationEditRequest,
  PostMedia,
  PostMediaSource,
  PostMediaType,
  RichTextDoc,
  RichTextNode,
} from '../../../schemas/model/api/communications';
import {
  POST_DOCUMENT_TYPES,
  POST_INLINE_IMAGE_MAX_BYTES,
  mediumAllowed,
  POST_MEDIA_HOSTS,
  POST_MEDIA_SOURCES,
  POST_MEDIA_MAX,
  POST_TEXT_MAX,
  POST_TITLE_MAX,
  postMediaProblem,
  RICH_TEXT_NODES,
  richTextToText,
  videoEmbedUrl,
} from '../../core/communications';
import { storedImageSrc } from '../../core/media';
import { formatBytes } from '../../core/validation/values';
import RichTextEditor from '../../forms/rich-text/RichTextEditor';
import type { ToolbarButton } from '../../forms/rich-text/presets';
import { useEngine } from '../engine-context';
import { errorText, usePosts } from './post-common';
import { createMentionStore, MentionList, mentionExtension } from './post-mentions';
import { EMBED_SANDBOX, PostThumbnail } from './PostMediaGallery';

const BUTTONS: ToolbarButton[] = ['heading', 'bold', 'italic', 'strike', 'bulletList', 'orderedList', 'blockquote', 'link', 'image', 'undo', 'redo'];
const OWN_IMAGE = /\/api\/v1\/image\/([0-9a-f-]{36})(?:\?|$)/;

/** The editor's JSON as the contract stores it: only RICH_TEXT_NODES' attrs, own images by their token-free src. */
export function toRichTextDoc(json: unknown): RichTextDoc {
  const clean = (node: RichTextNode): RichTextNode => {
    const allowed = RICH_TEXT_NODES[node.type] ?? [];
    const attrs: Record<string, string | number | boolean | null> = {};
    for (const [key, value] of Object.entries(node.attrs ?? {})) {
      if (!allowed.includes(key) || value === null || value === undefined) continue;
      attrs[key] = value;
    }
    if (node.type === 'image' && typeof attrs.src === 'string') {
      const own = OWN_IMAGE.exec(attrs.src);
      if (own) attrs.src = storedImageSrc(own[1]);
    }
    const out: RichTextNode = { type: node.type };
    if (Object.keys(attrs).length) out.attrs = attrs;
    if (node.text !== undefined) out.text = node.text;
    if (node.marks?.length) out.marks = node.marks.map((m) => (m.type === 'link' ? { type: 'link', attrs: { href: m.attrs?.href } } : { type: m.type }));
    if (node.content?.length) out.content = node.content.map(clean);
    return out;
  };
  const doc = json && typeof json === 'object' ? (json as RichTextNode) : { type: 'doc' };
  return { type: 'doc', content: (doc.content ?? []).map(clean) };
}

/** A stored document as the editor shows it: own images with a URL that works now. */
function toShownDoc(doc: RichTextDoc, urlOf: (id: string) => string | undefined): RichTextDoc {
  const walk = (node: RichTextNode): RichTextNode => {
    const src = node.type === 'image' && typeof node.attrs?.src === 'string' ? OWN_IMAGE.exec(node.attrs.src) : null;
    const shown = src ? { ...node, attrs: { ...node.attrs, src: urlOf(src[1]) ?? node.attrs!.src } } : node;
    return shown.content ? { ...shown, content: shown.content.map(walk) } : shown;
  };
  return walk(doc as RichTextNode) as RichTextDoc;
}

/** What a URL added as a medium is: YouTube or Vimeo videos, drive documents, else a link. */
export function mediumOfUrl(url: string): PostMedia {
  let host = '';
  try {
    host = new URL(url).hostname;
  } catch {
    // postMediaProblem names it.
  }
  const source = (Object.keys(POST_MEDIA_HOSTS) as (keyof typeof POST_MEDIA_HOSTS)[]).find((s) => POST_MEDIA_HOSTS[s].includes(host));
  if (source === 'youtube' || source === 'vimeo') return { type: 'video', source, url };
  if (source) return { type: 'document', source, url };
  return { type: 'link', source: 'web', url };
}

/** The medium type of an uploaded file of this mime type and name. */
export function mediumTypeOfFile(file: { type: string; name: string }): PostMediaType | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('audio/')) return 'audio';
  if (file.type.startsWith('video/')) return 'video';
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  return ext && (POST_DOCUMENT_TYPES as readonly string[]).includes(ext) ? 'document' : null;
}

export interface PostEditorProps {
  targetId: string;
  /** Editing this item (title, body, media start from it). */
  initial?: Communication;
  titleMaxLength?: number;
  contentMaxLength?: number;
  minMedia?: number;
  maxMedia?: number;
  mediaTypes?: readonly PostMediaType[];
  mediaSources?: readonly PostMediaSource[];
  allowMentions?: boolean;
  placeholder?: string;
  submitLabel?: string;
  /** The form's name (a heading is the block's). */
  label?: string;
  /** Writes a post: resolves when saved, rejects with the server's refusal. */
  onSubmit?(request: { title?: string; body: RichTextDoc; media: PostMedia[] }): Promise<void>;
  onSave?(change: CommunicationEditRequest): Promise<void>;
  onCancel?(): void;
}

const ALL_TYPES: readonly PostMediaType[] = ['image', 'audio', 'video', 'document', 'link'];
const ALL_SOURCES: readonly PostMediaSource[] = POST_MEDIA_SOURCES;

export default function PostEditor(props: PostEditorProps) {
  const { t, services } = useEngine();
  const slice = usePosts();
  const id = useId();
  const titleMax = Math.min(props.titleMaxLength ?? POST_TITLE_MAX, POST_TITLE_MAX);
  const contentMax = Math.min(props.contentMaxLength ?? POST_TEXT_MAX, POST_TEXT_MAX);
  const maxMedia = Math.min(props.maxMedia ?? POST_MEDIA_MAX, POST_MEDIA_MAX);
  const minMedia = Math.max(0, props.minMedia ?? 0);
  const types = props.mediaTypes ?? ALL_TYPES;
  const sources = props.mediaSources ?? ALL_SOURCES;
  const [title, setTitle] = useState(props.initial?.title ?? '');
  const [doc, setDoc] = useState<RichTextDoc>(() => props.initial?.body ?? { type: 'doc', content: [] });
  const [media, setMedia] = useState<PostMedia[]>(props.initial?.media ?? []);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const [editorKey, setEditorKey] = useState(0);
  const picker = useRef<HTMLInputElement>(null);
  const mentions = useMemo(() => createMentionStore(), []);
  const extensions = useMemo(
    () => (props.allowMentions === false ? [] : [mentionExtension((q) => slice.mentionable(q), mentions)]),
    [props.allowMentions, slice, mentions],
  );
  const initialDoc = useMemo(
    () => toShownDoc(props.initial?.body ?? { type: 'doc', content: [] }, (fileId) => services.mediaUrl?.({ kind: 'image', id: fileId })),
    // The editor starts from it once (and again after a post clears it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editorKey],
  );
  const text = richTextToText(doc);
  const localAllowed = sources.includes('local') && types.some((ty) => ty !== 'link');
  const urlAllowed = sources.some((s) => s !== 'local') || types.includes('link');
  const accept = [
    types.includes('image') ? 'image/*' : '',
    types.includes('video') ? 'video/*' : '',
    types.includes('audio') ? 'audio/*' : '',
    types.includes('document') ? POST_DOCUMENT_TYPES.map((e) => `.${e}`).join(',') : '',
  ]
    .filter(Boolean)
    .join(',');

  const uploadImage = services.files
    ? async (file: File) => {
        const [stored] = await services.files!.upload([file], { contextId: props.targetId, imagesOnly: true });
        if (!stored) throw new Error(t('posts.editor.noFile'));
        return services.mediaUrl?.({ kind: 'image', id: stored.id }) ?? storedImageSrc(stored.id);
      }
    : undefined;

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(e.target.files ?? [])];
    e.target.value = '';
    if (!picked.length || !services.files) return;
    if (media.length + picked.length > maxMedia) return setProblem(t('posts.editor.tooManyMedia', { max: maxMedia }));
    for (const file of picked) {
      const type = mediumTypeOfFile(file);
      if (!type || !types.includes(type)) return setProblem(t('posts.editor.wrongType', { name: file.name }));
    }
    setProblem(undefined);
    setUploading(true);
    try {
      const stored = await services.files.upload(picked, { contextId: props.targetId });
      setMedia((m) => [
        ...m,
        ...stored.map((f, i): PostMedia => ({
          type: mediumTypeOfFile({ type: f.mime, name: f.name }) ?? mediumTypeOfFile(picked[i]) ?? 'document',
          source: 'local',
          fileId: f.id,
          title: f.name,
          size: f.size,
        })),
      ]);
    } catch (error) {
      setProblem(t('posts.editor.uploadFailed', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setUploading(false);
    }
  };

  const addUrl = () => {
    const address = url.trim();
    if (!address) return;
    if (media.length >= maxMedia) return setProblem(t('posts.editor.tooManyMedia', { max: maxMedia }));
    const medium = mediumOfUrl(address);
    const refused = postMediaProblem(medium, media.length);
    if (refused)
      return setProblem(
        /only https/.test(refused)
          ? t('posts.editor.httpsOnly')
          : /is not an address|address is needed/.test(refused)
            ? t('posts.editor.notAddress')
            : /larger than/.test(refused)
              ? t('posts.editor.tooLargeMedium')
              : t('posts.editor.badUrl', { problem: refused }),
      );
    if (!mediumAllowed(medium, types, sources)) return setProblem(t('posts.editor.urlNotAllowed'));
    setProblem(undefined);
    setMedia((m) => [...m, medium]);
    setUrl('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(undefined);
    const body = toRichTextDoc(doc);
    if (title.length > titleMax) return setProblem(t('posts.editor.titleTooLong', { max: titleMax }));
    if (text.length > contentMax) return setProblem(t('posts.editor.textTooLong', { max: contentMax }));
    if (media.length < minMedia) return setProblem(t('posts.editor.tooFewMedia', { min: minMedia }));
    if (!text.trim() && !title.trim() && !media.length && !body.content.some((n) => n.type === 'image' || n.content?.some((c) => c.type === 'image')))
      return setProblem(t('posts.editor.empty'));
    setProblem(undefined);
    setBusy(true);
    try {
      if (props.initial) {
        await props.onSave?.({ title: title.trim() || undefined, body, media });
      } else {
        await props.onSubmit?.({ ...(title.trim() ? { title: title.trim() } : {}), body, media });
        setTitle('');
        setDoc({ type: 'doc', content: [] });
        setMedia([]);
        setEditorKey((k) => k + 1);
        setDone(t('posts.editor.posted'));
      }
    } catch (error) {
      setProblem(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const labels = Object.fromEntries(BUTTONS.map((b) => [b, t(`posts.editor.buttons.${b}`)])) as Record<ToolbarButton, string>;
  const ids = {
    title: `${id}-title`,
    count: `${id}-count`,
    body: `${id}-body`,
    bodyLabel: `${id}-body-label`,
    url: `${id}-url`,
    files: `${id}-files`,
    mentions: `${id}-mentions`,
    textCount: `${id}-text-count`,
  };

  return (
    <form className="t-post-editor" onSubmit={(e) => void submit(e)} aria-label={props.label ?? t('posts.editor.label')}>
      <div className="t-post-editor__field">
        <label htmlFor={ids.title}>{t('posts.editor.title')}</label>
        <input id={ids.title} type="text" value={title} maxLength={titleMax} aria-describedby={ids.count} onChange={(e) => setTitle(e.target.value)} />
        <span id={ids.count} className="t-post-editor__count">
          {t('posts.editor.count', { count: title.length, max: titleMax })}
        </span>
      </div>
      <div className="t-post-editor__field">
        <span id={ids.bodyLabel}>{t('posts.editor.body')}</span>
        <RichTextEditor
          key={editorKey}
          html=""
          doc={initialDoc as never}
          onDocChange={(json) => setDoc(toRichTextDoc(json))}
          extensions={extensions}
          buttons={uploadImage ? BUTTONS : BUTTONS.filter((b) => b !== 'image')}
          labels={labels}
          toolbarLabel={t('posts.editor.toolbar')}
          linkPrompt={t('posts.editor.linkPrompt')}
          inputId={ids.body}
          labelledBy={ids.bodyLabel}
          describedBy={props.contentMaxLength ? ids.textCount : undefined}
          placeholder={props.placeholder}
          editable={!busy}
          uploadImage={uploadImage}
          imageTexts={{
            hint: t('posts.editor.imageHint', { size: formatBytes(POST_INLINE_IMAGE_MAX_BYTES) }),
            tooLarge: (file) => t('posts.editor.imageTooLarge', { size: formatBytes(file.size), max: formatBytes(POST_INLINE_IMAGE_MAX_BYTES) }),
            failed: (message) => t('posts.editor.imageFailed', { message }),
          }}
          after={<MentionList store={mentions} listId={ids.mentions} label={t('posts.editor.mentions')} />}
        />
        {props.contentMaxLength !== undefined && (
          <span id={ids.textCount} className="t-post-editor__count">
            {t('posts.editor.count', { count: text.length, max: contentMax })}
          </span>
        )}
      </div>
      {maxMedia > 0 && (localAllowed || urlAllowed) && (
        <fieldset className="t-post-editor__media">
          <legend>{t('posts.editor.media', { count: media.length, max: maxMedia })}</legend>
          {media.length > 0 && (
            <ul className="t-post-editor__previews">
              {media.map((m, i) => (
                <li key={`${i}:${m.fileId ?? m.url}`} className="t-post-editor__preview">
                  <MediumPreview medium={m} />
                  <button type="button" className="ts-button" onClick={() => setMedia((all) => all.filter((_, j) => j !== i))}>
                    {t('posts.editor.removeMedium', { name: m.title || m.url || t('posts.media.untitled', { n: i + 1 }) })}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {localAllowed && services.files && (
            <div className="t-post-editor__upload">
              <label htmlFor={ids.files}>{t('posts.editor.addFiles')}</label>
              <input
                ref={picker}
                id={ids.files}
                type="file"
                multiple
                accept={accept}
                disabled={uploading || media.length >= maxMedia}
                onChange={(e) => void onPick(e)}
              />
              {uploading && <span role="status">{t('posts.editor.uploading')}</span>}
            </div>
          )}
          {urlAllowed && (
            <div className="t-post-editor__url">
              <label htmlFor={ids.url}>{t('posts.editor.addUrl')}</label>
              <input
                id={ids.url}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addUrl();
                  }
                }}
              />
              <button type="button" className="ts-button" onClick={addUrl} disabled={media.length >= maxMedia}>
                {t('posts.editor.add')}
              </button>
            </div>
          )}
        </fieldset>
      )}
      {problem && (
        <p role="alert" className="t-post-editor__problem">
          {problem}
        </p>
      )}
      {done && (
        <p role="status" className="t-post-editor__done">
          {done}
        </p>
      )}
      <div className="t-post-editor__actions">
        <button type="submit" className="ts-button ts-button--primary" disabled={busy || uploading}>
          {props.initial ? t('posts.save') : (props.submitLabel ?? t('posts.editor.submit'))}
        </button>
        {props.onCancel && (
          <button type="button" className="ts-button" onClick={props.onCancel}>
            {t('posts.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

function MediumPreview({ medium }: { medium: PostMedia }) {
  const { t } = useEngine();
  const embed = videoEmbedUrl(medium);
  if (medium.source === 'local' && medium.type === 'image' && medium.fileId)
    return <PostThumbnail fileId={medium.fileId} ratio="16/9" alt={medium.title ?? ''} width={240} />;
  if (embed)
    return (
      <Suspense fallback={null}>
        <iframe
          className="t-post__embed t-post__embed--small"
          src={embed}
          title={t('posts.media.video', { name: medium.url ?? '' })}
          sandbox={EMBED_SANDBOX}
          loading="lazy"
        />
      </Suspense>
    );
  return <span className="t-post-editor__medium-name">{`${t(`posts.media.types.${medium.type}`)}: ${medium.title ?? medium.url ?? ''}`}</span>;
}
