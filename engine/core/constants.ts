/**
 * Business constants and limits of spec core-platform section 9 (and community-admin 9), named,
 * in the spec's units (the unit is in the name). Import from here; never repeat a literal.
 */

// Loading
export const SCRIPT_CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const LAZY_BLOCK_LOAD_DELAY_MS = 100;
export const LAZY_BLOCK_LOAD_TIMEOUT_MS = 30_000;
export const FULL_LOADER_HIDE_MS = 1000;
export const LOADING_SPINNER_REMOVE_MS = 5000;

// Presence
export const DEVICE_KEEPALIVE_INTERVAL_MS = 600_000;
export const PROFILE_ONLINE_WINDOW_MS = 900_000;

// Forms
export const AUTOSAVE_DEBOUNCE_MS = 2000;
export const PROGRESS_RECALC_DEBOUNCE_MS = 500;
export const SAVE_WAIT_WHILE_TRANSMITTING_MS = 300;
export const FIELD_CHANGE_EMIT_DEBOUNCE_MS = 250;
export const FIELD_DEFAULT_VALUE_DELAY_MS = 300;
export const FIELD_ERROR_DEBOUNCE_MS = 50;
export const FILE_ID_SYNC_DEBOUNCE_MS = 500;
export const REPEATER_CHILD_EDIT_CLEAR_DELAY_MS = 500;
export const SCROLL_TO_FIELD_DELAY_MS = 100;
export const SCROLL_TO_FIELD_THROTTLE_MS = 50;
export const FIELD_SCROLL_OFFSET_EXTRA_PX = 16;

// Blocks
export const HANDLEBARS_LOADING_OVERLAY_MS = 2000;

// Lists and paging
/** The most blocks one structure outline answer carries (admin layouts and blocks, issue 34): past it, pages are listed without their blocks. */
export const STRUCTURE_OUTLINE_BLOCK_CAP = 5000;
export const ADMIN_LIST_SEARCH_DEFAULTS = { page: 1, limit: 10 } as const;
export const MODULE_SEARCH_TYPES = ['normal', 'abstract'] as const;
export const ACTIVITY_FEED_PAGE_SIZE = 100;
export const COMMUNICATIONS_PAGE_SIZE = 10;

// Session and caching
export const TOKEN_REFRESH_AGE_S = 86_400;
export const TOKEN_CACHE_MS = 43_200_000;
export const BROWSER_CACHE_MS = 86_400_000;
export const WAIT_FOR_JWT_POLL_MS = 100;
export const WAIT_FOR_JWT_MAX_POLLS = 50;
export const GENERIC_WAIT_DEFAULT_MS = 5000;
export const AUDIT_SAVE_INTERVAL_MS = 5000;
export const REVERT_NOTIFICATION_TIMEOUT_MS = 30_000;
export const APP_INSTALL_PROMPT_DELAY_MS = 3000;
/** Permission-change reload: a random delay of up to this many steps of PERMISSION_RELOAD_STEP_MS. */
export const PERMISSION_RELOAD_MAX_STEPS = 50;
export const PERMISSION_RELOAD_STEP_MS = 20;
export const LOGIN_HELP_DELAY_MS = 10_000;
export const LOGIN_HELP_DELAY_AFTER_CLICK_MS = 5000;

// Edit mode and navigation
export const EDIT_MODE_TOGGLE_THROTTLE_MS = 1000;
export const DRAG_SCROLL_SPEED = 2;
export const DRAG_SCROLL_SPEED_FAST = 6;
export const DRAG_SCROLL_INTERVAL_MS = 10;
export const NAV_TAB_RESERVED_PX = 70;
export const NAV_RECALC_DEBOUNCE_MS = 100;
export const NAV_SCROLL_SHADOW_THRESHOLD_PX = 5;
export const NAV_SCROLL_THROTTLE_MS = 100;
export const NAV_SCROLL_INITIAL_CHECK_MS = 500;
export const MOBILE_DRAWER_WIDTH_PX = 300;
export const HEADER_UPDATE_THROTTLE_MS = 500;
export const LOGO_THUMB_SIZE = 500;
export const CAPTURED_LIST_MAX_HEIGHT_PX = 450;
/** The captured-blocks badge shows 99+ from this count upward. */
export const CAPTURED_BADGE_CAP = 100;
/** The notification badge shows 9+ above this count. */
export const NOTIFICATION_BADGE_MAX = 9;

// Modals (spec 4.4)
export const MODAL_SIZES_PX = { 'x-small': 350, small: 500, medium: 800, large: 900 } as const;
export const MODAL_DEFAULTS = { width: 700, persistent: true, showOnce: true } as const;

// Images and files
export const IMAGE_UPLOAD_DEFAULT = { width: 500, height: 500, quality: 1 } as const;
export const IMAGE_UPLOAD_MAX = { width: 2880, height: 1620 } as const;
export const ZOOM_MAX_FACTOR = 10;
export const PREVIEW_RATIOS_ON = ['5:4', '4:3', '16:9', '21:9'] as const;
export const PREVIEW_RATIOS_OFF = ['1:1', '3:2', '16:10', '9:16'] as const;
export const PREVIEWS_PER_ROW = { min: 2, max: 5, default: 4, spacingPx: 8 } as const;
export const INLINE_PREVIEW_HEIGHT_CAP_PX = 300;
export const MAXIMISED_PREVIEW_WIDTH_PX = 900;
export const PORTRAIT_LAYOUT_BELOW_PX = 1100;
export const FOCAL_POINT_DEFAULT = { x: 50, y: 50 } as const;
export const MAX_INLINE_IMAGE_UPLOAD_BYTES = 5_242_880;
export const DEFAULT_MAX_FILE_SIZE_BYTES = 1_048_576;
/** Files asked for by id within this window go out in one `POST files/getFiles` (community §9). */
export const FILE_FETCH_BATCH_DELAY_MS = 10;
/** Most ids in one `POST files/getFiles` (the server refuses more: files-get-request maxItems). */
export const FILES_GET_MAX = 500;
/** Files kept by id in the client beyond those shown (the spec gives no number; as profiles). */
export const FILE_CACHE_SIZE = 100;
/** Sizes from this many bytes are labelled in megabytes / gigabytes. */
export const BYTE_LABEL_MEGABYTE_FROM = 209_715_200;
export const BYTE_LABEL_GIGABYTE_FROM = 1_073_741_824;
export const LINK_AND_ATTACHMENT_SIZE = 100_000_000;
export const MAX_MEDIA_PER_POST = 6;
export const MESSAGE_DISPLAY_LENGTH = 200;
export const THUMBNAIL_ASPECT_RATIOS = [16 / 9, 3 / 2, 1] as const;
export const MEDIA_THUMB_WIDTHS = [56, 100, 250, 300, 500, 600, 900, 1920] as const;
export const CUSTOM_RATIO_LIMITS = { min: 0.25, max: 4 } as const;
export const UPLOAD_ACCEPTED_TYPES = {
  images: ['image/*'],
  videos: ['video/*'],
  audio: ['flac', 'ogg', 'aac', 'wav', 'mpeg', 'm4a'],
  documents: ['pdf', 'docx', 'doc', 'odt', 'xlsx', 'xls', 'ods', 'pptx', 'ppt', 'odp'],
} as const;
export const IMAGE_LOADING_MODES = ['eager', 'async', 'high', 'lazy', 'auto', 'low'] as const;

// Profiles
/** Initials font divisor by client height: under 100 px -> 1.7, under 320 px -> 3.2, else 4. */
export const INITIALS_SIZING = [
  { below: 100, divisor: 1.7 },
  { below: 320, divisor: 3.2 },
] as const;
export const INITIALS_DEFAULT_DIVISOR = 4;
/**
 * Initials never wider than this share of the avatar: the spec's 1.7 divisor under 100 px makes two
 * bold capitals ("MW") wider than the circle. A bold capital is taken as 0.95 em wide: the widest,
 * M and W, nearly fill an em in the system sans-serif fonts (0.8 still touched the edge at 40 px).
 */
export const INITIALS_MAX_WIDTH_SHARE = 0.74;
export const INITIALS_CAPITAL_WIDTH_EM = 0.95;
export const INITIALS_COLOUR_CLASSES = 10;
export const PROFILE_NAME_FORMATS = ['f', 'F', 'm', 'M', 'l', 'L'] as const;
export const PROFILE_CACHE_SIZE = 100;
export const PROFILE_FETCH_BATCH_DELAY_MS = 10;
/** Most account ids in one `POST profile/collection` (the server refuses more). */
export const PROFILE_COLLECTION_MAX = 100;
/** Member directory page size. */
export const MEMBER_SEARCH_PAGE_SIZE = 10;
/** Profiles kept in a member's recently viewed list (community §3 actions.recentlyViewed; the spec gives no number). */
export const RECENTLY_VIEWED_MAX = 20;

// Footer and theme
export const FOOTER_LOGO_MAX_WIDTH_PX = 214;
export const FOOTER_LOGO_THUMB_SIZE = 500;
export const CONTRAST_THRESHOLD = 186;
export const NOTIFICATION_CENTRE_SPLITTER = 20;

// Map
export const MAP_DEFAULTS = { heightPx: 380, radiusKm: 140, centre: { lat: 51.5, lng: -0.12 }, zoom: 9 } as const;
export const MAP_LIMITS = { zoom: { min: 5, max: 13 }, radiusKm: { min: 1, max: 500 } } as const;

// QR codes
export const QR_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export const QR_CAPACITY = { L: 2000, M: 1500, Q: 1000, H: 500 } as const;
export const QR_DEFAULTS = { level: 'L', background: '#ffffff', foreground: '#000000', size: 100 } as const;

// Rating field (spec 5.3)
export const RATING_LIMITS = { start: { min: 0, max: 100 }, step: { min: 1, max: 100 }, length: { min: 1, max: 20 }, default: { min: 0, max: 100 } } as const;
export const RATING_DEFAULTS = { start: 1, step: 1, length: 5 } as const;

// Content defaults (spec 5.3, community 3)
export const CARD_WALL_LIMITS = { titleMax: 100, contentMax: 500 } as const;
export const USER_POST_LIMITS = { mediaMax: 6, mediaMin: 0, titleMax: 400 } as const;
export const ENTITY_TITLE_MAX = 256;

// Gradients and layout
export const GRADIENT_DEFAULT = { stops: [0, 70], rotation: 0, position: { x: 50, y: 50 }, colour: '#ffffff' } as const;
export const DATE_FORMAT = 'yyyy-MM-dd';
export const EDITOR_TOOLBAR_PRESETS = ['min', 'minExtended', 'code', 'markdown', 'markdownWithoutImages', 'basic', 'templateEditor', 'full'] as const;
export const LAYOUT_WIDTH_MODES = ['fixed', 'fluid'] as const;
export const BACKGROUND_STYLES = ['solid', 'gradient'] as const;
export const PAGINATION_MODES = ['numbered', 'loadMore'] as const;
export const POST_DISPLAY_MODES = ['preview', 'compactPreview', 'title', 'thumbnail', 'thumbnailOnly'] as const;
export const POST_DISPLAY_MODE_DEFAULT = 'title';
export const DEFAULT_INDICATOR = 'trafficLight';
export const MAX_COLUMNS = 12;

// Languages
export const SUPPORTED_LANGUAGES = ['en', 'fr', 'cy', 'et', 'ms', 'de', 'zh', 'es', 'ja'] as const;
export const DEFAULT_LOCALE = 'en';
export const CONFIGURED_LANGUAGES = ['en', 'fr'] as const;
export const TRANSLATION_PAGE_SIZE = 600;

// Rule queries (spec core 3, 5.2): bounds that keep a stored query cheap and safe to evaluate
export const RULE_QUERY_LIMITS = { maxDepth: 8, maxRules: 200, maxValueItems: 500, maxStringLength: 1000, maxLogicNodes: 5000 } as const;
/** A list membership's statuses (community §4). */
export const MEMBERSHIP_STATUSES = ['accepted', 'applied', 'banned', 'completed', 'rejected', 'returned', 'withdrawn'] as const;
/** Power-up membership state a rule tests when it names none ("default state accepted"). */
export const DEFAULT_MEMBERSHIP_STATE = 'accepted';
