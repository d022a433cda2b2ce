/** The `settings:updated` event (spec 7.6), one shape (schemas/model/realtime.ts) for every change of settings or brands. */
import type { Brand, Settings } from '../../schemas/model';
import type { RealtimeBrand, SettingsUpdatedEvent } from '../../schemas/model/realtime';
import type { AppContext } from '../context';
import { activeBrand } from './brands';

/** The active brand as members may see it: never its theme styles (they come as theme.css). */
export const realtimeBrand = (brand: Brand): RealtimeBrand => ({ brandId: brand.brandId, brandName: brand.brandName, settings: brand.settings ?? {} });

/** The event for the settings and brands as committed now. */
export async function settingsUpdatedEvent(ctx: AppContext, name: string): Promise<SettingsUpdatedEvent> {
  const settings = (await ctx.store.get<Settings>('settings', 'app'))?.data ?? {};
  const brand = await activeBrand(ctx, settings);
  return { name, settings, activeBrand: brand ? realtimeBrand(brand) : null };
}

/** Tells every socket what the settings are now; call after the commit. */
export async function emitSettingsUpdated(ctx: AppContext, name: string): Promise<void> {
  await ctx.realtime?.broadcastBuilt('settings:updated', () => settingsUpdatedEvent(ctx, name));
}
