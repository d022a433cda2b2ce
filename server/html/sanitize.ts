/**
 * Stored HTML, sanitised on the server with the one allow-list (engine/core/markup-policy.ts; the
 * browser sanitises again with the same list when it shows it), plus one rule only the server
 * enforces: stored images only from our own media route, never from another origin. Every write of
 * HTML goes through here: rich-text field values (`sanitizeFieldValues`) and block options whose
 * schema marks a string `contentMediaType: text/html` (`sanitizeHtmlOptions`).
 */
import sanitize from 'sanitize-html';
import {
  EMAIL_MARKUP_ATTRIBUTES,
  EMAIL_STYLE_PROPERTIES,
  EMAIL_STYLE_VALUE,
  HTML_MEDIA_TYPE,
  MARKUP_ATTRIBUTES,
  MARKUP_ELEMENTS,
  MARKUP_URL_ATTRIBUTES,
  OWN_IMAGE_SRC,
  isSafeMarkupUrl,
} from '../../engine/core/markup-policy';
import type { Field, JsonObject, JsonValue } from '../../schemas/model';
import { CHAT_LINK_REL, CHAT_LINK_TARGET, CHAT_MARKUP_ATTRIBUTES, CHAT_MARKUP_ELEMENTS } from '../../engine/core/chat';
import { POST_LINK_REL, POST_LINK_TARGET, POST_MARKUP_ATTRIBUTES, POST_MARKUP_ELEMENTS } from '../../engine/core/communications';

const ELEMENTS = new Set(MARKUP_ELEMENTS);
/**
 * What an unlisted element is renamed to: a harmless tag the exclusive filter then removes with its
 * content, as the browser does (sanitize-html alone would keep the content of most refused tags).
 */
const REFUSED = 'refused';

/** The policy's URL check, per attribute (sanitize-html's own scheme list is per tag, so it is switched off). */
function withSafeUrls(attribs: sanitize.Attributes): sanitize.Attributes {
  const out = { ...attribs };
  for (const name of MARKUP_URL_ATTRIBUTES) if (name in out && !isSafeMarkupUrl(name, out[name])) delete out[name];
  return out;
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...MARKUP_ELEMENTS, REFUSED],
  allowedAttributes: { '*': [...MARKUP_ATTRIBUTES] },
  allowedSchemesAppliedToAttributes: [],
  transformTags: { '*': (tagName, attribs) => (ELEMENTS.has(tagName) ? { tagName, attribs: withSafeUrls(attribs) } : { tagName: REFUSED, attribs: {} }) },
  exclusiveFilter: (frame) => !ELEMENTS.has(frame.tag) || (frame.tag === 'img' && !OWN_IMAGE_SRC.test(frame.attribs.src ?? '')),
};

export function sanitizeStoredHtml(html: string): string {
  return sanitize(html, OPTIONS);
}

/**
 * The same list for email bodies, plus the layout attributes and inline styles email clients need
 * (EMAIL_MARKUP_ATTRIBUTES); images from any http(s) address, since a mail client cannot load our
 * relative media route. Handlebars in text and attributes (`href="{{link}}"`) is kept as written.
 */
const EMAIL_OPTIONS: sanitize.IOptions = {
  ...OPTIONS,
  allowedAttributes: { '*': [...MARKUP_ATTRIBUTES, ...EMAIL_MARKUP_ATTRIBUTES] },
  allowedStyles: { '*': Object.fromEntries(EMAIL_STYLE_PROPERTIES.map((p) => [p, [EMAIL_STYLE_VALUE]])) },
  exclusiveFilter: (frame) => !ELEMENTS.has(frame.tag),
};

export function sanitizeEmailHtml(html: string): string {
  return sanitize(html, EMAIL_OPTIONS);
}

/** Field types whose values are HTML. */
const HTML_FIELD_TYPES = new Set(['wysiwyg']);

/** The values of a form save with every rich-text value sanitised (others unchanged), by the field each name belongs to. */
export function sanitizeFieldValues<T extends Record<string, JsonValue>>(changes: T, fieldOf: (name: string) => Field | undefined): T {
  const out: Record<string, JsonValue> = { ...changes };
  for (const [name, value] of Object.entries(changes)) {
    const field = fieldOf(name);
    if (field && HTML_FIELD_TYPES.has(field.type) && typeof value === 'string') out[name] = sanitizeStoredHtml(value);
  }
  return out as T;
}

interface SchemaNode {
  type?: string | string[];
  contentMediaType?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode | SchemaNode[];
  additionalProperties?: SchemaNode | boolean;
}

/** Whether an options schema holds an HTML string anywhere (most do not: their options are returned as they are). */
export function schemaHoldsHtml(schema: unknown): boolean {
  const node = schema as SchemaNode | undefined;
  if (!node || typeof node !== 'object') return false;
  if (node.contentMediaType === HTML_MEDIA_TYPE) return true;
  const children = [
    ...Object.values(node.properties ?? {}),
    ...(Array.isArray(node.items) ? node.items : node.items ? [node.items] : []),
    ...(typeof node.additionalProperties === 'object' ? [node.additionalProperties] : []),
  ];
  return children.some(schemaHoldsHtml);
}

function sanitizeBySchema(value: JsonValue, schema: SchemaNode | undefined): JsonValue {
  if (!schema || value === null) return value;
  if (typeof value === 'string') return schema.contentMediaType === HTML_MEDIA_TYPE ? sanitizeStoredHtml(value) : value;
  if (Array.isArray(value)) return value.map((item, i) => sanitizeBySchema(item, Array.isArray(schema.items) ? schema.items[i] : schema.items));
  if (typeof value === 'object') {
    const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, sanitizeBySchema(v, Object.hasOwn(schema.properties ?? {}, key) ? schema.properties![key] : extra)]),
    );
  }
  return value;
}

/** Block options with every string the options schema marks as HTML sanitised; the same object when none is. */
export function sanitizeHtmlOptions(schema: unknown, options: JsonObject): JsonObject {
  if (!schemaHoldsHtml(schema)) return options;
  return sanitizeBySchema(options, schema as SchemaNode) as JsonObject;
}

const CHAT_ELEMENTS = new Set(CHAT_MARKUP_ELEMENTS);

/**
 * Chat messages (core §7.6): the narrower chat list (CHAT_MARKUP_ELEMENTS/ATTRIBUTES), refused
 * elements removed with their content, addresses through the one URL check, and every link made to
 * open in a new tab without handing over the opener (target and rel forced, whatever was sent).
 */
const CHAT_OPTIONS: sanitize.IOptions = {
  allowedTags: [...CHAT_MARKUP_ELEMENTS, REFUSED],
  allowedAttributes: { a: [...CHAT_MARKUP_ATTRIBUTES] },
  allowedSchemesAppliedToAttributes: [],
  transformTags: {
    '*': (tagName, attribs) => {
      if (!CHAT_ELEMENTS.has(tagName)) return { tagName: REFUSED, attribs: {} };
      if (tagName !== 'a') return { tagName, attribs: {} };
      const href: sanitize.Attributes = attribs.href !== undefined && isSafeMarkupUrl('href', attribs.href) ? { href: attribs.href } : {};
      return { tagName, attribs: { ...href, target: CHAT_LINK_TARGET, rel: CHAT_LINK_REL } };
    },
  },
  exclusiveFilter: (frame) => !CHAT_ELEMENTS.has(frame.tag),
};

export function sanitizeChatHtml(html: string): string {
  return sanitize(html, CHAT_OPTIONS);
}

const POST_ELEMENTS = new Set(POST_MARKUP_ELEMENTS);
const POST_ATTRIBUTES = new Set(POST_MARKUP_ATTRIBUTES);

/**
 * Posts and comments (community §3 Communication): the rendered body of the editor's document,
 * through the posts list (POST_MARKUP_ELEMENTS/ATTRIBUTES); refused elements removed with their
 * content, addresses through the one URL check, images only from our media route (OWN_IMAGE_SRC),
 * links forced to open in a new tab without the opener (POST_LINK_TARGET/REL), and `class` only
 * the mention's.
 */
const POST_OPTIONS: sanitize.IOptions = {
  allowedTags: [...POST_MARKUP_ELEMENTS, REFUSED],
  allowedAttributes: { '*': [...POST_MARKUP_ATTRIBUTES] },
  allowedSchemesAppliedToAttributes: [],
  transformTags: {
    '*': (tagName, attribs) => {
      if (!POST_ELEMENTS.has(tagName)) return { tagName: REFUSED, attribs: {} };
      const kept = withSafeUrls(Object.fromEntries(Object.entries(attribs).filter(([name]) => POST_ATTRIBUTES.has(name))));
      if (kept.class !== undefined && !(tagName === 'span' && kept.class === 'mention')) delete kept.class;
      if (kept['data-mention'] !== undefined && tagName !== 'span') delete kept['data-mention'];
      if (tagName === 'a')
        return { tagName, attribs: { ...(kept.href !== undefined ? { href: kept.href } : {}), target: POST_LINK_TARGET, rel: POST_LINK_REL } };
      delete kept.target;
      delete kept.rel;
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => !POST_ELEMENTS.has(frame.tag) || (frame.tag === 'img' && !OWN_IMAGE_SRC.test(frame.attribs.src ?? '')),
};

export function sanitizePostHtml(html: string): string {
  return sanitize(html, POST_OPTIONS);
}
