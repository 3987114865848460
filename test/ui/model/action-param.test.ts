// Choosing the Action constraint's action in the editor (test/ui/fixtures/two-actions.sinew.json:
// a jaw bone driven by a control through action "Open"; the scene also has "Smile"): one undoable
// set-param edit that the live program takes by binding the node again, giving the pose a program
// compiled with that action gives; a name the scene lacks keeps the node out with an error naming it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setParam } from '../../../graph/edits';
import type { GraphDocument } from '../../../graph/types';
import { compile } from '../../../runtime/eval/compile';
import type { SceneDocument } from '../../../runtime/rig/scene/types';
import { openDocument } from '../../../ui/model/document-io';
import { Session } from '../../../ui/model/session';

const text = readFileSync(join(__dirname, '../fixtures/two-actions.sinew.json'), 'utf8');
const file = JSON.parse(text) as GraphDocument & { scene: SceneDocument };

function session(): Session {
  const s = new Session();
  const opened = openDocument(text, s.catalog);
  if (!opened.ok || opened.kind !== 'graph') throw new Error('the fixture did not open');
  s.load(opened.graph, file.scene);
  return s;
}

/** The jaw's final matrix from a program compiled afresh with the node's action set to `name`. */
function compiledWith(name: string): number[] {
  const graph = { ...file, nodes: file.nodes.map((n) => (n.id === 'act' ? { ...n, params: { ...n.params, action: name } } : n)) };
  const program = compile(graph, file.scene).evaluate(1);
  return Array.from(program.owners.find((o) => o.id === 'Face/Jaw')!.final);
}

const jaw = (s: Session) => Array.from(s.rig.matrix('Face/Jaw')!);

describe('the Action node: choosing its action', () => {
  it('rebinds the live program to the chosen action, with the pose a fresh compile gives; undo and redo follow', () => {
    const s = session();
    const open = jaw(s);
    expect(open).toEqual(compiledWith('Open'));
    const program = s.rig.program;
    s.perform(setParam('act', 'action', 'Smile'));
    expect(s.rig.program).toBe(program); // bound again, not compiled again
    const smile = jaw(s);
    expect(smile).toEqual(compiledWith('Smile'));
    expect(Math.max(...smile.map((v, i) => Math.abs(v - open[i])))).toBeGreaterThan(0.1);
    s.undo();
    expect(s.graph.nodes.find((n) => n.id === 'act')!.params.action).toBe('Open');
    expect(jaw(s)).toEqual(open);
    s.redo();
    expect(jaw(s)).toEqual(smile);
  });

  it('a name the scene lacks: the node is left out with an error naming it and the actions there are; undo brings it back', () => {
    const s = session();
    const open = jaw(s);
    s.perform(setParam('act', 'action', 'Gone'));
    expect(s.rig.issues.get('act')).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('action "Gone" is not in the scene\'s actions (it has "Open", "Smile")') })]);
    s.undo();
    expect(s.rig.issues.get('act')).toBeUndefined();
    expect(jaw(s)).toEqual(open);
  });

  it('the empty choice passes the owner through', () => {
    const s = session();
    s.perform(setParam('act', 'action', ''));
    expect(s.graph.nodes.find((n) => n.id === 'act')!.params.action).toBe('');
    expect(jaw(s)).toEqual(compiledWith(''));
  });
});
