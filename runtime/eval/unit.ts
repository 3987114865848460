// What a schedule unit is. The compiler schedules four kinds of unit: per owner its pre step (the
// matrix before constraints), its stack (what its constraints or Owner Out make of it) and its final
// matrix; and one unit per compiled node. A unit id is a plain number, so the scheduler, the dirty
// marks and the step profile index flat typed arrays by it: owner i has pre 3i, stack 3i + 1 and
// final 3i + 2; compiled node j is 3·owners + j. `UnitTable` is the only place that knows this.

export type UnitKind = 'pre' | 'stack' | 'final' | 'node';

/** A schedule unit: an index into the program's units (made only by a `UnitTable`). */
export type UnitId = number & { readonly __unit: never };

const OWNER_KINDS = ['pre', 'stack', 'final'] as const;
type OwnerUnitKind = (typeof OWNER_KINDS)[number];

export class UnitTable {
  /** Every unit: 3 per owner, then 1 per node. */
  readonly count: number;
  private byOwnerId: Map<string, number> | undefined;
  private byNodeId: Map<string, number> | undefined;

  constructor(
    /** The owners' ids, in owner order. */
    readonly ownerIds: readonly string[],
    /** The compiled nodes' ids, in the order their units are numbered. */
    readonly nodeIds: readonly string[],
  ) {
    this.count = 3 * ownerIds.length + nodeIds.length;
  }

  pre(owner: number): UnitId {
    return (3 * owner) as UnitId;
  }

  stack(owner: number): UnitId {
    return (3 * owner + 1) as UnitId;
  }

  final(owner: number): UnitId {
    return (3 * owner + 2) as UnitId;
  }

  node(index: number): UnitId {
    return (3 * this.ownerIds.length + index) as UnitId;
  }

  kind(u: UnitId): UnitKind {
    return u >= 3 * this.ownerIds.length ? 'node' : OWNER_KINDS[u % 3];
  }

  /** The owner index of an owner unit; -1 for a node unit. */
  ownerOf(u: UnitId): number {
    return u < 3 * this.ownerIds.length ? Math.floor(u / 3) : -1;
  }

  /** The node index of a node unit; -1 for an owner unit. */
  nodeOf(u: UnitId): number {
    return u >= 3 * this.ownerIds.length ? u - 3 * this.ownerIds.length : -1;
  }

  /** The id of the owner or node the unit belongs to. */
  idOf(u: UnitId): string {
    const n = this.nodeOf(u);
    return n >= 0 ? this.nodeIds[n] : this.ownerIds[this.ownerOf(u)];
  }

  /** An owner's unit of a kind by owner id; undefined when the owner is not in the program. */
  ofOwner(ownerId: string, kind: OwnerUnitKind): UnitId | undefined {
    this.byOwnerId ??= new Map(this.ownerIds.map((id, i) => [id, i]));
    const i = this.byOwnerId.get(ownerId);
    return i === undefined ? undefined : ((3 * i + OWNER_KINDS.indexOf(kind)) as UnitId);
  }

  /** A node's unit by node id; undefined when the node was not compiled. */
  ofNode(nodeId: string): UnitId | undefined {
    this.byNodeId ??= new Map(this.nodeIds.map((id, j) => [id, j]));
    const j = this.byNodeId.get(nodeId);
    return j === undefined ? undefined : this.node(j);
  }

  /** A unit as people read it (`pre:hand.L`, `node:ik`): for reports, never parsed back. */
  label(u: UnitId): string {
    return `${this.kind(u)}:${this.idOf(u)}`;
  }

  /** Whether `u` is a unit of this table. */
  has(u: number): u is UnitId {
    return Number.isInteger(u) && u >= 0 && u < this.count;
  }
}
