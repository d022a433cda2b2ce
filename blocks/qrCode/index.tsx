import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import { ConfigurationNeeded, resolveQrSettings, useEngine, type BlockProps } from '../../engine/block-api';
import type { QrCodeOptions } from '../options.generated';

export type { QrCodeOptions };

/** A QR code drawn as SVG rectangles (no HTML strings), sized in px, labelled for screen readers. */
export default function QrCode({ options }: BlockProps<QrCodeOptions>) {
  const { t } = useEngine();
  const check = resolveQrSettings(options);
  const qrLevel = check.ok ? check.settings.level : undefined;
  const qrValue = check.ok ? check.settings.value : undefined;
  const modules = useMemo(() => {
    if (!qrLevel || qrValue === undefined) return null;
    const qr = qrcode(0, qrLevel);
    qr.addData(qrValue);
    qr.make();
    const n = qr.getModuleCount();
    const cells: string[] = [];
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) cells.push(`M${c} ${r}h1v1h-1z`);
    return { n, path: cells.join('') };
  }, [qrLevel, qrValue]);
  if (!check.ok || !modules)
    return <ConfigurationNeeded reason={check.ok ? '' : check.problem === 'tooLong' ? `value longer than ${check.capacity} characters` : check.problem} />;
  const { size, background, foreground, value } = check.settings;
  return (
    <svg
      className="t-qr-code"
      role="img"
      aria-label={options.label || t('blocks.qrCode.label', { value })}
      width={size}
      height={size}
      viewBox={`-2 -2 ${modules.n + 4} ${modules.n + 4}`}
      shapeRendering="crispEdges"
    >
      <rect x={-2} y={-2} width={modules.n + 4} height={modules.n + 4} fill={background} />
      <path d={modules.path} fill={foreground} />
    </svg>
  );
}
