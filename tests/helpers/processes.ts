/**
 * A process run as an admin runs one: started through `POST admin/process/{type}/start` on the
 * real server, then read until it settles (complete or errored), so a suite tests a domain's
 * process through the processes domain that runs it.
 */
import { expect } from 'vitest';
import type { AdminProcess, StartProcessResponse } from '../../schemas/model/api/processes';
import type { ApiServer } from './api-server';
import { until } from './until';

export async function runProcess(api: Pick<ApiServer, 'call'>, token: string, type: string, payload: Record<string, unknown> = {}): Promise<AdminProcess> {
  const started = await api.call<StartProcessResponse>('POST', `admin/process/${type}/start`, { token, body: { payload } });
  expect(started.status).toBe(201);
  const processId = started.body.process!.processId;
  return until(
    `process ${type} ${processId} settled`,
    async () => (await api.call<AdminProcess>('GET', `admin/process/${processId}`, { token })).body,
    (p) => p.state === 'complete' || p.state === 'errored',
  );
}
