import type { Block, JsonObject } from '../../schemas/model';

/**
 * Props every block component receives. `options` has passed the block type's options schema
 * (a block whose options do not is shown in the configuration-needed state instead).
 */
export interface BlockProps<Options extends object = JsonObject> {
  block: Block;
  options: Options;
}
