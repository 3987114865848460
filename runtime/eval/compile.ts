// compile(graph, scene) → Program, in six phases, each in a file of its own:
//   resolve nodes (kinds, params, links) → build owners (the scene's objects and bones, what poses
//   them, which owner each node names) → schedule (units, edges, Blender's order of constraint
//   owners) → allocate (socket and state slots, where owners' matrices stand in for copies) → bind (every unit's step) → plan (steps in order,
//   the schedule report, what setParam may change).
// Every phase reports into one `Problems`; a phase whose errors refuse the graph throws
// CompileFailure listing every problem found so far.
import type { GraphDocument } from '../../graph/types';
import { defaultCatalog, type NodeCatalog } from '../../nodes/catalog';
import type { OwnerHandle } from '../../nodes/define';
import type { SceneDocument } from '../rig/scene/types';
import { allocateSockets, allocateStates } from './allocate';
import { bindSteps } from './bind';
import { buildOwners, sourceOwnerOf, sourceShapeOf, stackOwnerOf } from './build-owners';
import type { CompiledNode } from './compiled-node';
import { Problems } from './errors';
import { boneParentLookup, groupIkNodes } from './ik-trees';
import { ownerViews } from './owner-views';
import { plan } from './plan';
import type { Program } from './program';
import { flatGraph, resolveNodes } from './resolve-nodes';
import { scheduleUnits } from './schedule-units';
import type { SharedBuffer } from './wasm/shared-memory';

export interface CompileOptions {
  catalog?: NodeCatalog;
  /**
   * Let owners' matrices stand in for the owner nodes' copies (owner-views.ts; default true). False
   * keeps a copy per socket, as a program with a dependency cycle does: the same numbers, more steps.
   */
  ownerViews?: boolean;
  /**
   * Evaluate each frame with the node guards off first and check it at once (frame-check.ts; default
   * true). False keeps every guard on in every frame: the same numbers and warnings, slower.
   */
  frameCheck?: boolean;
  /**
   * Leave an owner's matrix before constraints unmade while the only constraint reading it ignores
   * it (lazy-pre.ts; default true). False makes every one every frame: the same final matrices.
   */
  lazyPre?: boolean;
  /**
   * Keep the program's buffer in WebAssembly memory and run its hottest math on WebAssembly kernels
   * (wasm/, and the IK Jacobian's, nodes/math/wasm/; default true, where WebAssembly and its SIMD are
   * to be had). False keeps plain Float64Arrays and JavaScript: the same numbers, bit for bit.
   */
  wasm?: boolean;
  /**
   * Compile onto this shared memory, as thread `thread` of `threads` splitting the frame
   * (runtime/split/). Every thread compiles the same graph and scene so, and gets the same slots.
   */
  shared?: SharedBuffer;
}

/** Compiles a graph over a scene. Throws CompileFailure listing every problem found. */
export function compile(grouped: GraphDocument, scene: SceneDocument, options: CompileOptions = {}): Program {
  const problems = new Problems();
  const resolved = resolveNodes(flatGraph(grouped), options.catalog ?? defaultCatalog, problems);
  const owners = buildOwners(scene, resolved, problems, options.wasm ?? true, options.shared);
  const stackOwner = (c: CompiledNode) => stackOwnerOf(c, resolved.compiled);
  const sourceOwner = (c: CompiledNode, input: string) => sourceOwnerOf(c, input, resolved.compiled);
  const sourceShape = (c: CompiledNode, input: string) => sourceShapeOf(c, input, resolved.compiled);
  const boneParent = boneParentLookup(owners.byId);
  const { treeOf, shadowOf, sequences } = groupIkNodes(resolved.live, owners, stackOwner, boneParent);
  const schedule = scheduleUnits({ resolved, owners, stackOwner, sourceOwner, treeOf, boneParent, sequences }, problems);
  for (const { root, nodes } of schedule.unfollowed) {
    problems.warnings.push({
      code: 'ik-trees-in-sequence', pointer: `/nodes/${nodes[0].index}`, nodeId: nodes[0].node.id,
      message: `IK nodes ${nodes.map((c) => `"${c.node.id}"`).join(', ')} reach root bone "${root}" in chains Blender keeps in separate trees and solves one after the other, each from the last one's result; here Sinew cannot order them so (a dependency cycle through them, or a tree none of its IK nodes can solve), so its result there is approximate`,
    });
  }
  allocateSockets(resolved, owners.slots, ownerViews(resolved, owners, schedule, options.ownerViews ?? true));
  allocateStates(resolved.live, owners.slots);
  const binding = bindSteps({ ...resolved, owners, schedule, stackOwner, sourceOwner, sourceShape, treeOf, shadowOf, frameCheck: options.frameCheck ?? true, lazyPre: options.lazyPre ?? true, wasm: options.wasm ?? true }, problems);
  return plan({ resolved, owners, schedule, binding, stackOwner, boneParent, settleFrame: scene.frame_current }, problems);
}

export type { OwnerHandle };
