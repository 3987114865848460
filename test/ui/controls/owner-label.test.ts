// Rig controls headings name the bone or object a property lives on, read against the scene: a "/"
// inside an object or bone name is part of the name.
import { describe, expect, it } from 'vitest';
import { ownerLabel } from '../../../ui/controls/owner-label';
import { SCENE_FORMAT, type SceneDocument } from '../../../runtime/rig/scene/types';

const bone = (name: string) => ({ name, length: 1, matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] });
const scene: SceneDocument = {
  format: SCENE_FORMAT, version: 1,
  objects: [{ name: 'Rig/Main', type: 'ARMATURE', bones: [bone('arm/L'), bone('data'), bone('torso')] }, { name: 'Ctrl', type: 'EMPTY' }],
};

describe('ownerLabel', () => {
  it.each([
    ['Rig/Main', 'Rig/Main'],
    ['Rig/Main/arm/L', 'arm/L'],
    ['Rig/Main/torso', 'torso'],
    ['Rig/Main/data', 'data'], // a pose bone named "data" is the bone
    ['Rig/Main/data/arm/L', 'arm/L (bone data)'],
    ['Ctrl', 'Ctrl'],
    ['scene:Scene', 'Scene Scene'],
    ['Gone/Bone', 'Gone/Bone'],
  ])('%s → %s', (owner, label) => { expect(ownerLabel(owner, scene)).toBe(label); });

  it('without a scene, the owner as it is', () => { expect(ownerLabel('Rig/Main/arm/L', undefined)).toBe('Rig/Main/arm/L'); });
});
