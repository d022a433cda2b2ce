/**
 * Posts' and comments' rules (community §3 Communication, posts catalogue, card wall and user-post
 * defaults, §5; core §3, §9), once, for the server (server/communications), the client's slice and
 * the post blocks. API shapes: schemas/model/api/communications.ts.
 */
import type {
  Communication,
  CommunicationKind,
  PostMedia,
  PostMediaSource,
  PostMediaType,
  RichTextDoc,
  RichTextNode,
} from '../../schemas/model/api/communications';
import { CARD_WALL_LIMITS, LINK_AND_ATTACHMENT_SIZE, MAX_MEDIA_PER_POST, USER_POST_LIMITS } from './constants';

export { COMMUNICATIONS_PAGE_SIZE, MESSAGE_DISPLAY_LENGTH } from './constants';

/** The largest page a caller may ask for. */
export const COMMUNICATIONS_MAX_PAGE = 50;
/** Replies nest at most this deep under a post (a post is depth 0). Deeper replies attach to the deepest allowed parent. */
export const COMMUNICATION_MAX_DEPTH = 3;
/** A post's title at most (community §3 user-post default). */
export const POST_TITLE_MAX = USER_POST_LIMITS.titleMax;
/** Card wall defaults (community §3): a card's title and content at most. */
export const CARD_TITLE_MAX = CARD_WALL_LIMITS.titleMax;
export const CARD_CONTENT_MAX = CARD_WALL_LIMITS.contentMax;
/** Media per post (community §5). */
export const POST_MEDIA_MIN = USER_POST_LIMITS.mediaMin;
export const POST_MEDIA_MAX = MAX_MEDIA_PER_POST;
/** Core §9: a linked or attached medium at most (bytes). */
export const POST_LINK_MAX_SIZE = LINK_AND_ATTACHMENT_SIZE;
/** A body's plain text at most (characters): a long article, not a book. */
export const POST_TEXT_MAX = 20_000;
/** A body's document as JSON at most (bytes) and its nodes at most: linear-time checks. */
export const POST_DOC_MAX_BYTES = 200_000;
export const POST_DOC_MAX_NODES = 5_000;
export const POST_DOC_MAX_DEPTH = 12;
/** Mentions in one body at most (each notifies someone). */
export const POST_MENTIONS_MAX = 20;
/** Posts and comments one member may write per minute (HTTP 429 beyond). */
export const POSTS_PER_MINUTE = 20;
/** An address at most (characters). */
export const POST_URL_MAX = 2000;
/** Core §5: the inline rich-editor image upload: one image, at most 5 MB. */
export const POST_INLINE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Edit history kept per post (the oldest go first). */
export const POST_HISTORY_MAX = 50;

/** Fixed reaction ids (community §3 "reaction types: fixed values exist"): each counts 1 to the score. */
export const COMMUNICATION_REACTIONS = ['like', 'love', 'celebrate', 'insightful', 'curious'] as const;
export type CommunicationReaction = (typeof COMMUNICATION_REACTIONS)[number];
export const isCommunicationReaction = (v: unknown): v is CommunicationReaction =>
  typeof v === 'string' && (COMMUNICATION_REACTIONS as readonly string[]).includes(v);

export const POST_MEDIA_TYPES: readonly PostMediaType[] = ['image', 'audio', 'video', 'document', 'link'];
export const POST_MEDIA_SOURCES: readonly PostMediaSource[] = ['local', 'youtube', 'googleDrive', 'oneDrive', 'vimeo', 'web'];
/** Community §3 document types a `document` medium may be. */
export const POST_DOCUMENT_TYPES = ['pdf', 'docx', 'doc', 'xlsx', 'xls', 'pptx', 'ppt', 'odt', 'ods', 'odp'] as const;

/**
 * The editor's document: node types allowed and the attrs each may carry (anything else is a 400
 * naming it). The marks are RichTextMark's. Headings 2 to 4 (the page owns h1).
 */
export const RICH_TEXT_NODES: Readonly<Record<string, readonly string[]>> = {
  doc: [],
  paragraph: [],
  text: [],
  heading: ['level'],
  bulletList: [],
  orderedList: ['start'],
  listItem: [],
  blockquote: [],
  codeBlock: ['language'],
  hardBreak: [],
  horizontalRule: [],
  image: ['src', 'alt', 'title'],
  mention: ['id', 'label'],
};
export const RICH_TEXT_MARKS: readonly string[] = ['bold', 'italic', 'strike', 'underline', 'code', 'link'];
export const RICH_TEXT_HEADING_LEVELS: readonly number[] = [2, 3, 4];

/**
 * What a rendered post body may hold: the one markup policy (engine/core/markup-policy.ts) narrowed
 * to what the editor makes, plus the mention's span. Images only from our media routes
 * (OWN_IMAGE_SRC); links open in a new tab without handing over the opener.
 */
export const POST_MARKUP_ELEMENTS: readonly string[] = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  's',
  'u',
  'code',
  'pre',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'a',
  'img',
  'span',
];
export const POST_MARKUP_ATTRIBUTES: readonly string[] = ['href', 'target', 'rel', 'src', 'alt', 'title', 'start', 'class', 'data-mention'];
export const POST_LINK_TARGET = '_blank';
export const POST_LINK_REL = 'noopener noreferrer nofollow ugc';

/** An empty body. */
export const EMPTY_DOC: RichTextDoc = { type: 'doc', content: [] };

/** A body's problem for a person, or null when the document is well formed within the limits. */
export function richTextDocProblem(doc: unknown): string | null {
  if (!doc || typeof doc !== 'object' || (doc as RichTextNode).type !== 'doc') return 'body must be a document of type "doc"';
  let nodes = 0;
  const walk = (node: RichTextNode, depth: number): string | null => {
    if (++nodes > POST_DOC_MAX_NODES) return `body has more than ${POST_DOC_MAX_NODES} parts`;
    if (depth > POST_DOC_MAX_DEPTH) return `body nests deeper than ${POST_DOC_MAX_DEPTH} levels`;
    if (!node || typeof node !== 'object' || typeof node.type !== 'string') return 'body has a part without a type';
    if (!Object.hasOwn(RICH_TEXT_NODES, node.type)) return `body has an unknown part "${String(node.type).slice(0, 40)}"`;
    const allowed = RICH_TEXT_NODES[node.type];
    for (const key of Object.keys(node.attrs ?? {}))
      if (!allowed.includes(key)) return `body part "${node.type}" has an unknown attribute "${key.slice(0, 40)}"`;
    if (node.type === 'text' && typeof node.text !== 'string') return 'body has a text part without text';
    if (node.type === 'heading' && !RICH_TEXT_HEADING_LEVELS.includes(Number(node.attrs?.level))) return 'body headings are level 2, 3 or 4';
    for (const mark of node.marks ?? []) {
      if (!mark || !RICH_TEXT_MARKS.includes(mark.type)) return `body has an unknown mark "${String(mark?.type).slice(0, 40)}"`;
    }
    if (node.content !== undefined && !Array.isArray(node.content)) return 'body part content must be a list';
    for (const child of node.content ?? []) {
      const problem = walk(child, depth + 1);
      if (problem) return problem;
    }
    return null;
  };
  return walk(doc as RichTextNode, 0);
}

/** The body's plain text: paragraphs and list items on their own lines, mentions as "@label". */
export function richTextToText(doc: RichTextDoc): string {
  const out: string[] = [];
  const walk = (node: RichTextNode) => {
    if (node.type === 'text') out.push(node.text ?? '');
    else if (node.type === 'mention') out.push(`@${String(node.attrs?.label ?? '')}`);
    else if (node.type === 'hardBreak') out.push('\n');
    for (const child of node.content ?? []) walk(child);
    if (['paragraph', 'heading', 'listItem', 'blockquote', 'codeBlock'].includes(node.type)) out.push('\n');
  };
  walk(doc);
  return out
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Account ids mentioned in the body, each once, in order. */
export function mentionedAccounts(doc: RichTextDoc): string[] {
  const ids = new Set<string>();
  const walk = (node: RichTextNode) => {
    if (node.type === 'mention' && typeof node.attrs?.id === 'string') ids.add(node.attrs.id);
    for (const child of node.content ?? []) walk(child);
  };
  walk(doc);
  return [...ids];
}

/** A plain text as a document (the block comment calls of core §7.4 take text). */
export function textToDoc(text: string): RichTextDoc {
  const paragraphs = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  return {
    type: 'doc',
    content: paragraphs.map((p) => {
      const lines = p.split('\n');
      const content: RichTextNode[] = [];
      lines.forEach((line, i) => {
        if (i > 0) content.push({ type: 'hardBreak' });
        if (line) content.push({ type: 'text', text: line });
      });
      return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
    }),
  };
}

/** The text shown before "Read more" (core §9 message display length), cut at a word. */
export function displayExcerpt(text: string, length: number): { text: string; cut: boolean } {
  if (text.length <= length) return { text, cut: false };
  const slice = text.slice(0, length);
  const space = slice.lastIndexOf(' ');
  return { text: `${(space > length * 0.6 ? slice.slice(0, space) : slice).trimEnd()}…`, cut: true };
}

/** An embeddable video address of a medium (YouTube, Vimeo), or null: shown in a sandboxed iframe the CSP allows. */
export function videoEmbedUrl(media: Pick<PostMedia, 'source' | 'url'>): string | null {
  if (!media.url) return null;
  let url: URL;
  try {
    url = new URL(media.url);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^www\./, '');
  if (media.source === 'youtube') {
    const id =
      host === 'youtu.be'
        ? url.pathname.slice(1)
        : host.endsWith('youtube.com')
          ? (url.searchParams.get('v') ?? /^\/(?:embed|shorts)\/([^/]+)/.exec(url.pathname)?.[1])
          : null;
    return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (media.source === 'vimeo') {
    const id = host === 'vimeo.com' || host === 'player.vimeo.com' ? /(\d{4,12})/.exec(url.pathname)?.[1] : null;
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}

/** Hosts a medium's url may have per hosted source (a `link` may point at any https host). */
export const POST_MEDIA_HOSTS: Readonly<Record<Exclude<PostMediaSource, 'local' | 'web'>, readonly string[]>> = {
  youtube: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be'],
  vimeo: ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'],
  googleDrive: ['drive.google.com', 'docs.google.com'],
  oneDrive: ['onedrive.live.com', '1drv.ms'],
};

/** A medium's problem for a person, or null. Local media need a fileId; others an https url of their source's hosts. */
export function postMediaProblem(media: PostMedia, index: number): string | null {
  const at = `media ${index + 1}`;
  if (!POST_MEDIA_TYPES.includes(media.type)) return `${at}: unknown type`;
  if (!POST_MEDIA_SOURCES.includes(media.source)) return `${at}: unknown source`;
  if (media.size !== undefined && (!Number.isFinite(media.size) || media.size < 0 || media.size > POST_LINK_MAX_SIZE)) {
    return `${at}: larger than ${POST_LINK_MAX_SIZE} bytes`;
  }
  if (media.source === 'local') return media.fileId ? null : `${at}: an uploaded file is needed`;
  if (!media.url || media.url.length > POST_URL_MAX) return `${at}: an address is needed`;
  let url: URL;
  try {
    url = new URL(media.url);
  } catch {
    return `${at}: "${media.url.slice(0, 80)}" is not an address`;
  }
  if (url.protocol !== 'https:') return `${at}: only https addresses`;
  if (media.source === 'web') return media.type === 'link' ? null : `${at}: a web address is a link`;
  if (media.type === 'link' && media.source !== 'youtube' && media.source !== 'vimeo') return null;
  return POST_MEDIA_HOSTS[media.source].includes(url.hostname) ? null : `${at}: not a ${media.source} address`;
}

/**
 * Whether a block's media options allow a medium: its type among `types`, its source among
 * `sources` (absent: all). A plain web link is governed by the `link` type alone, so blocks whose
 * sources were chosen before the `web` source existed still take links.
 */
export function mediumAllowed(
  media: Pick<PostMedia, 'type' | 'source'>,
  types: readonly string[] | undefined,
  sources: readonly string[] | undefined,
): boolean {
  if (types && !types.includes(media.type)) return false;
  return !sources || media.source === 'web' || sources.includes(media.source);
}

/** The limits a post breaks for a block's options, or null (titles, media count, card content). */
export function postLimitProblem(
  input: { kind: CommunicationKind; title?: string | null; text: string; media: PostMedia[] },
  limits: { titleMax?: number; contentMax?: number; mediaMin?: number; mediaMax?: number },
): string | null {
  const titleMax = Math.min(limits.titleMax ?? POST_TITLE_MAX, POST_TITLE_MAX);
  if (input.title && input.title.length > titleMax) return `title is longer than ${titleMax} characters`;
  const contentMax = Math.min(limits.contentMax ?? POST_TEXT_MAX, POST_TEXT_MAX);
  if (input.text.length > contentMax) return `text is longer than ${contentMax} characters`;
  if (input.kind === 'post') {
    const max = Math.min(limits.mediaMax ?? POST_MEDIA_MAX, POST_MEDIA_MAX);
    const min = Math.max(limits.mediaMin ?? POST_MEDIA_MIN, POST_MEDIA_MIN);
    if (input.media.length > max) return `at most ${max} media per post`;
    if (input.media.length < min) return `at least ${min} media per post`;
  } else if (input.media.length) return 'comments carry no media';
  if (!input.text.trim() && !input.title?.trim() && !input.media.length) return 'write something first';
  return null;
}

/** The score of reactions: each reaction counts one. */
export function reactionScore(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, n) => sum + (Number.isFinite(n) && n > 0 ? n : 0), 0);
}

/** Who may edit an item: its author; for a cardWall whose whoCanEdit is ownerAndAdmins, an admin too. */
export function mayEditCommunication(
  item: Pick<Communication, 'from' | 'deleted'>,
  viewer: { accountId: string; isAdmin: boolean },
  blockOptions?: { whoCanEdit?: unknown },
): boolean {
  if (item.deleted) return false;
  return item.from === viewer.accountId || (blockOptions?.whoCanEdit === 'ownerAndAdmins' && viewer.isAdmin);
}
