/**
 * The user-controls panel entries and their conditions (spec 1): my account and manage-my-logins
 * depend on the view permission of the default pages (POST settings/permission/
 * getDefaultPagesViewPermission); manage my logins also needs social sign-in; the language
 * selector needs more than one published language; the theme entry needs theming enabled.
 */
export type UserControlEntry = 'myProfile' | 'myAccount' | 'manageLogins' | 'notifications' | 'accessibility' | 'privacy' | 'language' | 'theme' | 'logout';

/** Default page names whose view permission the panel asks for. */
export const DEFAULT_PAGE_NAMES = ['myAccount', 'socialSignIn'] as const;

export interface UserControlContext {
  defaultPagesView: Partial<Record<(typeof DEFAULT_PAGE_NAMES)[number], boolean>>;
  socialSignInEnabled: boolean;
  publishedLanguages: string[];
  themeSelectable: boolean;
}

export function userControlEntries(ctx: UserControlContext): UserControlEntry[] {
  const entries: UserControlEntry[] = ['myProfile'];
  if (ctx.defaultPagesView.myAccount) entries.push('myAccount');
  if (ctx.socialSignInEnabled && ctx.defaultPagesView.socialSignIn) entries.push('manageLogins');
  entries.push('notifications', 'accessibility', 'privacy');
  if (ctx.publishedLanguages.length > 1) entries.push('language');
  if (ctx.themeSelectable) entries.push('theme');
  entries.push('logout');
  return entries;
}
