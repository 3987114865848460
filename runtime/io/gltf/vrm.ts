// VRMC_node_constraint (VRM 1.0) as Sinew nodes. Each constrained node gets a stack
// Owner In → constraint → Owner Out, its source read as an Owner:
//
// - aim      → Damped Track (the smallest rotation that points the aim axis at the source, from the
//              stack so far: the spec's "smallest possible rotation" from the rest orientation), WORLD.
// - rotation → Copy Rotation LOCAL → LOCAL, all three axes, REPLACE: the spec says it "expects the
//              same behaviour as Blender's Local-Local Copy Rotation".
// - roll     → Transformation: the source's rotation in LOCAL_OWNER_ORIENT space (its rotation from
//              rest, turned into the destination's rest axes), split by SWING_TWIST_<axis>; the twist
//              angle is mapped one to one onto the destination's rotation about that axis (REPLACE).
//              That is the spec's "minimum rotation which makes the roll axis direct at the same
//              direction", removed from the source's rotation.
// weight → influence. Blender blends by influence in world space, VRM slerps from the destination's
// rest rotation: the same whenever the destination's own pose is its rest (the case VRM describes).
import type { GraphLink, GraphNode } from '../../../graph/types';
import type { GltfJson } from './types';

export type VrmConstraintKind = 'aim' | 'roll' | 'rotation';

export interface VrmConstraint {
  /** The constrained (destination) node. */
  node: number;
  kind: VrmConstraintKind;
  source: number;
  /** aim: PositiveX … NegativeZ; roll: X, Y or Z. */
  axis?: string;
  weight: number;
}

const AIM_AXES: Record<string, string> = {
  PositiveX: 'TRACK_X', NegativeX: 'TRACK_NEGATIVE_X',
  PositiveY: 'TRACK_Y', NegativeY: 'TRACK_NEGATIVE_Y',
  PositiveZ: 'TRACK_Z', NegativeZ: 'TRACK_NEGATIVE_Z',
};

/** The VRMC_node_constraint constraints of a file; ones that cannot be read are named in `notes`. */
export function readVrmConstraints(json: GltfJson, notes: string[]): VrmConstraint[] {
  const out: VrmConstraint[] = [];
  const count = json.nodes?.length ?? 0;
  (json.nodes ?? []).forEach((n, i) => {
    const ext = n.extensions?.VRMC_node_constraint as { specVersion?: string; constraint?: Record<string, { source?: number; aimAxis?: string; rollAxis?: string; weight?: number }> } | undefined;
    if (!ext) return;
    const c = ext.constraint ?? {};
    const kinds = (['aim', 'roll', 'rotation'] as const).filter((k) => c[k]);
    if (kinds.length !== 1) return void notes.push(`node ${i}: VRMC_node_constraint must hold exactly one of aim, roll, rotation; skipped`);
    const kind = kinds[0];
    const body = c[kind];
    const source = body.source;
    if (!Number.isInteger(source) || source! < 0 || source! >= count || source === i) {
      return void notes.push(`node ${i}: VRMC_node_constraint ${kind} has source ${source}, which is not another node; skipped`);
    }
    const axis = kind === 'aim' ? body.aimAxis : kind === 'roll' ? body.rollAxis : undefined;
    if (kind === 'aim' && !(axis && axis in AIM_AXES)) return void notes.push(`node ${i}: aimAxis "${axis}" is not one of ${Object.keys(AIM_AXES).join(', ')}; skipped`);
    if (kind === 'roll' && !(axis === 'X' || axis === 'Y' || axis === 'Z')) return void notes.push(`node ${i}: rollAxis "${axis}" is not X, Y or Z; skipped`);
    const w = typeof body.weight === 'number' && Number.isFinite(body.weight) ? body.weight : 1;
    if (w < 0 || w > 1) notes.push(`node ${i}: weight ${w} clamped to 0…1`);
    if (ext.specVersion !== undefined && ext.specVersion !== '1.0') notes.push(`node ${i}: VRMC_node_constraint specVersion "${ext.specVersion}" read as 1.0`);
    out.push({ node: i, kind, source: source!, axis, weight: Math.min(1, Math.max(0, w)) });
  });
  return out;
}

/** Graph nodes and links for the constraints; `ownerOf` names the owner a glTF node became. */
export function vrmConstraintGraph(
  constraints: VrmConstraint[],
  ownerOf: (node: number) => string,
  isBone: (node: number) => boolean,
): { nodes: GraphNode[]; links: GraphLink[] } {
  const nodes: GraphNode[] = [];
  const links: GraphLink[] = [];
  const link = (from: string, fromSocket: string, to: string, toSocket: string) => links.push({ from: { node: from, socket: fromSocket }, to: { node: to, socket: toSocket } });
  constraints.forEach((c, i) => {
    const y = i * 200;
    const id = `vrm${i}`;
    const dst = ownerOf(c.node);
    const src = ownerOf(c.source);
    nodes.push({ id: `${id}-in`, type: 'owner/input', position: [0, y], params: { owner: dst } });
    nodes.push({ id: `${id}-source`, type: 'owner/read', position: [0, y + 100], params: { owner: src } });
    nodes.push({ id: `${id}-${c.kind}`, position: [280, y], ...constraintNode(c, isBone(c.source)) });
    nodes.push({ id: `${id}-out`, type: 'owner/output', position: [560, y], params: { owner: dst } });
    link(`${id}-in`, 'transform', `${id}-${c.kind}`, 'owner');
    link(`${id}-source`, 'transform', `${id}-${c.kind}`, 'target');
    link(`${id}-${c.kind}`, 'owner', `${id}-out`, 'transform');
  });
  return { nodes, links };
}

function constraintNode(c: VrmConstraint, sourceIsBone: boolean): Pick<GraphNode, 'type' | 'params'> {
  const influence = c.weight;
  if (c.kind === 'aim') return { type: 'constraint/damped-track', params: { trackAxis: AIM_AXES[c.axis!], influence } };
  if (c.kind === 'rotation') {
    return { type: 'constraint/copy-rotation', params: { mixMode: 'REPLACE', ownerSpace: 'LOCAL', targetSpace: 'LOCAL', influence } };
  }
  const a = c.axis as 'X' | 'Y' | 'Z';
  const params: GraphNode['params'] = {
    mapFrom: 'ROTATION', fromRotationMode: `SWING_TWIST_${a}`, mapTo: 'ROTATION',
    mixModeRot: 'REPLACE', ownerSpace: 'LOCAL', targetSpace: sourceIsBone ? 'LOCAL_OWNER_ORIENT' : 'LOCAL', influence,
    [`mapTo${a}From`]: a,
    [`fromMin${a}Rot`]: -Math.PI, [`fromMax${a}Rot`]: Math.PI,
    [`toMin${a}Rot`]: -Math.PI, [`toMax${a}Rot`]: Math.PI,
  };
  return { type: 'constraint/transformation', params };
}
