import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { BlockChildren, ConfigurationNeeded, type BlockProps } from '../../engine/block-api';
import type { PortalOptions } from '../options.generated';

export type { PortalOptions };

/** Renders its child blocks into the shell element with the given id (looked up after mount, as the shell may render it later). */
export default function Portal({ block, options }: BlockProps<PortalOptions>) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [looked, setLooked] = useState(false);
  useEffect(() => {
    setTarget(document.getElementById(options.targetId));
    setLooked(true);
  }, [options.targetId]);
  if (!target) return looked ? <ConfigurationNeeded reason={`no element with id "${options.targetId}"`} /> : null;
  return createPortal(<BlockChildren block={block} />, target);
}
