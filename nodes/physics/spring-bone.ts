// nodes/physics/spring-bone.ts — one VRMC_springBone 1.0 joint as a constraint in its bone's stack:
// the bone swings after its parent's motion, springs back to its own pose, falls with gravity and
// is kept out of up to eight sphere or capsule colliders. A chain is one node per joint, parent
// first: a child joint's stack starts from its parent's sprung matrix, as three-vrm updates them.
//
// Stateful: the tail's position now and a tick before (in center space) carry from frame to frame,
// one fixed tick (1 / fps seconds) per frame after `startFrame`; at or before it the joint rests.
import { bool, defineNode, influence, param, transform, type KernelIO, type SocketSpec } from '../define';
import type { ChoiceParam, FloatParam, VectorParam } from '../params';
import {
  COLLIDER, COLLIDER_CAPSULE, COLLIDER_SIZE, COLLIDER_SPHERE, SPRING, SPRING_SETTINGS, SPRING_STATE,
  springJointReset, springJointStep,
} from '../math/spring-bone';

/** How many colliders one joint can be kept out of (the importer names springs with more). */
export const SPRING_COLLIDER_SLOTS = 8;
export const SPRING_COLLIDER_SHAPES = ['NONE', 'SPHERE', 'CAPSULE'] as const;

/** Socket name of collider slot k (1-based). */
export const colliderSocket = (k: number): string => `collider${k}`;

/** What a bound joint keeps: settings, the wired colliders' slots and shapes, and (once it has run) their views. */
export interface SpringBoneState {
  settings: Float64Array;
  /** Whether `center` is wired (else the spring works in world space). */
  centered: boolean;
  /** 1-based collider slots that act, in order; `shapes` holds their shapes, COLLIDER_SIZE numbers each. */
  slots: number[];
  shapes: Float64Array;
  /** The kernel IO the views below were taken from (the runtime keeps one per binding). */
  io: KernelIO | undefined;
  center: Float64Array | undefined;
  colliders: Float64Array[];
}

/** The center and collider views of `io`, taken on the first tick of a binding (not per frame). */
function views(io: KernelIO, b: SpringBoneState): SpringBoneState {
  if (b.io === io) return b;
  b.io = io;
  b.center = b.centered ? io.in.center : undefined;
  b.colliders = b.slots.map((k) => io.in[colliderSocket(k)]);
  return b;
}

const colliderInputs: Record<string, SocketSpec> = {};
/** Each collider slot's params (k from 1 to SPRING_COLLIDER_SLOTS). */
type ColliderParams = Record<`collider${number}Shape`, ChoiceParam<(typeof SPRING_COLLIDER_SHAPES)[number]>>
  & Record<`collider${number}Offset` | `collider${number}Tail`, VectorParam>
  & Record<`collider${number}Radius`, FloatParam>;
const colliderParams = {} as ColliderParams;
for (let k = 1; k <= SPRING_COLLIDER_SLOTS; k++) {
  colliderInputs[colliderSocket(k)] = transform({ doc: `World matrix of the owner collider ${k} is attached to (an Owner node's transform).` });
  colliderParams[`collider${k}Shape`] = param.choice(SPRING_COLLIDER_SHAPES, 'NONE', `Shape of collider ${k}; NONE (or an unwired slot) has no effect.`);
  colliderParams[`collider${k}Offset`] = param.vector([0, 0, 0], `Centre of collider ${k} (a capsule's first end) in its owner's frame.`, 'm');
  colliderParams[`collider${k}Tail`] = param.vector([0, 0, 0], `A capsule's second end in its owner's frame (collider ${k}).`, 'm');
  colliderParams[`collider${k}Radius`] = param.float(0, `Radius of collider ${k}.`, { min: 0, unit: 'm' });
}

const jointParams = {
  stiffness: param.float(1, 'How strongly the joint returns to its own pose (VRM stiffness), per second.', { min: 0 }),
  gravityPower: param.float(0, 'Strength of gravity on the tail (VRM gravityPower), per second.', { min: 0 }),
  gravityDir: param.vector([0, 0, -1], 'World direction of gravity (VRM gravityDir, here in Sinew\'s Z-up world); used as given, as three-vrm does.'),
  dragForce: param.float(0.4, 'How much of last tick\'s motion is lost (VRM dragForce): 0 keeps it all, 1 none.', { min: 0, max: 1 }),
  hitRadius: param.float(0, 'Radius of the tail against colliders (VRM hitRadius).', { min: 0, unit: 'm' }),
  tail: param.vector([0, 0, 0], 'Where the spring ends, in the owner\'s frame: the next joint\'s rest position. [0, 0, 0]: a bone\'s tail (0, length, 0), an object\'s (0, 0.07, 0) as three-vrm does for a joint without a child.', 'm'),
  fps: param.float(24, 'Frames per second: each frame is one tick of 1 / fps seconds.', { min: 1e-3 }),
  startFrame: param.int(0, 'The frame at which the spring rests; later frames are reached by replaying every frame from here.'),
};
// Spread, an object loses the collider names' pattern index signatures: the type says them again.
const params: typeof jointParams & ColliderParams = { ...jointParams, ...colliderParams };

export const springBone = defineNode({
  type: 'physics/spring-bone',
  label: 'Spring Bone',
  category: 'Physics',
  doc: 'One joint of a VRM spring bone chain: the bone lags behind its parent, springs back towards its own pose, falls with gravity and is kept out of sphere and capsule colliders. State carries from frame to frame in fixed ticks of one frame; any frame is reached by replaying from the start frame.',
  inputs: {
    owner: transform({ doc: 'The stack so far (world matrix): the pose the joint springs back to.' }),
    center: transform({ doc: 'Optional: the spring works in this space (its world matrix), so motion of it is not felt as inertia. Unwired: world space.' }),
    ...colliderInputs,
    influence: influence(),
    useCollider: bool({ default: true, doc: 'Whether the colliders act.' }),
  },
  outputs: { owner: transform({ doc: 'The joint after the spring.' }) },
  params,
  constraint: { blend: 'world' },
  state: {
    size: () => SPRING_STATE,
    startParam: 'startFrame',
    reset: (io, _p, bound: SpringBoneState, state) => {
      const b = views(io, bound);
      io.out.owner.set(io.in.owner);
      springJointReset(state, io.in.owner, b.settings, b.center);
    },
    step: (io, _p, bound: SpringBoneState, previous, next) => {
      const b = views(io, bound);
      springJointStep(io.out.owner, io.in.owner, b.settings, previous, next, b.center, io.in.useCollider[0] > 0.5 ? b.colliders : NONE, b.shapes);
    },
  },
  bind: (env, p): SpringBoneState => {
    const settings = new Float64Array(SPRING_SETTINGS);
    const owner = env.stackOwner();
    let tail: readonly number[] = p.tail;
    if (tail[0] === 0 && tail[1] === 0 && tail[2] === 0) tail = [0, owner?.bone ? owner.bone.length : 0.07, 0];
    const l = Math.hypot(tail[0], tail[1], tail[2]);
    if (!(l > 0)) env.fail('the spring has no length: its tail is on its head', 'tail');
    settings.set(tail, SPRING.tail);
    settings.set(tail.map((x) => x / l), SPRING.axis);
    settings[SPRING.stiffness] = p.stiffness;
    settings[SPRING.gravityPower] = p.gravityPower;
    settings.set(p.gravityDir, SPRING.gravityDir);
    settings[SPRING.dragForce] = p.dragForce;
    settings[SPRING.hitRadius] = p.hitRadius;
    const fps = p.fps;
    if (!(fps > 0)) env.fail(`fps must be above 0, got ${fps}`, 'fps');
    settings[SPRING.dt] = 1 / fps;
    const slots: number[] = [];
    const shapes: number[] = [];
    for (let k = 1; k <= SPRING_COLLIDER_SLOTS; k++) {
      const shape = p[`collider${k}Shape`];
      if (shape === 'NONE') continue;
      if (!env.connected(colliderSocket(k))) {
        env.warn(`collider ${k} is a ${shape.toLowerCase()} but its input is not wired; it has no effect`);
        continue;
      }
      const row = new Array<number>(COLLIDER_SIZE).fill(0);
      row[COLLIDER.kind] = shape === 'CAPSULE' ? COLLIDER_CAPSULE : COLLIDER_SPHERE;
      row[COLLIDER.radius] = Math.max(0, p[`collider${k}Radius`]);
      const o = p[`collider${k}Offset`];
      const t = p[`collider${k}Tail`];
      row.splice(COLLIDER.offset, 3, ...o);
      row.splice(COLLIDER.tail, 3, ...t);
      shapes.push(...row);
      slots.push(k);
    }
    return { settings, centered: env.connected('center'), slots, shapes: Float64Array.from(shapes), io: undefined, center: undefined, colliders: [] };
  },
  // Not called (a stateful node's reset and step write its outputs): the joint at rest.
  kernel: (io) => { io.out.owner.set(io.in.owner); },
});

const NONE: readonly Float64Array[] = [];
