/** The broadcast as a member will see it in the notification centre: title, message, where it leads. Text only, as the centre shows it. */
import { BellIcon } from '../../../engine/react/line-icons';
import { useId } from 'react';
import { isAppPath } from '../../../engine/core/notifications';
import { useAdminFrame } from '../../frame/frame-context';

export function BroadcastPreview({ title, message, link }: { title: string; message: string; link: string }) {
  const { t } = useAdminFrame();
  const headingId = useId();
  const url = link.trim();
  return (
    <section className="t-broadcasts__preview" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('adminAreas.broadcast.preview.title')}</h2>
      <p className="t-admin-meta">{t('adminAreas.broadcast.preview.hint')}</p>
      <div className="t-broadcasts__card">
        <BellIcon className="t-broadcasts__bell" />
        <div className="t-broadcasts__card-text">
          <p className={`t-broadcasts__card-title${title.trim() ? '' : ' t-broadcasts__placeholder'}`}>
            {title.trim() || t('adminAreas.broadcast.preview.noTitle')}
          </p>
          <p className={`t-broadcasts__card-message${message.trim() ? '' : ' t-broadcasts__placeholder'}`}>
            {message.trim() || t('adminAreas.broadcast.preview.noMessage')}
          </p>
          <p className="t-admin-meta">{isAppPath(url) ? t('adminAreas.broadcast.preview.link', { link: url }) : t('adminAreas.broadcast.preview.noLink')}</p>
        </div>
      </div>
    </section>
  );
}
