import type { Block, Id, JsonObject } from '../../schemas/model';

/**
 * Props every block component receives. `options` has passed the block type's options schema
 * (a block whose options do not is shown in the configuration-needed state instead).
 */
export interface BlockProps<Options extends object = JsonObject> {
  block: Block;
  options: Options;
  /**
   * Set when the component's root element is the block's own element (a component marked
   * `ownsBlockRoot`, rendered with nothing of the engine's around it): spread `blockRootProps` on it.
   */
  isBlockRoot?: true;
}

/**
 * A block component whose root element can carry the block's class and `data-block-id` itself.
 * BlockRenderer then renders it without a wrapper element of its own where it needs none (a
 * member's view of a visible block without related blocks): one element per block fewer.
 */
export interface OwnsBlockRoot {
  ownsBlockRoot?: true;
}

/** The class of a block's element (the engine's wrapper, or the root of a component that owns it). */
export function blockClassName(type: string): string {
  return `t-block t-block--${type || 'unknown'}`;
}

/** Props for the root element of an `ownsBlockRoot` component: its own class, and the block's attributes when it is the block's element. */
export function blockRootProps({ block, isBlockRoot }: BlockProps<object>, className: string): { className: string; 'data-block-id'?: Id } {
  return isBlockRoot ? { className: `${blockClassName(block.type)} ${className}`, 'data-block-id': block.id } : { className };
}
