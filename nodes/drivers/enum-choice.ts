// nodes/drivers/enum-choice.ts — a driver's value as the choice Blender's enum property takes: a
// driver writes a whole number into an enum setting (a constraint's Mix mode, its owner space), the
// item with that value (animsys_write_rna_setting), and this node turns it into the position of
// that item among the driven param's choices, which the param link reads (runtime/eval/driven-params.ts).
import { defineNode, float, param } from '../define';

interface State {
  /** Blender's item values, and at the same index the position of that item among the param's choices. */
  values: Float64Array;
  positions: Float64Array;
}

export const enumChoice = defineNode({
  type: 'driver/enum-choice',
  label: 'Enum choice',
  category: 'Driver',
  doc: "Turns a driver's value into a choice of a driven setting: the setting's item whose Blender value is the driver's value, truncated, as Blender writes an enum. A value no item has leaves the setting as it is.",
  inputs: { value: float({ doc: "The driver's value: Blender's value of the item to choose." }) },
  outputs: { choice: float({ doc: 'The position of the chosen item among the driven param\u2019s choices (−1: none, and the param keeps its choice).' }) },
  params: {
    items: param.string('', 'The items as JSON, Blender\u2019s value of each and its position among the driven param\u2019s choices: [[0, 2], [1, 0], …].'),
  },
  bind: (env, p): State => {
    let pairs: unknown;
    try {
      pairs = JSON.parse(p.items.trim() === '' ? '[]' : p.items);
    } catch {
      return env.fail('the items are not valid JSON (a list of [Blender value, position] pairs)', 'items');
    }
    if (!Array.isArray(pairs) || !pairs.every((x) => Array.isArray(x) && x.length === 2 && x.every((n) => typeof n === 'number' && Number.isFinite(n)))) {
      return env.fail('the items must be a list of [Blender value, position] pairs of numbers', 'items');
    }
    const list = pairs as [number, number][];
    return { values: Float64Array.from(list, (x) => x[0]), positions: Float64Array.from(list, (x) => x[1]) };
  },
  kernel: (io, _p, s) => {
    const v = Math.trunc(io.in.value[0]);
    let out = -1;
    for (let i = 0; i < s.values.length; i++) {
      if (s.values[i] === v) { out = s.positions[i]; break; }
    }
    io.out.choice[0] = out;
  },
});
