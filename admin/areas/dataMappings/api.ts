/**
 * The data mappings area's calls (schemas/model/api/mappings.ts), and the start of the members
 * import, a process of the processes domain (schemas/model/api/processes.ts). Failures reject with
 * the server's `{ error, message }` (read with toAdminApiError).
 */
import type { RulePreview, RuleSubjectChoices } from '../../../engine/core';
import type {
  DataMapping,
  DataMappingFieldsResponse,
  DataMappingSaveRequest,
  DataMappingSearchResponse,
  EventDefinitionsResponse,
  MembersImportUploadResponse,
  RuleSet,
  RuleSetListResponse,
  RuleSetSaveRequest,
} from '../../../schemas/model/api/mappings';
import type { RuleQuery } from '../../../schemas/model';
import type { UserListView } from '../../../schemas/model/api/lists';
import type { AdminRequest } from '../../core/http-api';

const q = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export function createMappingsApi(request: AdminRequest) {
  return {
    search: (query: string, page: number) => request<DataMappingSearchResponse>('GET', `dataMappings/search${q({ q: query, page, limit: 10 })}`),
    /** The mappings an import may use (the first 100 by title). */
    allMappings: () => request<DataMappingSearchResponse>('GET', `dataMappings/search${q({ limit: 100 })}`),
    mapping: (id: string) => request<DataMapping>('GET', `dataMappings/${encodeURIComponent(id)}`),
    create: (body: DataMappingSaveRequest) => request<DataMapping>('PUT', 'dataMappings', body),
    update: (id: string, body: DataMappingSaveRequest) => request<DataMapping>('POST', `dataMappings/${encodeURIComponent(id)}`, body),
    remove: (id: string) => request<void>('DELETE', `dataMappings/${encodeURIComponent(id)}`),
    profileFields: () => request<DataMappingFieldsResponse>('GET', 'dataMappings/profileFields'),
    lists: () => request<UserListView[]>('GET', 'userLists'),
    ruleSets: (query = '') => request<RuleSetListResponse>('GET', `ruleSet${q({ q: query })}`),
    createRuleSet: (body: RuleSetSaveRequest) => request<RuleSet>('PUT', 'ruleSet', body),
    updateRuleSet: (id: string, body: RuleSetSaveRequest) => request<RuleSet>('POST', `ruleSet/${encodeURIComponent(id)}`, body),
    removeRuleSet: (id: string) => request<void>('DELETE', `ruleSet/${encodeURIComponent(id)}`),
    ruleSubjects: () => request<RuleSubjectChoices>('GET', 'admin/rules/subjects'),
    rulePreview: (query: RuleQuery) => request<RulePreview>('POST', 'admin/rules/preview', { query }),
    events: () => request<EventDefinitionsResponse>('GET', 'eventDefinitions/getAllDefinitions'),
    /** The file as multipart/form-data (field `file`); with a mapping, the answer carries the dry run of its first rows. */
    upload: (file: File, mappingId: string) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return request<MembersImportUploadResponse>('POST', `admin/imports/members/upload${q({ mappingId })}`, form);
    },
  };
}

export type MappingsApi = ReturnType<typeof createMappingsApi>;
