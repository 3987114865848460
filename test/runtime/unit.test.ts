import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnitTable, type UnitId, type UnitKind } from '../../runtime/eval/unit';

const ids = (prefix: string) => fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 30 }).map((a) => a.map((s) => prefix + s));

describe('schedule units', () => {
  it('are distinct per owner and kind and per node, cover 0..count-1, and round-trip to their owner or node', () => {
    fc.assert(
      fc.property(ids('o'), ids('n'), (owners, nodes) => {
        const t = new UnitTable(owners, nodes);
        const all: { u: UnitId; kind: UnitKind; id: string }[] = [];
        owners.forEach((id, i) => {
          for (const kind of ['pre', 'stack', 'final'] as const) all.push({ u: t[kind](i), kind, id });
        });
        nodes.forEach((id, j) => all.push({ u: t.node(j), kind: 'node', id }));
        expect(new Set(all.map((a) => a.u)).size).toBe(all.length);
        expect(all.length).toBe(t.count);
        for (const { u, kind, id } of all) {
          expect(t.has(u)).toBe(true);
          expect(t.kind(u)).toBe(kind);
          expect(t.idOf(u)).toBe(id);
          if (kind === 'node') {
            expect(t.ofNode(id)).toBe(u);
            expect(t.ownerOf(u)).toBe(-1);
            expect(nodes[t.nodeOf(u)]).toBe(id);
          } else {
            expect(t.ofOwner(id, kind)).toBe(u);
            expect(t.nodeOf(u)).toBe(-1);
            expect(owners[t.ownerOf(u)]).toBe(id);
          }
        }
        expect(t.has(t.count)).toBe(false);
        expect(t.has(-1)).toBe(false);
      }),
    );
  });

  it('do not confuse an owner and a node of the same id', () => {
    const t = new UnitTable(['x'], ['x']);
    expect(t.ofNode('x')).not.toBe(t.ofOwner('x', 'pre'));
    expect(t.label(t.ofNode('x')!)).toBe('node:x');
    expect(t.label(t.ofOwner('x', 'final')!)).toBe('final:x');
    expect(t.ofOwner('y', 'pre')).toBeUndefined();
    expect(t.ofNode('y')).toBeUndefined();
  });
});
