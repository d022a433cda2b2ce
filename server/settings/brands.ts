/** Brands (spec 7.3): the active brand and the theme style sheet built from brand styles. */
import type { Brand, Settings, ThemeStyle } from '../../schemas/model';
import type { AppContext } from '../context';

export async function activeBrand(ctx: AppContext, settings: Settings): Promise<Brand | undefined> {
  const id = settings.brand?.id;
  return (id ? (await ctx.store.get<Brand>('brand', id))?.data : undefined) ?? (await ctx.store.list<Brand>('brand'))[0]?.data;
}

/** A theme style sheet from brand styles; rules and values were checked on the way in. */
export function themeCss(styles: ThemeStyle[]): string {
  return (
    styles
      .map(
        (s) =>
          `${s.rule} {\n${Object.entries(s.values)
            .map(([p, v]) => `  ${p}: ${v};`)
            .join('\n')}\n}`,
      )
      .join('\n') + '\n'
  );
}

export const DEFAULT_THEME: ThemeStyle[] = [
  { rule: ':root', values: { '--header-background': '#ffffff', '--pages-row-background': '#f5f5f5', '--primary': '#1f5fbf' } },
];
