/** What the /admin frame gets from the shell, and what an area's folder gives the frame. */
import type { ComponentType } from 'react';
import type { AdminMatch } from '../../engine/core/admin-areas';
import type { DateSettings } from '../../engine/core/date-display';
import type { PermissionHolder } from '../../engine/core/permissions';
import type { FileService } from '../../engine/react/file-service';
import type { AdminRequest } from '../core/http-api';
import type { AbuseQueueEvent } from '../../schemas/model/api/abuse';

export interface AdminFrameServices {
  /** The shell's API client, quiet (the frame shows each failure itself); paths below /api/v1. */
  request: AdminRequest;
  /** The signed-in user's grants from init: what the navigation and guards show (the server checks again). */
  holder: PermissionHolder | undefined;
  locale: string;
  overrides?: Record<string, string>;
  /** The site's date formats (settings.date): show dates with engine/core/date-display, never the browser's locale default. */
  dates?: DateSettings;
  files: FileService;
  /** A media URL of an image at about `width` px (with the session's token). */
  imageUrl(id: string, width: number): string | undefined;
  /** The navigation's expanded state from profile meta `adminNavigation.expanded`; undefined (never set) is expanded. */
  navExpanded: boolean | undefined;
  /** Saves it to profile meta (rejects with the server's error). */
  saveNavExpanded(expanded: boolean): Promise<void>;
  /** The shell's toasts (spec 8): negative ones are alerts; an action is a button on the toast. */
  toast(toast: AdminToast): void;
  /** The shell's not-found page with the refusal sentence of core 2.2 (the page slug becomes 404). */
  Refused: ComponentType;
  /** Hears `abuse:queueChanged` (the moderation queue changed); answers the unsubscribe. Absent where there is no realtime. */
  onAbuseQueueChanged?(listener: (event: AbuseQueueEvent) => void): () => void;
}

export interface AdminToast {
  type: 'negative' | 'warning' | 'positive' | 'info';
  message: string;
  action?: { label: string; onClick(): void };
}

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** What an area's screen receives: the route it was opened on, with its parameters. */
export interface AdminAreaProps {
  match: AdminMatch;
}

/** `admin/areas/<area>/index.tsx`: its default export is the area's screen. */
export interface AdminAreaModule {
  default: ComponentType<AdminAreaProps>;
}
