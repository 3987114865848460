// The Rete side of a graph node: sockets typed from the definition, a fixed width and a height that
// follows from the rows it shows (so layout and fit-to-view work before anything is drawn).
import { ClassicPreset, type GetSchemes } from 'rete';
import type { LitArea2D } from '@retejs/lit-plugin';
import type { GraphNode, JsonValue, SocketType } from '../../graph/types';
import type { NodeDefinition } from '../../nodes/define';
import { fieldsOf, humanize, type ActionChoice, type Field, type OwnerChoice } from '../model/fields';
import type { NodeIssue } from '../model/live-rig';

export type ViewSocketType = SocketType | 'unknown';

export class SinewSocket extends ClassicPreset.Socket {
  constructor(readonly type: ViewSocketType, readonly doc = '') {
    super(type);
  }
}

/** What a node shows besides its sockets; replaced as a whole when anything in it changes. */
export interface NodeState {
  params: Record<string, JsonValue>;
  issues: readonly NodeIssue[];
  owners: readonly OwnerChoice[];
  /** The scene's actions, for action params. */
  actions: readonly ActionChoice[];
  /** Inputs that have a link: their inline values are hidden. */
  connected: ReadonlySet<string>;
  readonly: boolean;
}

export const NODE_WIDTH = 230;
/** Params drawn on a node; the rest are edited in the inspector (Transformation has 49). */
export const MAX_PARAM_ROWS = 8;
export const HEADER_HEIGHT = 28;
export const ROW_HEIGHT = 24;
const PADDING = 10;

export class SinewNode extends ClassicPreset.Node<Record<string, SinewSocket>, Record<string, SinewSocket>> {
  width = NODE_WIDTH;
  height: number;
  override selected?: boolean;
  readonly fields: Field[];
  /** Params drawn on the node (the first MAX_PARAM_ROWS), as opposed to values of inputs. */
  readonly paramFields: Field[];
  /** Params left to the inspector. */
  readonly hiddenParams: number;
  readonly inputFields: Map<string, Field>;
  /** Drawn with only its linked sockets. */
  readonly collapsed: boolean;
  /** What decides its sockets besides its definition: a change means drawing it anew. */
  readonly shape: string;
  /**
   * Drawn without its fields and owner menus: far out on a large graph, where level of detail hides
   * them anyway (their rows keep their height). A screenful of nodes at zoom 0.3 was ~17,000 layout
   * objects, hit-tested and painted on every frame of a pan; title, labels and sockets are ~30 a node.
   */
  lite = false;

  constructor(
    public source: GraphNode,
    readonly def: NodeDefinition | undefined,
    public state: NodeState,
    /** The sockets its links use: all an unknown kind or a collapsed node draws. */
    extraSockets: { inputs: string[]; outputs: string[] } = { inputs: [], outputs: [] },
    /** Params a link drives (runtime/eval/driven-params.ts): shown as inputs, not as fields. */
    readonly driven: readonly string[] = [],
  ) {
    super(def?.label ?? `Unknown: ${source.type}`);
    this.id = source.id;
    this.fields = def ? fieldsOf(def) : [];
    this.collapsed = source.collapsed === true;
    this.shape = this.collapsed ? `${extraSockets.inputs.join(',')}|${extraSockets.outputs.join(',')}` : '';
    const params = this.collapsed ? [] : this.fields.filter((f) => !f.socket && !driven.includes(f.key));
    this.paramFields = params.slice(0, MAX_PARAM_ROWS);
    this.hiddenParams = params.length - this.paramFields.length;
    this.inputFields = new Map(this.fields.filter((f) => f.socket).map((f) => [f.key, f]));
    if (def) {
      // Collapsed: only the linked sockets, so a wire never loses its end.
      const shown = (key: string, side: 'inputs' | 'outputs') => !this.collapsed || extraSockets[side].includes(key);
      for (const [key, s] of Object.entries(def.outputs)) {
        if (shown(key, 'outputs')) this.addOutput(key, new ClassicPreset.Output(new SinewSocket(s.type, s.doc), humanize(key), true));
      }
      for (const [key, s] of Object.entries(def.inputs)) {
        if (shown(key, 'inputs')) this.addInput(key, new ClassicPreset.Input(new SinewSocket(s.type, s.doc), humanize(key), false));
      }
      for (const key of driven) this.addInput(key, new ClassicPreset.Input(new SinewSocket('float', `${def.params[key].doc} Driven by its link each frame.`), `${humanize(key)} (driven)`, false));
    } else {
      for (const key of extraSockets.outputs) this.addOutput(key, new ClassicPreset.Output(new SinewSocket('unknown'), key, true));
      for (const key of extraSockets.inputs) this.addInput(key, new ClassicPreset.Input(new SinewSocket('unknown'), key, false));
    }
    this.height = nodeHeight(this);
  }
}

/** Header, one row per output, per param and per input, and a little padding. */
export function nodeHeight(n: SinewNode): number {
  const rows = Object.keys(n.outputs).length + n.paramFields.length + (n.hiddenParams ? 1 : 0) + Object.keys(n.inputs).length;
  return HEADER_HEIGHT + rows * ROW_HEIGHT + PADDING + (n.def ? 0 : ROW_HEIGHT);
}

export type SinewConnection = ClassicPreset.Connection<SinewNode, SinewNode> & { isLoop?: boolean };
export type Schemes = GetSchemes<SinewNode, SinewConnection>;

/** A link's identity in the graph, which has no link ids: its two ends. */
export function linkKey(l: { source: string; sourceOutput: string; target: string; targetInput: string }): string {
  return `${l.source}\u0000${l.sourceOutput}\u0000${l.target}\u0000${l.targetInput}`;
}

/** The area's signals besides its own: the Lit renderer's render and unmount signals. */
export type AreaExtra = LitArea2D<Schemes>;

/** The params of `def` that `linked` (a node's linked input names) drives: linked names that are params, not inputs. */
export function drivenParams(def: NodeDefinition | undefined, linked: ReadonlySet<string> | undefined): string[] {
  if (!def || !linked) return [];
  return [...linked].filter((k) => !Object.hasOwn(def.inputs, k) && Object.hasOwn(def.params, k)).sort();
}
