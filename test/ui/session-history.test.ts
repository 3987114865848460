// The editor's one history over graph and scene edits (ui/model/session.ts, session-edits.ts,
// scene-edits.ts): a gizmo move, a rename and an import are undone in the order they were made,
// together with the graph edits around them, and a saved file reopens to the pose on screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveNode, setParam } from '../../graph/edits';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { openDocument } from '../../ui/model/document-io';
import { applySceneEdit, SceneEditError } from '../../ui/model/scene-edits';
import { Session } from '../../ui/model/session';

const examples = join(__dirname, '../../examples');
const graphText = readFileSync(join(examples, 'demo.sinew.json'), 'utf8');
const sceneDoc = JSON.parse(readFileSync(join(examples, 'rig.scene.json'), 'utf8')) as SceneDocument;

function demoSession(): Session {
  const s = new Session();
  const opened = openDocument(graphText, s.catalog);
  if (!opened.ok || opened.kind !== 'graph') throw new Error('the demo did not open');
  s.load(opened.graph, structuredClone(sceneDoc));
  return s;
}

/** Every owner's evaluated matrix, as plain numbers. */
function pose(s: Session): Record<string, number[]> {
  return Object.fromEntries(s.rig.ownerIds().map((id) => [id, Array.from(s.rig.matrix(id)!)]));
}

function state(s: Session) {
  return { graph: s.graph, scene: s.scene, inline: s.sceneInline, save: s.save() };
}

/** A world matrix: a translation, with a turn about Z so rotation is written back too. */
function world(x: number, y: number, z: number, angle: number): number[] {
  const c = Math.cos(angle), s = Math.sin(angle);
  return [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, x, y, z, 1];
}

describe('scene edits', () => {
  it('a moved object keeps its other keys and key order; the inverse gives the object back exactly', () => {
    const scene = structuredClone(sceneDoc);
    const before = JSON.stringify(scene);
    const { scene: moved, inverse } = applySceneEdit(scene, { kind: 'set-object-transform', object: 'LookTarget', transform: { location: [1, 2, 3], rotation_mode: 'XYZ', rotation_euler: [0, 0, 1], scale: [1, 1, 1] } });
    expect(JSON.stringify(scene)).toBe(before); // the input is not changed
    const look = moved.objects.find((o) => o.name === 'LookTarget')!;
    expect(look.location).toEqual([1, 2, 3]);
    expect(Object.keys(look)).toEqual(Object.keys(scene.objects.find((o) => o.name === 'LookTarget')!));
    expect(moved.objects.filter((o) => o.name !== 'LookTarget')).toEqual(scene.objects.filter((o) => o.name !== 'LookTarget'));
    expect(JSON.stringify(applySceneEdit(moved, inverse).scene)).toBe(before);
  });

  it('a rename takes the children along and refuses a name that is taken, empty or has a "/"', () => {
    const scene: SceneDocument = { format: 'sinew-scene', version: 1, objects: [{ name: 'A', type: 'EMPTY' }, { name: 'B', type: 'EMPTY', parent: 'A' }] };
    const { scene: renamed, inverse } = applySceneEdit(scene, { kind: 'rename-object', from: 'A', to: 'C' });
    expect(renamed.objects.map((o) => [o.name, o.parent])).toEqual([['C', undefined], ['B', 'C']]);
    expect(applySceneEdit(renamed, inverse).scene).toEqual(scene);
    for (const to of ['B', '', 'x/y']) expect(() => applySceneEdit(scene, { kind: 'rename-object', from: 'A', to })).toThrow(SceneEditError);
    expect(() => applySceneEdit(scene, { kind: 'rename-object', from: 'Z', to: 'Y' })).toThrow(/no object named "Z"/);
  });
});

describe('the session history over graph and scene edits', () => {
  it('a gizmo move is one undo step: the object and the pose go back, and Save refers to the scene file again', () => {
    const s = demoSession();
    const start = { ...state(s), pose: pose(s) };
    expect(start.inline).toBe(false);
    s.moveObject('LookTarget', world(0.3, -1.5, 1.9, 0.4), false);
    s.moveObject('LookTarget', world(0.5, -1.2, 2.1, 0.6), true);
    expect(s.history.undoLabel()).toBe('Move "LookTarget"');
    expect(s.scene!.objects.find((o) => o.name === 'LookTarget')!.location).toEqual([0.5, -1.2, 2.1]);
    expect(s.sceneInline).toBe(true);
    const moved = pose(s);
    expect(maxDiff(moved['Rig/Head'], start.pose['Rig/Head'])).toBeGreaterThan(1e-3);
    s.undo();
    expect(s.save()).toBe(start.save);
    expect(s.scene).toEqual(start.scene);
    expect(pose(s)).toEqual(start.pose);
    s.redo();
    expect(pose(s)).toEqual(moved);
  });

  it('a move to where the object already is (a press on the gizmo) makes no step', () => {
    const s = demoSession();
    const here = Array.from(s.rig.matrix('LookTarget')!);
    const before = s.document;
    expect(s.moveObject('LookTarget', here, true)).toBe(true);
    expect(s.history.canUndo()).toBe(false);
    expect(s.document).toEqual(before);
  });

  it('the saved file holds the moved scene and reopens, in a new session, to the same pose', () => {
    const s = demoSession();
    s.moveObject('HandTarget', world(0.7, -0.4, 1.1, 0.25), true);
    s.moveObject('ElbowPole', world(0.2, 0.9, 1.3, -0.5), true);
    const text = s.save();
    const fresh = new Session();
    const opened = openDocument(text, fresh.catalog);
    if (!opened.ok || opened.kind !== 'graph') throw new Error('the saved file did not open');
    expect(opened.scene).toBeDefined(); // inline: the browser cannot rewrite rig.scene.json
    fresh.load(opened.graph, opened.scene);
    expect(fresh.sceneInline).toBe(true);
    const a = pose(s), b = pose(fresh);
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    for (const id of Object.keys(a)) expect(maxDiff(a[id], b[id]), id).toBeLessThan(1e-12);
    expect(fresh.save()).toBe(text);
  });

  it('a rename changes the scene and every owner param naming it (bones too) in one step', () => {
    const s = demoSession();
    const start = state(s);
    s.renameObject('Rig', 'Body');
    expect(s.graph.nodes.find((n) => n.id === 'arm-in')!.params.owner).toBe('Body/Forearm.L');
    expect(s.rig.matrix('Body/Forearm.L')).toBeDefined();
    expect(s.rig.issues.size).toBe(0);
    s.undo();
    expect(state(s)).toEqual(start);
    expect(() => { s.renameObject('NoSuch', 'X'); }).toThrow(SceneEditError);
    expect(state(s)).toEqual(start); // a refused edit changes nothing and records nothing
    expect(s.history.canRedo()).toBe(true);
  });

  it('an import is undoable, and undo brings back the character drawn with the old scene', () => {
    const s = demoSession();
    let disposed = 0;
    const character = { object: {}, update() {}, dispose() { disposed++; } };
    s.setCharacter(character);
    const start = state(s);
    const other: SceneDocument = { format: 'sinew-scene', version: 1, objects: [{ name: 'Solo', type: 'EMPTY' }] };
    s.setScene(other);
    expect(s.character).toBeUndefined();
    expect(s.sceneInline).toBe(true);
    s.undo();
    expect(state(s)).toEqual(start);
    expect(s.character).toBe(character);
    expect(disposed).toBe(0);
    s.load(s.graph, s.scene); // a file opened: what the history held is let go
    expect(disposed).toBe(1);
  });

  it('random interleavings of graph and scene edits: undo all gives the start, redo all the end, pose included', () => {
    const ids = demoSession().graph.nodes.map((n) => n.id);
    const coord = fc.double({ min: -3, max: 3, noNaN: true });
    const edit: fc.Arbitrary<(s: Session) => void> = fc.oneof(
      fc.tuple(fc.constantFrom(...ids), coord, coord).map(([id, x, y]) => (s: Session) => { s.perform(moveNode(id, [x * 100, y * 100])); }),
      fc.tuple(fc.constantFrom('head-look', 'arm-ik'), fc.double({ min: 0, max: 1, noNaN: true })).map(([id, v]) => (s: Session) => { s.perform(setParam(id, 'influence', v)); }),
      fc.tuple(fc.nat(), coord, coord, coord, fc.double({ min: -3, max: 3, noNaN: true })).map(([i, x, y, z, a]) => (s: Session) => {
        // An empty the scene has now (a rename may have changed the names).
        const empties = s.scene!.objects.filter((o) => o.type === 'EMPTY');
        expect(s.moveObject(empties[i % empties.length].name, world(x, y, z, a), true)).toBe(true);
      }),
      fc.constantFrom('Prop', 'Drone').map((o) => (s: Session) => {
        const name = s.scene!.objects.some((x) => x.name === o) ? o : `${o}2`;
        s.renameObject(name, name === o ? `${o}2` : o);
      }),
      fc.constant((s: Session) => { s.setScene(structuredClone(sceneDoc), 'Import rig.scene.json'); }),
    );
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 12 }), (edits) => {
        const s = demoSession();
        const states = [{ ...state(s), pose: pose(s) }];
        for (const e of edits) {
          const before = s.document;
          e(s);
          // A move to where the object already is makes no step (a press on the gizmo).
          const after = s.document;
          if (after.graph === before.graph && after.scene === before.scene) continue;
          states.push({ ...state(s), pose: pose(s) });
        }
        for (let i = states.length - 2; i >= 0; i--) {
          s.undo();
          expect({ ...state(s), pose: pose(s) }).toEqual(states[i]);
        }
        expect(s.history.canUndo()).toBe(false);
        for (let i = 1; i < states.length; i++) {
          s.redo();
          expect({ ...state(s), pose: pose(s) }).toEqual(states[i]);
        }
      }),
      { numRuns: 40 },
    );
  });
});

function maxDiff(a: number[], b: number[]): number {
  return Math.max(...a.map((v, i) => Math.abs(v - b[i])));
}
