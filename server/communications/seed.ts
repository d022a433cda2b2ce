/** The demo's posts (filled in below). */
import type { AppContext } from '../context';

export async function seedCommunications(ctx: AppContext): Promise<void> {
  void ctx;
}
