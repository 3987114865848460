// Node params typed from their definitions. A definition's `params` record is built with the
// `param.*` builders, whose return types keep each param's kind (and a choice's options), so
// `ParamsOf<typeof params>` is what a kernel reads: a bool param as a boolean, a choice as the union
// of its options, numbers as numbers. The values are resolved once, when a node is compiled (and
// when `Program.setParam` changes one): every param present, and a value that does not fit its
// param's kind replaced by the default. Kernels therefore read `p.useX`, never `p.useX !== false`.
import type { JsonValue } from '../graph/types';

interface ParamDocs {
  doc: string;
  label?: string;
  /** Unit of the value, e.g. `rad`, `m`, `frames`. Angles are stored in radians, as Blender does; the
   * editor and inspector show and take them in degrees (`ui/model/units.ts`). Mark them here, once. */
  unit?: string;
}

export interface FloatParam extends ParamDocs { kind: 'float'; default: number; min?: number; max?: number }
export interface IntParam extends ParamDocs { kind: 'int'; default: number; min?: number; max?: number }
export interface BoolParam extends ParamDocs { kind: 'bool'; default: boolean }
export interface ChoiceParam<T extends string = string> extends ParamDocs {
  kind: 'choice';
  options: readonly T[];
  default: T;
  /**
   * What Blender's RNA setter does besides storing the value, which its animation system and drivers
   * run when they write a value other than the stored one: applied to the node's params whenever a
   * link driving this param changes it (the Action constraint's Mix sets its Owner Space). A value
   * set by hand sets only itself.
   */
  whenDriven?(value: T, params: Record<string, ParamValue>): void;
}
export interface StringParam extends ParamDocs { kind: 'string'; default: string }
export interface OwnerParam extends ParamDocs { kind: 'owner'; default: string }
/** The name of one of the scene's `actions[]` (a string in files, as an owner param is); the editor offers the scene's actions. */
export interface ActionParam extends ParamDocs { kind: 'action'; default: string }
export interface VectorParam extends ParamDocs { kind: 'vector'; size: number; default: number[] }
export interface MatrixParam extends ParamDocs { kind: 'matrix'; default: number[] }

export type ParamSpec = FloatParam | IntParam | BoolParam | ChoiceParam | StringParam | OwnerParam | ActionParam | VectorParam | MatrixParam;

/** A definition's params: name → spec. */
export type ParamSpecs = Record<string, ParamSpec>;

/** The value a kernel reads for one param spec. */
export type ParamValueOf<S extends ParamSpec> =
  S extends BoolParam ? boolean
  : S extends ChoiceParam<infer T> ? T
  : S extends FloatParam | IntParam ? number
  : S extends StringParam | OwnerParam | ActionParam ? string
  : readonly number[];

/** Any resolved param value (and an unconnected input's value, which sits beside the params). */
export type ParamValue = boolean | number | string | number[];

/** The resolved params of a definition whose params are `P`, as its kernel, bind and traits read them. */
export type ParamsOf<P extends ParamSpecs> = { readonly [K in keyof P]: ParamValueOf<P[K]> };

/** Resolved params of a node whose kind is not known statically (the runtime's view). */
export type Params = Record<string, ParamValue>;

// Builders, so definitions read as declarations and keep their types.
export const param = {
  float: (def: number, doc: string, o: { min?: number; max?: number; unit?: string } = {}): FloatParam => ({ kind: 'float', default: def, doc, ...o }),
  int: (def: number, doc: string, o: { min?: number; max?: number } = {}): IntParam => ({ kind: 'int', default: def, doc, ...o }),
  bool: (def: boolean, doc: string): BoolParam => ({ kind: 'bool', default: def, doc }),
  choice: <const T extends string>(options: readonly T[], def: NoInfer<T>, doc: string): ChoiceParam<T> => ({ kind: 'choice', options, default: def, doc }),
  string: (def: string, doc: string): StringParam => ({ kind: 'string', default: def, doc }),
  owner: (doc: string): OwnerParam => ({ kind: 'owner', default: '', doc }),
  action: (doc: string): ActionParam => ({ kind: 'action', default: '', doc }),
  vector: (def: readonly number[], doc: string, unit?: string): VectorParam => ({ kind: 'vector', size: def.length, default: [...def], doc, unit }),
  matrix: (doc: string): MatrixParam => ({ kind: 'matrix', default: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], doc }),
};

/**
 * A stored value as its param's kind reads it: the value when it fits the kind, else the default.
 * The loader has already reported a value that does not fit (graph/param-check.ts); this keeps a
 * graph compiled without that check, or a value set live, from reaching a kernel as the wrong type.
 * Ranges are not enforced here: kernels clamp where Blender does.
 */
export function paramValue(spec: ParamSpec, value: JsonValue | undefined): ParamValue {
  switch (spec.kind) {
    case 'float':
      return isFinite(value) ? value : spec.default;
    case 'int':
      return isFinite(value) ? Math.trunc(value) : spec.default;
    case 'bool':
      return typeof value === 'boolean' ? value : spec.default;
    case 'choice':
      return typeof value === 'string' && spec.options.includes(value) ? value : spec.default;
    case 'string':
    case 'owner':
    case 'action':
      return typeof value === 'string' ? value : spec.default;
    case 'vector':
      return numbersOf(value, spec.default);
    case 'matrix':
      // A matrix of another size is not this one with entries missing: the default (identity).
      return numbersOf(Array.isArray(value) && value.length === 16 ? value : undefined, spec.default);
  }
}

/** An array of numbers as long as `fallback`: each entry the value's when finite, else the fallback's. */
function numbersOf(value: JsonValue | undefined, fallback: readonly number[]): number[] {
  if (!Array.isArray(value)) return [...fallback];
  return fallback.map((d, i) => {
    const v = value[i];
    return isFinite(v) ? v : d;
  });
}

function isFinite(v: JsonValue | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}
