// Owners are named `Object` and `Object/Bone`, and Blender lets a name hold "/": two owners that
// would share an id are refused when the rig is built (a scene handed to `compile` without
// loadScene's checks), naming both, and a bone listed twice in one armature keeps its own message.
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT } from '../../../graph/types';
import { compile } from '../../../runtime/eval/compile';
import { CompileFailure } from '../../../runtime/eval/errors';
import { SCENE_FORMAT, type SceneDocument } from '../../../runtime/rig/scene/types';

const bone = (name: string) => ({ name, length: 1, matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] });

function refusal(objects: SceneDocument['objects']): string[] {
  try {
    compile({ format: GRAPH_FORMAT, version: 1, nodes: [], links: [] }, { format: SCENE_FORMAT, version: 1, objects });
  } catch (e) {
    if (e instanceof CompileFailure) return e.errors.map((x) => `${x.pointer}: ${x.message}`);
    throw e;
  }
  return [];
}

describe('owner ids', () => {
  it('an object named as another armature\'s bone is as an owner', () => {
    expect(refusal([{ name: 'A', type: 'ARMATURE', bones: [bone('B')] }, { name: 'A/B', type: 'EMPTY' }])).toEqual([
      '/scene/objects/1/name: object "A/B" and bone "B" of "A" would both be "A/B" (Sinew names a bone "Object/Bone"): rename one of them',
    ]);
  });

  it('two armatures\' bones ("A" + "B/C", "A/B" + "C")', () => {
    expect(refusal([{ name: 'A', type: 'ARMATURE', bones: [bone('B/C')] }, { name: 'A/B', type: 'ARMATURE', bones: [bone('C')] }])).toEqual([
      '/scene/objects/1/bones/0/name: bone "C" of "A/B" and bone "B/C" of "A" would both be "A/B/C" (Sinew names a bone "Object/Bone"): rename one of them',
    ]);
  });

  it('a bone listed twice in one armature', () => {
    expect(refusal([{ name: 'A', type: 'ARMATURE', bones: [bone('B'), bone('B')] }])).toEqual(['/scene/objects/0/bones/1/name: bone name "B" is used twice in "A"']);
  });

  it('a slash in a name is fine until two owners meet: "Rig/Main" beside "Rig" + "Main", not beside "Rig" + "Other"', () => {
    expect(refusal([{ name: 'Rig/Main', type: 'ARMATURE', bones: [bone('arm/L')] }, { name: 'Rig', type: 'ARMATURE', bones: [bone('Main')] }])).toEqual([
      '/scene/objects/1/bones/0/name: bone "Main" of "Rig" and object "Rig/Main" would both be "Rig/Main" (Sinew names a bone "Object/Bone"): rename one of them',
    ]);
    expect(refusal([{ name: 'Rig/Main', type: 'ARMATURE', bones: [bone('arm/L')] }, { name: 'Rig', type: 'ARMATURE', bones: [bone('Other')] }])).toEqual([]);
  });
});
