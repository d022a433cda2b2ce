/**
 * Generates the JSON Schemas in `schemas/` from the TypeScript model in `schemas/model/`.
 * Used by `npm run schemas` (writes) and by the freshness test (compares), so both see the same output.
 */
import path from 'node:path';
import { projectRoot as root } from './paths';
import * as TJS from 'typescript-json-schema';

/** Model schemas: output file (under schemas/json) to the type it describes. */
export const MODEL_SCHEMAS: Record<string, string> = {
  'module.schema.json': 'Module',
  'page.schema.json': 'Page',
  'block.schema.json': 'Block',
  'field.schema.json': 'Field',
  'entity.schema.json': 'Entity',
  'data-schema.schema.json': 'DataSchema',
  'rule-query.schema.json': 'RuleQuery',
  'brand.schema.json': 'Brand',
  'settings.schema.json': 'Settings',
  'profile.schema.json': 'Profile',
  'user-state.schema.json': 'UserState',
  'list-membership.schema.json': 'ListMembership',
  'page-document.schema.json': 'PageDocument',
};

/** API request bodies and responses (schemas/model/api.ts): output file (under schemas/json/api) to the type. */
export const API_SCHEMAS: Record<string, string> = {
  'api-error.schema.json': 'ApiError',
  'trade-secret-request.schema.json': 'TradeSecretRequest',
  'refresh-request.schema.json': 'RefreshRequest',
  'device-keepalive-request.schema.json': 'DeviceKeepaliveRequest',
  'set-notifications-request.schema.json': 'SetNotificationsRequest',
  'favourite-add-request.schema.json': 'FavouriteAddRequest',
  'favourite-remove-request.schema.json': 'FavouriteRemoveRequest',
  'connectivity-privacy-request.schema.json': 'ConnectivityPrivacyRequest',
  'data-privacy-request.schema.json': 'DataPrivacyRequest',
  'force-update-profile-request.schema.json': 'ForceUpdateProfileRequest',
  'viewed-profile-request.schema.json': 'ViewedProfileRequest',
  'multi-block-statistics-request.schema.json': 'MultiBlockStatisticsRequest',
  'default-pages-view-permission-request.schema.json': 'DefaultPagesViewPermissionRequest',
  'view-as-request.schema.json': 'ViewAsRequest',
  'i18n-override-request.schema.json': 'I18nOverrideRequest',
  'i18n-batch-request.schema.json': 'I18nBatchRequest',
  'admin-view-as-request.schema.json': 'AdminViewAsRequest',
  'profile-meta-upsert-request.schema.json': 'ProfileMetaUpsertRequest',
  'profile-save-request.schema.json': 'ProfileSaveRequest',
  'profile-collection-request.schema.json': 'ProfileCollectionRequest',
  'member-search-request.schema.json': 'MemberSearchRequest',
  'settings-update-request.schema.json': 'SettingsUpdateRequest',
  'search-settings-request.schema.json': 'SearchSettingsRequest',
  'brand-name-request.schema.json': 'BrandNameRequest',
  'theme-styles-request.schema.json': 'ThemeStylesRequest',
  'brand-image-request.schema.json': 'BrandImageRequest',
  'revert-request.schema.json': 'RevertRequest',
  'item-permissions-request.schema.json': 'ItemPermissionsRequest',
  'order-request.schema.json': 'OrderRequest',
  'page-order-request.schema.json': 'PageOrderRequest',
  'module-write-request.schema.json': 'ModuleWriteRequest',
  'page-update-request.schema.json': 'PageUpdateRequest',
  'page-create-request.schema.json': 'PageCreateRequest',
  'property-request.schema.json': 'PropertyRequest',
  'children-ids-request.schema.json': 'ChildrenIdsRequest',
  'page-children-request.schema.json': 'PageChildrenRequest',
  'block-update-request.schema.json': 'BlockUpdateRequest',
  'block-create-request.schema.json': 'BlockCreateRequest',
  'blocks-update-request.schema.json': 'BlocksUpdateRequest',
  'block-move-request.schema.json': 'BlockMoveRequest',
  'block-clone-request.schema.json': 'BlockCloneRequest',
  'block-paste-request.schema.json': 'BlockPasteRequest',
  'ids-request.schema.json': 'IdsRequest',
  'comment-request.schema.json': 'CommentRequest',
  'reaction-request.schema.json': 'ReactionRequest',
  'field-ids-request.schema.json': 'FieldIdsRequest',
  'field-write-request.schema.json': 'FieldWriteRequest',
  'audit-save-request.schema.json': 'AuditSaveRequest',
  'file-data-request.schema.json': 'FileDataRequest',
  'asset-update-request.schema.json': 'AssetUpdateRequest',
  'files-get-request.schema.json': 'FilesGetRequest',
  'files-claim-request.schema.json': 'FilesClaimRequest',
  'files-context-request.schema.json': 'FilesContextRequest',
  'assets-query-request.schema.json': 'AssetsQueryRequest',
  'init-response.schema.json': 'InitResponse',
  'structure-response.schema.json': 'StructureResponse',
  'page-response.schema.json': 'PageResponse',
  'revert-token-response.schema.json': 'RevertTokenResponse',
  'slug-validate-response.schema.json': 'SlugValidateResponse',
};

/** Realtime payloads (schemas/model/realtime.ts): output file (under schemas/json/realtime) to the type. */
export const REALTIME_SCHEMAS: Record<string, string> = {
  'settings-updated-event.schema.json': 'SettingsUpdatedEvent',
};

/** Registry meta-schemas: output file (under schemas/registry) to the entry type. */
export const REGISTRY_SCHEMAS: Record<string, string> = {
  'block-type.schema.json': 'BlockTypeEntry',
  'field-type.schema.json': 'FieldTypeEntry',
  'validation-rule.schema.json': 'ValidationRuleEntry',
  'operator.schema.json': 'OperatorEntry',
};

const SETTINGS: TJS.PartialArgs = {
  required: true,
  ref: true,
  topRef: false,
  noExtraProps: false, // Record<string, unknown> must keep accepting keys; closed types say so with @additionalProperties false
  strictNullChecks: true,
  ignoreErrors: false,
  excludePrivate: true,
};

const DRAFT07 = 'http://json-schema.org/draft-07/schema#';

type Schema = { [key: string]: unknown };

/** Returns every generated schema as relative path -> file text. */
export function generateSchemas(): Map<string, string> {
  const program = TJS.getProgramFromFiles([path.join(root, 'schemas/model/index.ts')], { strict: true, skipLibCheck: true, esModuleInterop: true }, root);
  const generator = TJS.buildGenerator(program, SETTINGS);
  if (!generator) throw new Error('typescript-json-schema could not build a generator for schemas/model');
  const out = new Map<string, string>();
  const emit = (dir: string, file: string, type: string) => {
    const schema = generator.getSchemaForSymbol(type) as Schema;
    const definitions = schema.definitions as Record<string, Schema> | undefined;
    // A JsonSchema-typed property must itself be a valid draft-07 schema.
    if (definitions?.JsonSchema) definitions.JsonSchema = { $ref: DRAFT07 };
    const withId = { $id: `https://tessera.example/schemas/${dir}/${file}`, ...(dropRefSiblings(schema) as Schema) };
    out.set(`schemas/${dir}/${file}`, JSON.stringify(sortKeys(withId), null, 2) + '\n');
  };
  for (const [file, type] of Object.entries(MODEL_SCHEMAS)) emit('json', file, type);
  for (const [file, type] of Object.entries(API_SCHEMAS)) emit('json/api', file, type);
  for (const [file, type] of Object.entries(REALTIME_SCHEMAS)) emit('json/realtime', file, type);
  for (const [file, type] of Object.entries(REGISTRY_SCHEMAS)) emit('registry', file, type);
  return out;
}

/**
 * typescript-json-schema copies a closed interface's `additionalProperties: false` onto a property
 * that references it (`near?: MemberSearchNear`). ajv applies keywords beside `$ref`, and that one
 * has no `properties` of its own, so it refused every key. The referenced definition closes itself.
 */
function dropRefSiblings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropRefSiblings);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Schema).filter(([k]) => !(k === 'additionalProperties' && '$ref' in (value as Schema)));
    return Object.fromEntries(entries.map(([k, v]) => [k, dropRefSiblings(v)]));
  }
  return value;
}

/** Stable key order so regeneration never produces a spurious diff. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Schema).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}

export { root as projectRoot };
