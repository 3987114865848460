// nodes/drivers/driver.ts — a Blender driver as a node: variables in, the driven value out. Its
// output links into any float input of any node (a constraint's influence, an Armature weight), so
// a driver drives a setting the same way any other value does: compiled once, nothing allocated
// per frame.
import { defineNode, float, param, type KernelIO, type ParamsOf, type SocketSpec } from '../define';
import { compileDriver, DRIVER_TYPES, DriverError, runDriver, type DriverProgram, type DriverSource } from './driver-program';
import { fcurveSourceProblem } from '../math/fcurve/source-check';

/** Variables a driver node takes (Rigify's drivers have one or two). */
export const DRIVER_VARIABLES = 8;

const variableInputs: Record<string, SocketSpec> = Object.fromEntries(
  Array.from({ length: DRIVER_VARIABLES }, (_, i) => [`var${i + 1}`, float({ doc: `The value of variable ${i + 1} (named in Variables); read as float32, as Blender does.` })]),
);

/** The names in the Variables param: `var, sy` → ['var', 'sy']. */
export function variableNames(text: string): string[] {
  return text.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/** Compiles the node's params; a bad setting throws a DriverError that names it. */
export function driverProgramOf(p: ParamsOf<typeof params>): DriverProgram {
  const names = variableNames(p.variables);
  if (names.length > DRIVER_VARIABLES) throw new DriverError(`${names.length} variables; the node takes ${DRIVER_VARIABLES}`);
  for (const n of names) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(n)) throw new DriverError(`the variable name ${JSON.stringify(n)} is not a valid name`);
  let curve: Pick<DriverSource, 'modifiers' | 'keyframes' | 'keyframe_interpolation' | 'keyframe_points' | 'extrapolation'> = {};
  const text = p.curve.trim();
  if (text !== '') {
    try {
      curve = JSON.parse(text) as typeof curve;
    } catch {
      throw new DriverError('the F-curve setting is not valid JSON ({"modifiers": […], "keyframes": [[x, y], …]})');
    }
    const problem = fcurveSourceProblem(curve, 'pairs');
    if (problem !== undefined) throw new DriverError(`the F-curve setting is not a curve: ${problem}`);
  }
  return compileDriver({ type: p.type, expression: p.expression, variables: names, ...curve }, p.write === 'BOOL' ? { kind: 'bool' } : { kind: 'float', min: p.min, max: p.max });
}

/** A bound driver: its program, and its variables' input views (taken from the kernel IO once, not looked up by name each frame). */
interface DriverState {
  program: DriverProgram;
  /** The variables' input names, in order: var1, var2, … */
  inputs: string[];
  /** The kernel IO `vars` were taken from (the runtime keeps one per binding). */
  io: KernelIO | undefined;
  vars: Float64Array[];
}

/** Takes the variables' views of `io` (on the first evaluation of a binding). */
function takeViews(io: KernelIO, s: DriverState): void {
  s.io = io;
  s.vars = s.inputs.map((name) => io.in[name]);
}

const params = {
  type: param.choice(DRIVER_TYPES, 'SUM', 'How the variables combine.'),
  expression: param.string('var', "The scripted expression (type SCRIPTED): operators, comparisons, and/or/not, `a if c else b`, Blender's functions and constants, `frame`."),
  variables: param.string('var', 'The variables\u2019 names, comma-separated, in the order of the var inputs.'),
  curve: param.string('', 'The driver F-curve as JSON: {"modifiers": [Generator…], "keyframes": [[x, y], …]}; empty: the value itself.'),
  write: param.choice(['FLOAT', 'BOOL'] as const, 'FLOAT', 'How the driven property takes the value.'),
  min: param.float(-1e30, 'The driven property\u2019s hard minimum.'),
  max: param.float(1e30, 'The driven property\u2019s hard maximum.'),
};

export const driver = defineNode({
  type: 'driver/driver',
  label: 'Driver',
  category: 'Driver',
  doc: "A Blender driver: its variables combined by type (sum, average, min, max, or a scripted expression in Blender's simple-expression subset), through its F-curve (keys, Generator modifiers), then written as Blender writes the driven property: a float clamped to its hard range, or a boolean (1 when above 1 − 2⁻²³).",
  inputs: { ...variableInputs, frame: float({ default: 1, doc: 'The frame, as `frame` in the expression.' }) },
  outputs: {
    value: float({ doc: 'The driven value (1 or 0 for a boolean).' }),
    inverse: float({ doc: '1 − value: for a driven mute, the constraint enabled (wired to its influence).' }),
    failed: float({ doc: '1 when the scripted expression failed this evaluation (Blender flags the driver invalid), else 0.' }),
  },
  params,
  bind(env, p) {
    try {
      const program = driverProgramOf(p);
      const state: DriverState = { program, inputs: Array.from({ length: program.params.length - 1 }, (_, i) => `var${i + 1}`), io: undefined, vars: [] };
      return state;
    } catch (e) {
      if (e instanceof DriverError) return env.fail(e.message, e.message.startsWith('expression') ? 'expression' : e.message.startsWith('the F-curve setting') ? 'curve' : undefined);
      throw e;
    }
  },
  kernel(io, _p, state) {
    if (state.io !== io) takeViews(io, state);
    const program = state.program, vars = state.vars;
    const v = program.params;
    v[0] = io.in.frame[0];
    for (let i = 1; i < v.length; i++) v[i] = Math.fround(vars[i - 1][0]);
    runDriver(program);
    const value = program.out[0];
    io.out.value[0] = value;
    io.out.inverse[0] = 1 - value;
    io.out.failed[0] = program.expression !== null && program.expression.status !== 0 ? 1 : 0;
  },
});
