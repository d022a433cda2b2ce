import { checkEmbedUrl, ConfigurationNeeded, type BlockProps } from '../../engine/block-api';
import type { IFrameOptions } from '../options.generated';

export type { IFrameOptions };

/**
 * Another site in a sandboxed frame. Only https addresses with a host; scripts, forms and popups
 * are allowed inside the sandbox, same-origin access only when the admin opts in.
 */
export default function IFrame({ options }: BlockProps<IFrameOptions>) {
  const check = checkEmbedUrl(options.url);
  if (!check.ok) return <ConfigurationNeeded reason={`url: ${check.problem}`} />;
  const sandbox = ['allow-scripts', 'allow-forms', 'allow-popups', ...(options.allowSameOrigin ? ['allow-same-origin'] : [])].join(' ');
  return (
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
  );
}
