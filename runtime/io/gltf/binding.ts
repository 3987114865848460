// What a glTF node became: the link from a node index to its owner, shared by import, clips and bake.
import type { M4 } from './mat';

/** What a glTF node became. */
export interface GltfBinding {
  node: number;
  /** The owner id: "<armature>/<bone>" for joints, the object name for other nodes. */
  owner: string;
  joint: boolean;
  /** The node's rest frame relative to the owner's (identity for objects): glTF world = owner × offset. */
  offset: M4;
}
