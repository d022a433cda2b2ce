import { BlockChildren } from '../../engine/react/block-children';
import { useBlockMeta } from '../../engine/react/block-meta';
import type { BlockProps } from '../../engine/react/block-props';
import { useEngine } from '../../engine/react/engine-context';
import type { DismissibleOptions } from '../options.generated';

export type { DismissibleOptions };

/** Child blocks the user can dismiss for good; the dismissal is saved in their profile's block meta. */
export default function Dismissible({ block, options }: BlockProps<DismissibleOptions>) {
  const { t, editMode } = useEngine();
  const [meta, writeMeta] = useBlockMeta(block.id);
  if (meta?.shown && !editMode) return null;
  return (
    <div className="t-dismissible">
      <BlockChildren block={block} />
      <button type="button" className="t-dismissible__dismiss" onClick={() => writeMeta({ shown: true, agreed: false })}>
        {options.dismissLabel || t('blocks.dismissible.dismiss')}
      </button>
    </div>
  );
}
