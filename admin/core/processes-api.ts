/**
 * The admin's calls to the processes domain (schemas/model/api/processes.ts): the processes the
 * caller may see with the types they may start, a start (its §8 message), one process, marking
 * a report read, and the download address of a finished process's file (its signed link, made
 * again at each read). Failures reject with the server's `{ error, message }`.
 */
import type { AdminProcess, AllProcessesResponse, StartProcessResponse } from '../../schemas/model/api/processes';
import type { JsonValue } from '../../schemas/model/common';
import type { Translate } from '../frame/types';
import { toAdminApiError, type AdminRequest, type HttpMethod } from './http-api';

export type { AdminProcess, AllProcessesResponse, ProcessState, ProcessTypeInfo } from '../../schemas/model/api/processes';

/** 1..100 on the server. */
export const PROCESSES_PAGE_SIZE = 20;
/** The API's base: a signed link is relative to it. */
const API_BASE = '/api/v1/';

/** A process id made here, so a start retried after a lost answer starts nothing twice. */
export const newProcessId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `p-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export function createProcessesApi(request: AdminRequest) {
  const call = async <T>(method: HttpMethod, path: string, body?: unknown): Promise<T> => {
    try {
      return await request<T>(method, path, body);
    } catch (error) {
      throw toAdminApiError(error);
    }
  };
  return {
    list(options: { type?: string; before?: string; limit?: number } = {}): Promise<AllProcessesResponse> {
      const query = new URLSearchParams({ limit: String(options.limit ?? PROCESSES_PAGE_SIZE) });
      if (options.type) query.set('type', options.type);
      if (options.before) query.set('before', options.before);
      return call('GET', `admin/process/allProcesses?${query}`);
    },
    start: (type: string, payload: Record<string, JsonValue>, processId = newProcessId()): Promise<StartProcessResponse> =>
      call('POST', `admin/process/${encodeURIComponent(type)}/start`, { processId, payload }),
    get: (processId: string): Promise<AdminProcess> => call('GET', `admin/process/${encodeURIComponent(processId)}`),
    reportRead: (processId: string): Promise<AdminProcess> => call('POST', `admin/process/${encodeURIComponent(processId)}/reportRead`),
  };
}

export type ProcessesApi = ReturnType<typeof createProcessesApi>;

/** Where the browser downloads a finished process's file (the signed link is relative to the API). */
export const downloadHref = (downloadUrl: string): string => `${API_BASE}${downloadUrl}`;

/** A start's outcome as the admin reads it: started (with the process) or refused, with its text. */
export type StartOutcome = { started: true; text: string; process?: AdminProcess } | { started: false; text: string };

/**
 * Starts a process and words the outcome as community §8 says: the server's success message
 * (admin.{type}.startup.success in the admin's language), or the type's failure text with the
 * server's reason (the default failure text for a type without its own). Every screen that starts
 * a process (tools, exports, search management, the members import) words it this way.
 */
export async function startProcess(api: ProcessesApi, t: Translate, type: string, payload: Record<string, JsonValue>): Promise<StartOutcome> {
  const failure = (message: string) => {
    const key = `processesAdmin.admin.${type}.startup.failure`;
    const text = t(key, { message });
    return { started: false as const, text: text === key ? t('processesAdmin.admin.default.startup.failure', { message }) : text };
  };
  try {
    const answer = await api.start(type, payload);
    return answer.started ? { started: true, text: answer.message, process: answer.process } : failure(answer.message);
  } catch (error) {
    return failure((error as { message: string }).message);
  }
}
