/** The full-page loader with the five-flag progress (spec 4.1 step 5). */
import { useT } from '../i18n/use-t';

export function Loader({ percent, hiding }: { percent: number; hiding: boolean }) {
  const t = useT();
  return (
    <div className={hiding ? 'ts-loader ts-loader--hiding' : 'ts-loader'} aria-hidden={hiding || undefined}>
      <div className="ts-loader__bar" role="progressbar" aria-label={t('common.loading')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="ts-loader__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="ts-visually-hidden">{t('startup.progress', { percent })}</p>
    </div>
  );
}
