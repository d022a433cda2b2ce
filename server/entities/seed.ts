import type { AppContext } from '../context';

export async function seedEntities(_ctx: AppContext): Promise<void> {}
