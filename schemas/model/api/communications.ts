/**
 * Posts and comments ("communications", community §3 Communication and the posts catalogue, §4,
 * §5, §7 "Chat and communications"; core §3, §7.4, §9). Rules and limits are
 * engine/core/communications.ts. Paths are under /api/v1; every call needs a signed-in member.
 *
 * A target is what posts hang under: a block (`targetId` = the block id: discussionThreads,
 * cardWall, a block's comments of core §7.4) or a page (`targetId` = the page id: the page's feed,
 * written by its createUserPost blocks and shown by its userPost blocks); entities and profiles
 * join later with their issues (`ownerKind` says which). Who may read a target's posts is who may
 * see it (its page, and the block's visibility for the viewer); a post the viewer may not read is a
 * 404, never a 403, so ids do not leak. Posts are threaded: a post (kind `post`, parentId
 * null) has comments (kind `comment`, parentId the post or another comment, at most
 * COMMUNICATION_MAX_DEPTH levels); `rootId` is the post a comment belongs to.
 *
 * - GET    communications/{targetId}?parentId=&order=&limit=&cursor=&page=&scope=&scopeContextData=&reportedPostId=
 *          -> CommunicationListResponse. Without parentId: the target's posts; with parentId: that
 *          post's or comment's direct replies. `cursor` (keyset: order value + id) for loadMore;
 *          `page` (0-based, over the same index) for numbered pagination; `total` counts what the
 *          viewer can see. `reportedPostId` (moderators only): the page that holds that post, with
 *          it marked. Hidden posts are left out except for moderators and their author (who sees
 *          `hidden: true`). limit default COMMUNICATIONS_PAGE_SIZE, max COMMUNICATIONS_MAX_PAGE.
 * - GET    communications/single/{id}                       -> Communication
 * - PUT    communications/{targetId}  CommunicationCreateRequest -> 201 Communication (a post, or a
 *          comment when parentId is set; 200 with the same item for a repeated clientId; 403 when the
 *          target's block options refuse her (cardWall whoCanComment, discussionThreads
 *          whoCanStartThreads, allowReplies false); 400 naming the limit broken; 429 past the rate)
 * - PATCH  communications/{targetId}/{id}  CommunicationEditRequest -> Communication (the author only,
 *          or, for a cardWall whose whoCanEdit is ownerAndAdmins, an admin; the previous version goes to
 *          the edit history)
 * - GET    communications/{targetId}/{id}/history          -> CommunicationHistoryResponse (author or moderator)
 * - DELETE communications/{targetId}/{id}                  -> Communication (the author or a moderator:
 *          `deleted` set, title, body and media emptied; replies stay under "deleted")
 * - POST   communications/{targetId}/{id}/reaction  ReactionRequest -> ReactionSummary (toggles the
 *          member's reaction `reactionId` of COMMUNICATION_REACTIONS; exact under concurrency)
 * - PUT    communications/{targetId}/{id}/follow  CommunicationFollowRequest -> 204 (follow or
 *          unfollow a post: the notifications domain's followed items, kind `post`)
 * - GET    communications/search?q=&targetId=&limit=&cursor= -> CommunicationSearchResponse (posts the
 *          viewer may read, by words in title and body; the shared search dialect)
 * - GET    communications/mentionable?q=                    -> MentionCandidatesResponse (members the
 *          viewer may see in the directory, by name, at most 8: the editor's @ suggestions)
 *
 * Block calls of core §7.4, served by the same tables (targetId = the block id, kind comment with
 * parentId null, body as plain text turned into a document):
 * - PUT  structure/block/{id}/comment {comment}             -> the stored comment
 * - POST structure/block/{id}/comment/{commentId} {comment} -> the edited comment (author only)
 * - POST structure/block/{id}/setReaction/{commentId} {reactionId} -> ReactionSummary
 * - POST structure/block/{id}/recalculatePostScores         -> {recalculated} (admins; was a GET that wrote)
 *
 * Realtime: room kind `communications:<targetId>` (join while a target's posts are shown; allowed
 * when the viewer may read the target). Every event carries the item's id and the target id:
 * - `communications:created` CommunicationEvent   (a new post or comment; hidden ones only to moderators)
 * - `communications:updated` CommunicationEvent   (edited, reactions or children count changed)
 * - `communications:removed` CommunicationRemovedEvent (deleted, or hidden by a moderator: open pages drop it)
 * The room does not replay: a client that reconnects refetches the first page of what it shows.
 */
import type { Id } from '../common';

export type CommunicationKind = 'post' | 'comment';
/** Community §3 reference-owner kinds: what the target is. */
export type ReferenceOwnerKind = 'pm' | 'discussion' | 'profile' | 'entity' | 'file' | 'discussionMessage' | 'headlessPost' | 'headlessComment';
export type PostMediaType = 'image' | 'audio' | 'video' | 'document' | 'link';
/** `web`: a plain link to any https address (a `link` medium). */
export type PostMediaSource = 'local' | 'youtube' | 'googleDrive' | 'oneDrive' | 'vimeo' | 'web';
export type PostDisplayMode = 'preview' | 'compactPreview' | 'title' | 'thumbnail' | 'thumbnailOnly';
export type CommunicationOrder = 'newest' | 'oldest' | 'score' | 'mostActive';

/** A rich-text mark of the editor's document (tiptap / ProseMirror JSON). */
export interface RichTextMark {
  type: 'bold' | 'italic' | 'strike' | 'underline' | 'code' | 'link';
  /** `link`: {href}; a link's target and rel are set by the renderer, never stored. */
  attrs?: { href?: string };
}

/**
 * A node of the editor's document. Allowed types and their attrs: engine/core/communications.ts
 * RICH_TEXT_NODES. `mention` carries the mentioned account id and the label shown; `image` only a
 * src of our media routes (OWN_IMAGE_SRC).
 */
export interface RichTextNode {
  type: string;
  attrs?: Record<string, string | number | boolean | null>;
  content?: RichTextNode[];
  marks?: RichTextMark[];
  text?: string;
}

/** The editor's document: what a post body is stored as. */
export interface RichTextDoc {
  type: 'doc';
  content: RichTextNode[];
}

/** One medium of a post (community §3 posts catalogue, core §3 post media types). */
export interface PostMedia {
  type: PostMediaType;
  source: PostMediaSource;
  /** `local`: a file of the files domain the author uploaded (claimed by the post on create). */
  fileId?: string;
  /** Any other source, and `link`: an https address (YouTube and Vimeo shown as embeds). */
  url?: string;
  title?: string;
  /** Bytes, when known (links and attachments at most POST_LINK_MAX_SIZE). */
  size?: number;
  /** An image file shown as the medium's thumbnail (videos, documents, links). */
  thumbnailFileId?: string;
}

export interface ReactionSummary {
  score: number;
  /** The viewer's reactions. */
  userReactions: string[];
  /** reaction id -> how many gave it. */
  individualReactionScores: Record<string, number>;
}

/** A post or comment as a viewer sees it (community §3 Communication). */
export interface Communication {
  id: Id;
  kind: CommunicationKind;
  /** null for a post. */
  parentId: Id | null;
  /** The post this belongs to (itself for a post). */
  rootId: Id;
  targetId: string;
  ownerKind: ReferenceOwnerKind;
  scope: string | null;
  scopeContextData: string | null;
  /** The author's account id. */
  from: string;
  /** The viewer wrote it. */
  own: boolean;
  title: string | null;
  /** The stored document (empty doc when deleted). */
  body: RichTextDoc;
  /** The body rendered and sanitised by the server (POST_MARKUP_*); the browser sanitises again. */
  html: string;
  /** Plain text of the body, for "Read more" cuts and previews. */
  text: string;
  media: PostMedia[];
  /** Account ids mentioned in the body. */
  mentions: string[];
  meta: ReactionSummary;
  childrenCount: number;
  /** epoch ms */
  created: number;
  /** epoch ms of the last edit, or null. */
  edited: number | null;
  deleted: boolean;
  hidden: boolean;
  /** What the viewer may do with it (the server's rules; the screens only offer these). */
  can: { edit: boolean; delete: boolean; reply: boolean; react: boolean; report: boolean; moderate: boolean };
  /** Present on the item named by `reportedPostId`. */
  reported?: boolean;
}

export interface CommunicationListResponse {
  items: Communication[];
  more: boolean;
  total: number;
  /** The next page's cursor (absent at the end). */
  cursor?: string;
}

/** @additionalProperties false */
export interface CommunicationCreateRequest {
  kind?: CommunicationKind;
  /** A comment's parent (a post or comment of the same target). */
  parentId?: Id;
  title?: string;
  body: RichTextDoc;
  media?: PostMedia[];
  ownerKind?: ReferenceOwnerKind;
  scope?: string;
  scopeContextData?: string;
  /** The client's idempotency key (CHAT_CLIENT_ID's shape). */
  clientId?: string;
}

/** @additionalProperties false */
export interface CommunicationEditRequest {
  title?: string;
  body?: RichTextDoc;
  media?: PostMedia[];
}

export interface CommunicationHistoryResponse {
  items: { title: string | null; body: RichTextDoc; media: PostMedia[]; edited: number; by: string }[];
}

/** @additionalProperties false */
export interface CommunicationFollowRequest {
  follow: boolean;
}

export interface CommunicationSearchResponse {
  items: Communication[];
  cursor?: string;
  more: boolean;
}

export interface MentionCandidatesResponse {
  items: { accountId: string; name: string; avatar?: string }[];
}

export interface CommunicationEvent {
  id: Id;
  targetId: string;
  /** As the room's audience sees it (`own` and `can` false: each client recomputes them for its viewer from `from`). */
  item: Communication;
}

export interface CommunicationRemovedEvent {
  id: Id;
  targetId: string;
  parentId: Id | null;
  reason: 'deleted' | 'hidden';
}
