import { checkEmbedUrl, ConfigurationNeeded, useEngine, type BlockProps } from '../../engine/block-api';
import type { IFrameOptions } from '../options.generated';

export type { IFrameOptions };

/**
 * Another site in a sandboxed frame. Only https addresses with a host; scripts, forms and popups
 * are allowed inside the sandbox, same-origin access only when the admin opts in. A frame that
 * cannot load (offline, refused by the other site) cannot be told from outside, so a link to open
 * the address in a new tab always sits under it: never just a blank gap.
 */
export default function IFrame({ options }: BlockProps<IFrameOptions>) {
  const { t } = useEngine();
  const check = checkEmbedUrl(options.url);
  if (!check.ok) return <ConfigurationNeeded reason={`url: ${check.problem}`} />;
  const sandbox = ['allow-scripts', 'allow-forms', 'allow-popups', ...(options.allowSameOrigin ? ['allow-same-origin'] : [])].join(' ');
  return (
    <figure className="t-iframe-block">
      <iframe
        className="t-iframe"
        src={check.url.toString()}
        title={options.title}
        sandbox={sandbox}
        referrerPolicy="no-referrer"
        loading="lazy"
        allowFullScreen={Boolean(options.allowFullscreen)}
        style={{ width: '100%', height: options.heightPx ?? 400, border: 0 }}
      />
      <figcaption className="t-iframe__fallback">
        <a href={check.url.toString()} target="_blank" rel="noopener noreferrer">
          {t('blocks.iFrame.fallback', { title: options.title || check.url.host })}
        </a>
      </figcaption>
    </figure>
  );
}
