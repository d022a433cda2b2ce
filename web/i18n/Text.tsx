/**
 * A translated label. In text-edit mode the translator marks it and the text-edit layer
 * (admin/text-edit) makes it editable where it stands, like every other translated label.
 */
import type { MessageParams } from '../../engine/core/i18n';
import { useT } from './use-t';

export function Text({ k, params }: { k: string; params?: MessageParams }) {
  return <>{useT()(k, params)}</>;
}
