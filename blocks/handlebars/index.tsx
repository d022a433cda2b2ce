import { useEffect, useMemo, useState } from 'react';
import { HANDLEBARS_LOADING_OVERLAY_MS } from '../../engine/core/constants';
import type { BlockProps } from '../../engine/react/block-props';
import { useEngine } from '../../engine/react/engine-context';
import { useRenderedTemplate } from '../../engine/react/rendered-template';
import type { HandlebarsOptions } from '../options.generated';

export type { HandlebarsOptions };

/**
 * A template over the target profile, entity or user. While that data has not arrived, a loading
 * overlay shows for up to HANDLEBARS_LOADING_OVERLAY_MS. Template errors are shown to admins only;
 * members see nothing rather than a broken template. Output is sanitised
 * (engine/react/markup-sanitizer.ts: the browser's HTML Sanitizer API, else DOMPurify).
 */
export default function HandlebarsBlock({ block, options }: BlockProps<HandlebarsOptions>) {
  const { profile, entity, user, isAdmin, t } = useEngine();
  const source = options.source ?? 'profile';
  const target = source === 'entity' ? entity : source === 'user' ? user : profile;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (target) return;
    const timer = setTimeout(() => setWaited(true), HANDLEBARS_LOADING_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [target]);
  const data = useMemo(() => {
    if (source === 'profile') return { profile: profile?.data?.profile ?? {}, accountId: profile?.accountId };
    if (source === 'entity') return { entity: entity ? { ...entity.data, id: entity.id, title: entity.title, slug: entity.slug } : {} };
    return { user: user ? { accountId: user.accountId, ...user.data } : {} };
  }, [source, profile, entity, user]);
  const rendered = useRenderedTemplate(options.template, block.parsedTemplate, data);
  if ((!target && !waited) || !rendered) {
    return (
      <div className="t-handlebars t-handlebars--loading" role="status" aria-busy="true">
        {t('blocks.handlebars.loading')}
      </div>
    );
  }
  if (!rendered.ok) {
    return isAdmin ? (
      <div className="t-handlebars t-handlebars--error" role="alert">
        {t('blocks.handlebars.templateError', { error: rendered.error })}
      </div>
    ) : null;
  }
  return <div className="t-handlebars" dangerouslySetInnerHTML={{ __html: rendered.html }} />;
}
