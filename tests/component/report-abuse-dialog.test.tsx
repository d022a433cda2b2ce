/**
 * The report dialog (engine/react/abuse/ReportAbuseDialog.tsx): an accessible modal labelled by what
 * is reported, a radio group of every category, optional words, the call it sends (POST reportAbuse
 * through the abuse slice), the server's message on a refusal, a success message, Escape and
 * Cancel closing it, and no serious axe violations. The transport is a stand-in that records calls.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockComponents } from '../../blocks/index.generated';
import { ABUSE_CATEGORIES } from '../../engine/core/abuse';
import { createDataLayer, DataLayerProvider, type DataCall, type DataTransport } from '../../engine/data';
import { ReportAbuseDialog } from '../../engine/react/abuse/ReportAbuseDialog';
import { EngineProvider } from '../../engine/react/engine-context';
import { runtimeRegistry } from '../../registry/generated/runtime';
import { seriousAxeViolations } from '../helpers/admin-render';

afterEach(cleanup);

function setup(answer: (call: DataCall<unknown>) => Promise<unknown>) {
  const calls: DataCall<unknown>[] = [];
  const transport: DataTransport = {
    request: <T,>(call: DataCall<T>) => {
      calls.push(call as DataCall<unknown>);
      return answer(call as DataCall<unknown>) as Promise<T>;
    },
  };
  const store = createStore();
  const layer = createDataLayer(store, transport, { ownAccountId: 'maya' });
  const onClose = vi.fn();
  const view = render(
    <EngineProvider
      registry={runtimeRegistry}
      blockComponents={blockComponents}
      store={store}
      user={{ accountId: 'maya', isAdmin: false, isElevated: false, listMemberships: [] }}
    >
      <DataLayerProvider value={layer}>
        <button type="button">Report</button>
        <ReportAbuseDialog reportedId="c-42" reportedType="comment" open onClose={onClose} />
      </DataLayerProvider>
    </EngineProvider>,
  );
  return { calls, onClose, view };
}

describe('ReportAbuseDialog', () => {
  it('asks for a category, sends the report with the words, and says it was sent', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = setup(async (call) => ({ id: 'r1', status: 'open', ...(call.body as object) }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    const group = within(dialog).getByRole('group', { name: 'What is wrong?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(ABUSE_CATEGORIES.length);
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose what is wrong before sending.');
    expect(calls).toHaveLength(0);
    await user.click(within(group).getByRole('radio', { name: 'Spam or advertising' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tell the moderators more (optional)' }), 'An advert for watches');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Thank you. Your report was sent to the moderators');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: 'reportAbuse',
        body: { reportedId: 'c-42', reportedType: 'comment', category: 'spam', data: { reason: 'An advert for watches' } },
      },
    ]);
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it("shows the server's message when the report is refused, and closes with Escape or Cancel", async () => {
    const user = userEvent.setup({ delay: null });
    const { onClose } = setup(async () => {
      throw Object.assign(new Error('too many abuse reports: at most 20 per 3600 s per account'), { status: 429 });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    await user.click(within(dialog).getByRole('radio', { name: 'Hate speech' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The report was not sent: too many abuse reports: at most 20 per 3600 s per account');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
