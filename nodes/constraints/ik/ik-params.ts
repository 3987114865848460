// The IK node's own params (Blender's IK settings), apart from the node so that the Blender solver
// (blender-solve.ts) can read their types without the two files importing each other.
import { param, type ParamsOf } from '../../define';

const SOLVERS = ['AUTO', 'FABRIK', 'BLENDER'] as const;

export const params = {
  chainCount: { ...param.int(0, 'How many bones the chain has, counted from the owner (or its parent, without Use Tail) towards the root; 0 goes all the way to the root, as in Blender.', { min: 0, max: 255 }), label: 'Chain Length' },
  useTail: { ...param.bool(true, "Whether the owner bone is part of the chain and its tail is the chain end. Off: the chain ends at the parent's tail, and the owner just follows its parent."), label: 'Use Tail' },
  poleAngle: { ...param.float(0, "Turns the bend plane about the root-to-target line: 0 puts the root bone's X axis towards the pole. Only used with a pole.", { min: -Math.PI, max: Math.PI, unit: 'rad' }), label: 'Pole Angle' },
  iterations: { ...param.int(500, 'Most FABRIK passes for chains of three or more bones (or with Solver = FABRIK); the closed forms need none.', { min: 1, max: 10000 }), label: 'Iterations' },
  tolerance: { ...param.float(1e-6, "FABRIK stops once the chain end is this close to the target, in the armature's units. Sinew's own: Blender's legacy solver stops on its angle updates instead.", { min: 0, max: 1, unit: 'm' }), label: 'Tolerance' },
  useStretch: { ...param.bool(false, "BLENDER solver: Blender's Stretch, each bone stretching by its own IK Stretch. AUTO/FABRIK: when the target is out of reach, every chain bone is scaled along its Y axis by the same factor so the chain ends on it."), label: 'Stretch' },
  solver: { ...param.choice(SOLVERS, 'AUTO', "AUTO: one bone is aimed, two bones solved in closed form, longer chains with FABRIK. FABRIK: always iterate (two bones then keep no particular bend plane). BLENDER: Blender's own legacy solver (Jacobian with SDLS damping), with the bones' IK locks, limits, stiffness and IK Stretch; the default for rigs imported from Blender."), label: 'Solver' },
  weight: { ...param.float(1, "BLENDER solver: the weight of the position goal (it matters against a rotation goal).", { min: 0.01, max: 1 }), label: 'Weight' },
  orientWeight: { ...param.float(1, 'BLENDER solver: the weight of the rotation goal (with Rotation on).', { min: 0.01, max: 1 }), label: 'Orient Weight' },
  useLocation: { ...param.bool(true, "Whether the chain end goes to the target's location. Off (and Rotation off): Blender's solver still runs on the chain with no goal, which takes locked axes' rotation out of its bones, as in Blender; the other solvers do nothing."), label: 'Location' },
  useRotation: { ...param.bool(false, "Blender's rotation goal: the chain end also takes the target's rotation, weighed by Orient Weight. Solved by the BLENDER solver only (AUTO and FABRIK go to the location)."), label: 'Rotation' },
};

/** The IK node's params as its kernel and the Blender solver read them. */
export type IkParams = ParamsOf<typeof params>;
