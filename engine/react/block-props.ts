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
   * `ownsBlockRoot`, rendered with nothing of the engine's around it): give it `blockRootClass` and `blockRootId`.
   */
  isBlockRoot?: true;
}

/**
 * A block component whose root element can carry the block's class and `data-block-id` itself.
 * BlockRenderer then renders it without a wrapper element of its own where it needs none (a
 * member's view of a visible block without related blocks): one element per block fewer. Only for a
 * component whose root is one block-level element and that keeps no state of its own: turning edit
 * mode on or off puts it in or takes it out of the wrapper, which remounts it.
 */
export interface OwnsBlockRoot {
  ownsBlockRoot?: true;
}

/** The class of a block's element (the engine's wrapper, or the root of a component that owns it). */
export function blockClassName(type: string): string {
  return `t-block t-block--${type || 'unknown'}`;
}

// Two helpers, not one props object to spread: spreading an object into JSX props cost a plain
// text block several times its own render (profiled in `engine.firstRender`).
/** The class of an `ownsBlockRoot` component's root element: its own, plus the block's when it is the block's element. */
export function blockRootClass({ block, isBlockRoot }: BlockProps<object>, className: string): string {
  return isBlockRoot ? `${blockClassName(block.type)} ${className}` : className;
}

/** The `data-block-id` of an `ownsBlockRoot` component's root element: the block's id when it is the block's element. */
export function blockRootId({ block, isBlockRoot }: BlockProps<object>): Id | undefined {
  return isBlockRoot ? block.id : undefined;
}
