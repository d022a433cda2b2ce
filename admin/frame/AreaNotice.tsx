/**
 * The screen of an area whose issue has not landed: its title, what it will hold and what it
 * arrives with. Never a blank page, never a made-up screen. An area's folder holds
 * `export default arrivesWith('<feature>')` until its screen replaces it.
 */
import type { ComponentType } from 'react';
import { useId } from 'react';
import { useAdminFrame } from './frame-context';
import type { AdminAreaProps } from './types';

/** The features areas arrive with (adminAreas.features.<feature> names each). */
export type AdminFeature = 'lists' | 'notifications' | 'posts' | 'entities' | 'backOffice' | 'insights' | 'connections';

export function AreaNotice({ match, feature }: AdminAreaProps & { feature: AdminFeature }) {
  const { t } = useAdminFrame();
  const titleId = useId();
  const area = match.area;
  return (
    <section className="t-area-notice" aria-labelledby={titleId}>
      <h1 id={titleId} className="ts-page-title">
        {t(`adminAreas.areas.${area}.title`)}
      </h1>
      <div className="t-area-notice__card">
        <p className="t-area-notice__badge">{t('adminAreas.notice.arrivesWith', { feature: t(`adminAreas.features.${feature}`) })}</p>
        <p className="t-area-notice__holds">{t(`adminAreas.areas.${area}.holds`)}</p>
        <p className="t-area-notice__meanwhile">{t('adminAreas.notice.meanwhile')}</p>
      </div>
    </section>
  );
}

export function arrivesWith(feature: AdminFeature): ComponentType<AdminAreaProps> {
  const Notice = (props: AdminAreaProps) => <AreaNotice {...props} feature={feature} />;
  Notice.displayName = `ArrivesWith(${feature})`;
  return Notice;
}
