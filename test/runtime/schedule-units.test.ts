// The schedule phase (runtime/eval/schedule-units.ts) on the bench rigs: the order it gives keeps
// every edge (what a unit reads is written before it), and the owner edges it adds are there.
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/eval/compile';
import type { UnitId } from '../../runtime/eval/unit';
import { parentOwnerOf } from '../../runtime/rig/rig';
import { humanoid, largeRig } from '../bench/rigs';

describe('schedule units', () => {
  for (const rig of [humanoid(), largeRig()]) {
    it(`${rig.name}: every edge runs from an earlier unit to a later one, and owners run pre → stack → final after their parent`, () => {
      const p = compile(rig.graph, rig.scene);
      expect(p.schedule.cycles).toEqual([]);
      const { units, from, to } = p.dependencies!;
      const at = new Map(p.schedule.order.map((label, k) => [label, k]));
      expect(at.size).toBe(units.count);
      const pos = (u: UnitId) => at.get(units.label(u))!;
      for (let e = 0; e < from.length; e++) expect(pos(from[e] as UnitId)).toBeLessThan(pos(to[e] as UnitId));
      const edges = new Set(Array.from(from, (f, e) => `${f}>${to[e]}`));
      p.owners.forEach((o, i) => {
        expect(edges.has(`${units.pre(i)}>${units.stack(i)}`)).toBe(true);
        expect(edges.has(`${units.stack(i)}>${units.final(i)}`)).toBe(true);
        const parent = parentOwnerOf(o);
        if (parent) {
          const pi = p.owners.indexOf(parent);
          expect(edges.has(`${units.final(pi)}>${units.pre(i)}`) || edges.has(`${units.stack(pi)}>${units.pre(i)}`)).toBe(true);
        }
      });
      // Steps are in schedule order, one per unit at most.
      const stepPos = p.steps.map((s) => pos(s.unit));
      expect(stepPos).toEqual([...stepPos].sort((a, b) => a - b));
      expect(new Set(p.steps.map((s) => s.unit)).size).toBe(p.steps.length);
    });
  }
});
