"""Rigify's quadruped rigs (wolf, horse) as conformance cases, with the shared human generator's machinery.

Rigify's wolf or horse metarig -> "Generate Rig" in Blender 3.4.1, then random animator poses, written as
"blender-constraint-fixture/1" cases with the rig additions (drivers, custom properties, Armature
targets, bone flags): everything exactly as ../../../../../../shared/conformance/tools/gen_rigify.py
does for the human rig (it is imported, not modified); only the metarig, the posed controls and the
limbs whose IK/FK, pole and stretch switches are cycled differ. The quadrupeds bring what the human
rig does not: 2-bone leg chains whose tip (the shin) is hinge-locked (lock_ik_y/z), each leg with
two IK constraints on one bone (with and without a pole, a driver mutes one), chains without poles,
IK chains that feed each other (MCH-foot_ik3 targets the bone the MCH-*_ik2 chain is solved for),
and (horse) a 4-bone neck IK with stretch.

    blender -b --factory-startup --python gen-rigify-quadruped.py -- --metarig wolf|horse|cat|basic_quadruped [--out DIR] [--cases N] [--quiet]

(default --out: the folder of that name next to this script). Two runs write byte-identical files.
"""
import math
import os
import random
import sys

import bpy
import addon_utils

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.environ.get('SINEW_FIXTURE_TOOLS', os.path.join(HERE, '../../../../../../shared/conformance/tools'))
sys.path.insert(0, TOOLS)
sys.dont_write_bytecode = True
import gen_rigify as R  # noqa: E402
import gen_fixtures as G  # noqa: E402

METARIG = 'wolf'
if '--metarig' in sys.argv:
    i = sys.argv.index('--metarig')
    METARIG = sys.argv[i + 1]
    del sys.argv[i:i + 2]
if METARIG not in ('wolf', 'horse', 'cat', 'basic_quadruped'):
    raise SystemExit('--metarig wolf, horse, cat or basic_quadruped')
R.CATEGORY = 'rigify_' + METARIG
R.GENERATOR = 'gen-rigify-quadruped.py --metarig %s (with gen_rigify.py)' % METARIG
R.DEFAULT_OUT = os.path.join(HERE, METARIG)
R.N_CASES = 4

SIDES = ('L', 'R')
R.CONTROLS = [
    ('root', ('yaw', 40), 0.4, None),
    ('torso', 15, 0.1, None),
    ('hips', 20, 0.0, None),
    ('chest', 20, 0.0, 'uniform'),
    ('spine_fk', 10, 0.0, None), ('spine_fk.001', 10, 0.0, None), ('spine_fk.002', 10, 0.0, None),
    ('spine_fk.003', 10, 0.0, None), ('spine_fk.004', 10, 0.0, None), ('spine_fk.005', 10, 0.0, None),
    ('spine_fk.006', 15, 0.0, None), ('spine_fk.007', 15, 0.0, None), ('spine_fk.008', 15, 0.0, None),
    ('tweak_spine', 8, 0.02, 'xz'), ('tweak_spine.002', 8, 0.02, 'xz'), ('tweak_spine.004', 8, 0.02, 'xz'),
    ('neck', 30, 0.0, None),
    ('head', 30, 0.0, 'uniform'),
    ('jaw_master', ('bend', -25, 5), 0.0, None),
    ('ear.S', 20, 0.0, None),
    ('shoulder.S', 15, 0.0, None),
    ('thigh_fk.S', 40, 0.0, None), ('shin_fk.S', ('bend', -5, 90), 0.0, None), ('foot_fk.S', 30, 0.0, 'uniform'),
    ('toe.S', 25, 0.0, None),
    ('thigh_ik.S', 25, 0.0, None),
    ('foot_ik.S', 30, 0.25, None),
    ('foot_heel_ik.S', 30, 0.0, None),
    ('thigh_ik_target.S', 0, 0.3, None),
    ('thigh_tweak.S.001', 8, 0.03, 'xz'), ('shin_tweak.S', 8, 0.03, 'xz'), ('foot_tweak.S', 8, 0.02, 'xz'),
    ('front_thigh_fk.S', 40, 0.0, None), ('front_shin_fk.S', ('bend', -5, 90), 0.0, None),
    ('front_foot_fk.S', 30, 0.0, 'uniform'),
    ('front_toe.S', 25, 0.0, None),
    ('front_thigh_ik.S', 25, 0.0, None),
    ('front_foot_ik.S', 30, 0.25, None),
    ('front_foot_heel_ik.S', 30, 0.0, None),
    ('front_thigh_ik_target.S', 0, 0.3, None),
    ('front_shin_tweak.S', 8, 0.03, 'xz'), ('front_foot_tweak.S', 8, 0.02, 'xz'),
    # the horse's names (control_names keeps the ones the rig has)
    ('chest.001', 15, 0.0, None), ('neck_bend', 20, 0.0, None),
    ('tweak_neck.001', 8, 0.02, 'xz'), ('tweak_neck.002', 8, 0.02, 'xz'), ('tweak_neck.003', 8, 0.02, 'xz'),
    ('hind_foot_ik.S', 30, 0.25, None), ('hind_foot_heel_ik.S', 30, 0.0, None), ('r_toe_ik.S', 25, 0.0, None),
    ('upper_arm_ik.S', 25, 0.0, None), ('forefoot_ik.S', 30, 0.25, None), ('forefoot_heel_ik.S', 30, 0.0, None),
    ('f_toe_ik.S', 25, 0.0, None), ('upper_arm_ik_target.S', 0, 0.3, None),
    ('upper_arm_fk.S', 40, 0.0, None), ('forearm_fk.S', ('bend', -5, 90), 0.0, None),
]
LIMBS = [('thigh_parent.L', 0), ('thigh_parent.R', 1), ('front_thigh_parent.L', 2), ('front_thigh_parent.R', 3),
         ('upper_arm_parent.L', 2), ('upper_arm_parent.R', 3)]


def build_rig():
    if bpy.context.object and bpy.context.object.mode != 'OBJECT':
        bpy.ops.object.mode_set(mode='OBJECT')
    for o in list(bpy.data.objects):
        bpy.data.objects.remove(o, do_unlink=True)
    for coll in (bpy.data.meshes, bpy.data.cameras, bpy.data.lights, bpy.data.armatures):
        for d in list(coll):
            coll.remove(d)
    G.scene().frame_set(1)
    addon_utils.enable('rigify', default_set=True)
    getattr(bpy.ops.object, 'armature_%s_metarig_add' % METARIG)()
    r = bpy.ops.pose.rigify_generate()
    if r != {'FINISHED'}:
        raise RuntimeError("rigify_generate failed: %r" % (r,))
    rig = bpy.data.objects[R.RIG]
    for o in list(bpy.data.objects):
        if o is not rig:
            bpy.data.objects.remove(o, do_unlink=True)
    for coll in list(bpy.data.collections):
        if not coll.all_objects:
            bpy.data.collections.remove(coll)
    for d in list(bpy.data.meshes):
        if d.users == 0:
            bpy.data.meshes.remove(d)
    for a in list(bpy.data.armatures):
        if a.users == 0:
            bpy.data.armatures.remove(a)
    bpy.context.view_layer.objects.active = rig
    if rig.mode != 'OBJECT':
        bpy.ops.object.mode_set(mode='OBJECT')
    if rig.pose.ik_solver != 'LEGACY' or rig.data.pose_position != 'POSE':
        raise RuntimeError("unexpected rig settings")
    G.full_update()
    return rig, 0.0


def set_custom_props(rig, rng, seed):
    """gen_rigify.set_custom_props with the quadruped's four legs as the cycled limbs."""
    changed = {}
    for pb in rig.pose.bones:
        for k, v in R.custom_props(pb).items():
            if not isinstance(v, (int, float)) or isinstance(v, bool):
                continue
            ui = R.ui_range(pb, k) or {}
            lo, hi = ui.get('min', 0), ui.get('max', 1)
            limb = dict(LIMBS).get(pb.name)
            if limb is not None and k == 'IK_FK':
                new = [0.0, 1.0, round(rng.uniform(0.05, 0.95), 3)][(seed + limb) % 3]
            elif limb is not None and k == 'pole_vector':
                new = (seed // 3 + limb) % 2
            elif limb is not None and k == 'IK_Stretch':
                r = rng.random()
                new = 1.0 if r < 0.45 else (0.0 if r < 0.75 else round(rng.uniform(0.05, 0.95), 3))
            elif rng.random() < 0.5:
                continue
            elif isinstance(v, int):
                new = rng.randint(int(lo), int(hi))
            else:
                r = rng.random()
                smax = ui.get('soft_max', hi)
                new = float(lo) if r < 0.25 else (float(smax) if r < 0.45 else round(rng.uniform(lo, smax), 3))
            new = int(new) if isinstance(v, int) else float(new)
            if new != v:
                pb[k] = new
                changed[(pb.name, k)] = new
    return changed


_random_pose = R.random_pose


def random_pose(rig, seed, attempt):
    return _random_pose(rig, seed, attempt).replace('human', METARIG)


def experiment_connected_location(rig):
    """Not repeated here (gen_rigify.py runs it on the human rig's bones)."""
    return {"bones": [], "rule": "see the human rig's experiments.json", "holds": True}


R.build_rig = build_rig
R.experiment_connected_location = experiment_connected_location
R.set_custom_props = set_custom_props
R.random_pose = random_pose

if __name__ == '__main__':
    rc = 0
    try:
        R.main()
    except SystemExit as e:
        rc = e.code if isinstance(e.code, int) else 1
    except Exception:
        import traceback
        traceback.print_exc()
        rc = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(rc)
