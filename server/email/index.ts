/**
 * The email domain (community §3 Email template): templates as data, the `email.send` job and the
 * outbox. Other domains send through ./send.ts (`sendEmail`).
 */
import { defineDomain } from '../domain';
import { SEND_JOB, type EmailToSend } from './send';

export default defineDomain({
  name: 'email',
  jobs: [
    {
      name: SEND_JOB,
      maxAttempts: 6,
      backoffMs: 5000,
      // Rendering and delivery come with the outbox; until then the job only records what it was asked.
      run: (_ctx, payload: EmailToSend) => ({ templateId: payload.templateId }),
    },
  ],
});
