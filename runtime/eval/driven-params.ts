// A param a link drives (a driver into a Limit Distance's distance, a Transformation's ranges):
// each frame, before the node's kernel, the linked value is written into the node's params as
// Blender's animation system writes a driver into an RNA property (int truncated, bool from the
// truncated int, clamped to the param's range), and the node is bound again only when the value
// changed and its bound step was built from its params (a `bind`, or a constraint's settings). A
// frame whose values did not change costs a compare per driven param and allocates nothing; a
// change costs what `Program.setParam` costs (a rebind: new scratch slots and closures).
import type { NodeDefinition } from '../../nodes/define';
import type { ParamSpec, ParamValue, Params } from '../../nodes/params';
import type { CompiledNode, NodeTable } from './compiled-node';

/**
 * Whether a param of this kind may be driven by a link: a number in, a number, int or bool kept; a
 * choice takes the option at the number's position (a driven Blender enum, through driver/enum-choice).
 */
export function drivableParam(spec: ParamSpec | undefined): boolean {
  return spec !== undefined && (spec.kind === 'float' || spec.kind === 'int' || spec.kind === 'bool' || spec.kind === 'choice');
}

/** Whether param `name` decides the schedule (a variadic count, what `writes` reads): no link may drive it. */
export function scheduleParam(def: Pick<NodeDefinition, 'variadic' | 'scheduleParams'>, name: string): boolean {
  return def.variadic?.param === name || (def.scheduleParams?.includes(name) ?? false);
}

/** A driven value as the param holds it (Blender: `animsys_write_rna_setting`, then RNA's range). */
export function drivenParamValue(spec: ParamSpec, value: number, fallback: ParamValue): ParamValue {
  if (value !== value) return fallback; // NaN: the guards report the driver; the param keeps its value
  if (spec.kind === 'bool') return Math.trunc(value) !== 0;
  // A position among the options; none there (an item Sinew's param lacks, −1): the choice stays.
  if (spec.kind === 'choice') return spec.options[Math.trunc(value)] ?? fallback;
  let v = spec.kind === 'int' ? Math.trunc(value) : value;
  if (spec.kind === 'float' || spec.kind === 'int') {
    if (spec.min !== undefined && v < spec.min) v = spec.min;
    if (spec.max !== undefined && v > spec.max) v = spec.max;
  }
  return v;
}

/** Whether the node's bound step reads its params only when it is bound (so a change must rebind). */
function bindsFromParams(c: CompiledNode): boolean {
  return c.def.bind !== undefined || c.def.constraint !== undefined || c.def.state !== undefined;
}

/**
 * The node's step with its driven params written first; `rebind` binds it again (quiet). Returns
 * `run` itself when no param is driven.
 */
export function withDrivenParams(c: CompiledNode, compiled: NodeTable, run: (() => void) | undefined, rebind: () => (() => void) | undefined): (() => void) | undefined {
  const driven = c.drivenParams;
  if (!run || driven.size === 0) return run;
  const names: string[] = [];
  const specs: ParamSpec[] = [];
  const slots: Float64Array[] = [];
  for (const [name, [from, socket]] of driven) {
    names.push(name);
    specs.push(c.def.params[name]);
    slots.push(compiled[from]!.io.out[socket]);
  }
  const params: Params = c.params;
  const rebinds = bindsFromParams(c);
  let inner = run;
  const n = names.length;
  return () => {
    let changed = false;
    for (let k = 0; k < n; k++) {
      const name = names[k];
      const v = drivenParamValue(specs[k], slots[k][0], params[name]);
      if (v !== params[name]) {
        params[name] = v;
        // Blender runs a setter's side effects when the value it writes differs from the stored one
        // (measured: a driven Mix equal to the saved one leaves an Owner Space set by hand).
        const spec = specs[k];
        if (spec.kind === 'choice') spec.whenDriven?.(v as string, params);
        changed = true;
      }
    }
    if (changed && rebinds) inner = rebind() ?? inner;
    inner();
  };
}
