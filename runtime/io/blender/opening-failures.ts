// Drivers that fail when Blender opens the file. Blender evaluates the frame a file was saved at
// first, and a scripted driver that fails there (a division by a distance that is 0 in the saved
// pose) is flagged and skipped for the rest of the session, keeping the value it wrote, which the
// file holds. drivers.ts decides this for drivers whose variables the file gives; this pass decides
// it for the rest (Transform Channel, difference and evaluated-matrix variables) by evaluating the
// imported graph once at the saved frame, and takes each that fails out of the graph (the property
// keeps the file's value). A driver another driver reads is left in: its reader would lose the value.
import type { GraphDocument } from '../../../graph/types';
import { compile } from '../../eval/compile';
import { openingFailure, type ImportedDriver } from './drivers';
import type { SceneDocument } from '../../rig/scene/types';

/** Takes the failing drivers out of `graph` (in place); returns `driver …: reason` for each. */
export function dropOpeningFailures(graph: GraphDocument, scene: SceneDocument, drivers: readonly ImportedDriver[]): string[] {
  const frame = scene.frame_current ?? 1;
  const undecided = drivers.filter((d) => !d.openingDecided && d.program.expression !== null && graph.nodes.some((n) => n.id === `drv:${d.index}`));
  if (undecided.length === 0) return [];
  let failing: ImportedDriver[];
  try {
    const program = compile(graph, scene).evaluate(frame);
    failing = undecided.filter((d) => program.socketValue(`drv:${d.index}`, 'output', 'failed')?.view[0] === 1);
  } catch {
    // A graph that does not compile is reported by the import's own check; nothing is decided here.
    return [];
  }
  const out: string[] = [];
  for (const d of failing) {
    const id = `drv:${d.index}`;
    const feedsDriver = graph.links.some((l) => l.from.node === id && l.to.node.startsWith('drv:'));
    if (feedsDriver) continue;
    // The driver node and what only it uses (its per-variable reader nodes `drv:N:varK`).
    const mine = (node: string) => node === id || node.startsWith(`${id}:`);
    graph.nodes.splice(0, graph.nodes.length, ...graph.nodes.filter((n) => !mine(n.id)));
    graph.links.splice(0, graph.links.length, ...graph.links.filter((l) => !mine(l.from.node) && !mine(l.to.node)));
    out.push(`driver ${d.source.owner.object}: ${d.source.key}: ${openingFailure(frame, 'evaluated there')}`);
  }
  return out;
}
