# Round-trip rigs, built in Blender by script (test/blender/*.test.ts):
#   blender -b --factory-startup --python rigs.py -- RIG OUT_DIR
# builds rig RIG, saves OUT_DIR/RIG.blend, and writes OUT_DIR/RIG.expected.json: Blender's own
# evaluated world matrices, {"frames": {"<frame>": {"Object": [16], "Armature/Bone": [16]}}},
# column-major, for every object and every bone (armature world · pose bone matrix), at each of
# the rig's frames. The .blend is saved first and the matrices are read after, from the same data.
import json
import math
import os
import sys

import bpy
from mathutils import Euler, Matrix, Vector


def scene():
    return bpy.context.scene


def link(o):
    scene().collection.objects.link(o)
    return o


def empty(name, loc=(0, 0, 0), rot=(0, 0, 0), scale=(1, 1, 1), parent=None):
    o = link(bpy.data.objects.new(name, None))
    o.location, o.rotation_euler, o.scale = loc, rot, scale
    if parent is not None:
        o.parent = parent
    return o


def armature(name, bones, loc=(0, 0, 0), rot=(0, 0, 0), scale=(1, 1, 1)):
    """bones: (name, head, tail, parent, connect, roll)"""
    arm = bpy.data.armatures.new(name + "Data")
    o = link(bpy.data.objects.new(name, arm))
    o.location, o.rotation_euler, o.scale = loc, rot, scale
    bpy.context.view_layer.objects.active = o
    bpy.ops.object.mode_set(mode='EDIT')
    for bname, head, tail, parent, connect, roll in bones:
        eb = arm.edit_bones.new(bname)
        eb.head, eb.tail, eb.roll = head, tail, roll
        if parent:
            eb.parent = arm.edit_bones[parent]
            eb.use_connect = connect
    bpy.ops.object.mode_set(mode='OBJECT')
    return o


def prop(holder, name, value, lo=None, hi=None, description=""):
    holder[name] = value
    kw = {"description": description}
    if lo is not None:
        kw.update(min=lo, max=hi, soft_min=lo, soft_max=hi)
    holder.id_properties_ui(name).update(**kw)


def driver(holder, path, index, expression, variables, kind='SCRIPTED'):
    fc = holder.driver_add(path, index) if index >= 0 else holder.driver_add(path)
    d = fc.driver
    d.type = kind
    if kind == 'SCRIPTED':
        d.expression = expression
    for spec in variables:
        v = d.variables.new()
        v.name = spec["name"]
        v.type = spec.get("type", 'SINGLE_PROP')
        for ti, t in enumerate(spec["targets"]):
            tg = v.targets[ti]
            if "id_type" in t:
                tg.id_type = t["id_type"]
            tg.id = t["id"]
            for k in ('data_path', 'bone_target', 'transform_type', 'transform_space', 'rotation_mode'):
                if k in t:
                    setattr(tg, k, t[k])
    return fc


# ---------------------------------------------------------------------------
# The rigs
# ---------------------------------------------------------------------------

def rig_handmade():
    """An arm with IK + pole, a multi-target Armature constraint, custom-property switches (set in
    the file, no driver: a switch's value is stored in the constraint it switches), and object and
    bone constraints of several kinds, on a transformed, rotated armature with connected bones."""
    arm = armature("Rig", [
        ("Root", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
        ("Spine", (0, 0, 0.5), (0, 0.05, 1.3), "Root", True, 0.1),
        ("Upper", (0.2, 0, 1.3), (0.7, 0.1, 1.2), "Spine", False, 0.3),
        ("Lower", (0.7, 0.1, 1.2), (1.2, 0.0, 1.25), "Upper", True, -0.2),
        ("Hand", (1.2, 0.0, 1.25), (1.4, 0.0, 1.25), "Lower", True, 0.0),
        ("Head", (0, 0.05, 1.3), (0, 0.05, 1.7), "Spine", True, 0.0),
        ("Follow", (-0.5, 0, 1.0), (-0.5, 0, 1.4), None, False, 0.0),
        ("Switched", (-0.8, 0, 0.2), (-0.8, 0.3, 0.2), "Root", False, 0.5),
        ("Stretch", (0.4, 0.4, 0.0), (0.4, 0.4, 0.6), "Root", False, 0.0),
    ], loc=(0.3, -0.2, 0.1), rot=(0.0, 0.0, 0.4), scale=(1.1, 1.1, 1.1))
    pb = arm.pose.bones
    # Poses, in several rotation modes; a location on a connected bone (Blender ignores it).
    pb["Spine"].rotation_mode = 'XYZ'
    pb["Spine"].rotation_euler = (0.15, -0.1, 0.2)
    pb["Spine"].location = (0.3, 0.1, -0.2)
    pb["Head"].rotation_mode = 'QUATERNION'
    pb["Head"].rotation_quaternion = (0.96, 0.1, -0.2, 0.15)
    pb["Switched"].rotation_mode = 'ZXY'
    pb["Switched"].rotation_euler = (0.3, 0.2, -0.4)
    pb["Switched"].scale = (1.0, 1.2, 0.9)
    pb["Root"].location = (0.05, 0.0, 0.1)
    arm.data.bones["Switched"].inherit_scale = 'ALIGNED'

    target = empty("HandTarget", loc=(1.0, -0.6, 1.6))
    pole = empty("Pole", loc=(0.6, -1.2, 0.6))
    look = empty("Look", loc=(0.5, -2.0, 2.2), rot=(0.2, 0.1, 0.3))
    parent_a = empty("ParentA", loc=(-1.0, 0.5, 0.5), rot=(0.1, 0.2, 0.3))
    child = empty("Child", loc=(0.2, 0.1, 0.3), rot=(0.3, 0.0, 0.1), scale=(1.0, 1.5, 1.0), parent=parent_a)
    on_bone = empty("OnHand", loc=(0.0, 0.1, 0.0))
    on_bone.parent = arm
    on_bone.parent_type = 'BONE'
    on_bone.parent_bone = "Hand"
    floor = empty("Floor", loc=(0, 0, -0.05))

    ik = pb["Hand"].constraints.new('IK')
    ik.target = target
    ik.pole_target = pole
    ik.pole_angle = -math.pi / 2
    ik.chain_count = 2
    ik.use_tail = False
    pb["Lower"].lock_ik_y = True
    pb["Upper"].ik_stretch = 0.0

    dt = pb["Head"].constraints.new('DAMPED_TRACK')
    dt.target = look
    dt.track_axis = 'TRACK_Y'
    dt.influence = 0.7

    lr = pb["Head"].constraints.new('LIMIT_ROTATION')
    lr.use_limit_x = True
    lr.min_x, lr.max_x = -0.3, 0.3
    lr.owner_space = 'LOCAL'

    # A multi-target Armature constraint (a parent switch, Rigify style), weights from a switch.
    prop(pb["Switched"], "parent_switch", 1, 0, 2, "0: Root, 1: Spine, 2: Head")
    prop(pb["Switched"], "blend", 0.35, 0.0, 1.0, "blend of the copy")
    ac = pb["Switched"].constraints.new('ARMATURE')
    for bone, w in (("Root", 0.2), ("Spine", 0.5), ("Head", 0.3)):
        t = ac.targets.new()
        t.target = arm
        t.subtarget = bone
        t.weight = w

    cr = pb["Follow"].constraints.new('COPY_ROTATION')
    cr.target = arm
    cr.subtarget = "Upper"
    cr.mix_mode = 'ADD'
    cr.owner_space = 'LOCAL'
    cr.target_space = 'LOCAL'
    cl = pb["Follow"].constraints.new('COPY_LOCATION')
    cl.target = parent_a
    cl.use_offset = True
    cl.influence = 0.35

    st = pb["Stretch"].constraints.new('STRETCH_TO')
    st.target = arm
    st.subtarget = "Hand"
    st.head_tail = 0.5

    # A mesh as a target (written as an EMPTY), and one kept in the file but linked to no scene.
    bpy.ops.mesh.primitive_cube_add(size=0.2, location=(0.4, -0.8, 1.9), rotation=(0.3, 0.2, 0.1))
    prop_mesh = bpy.context.active_object
    prop_mesh.name = "Prop"
    hidden = bpy.data.objects.new("Unlinked", None)
    hidden.location = (0.2, 0.3, -0.4)
    hidden.rotation_euler = (0.5, 0.0, 0.2)
    hidden.use_fake_user = True
    cp = on_bone.constraints.new('COPY_ROTATION')
    cp.target = prop_mesh
    cp.influence = 0.5
    cu = floor.constraints.new('COPY_ROTATION')
    cu.target = hidden
    ct = child.constraints.new('COPY_TRANSFORMS')
    ct.target = arm
    ct.subtarget = "Head"
    ct.mix_mode = 'AFTER'
    ct.influence = 0.5
    tt = look.constraints.new('TRACK_TO')
    tt.target = parent_a
    tt.track_axis = 'TRACK_NEGATIVE_Z'
    tt.up_axis = 'UP_Y'
    fl = target.constraints.new('FLOOR')
    fl.target = floor
    ll = pole.constraints.new('LIMIT_LOCATION')
    ll.use_min_z = True
    ll.min_z = 0.8
    tr = parent_a.constraints.new('TRANSFORM')
    tr.target = arm
    tr.subtarget = "Spine"
    tr.map_from = 'ROTATION'
    tr.map_to = 'LOCATION'
    tr.to_max_x = 0.5
    tr.from_max_x_rot = 1.0
    tr.target_space = 'LOCAL'
    return [1]


def rig_animated():
    """An action on the armature (bones: Euler, quaternion, location, scale; a CYCLES modifier;
    several interpolations and easings) and one on the IK target, under IK and Copy Rotation."""
    arm = armature("Anim", [
        ("Base", (0, 0, 0), (0, 0, 1), None, False, 0.0),
        ("Mid", (0, 0, 1), (0, 0.2, 2), "Base", True, 0.2),
        ("Tip", (0, 0.2, 2), (0, 0.3, 2.6), "Mid", True, 0.0),
        ("Side", (0.5, 0, 0.5), (0.5, 0, 1.2), "Base", False, 0.0),
    ], loc=(0.1, 0.2, 0.0))
    pb = arm.pose.bones
    pb["Mid"].rotation_mode = 'QUATERNION'
    target = empty("Goal", loc=(0.6, 0.5, 2.0))
    drift = empty("Drift", loc=(-0.5, 0, 1))

    scene().frame_set(1)
    # Armature bones
    for f, ang in ((1, 0.0), (10, 0.6), (20, -0.3)):
        pb["Base"].rotation_euler = (ang, 0.1 * ang, 0.0)
        pb["Base"].keyframe_insert("rotation_euler", frame=f)
    for f, q in ((1, (1, 0, 0, 0)), (12, (0.9, 0.3, 0.1, 0.0)), (24, (0.8, -0.2, 0.4, 0.1))):
        pb["Mid"].rotation_quaternion = q
        pb["Mid"].keyframe_insert("rotation_quaternion", frame=f)
    for f, loc in ((1, (0, 0, 0)), (8, (0.2, 0.1, -0.1)), (16, (-0.1, 0.3, 0.2))):
        pb["Side"].location = loc
        pb["Side"].keyframe_insert("location", frame=f)
    for f, s in ((1, 1.0), (12, 1.4)):
        pb["Side"].scale = (s, 1.0, 1.0 / s)
        pb["Side"].keyframe_insert("scale", frame=f)
    act = arm.animation_data.action
    for fc in act.fcurves:
        if fc.data_path.endswith('location'):
            for k in fc.keyframe_points:
                k.interpolation = 'SINE'
                k.easing = 'EASE_IN_OUT'
        if fc.data_path.endswith('scale'):
            fc.modifiers.new('CYCLES')
            for k in fc.keyframe_points:
                k.interpolation = 'LINEAR'
        if fc.data_path.endswith('rotation_euler') and fc.array_index == 0:
            fc.extrapolation = 'LINEAR'
        fc.update()
    # The IK goal moves, and the drifting object too (object actions).
    for f, loc in ((1, (0.6, 0.5, 2.0)), (10, (0.9, -0.3, 1.6)), (20, (0.2, 0.6, 2.3))):
        target.location = loc
        target.keyframe_insert("location", frame=f)
    for k in target.animation_data.action.fcurves[0].keyframe_points:
        k.interpolation = 'BACK'
        k.back = 1.5
    for f, z in ((1, 0.0), (15, 1.2)):
        drift.rotation_euler = (0.0, 0.0, z)
        drift.keyframe_insert("rotation_euler", frame=f)
    pole = empty("Knee", loc=(1.5, 0.4, 1.0))
    ik = pb["Tip"].constraints.new('IK')
    ik.target = target
    ik.pole_target = pole
    ik.pole_angle = 0.3
    ik.chain_count = 2
    cr = pb["Side"].constraints.new('COPY_ROTATION')
    cr.target = drift
    cr.influence = 0.5
    cr.mix_mode = 'BEFORE'
    scene().frame_set(1)
    return [1, 4, 7.5, 12, 19.25, 27]


def rig_rigify(pose=True, metarig='human', keep=False, before_generate=None):
    """Rigify's generated human rig from its metarig, posed through a few controls. `keep`: the
    file as an artist keeps it, the metarig and the widget meshes left in. `before_generate(metarig)`:
    changes the metarig first (and may generate it itself, returning True)."""
    import addon_utils
    if not any(m.__name__ == 'rigify' for m in addon_utils.modules()):
        print("rigs.py: the rigify add-on is not available in this Blender")
        sys.exit(3)
    # As shared/conformance/tools/gen_rigify.py builds it (default_set registers Rigify's parameters).
    addon_utils.enable('rigify', default_set=True)
    if metarig in ('human', 'human_face'):
        bpy.ops.object.armature_human_metarig_add()
        if metarig == 'human_face':
            # Rigify's newer face (skin chains, glue, B-Bones): what "Upgrade Face Rig" makes of the human's.
            if bpy.ops.pose.rigify_upgrade_face() != {'FINISHED'}:
                raise RuntimeError("rigify_upgrade_face failed")
    else:
        bpy.ops.object.armature_basic_quadruped_metarig_add() if metarig == 'quadruped' else getattr(bpy.ops.object, 'armature_%s_metarig_add' % metarig)()
    generated = before_generate is not None and before_generate(bpy.context.active_object)
    if not generated and bpy.ops.pose.rigify_generate() != {'FINISHED'}:
        raise RuntimeError("rigify_generate failed")
    rig = bpy.data.objects['rig']
    # The metarig and the widget meshes (custom shapes) take no part in the evaluation.
    for o in list(bpy.data.objects) if not keep else []:
        if o is not rig:
            bpy.data.objects.remove(o, do_unlink=True)
    bpy.context.view_layer.objects.active = rig
    if rig.mode != 'OBJECT':
        bpy.ops.object.mode_set(mode='OBJECT')
    if not pose:
        return [1]
    pb = rig.pose.bones

    def rot(name, e):
        b = pb[name]
        q = Euler(e, 'XYZ').to_quaternion()
        if b.rotation_mode == 'QUATERNION':
            b.rotation_quaternion = q
        elif b.rotation_mode == 'AXIS_ANGLE':
            axis, angle = q.to_axis_angle()
            b.rotation_axis_angle = (angle, axis[0], axis[1], axis[2])
        else:
            b.rotation_euler = q.to_euler(b.rotation_mode)
    rot("chest", (0.1, 0.05, 0.1))
    rot("neck", (0.15, 0.0, -0.1))
    rot("upper_arm_fk.L", (0.3, 0.1, 0.2))
    rot("forearm_fk.L", (0.6, 0.0, 0.0))
    pb["hand_ik.R"].location = (0.1, 0.05, -0.1)
    pb["foot_ik.L"].location = (0.0, 0.1, 0.08)
    rot("torso", (0.0, 0.0, 0.2))
    pb["upper_arm_parent.L"]["IK_FK"] = 1.0
    pb["thigh_parent.R"]["IK_FK"] = 0.5
    return [1]


def rig_quadruped(metarig='quadruped', wild=False, seed=0, placed=None, animated=False, scene_kept=False):
    """A Rigify rig generated from `metarig` (the basic quadruped by default; wolf, horse, cat, bird,
    shark, basic_human), posed through every control a little (seeded). `wild`: every control far
    (rotations up to 1.2 rad, locations up to 0.2, scales 0.7-1.4 where unlocked) and every custom
    property of the pose bones set to a random value of its range (the IK/FK switches, IK stretch,
    parent switches, follow and the rest), so the IK chains and switches run far from rest."""
    import random
    rig_rigify(False, metarig, scene_kept)
    rig = bpy.data.objects['rig']
    if scene_kept:
        # A body skinned to the deforming bones (a vertex at each one's head, weighted to it and its
        # parent), as automatic weights would leave it; the metarig and widgets stay.
        defs = [b for b in rig.data.bones if b.name.startswith('DEF-')]
        mesh = bpy.data.meshes.new("BodyMesh")
        mesh.from_pydata([tuple(b.head_local) for b in defs], [], [])
        body = link(bpy.data.objects.new("Body", mesh))
        body.parent = rig
        body.modifiers.new("Armature", 'ARMATURE').object = rig
        for i, b in enumerate(defs):
            body.vertex_groups.new(name=b.name).add([i], 1.0, 'REPLACE')
    rng = random.Random(metarig + ('-wild' if wild else '') + ('-%d' % seed if seed else ''))
    pose_controls(rig, rng, (1.2, 0.2) if wild else (0.2, 0.03), wild)
    if placed is not None:
        # The rig object itself moved, turned and scaled (uniformly, or not), as characters are placed in a shot.
        rig.location = (0.7, -1.3, 0.4)
        rig.rotation_euler = (0.2, -0.1, 2.3)
        rig.scale = placed
    if animated:
        # Three wild poses keyed at frames 1, 6 and 11 (every control's channels and custom
        # properties, Bezier keys): the action plays under the rig's constraints and drivers.
        for f in (1, 6, 11):
            if f > 1:
                pose_controls(rig, rng, (1.2, 0.2), wild)
            key_controls(rig, f)
        return [1, 3.5, 6, 8, 11]
    return [1]


# Rig-type parameters left as they are: names of other bones, widget shapes, bone layers (drawing only).
RIGIFY_FIXED_PARAMETERS = ('name', 'conv_bone', 'parent_bone', 'register_parent_tags', 'optional_widget_type',
                           'super_copy_widget_type', 'pivot_master_widget_type', 'skin_control_orientation_bone', 'wgt_offset', 'wgt_align_axis')
# Integer parameters drawn from small ranges (a chain position past the chain fails to generate: drawn again).
RIGIFY_INT_RANGES = {'segments': (1, 4), 'bbones': (1, 12), 'pivot_pos': (0, 4), 'neck_pos': (2, 6), 'tail_pos': (2, 4),
                     'skin_chain_pivot_pos': (0, 3), 'skin_chain_priority': (-2, 2)}


def randomize_rigify_parameters(meta, rng):
    """Sets about half of every rig type's options on `meta`'s Rigify bones to random values (every
    bool, enum, number its type registers, but names, widgets and layers), as artists set them in
    the Rigify panel; returns what it set, as (bone, parameter, value)."""
    changed = []
    for pb in meta.pose.bones:
        if not pb.rigify_type:
            continue
        rp = pb.rigify_parameters
        for p in rp.bl_rna.properties:
            ident = p.identifier
            if ident == 'rna_type' or ident in RIGIFY_FIXED_PARAMETERS or 'layers' in ident or rng.random() < 0.5:
                continue
            if p.type == 'BOOLEAN':
                value = [rng.random() < 0.5 for _ in range(p.array_length)] if p.array_length else rng.random() < 0.5
            elif p.type == 'ENUM':
                value = rng.choice([i.identifier for i in p.enum_items])
            elif p.type == 'INT' and ident in RIGIFY_INT_RANGES:
                value = rng.randint(*RIGIFY_INT_RANGES[ident])
            elif p.type == 'FLOAT':
                lo, hi = max(p.soft_min, -2.0), min(p.soft_max, 2.0)
                value = [rng.uniform(lo, hi) for _ in range(p.array_length)] if p.array_length else rng.uniform(lo, hi)
            else:
                continue
            setattr(rp, ident, value)
            changed.append((pb.name, ident, value))
    return changed


def rig_random_rigify(seed):
    """A Rigify rig from a random metarig (human, its newer face, basic human, quadrupeds, bird,
    shark) with about half of every rig type's options changed at random (limb segments, pivots,
    rotation axes, extra IK controls, parent switches, skin chain falloffs, glue modes, ...), then
    posed far with every custom property at a random value: the Rigify rigs artists configure,
    beyond the metarigs' defaults. A bone whose options do not generate gets its defaults back."""
    import random
    rng = random.Random('random-rigify-%d' % seed)
    metarig = rng.choice(('human', 'human_face', 'basic_human', 'quadruped', 'wolf', 'horse', 'cat', 'bird', 'shark'))

    def configure(meta):
        import re
        changed = randomize_rigify_parameters(meta, rng)
        for attempt in range(20):
            before = set(bpy.data.objects.keys())
            try:
                if bpy.ops.pose.rigify_generate() == {'FINISHED'} and 'rig' in bpy.data.objects:
                    print("rigs.py: %s options (%d dropped): %s" % (metarig, attempt, changed))
                    return True
            except RuntimeError as e:
                message = str(e)
                print("rigs.py: %s options do not generate (%s)" % (metarig, message.splitlines()[-1][:200]))
            else:
                message = ''
            for n in set(bpy.data.objects.keys()) - before:
                bpy.data.objects.remove(bpy.data.objects[n], do_unlink=True)
            bpy.context.view_layer.objects.active = meta
            # The bone Rigify names goes back to its defaults (all bones when it names none).
            bone = re.search(r"Bone '([^']+)'", message)
            for pb in meta.pose.bones if bone is None else [meta.pose.bones[bone.group(1)]]:
                for p in pb.rigify_parameters.bl_rna.properties:
                    if p.identifier != 'rna_type':
                        pb.rigify_parameters.property_unset(p.identifier)
            changed = [c for c in changed if bone is not None and c[0] != bone.group(1)]
        raise RuntimeError("no options drawn for %s generate" % metarig)
    rig_rigify(False, metarig, before_generate=configure)
    pose_controls(bpy.data.objects['rig'], rng, (1.2, 0.2), True)
    return [1]


def rig_linked_override(metarig='human', shot=False, editable=True):
    """A shot file as studios keep them: Rigify's rig built and saved in its own library file, linked
    into an empty file as a collection instance and made local by a library override (Blender 3.x's
    `override_hierarchy_create`, the instance removed as the operator removes it), then posed far
    through the override's controls (seeded). The override objects carry the library's names,
    beside the linked ones they override. `shot`: the character overridden twice (the second's
    objects get Blender's .001 names), both animated (far poses keyed at frames 1, 6 and 11), and a
    prop in the second's right hand by a Child Of whose inverse is set there at frame 1. `editable`
    False: the override as the UI's default makes it (system overrides, not fully editable: the
    armature data stays linked)."""
    import random
    import tempfile
    rig_rigify(False, metarig)
    character = bpy.data.collections.new("Character")
    scene().collection.children.link(character)
    rig = bpy.data.objects['rig']
    for c in list(rig.users_collection):
        c.objects.unlink(rig)
    character.objects.link(rig)
    library = os.path.join(tempfile.mkdtemp(prefix='sinew-library-'), 'character.blend')
    bpy.ops.wm.save_as_mainfile(filepath=library)
    bpy.ops.wm.read_factory_settings(use_empty=True)
    with bpy.data.libraries.load(library, link=True) as (src, dst):
        dst.collections = ["Character"]
    linked = bpy.data.collections["Character"]
    rng = random.Random('linked-override-' + metarig + ('-shot' if shot else ''))
    rigs = []
    for k in range(2 if shot else 1):
        instance = link(bpy.data.objects.new("Character", None))
        instance.instance_type = 'COLLECTION'
        instance.instance_collection = linked
        override = linked.override_hierarchy_create(scene(), bpy.context.view_layer, reference=instance, do_fully_editable=editable)
        # As Object > Library Override > Make does from an instance: the instancing empty goes.
        bpy.data.objects.remove(instance, do_unlink=True)
        rig = next(o for o in override.all_objects if o.type == 'ARMATURE')
        rig.location = (1.5 * k, 0.0, 0.0)
        rigs.append(rig)
    for rig in rigs:
        bpy.context.view_layer.objects.active = rig
        pose_controls(rig, rng, (1.2, 0.2), True)
        if shot:
            key_controls(rig, 1)
            for f in (6, 11):
                pose_controls(rig, rng, (1.2, 0.2), True)
                key_controls(rig, f)
    if not shot:
        return [1]
    prop = empty("Sword", loc=(2.0, -0.5, 1.0), rot=(0.3, 0.0, 0.5))
    hold = prop.constraints.new('CHILD_OF')
    hold.target = rigs[1]
    hold.subtarget = 'hand_ik.R'
    scene().frame_set(1)
    bpy.context.view_layer.update()
    hold.inverse_matrix = (rigs[1].matrix_world @ rigs[1].pose.bones['hand_ik.R'].matrix).inverted()
    return [1, 3.5, 6, 8, 11]


def key_controls(rig, frame):
    """Keys every control pose_controls poses (channels and numeric custom properties) at `frame`."""
    for pb in rig.pose.bones:
        if pb.name.startswith(('ORG-', 'MCH-', 'DEF-', 'VIS')):
            continue
        rot = {'QUATERNION': 'rotation_quaternion', 'AXIS_ANGLE': 'rotation_axis_angle'}.get(pb.rotation_mode, 'rotation_euler')
        for path in ('location', rot, 'scale'):
            pb.keyframe_insert(path, frame=frame)
        for key in list(pb.keys()):
            if isinstance(pb[key], (int, float)) and not isinstance(pb[key], bool):
                pb.keyframe_insert('["%s"]' % key, frame=frame)


def pose_controls(rig, rng, limits, wild):
    """Poses every control of a generated Rigify rig (not its ORG/MCH/DEF/VIS bones) from `rng`:
    rotations up to limits[0] rad, locations up to limits[1] where unconnected and unlocked; `wild`:
    scales 0.7-1.4 where unlocked and every numeric custom property at a random value of its range."""
    angle, reach = limits
    for pb in rig.pose.bones:
        if pb.name.startswith(('ORG-', 'MCH-', 'DEF-', 'VIS')):
            continue
        e = Euler([rng.uniform(-angle, angle) for _ in range(3)], 'XYZ')
        if pb.rotation_mode == 'QUATERNION':
            pb.rotation_quaternion = e.to_quaternion()
        elif pb.rotation_mode != 'AXIS_ANGLE':
            pb.rotation_euler = e.to_quaternion().to_euler(pb.rotation_mode)
        if not pb.bone.use_connect and not any(pb.lock_location):
            pb.location = [rng.uniform(-reach, reach) for _ in range(3)]
        if wild and not any(pb.lock_scale):
            pb.scale = [rng.uniform(0.7, 1.4) for _ in range(3)]
        if not wild:
            continue
        for key in list(pb.keys()):
            value = pb[key]
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            ui = pb.id_properties_ui(key).as_dict()
            lo, hi = ui.get('min', 0), ui.get('max', 1)
            if isinstance(value, int):
                pb[key] = rng.randint(int(lo), int(min(hi, lo + 3)))
            else:
                pb[key] = rng.uniform(max(lo, -2.0), min(hi, 2.0))


def rig_drivers():
    """Every driver type and variable type: AVERAGE, SUM, SCRIPTED, MIN, MAX; SINGLE_PROP (custom
    property, pose channel, constraint property), TRANSFORMS (several transform types and spaces,
    a SWING/TWIST rotation mode), ROTATION_DIFF, LOC_DIFF; a generator modifier; a keyframed
    driver curve; `frame` in an expression. Drives influences, a mute flag, Armature weights and
    a bone's rotation."""
    arm = armature("DRig", [
        ("Ctrl", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
        ("A", (0.5, 0, 0), (0.5, 0, 1), None, False, 0.0),
        ("B", (0.5, 0, 1), (0.5, 0.2, 1.8), "A", True, 0.0),
        ("Driven", (-0.5, 0, 0), (-0.5, 0, 0.8), None, False, 0.0),
        ("Sw", (-1.0, 0, 0), (-1.0, 0.4, 0), None, False, 0.0),
        ("Spun", (-1.5, 0, 0), (-1.5, 0, 0.7), None, False, 0.0),
    ])
    pb = arm.pose.bones
    ctrl = empty("Ctl", loc=(0.3, 0.4, 0.5), rot=(0.2, 0.3, 0.4), scale=(1.2, 1.0, 0.8))
    other = empty("Other", loc=(1.0, 0.0, 0.3))
    prop(pb["Ctrl"], "ik_fk", 0.3, 0.0, 1.0)
    prop(pb["Ctrl"], "switch", 2, 0, 3)
    prop(pb["Ctrl"], "toggle", True)
    prop(arm, "obj_prop", 0.25, -1.0, 1.0)
    pb["Ctrl"].location = (0.1, 0.2, 0.05)
    pb["Ctrl"].rotation_mode = 'XYZ'
    pb["Ctrl"].rotation_euler = (0.3, -0.2, 0.5)
    pb["A"].rotation_euler = (0.2, 0.1, 0.0)
    pb["A"].rotation_mode = 'XYZ'

    cr = pb["Driven"].constraints.new('COPY_ROTATION')
    cr.target = ctrl
    ct = pb["Driven"].constraints.new('COPY_LOCATION')
    ct.target = other
    ac = pb["Sw"].constraints.new('ARMATURE')
    for bone in ("Ctrl", "A", "B"):
        t = ac.targets.new()
        t.target = arm
        t.subtarget = bone
    dt = pb["B"].constraints.new('DAMPED_TRACK')
    dt.target = other
    dt.influence = 0.4

    rig = {"id": arm}
    sp = lambda name, path: {"name": name, "type": 'SINGLE_PROP', "targets": [dict(rig, data_path=path)]}
    bones = 'pose.bones["%s"]'
    # SUM of a custom property and a constraint property; AVERAGE; MIN; MAX.
    driver(pb["Driven"].constraints["Copy Rotation"], "influence", -1, "", [sp("a", bones % "Ctrl" + '["ik_fk"]'), sp("b", 'pose.bones["B"].constraints["Damped Track"].influence')], 'SUM')
    fc = driver(pb["Driven"].constraints["Copy Location"], "influence", -1, "", [sp("a", bones % "Ctrl" + '["ik_fk"]'), {"name": "b", "type": 'SINGLE_PROP', "targets": [{"id": arm, "data_path": '["obj_prop"]'}]}], 'AVERAGE')
    g = fc.modifiers.new('GENERATOR')
    g.coefficients = (0.1, 0.8)
    for i, k in enumerate((1, 2, 3)):
        driver(ac.targets[i], "weight", -1, "switch == %d" % k if i < 2 else "1 if switch > 2 else 0.25 * (switch - 1)",
               [sp("switch", bones % "Ctrl" + '["switch"]')])
    driver(pb["B"].constraints["Damped Track"], "mute", -1, "not toggle", [sp("toggle", bones % "Ctrl" + '["toggle"]')])
    # TRANSFORMS in several spaces and modes, ROTATION_DIFF, LOC_DIFF; MIN and MAX.
    tf = lambda name, ttype, space, mode='AUTO', obj=None, bone='': {"name": name, "type": 'TRANSFORMS', "targets": [{"id": obj or arm, "bone_target": bone, "transform_type": ttype, "transform_space": space, "rotation_mode": mode}]}
    pb["Spun"].rotation_mode = 'XYZ'
    driver(pb["Spun"], "rotation_euler", 0, "", [tf("x", 'ROT_X', 'LOCAL_SPACE', bone="Ctrl"), tf("y", 'LOC_Y', 'WORLD_SPACE', obj=ctrl)], 'MIN')
    driver(pb["Spun"], "rotation_euler", 1, "", [tf("x", 'ROT_Y', 'TRANSFORM_SPACE', 'SWING_TWIST_Y', bone="Ctrl"), tf("s", 'SCALE_X', 'WORLD_SPACE', obj=ctrl)], 'MAX')
    driver(pb["Spun"], "rotation_euler", 2, "sin(a) * 0.5 + d * 0.1 + frame * 0.01",
           [{"name": "a", "type": 'ROTATION_DIFF', "targets": [{"id": arm, "bone_target": "A"}, {"id": arm, "bone_target": "B"}]},
            {"name": "d", "type": 'LOC_DIFF', "targets": [{"id": ctrl, "transform_space": 'WORLD_SPACE'}, {"id": arm, "bone_target": "Ctrl", "transform_space": 'WORLD_SPACE'}]}])
    # SINGLE_PROP reads of pose channels: an animated one (Ctrl's rotation X) and an object's location.
    driver(pb["Spun"], "location", 0, "", [sp("r", bones % "Ctrl" + '.rotation_euler[0]'), {"name": "l", "type": 'SINGLE_PROP', "targets": [{"id": ctrl, "data_path": 'location[1]'}]}], 'SUM')
    # A driver reading what other drivers set: a driven pose channel and a driven constraint influence.
    driver(pb["Sw"], "location", 0, "", [sp("z", bones % "Spun" + '.rotation_euler[2]'), sp("i", 'pose.bones["Driven"].constraints["Copy Location"].influence')], 'SUM')
    kf = driver(pb["Spun"], "scale", 1, "", [tf("z", 'ROT_Z', 'LOCAL_SPACE', 'QUATERNION', bone="Ctrl")], 'AVERAGE')
    kf.modifiers.remove(kf.modifiers[0]) if len(kf.modifiers) else None
    kf.keyframe_points.insert(0.0, 1.0)
    kf.keyframe_points.insert(1.0, 1.5)
    kf.update()
    # At frame 5 the switches and the control have moved (an action), so every driver reads new values.
    for f, (ik_fk, switch, rx) in ((1, (0.3, 2, 0.3)), (5, (0.8, 3, -0.4))):
        pb["Ctrl"]["ik_fk"] = ik_fk
        pb["Ctrl"]["switch"] = switch
        pb["Ctrl"].rotation_euler[0] = rx
        pb["Ctrl"].keyframe_insert('["ik_fk"]', frame=f)
        pb["Ctrl"].keyframe_insert('["switch"]', frame=f)
        pb["Ctrl"].keyframe_insert("rotation_euler", index=0, frame=f)
    scene().frame_set(1)
    return [1, 5]


def rig_armature_many():
    """Armature constraints with more targets than the old eight slots: twelve posed target bones
    (rotated, moved, scaled, one non-uniformly) on a transformed armature; owners blending all
    twelve linearly, as dual quaternions (Preserve Volume), with Use Current Location on, with
    envelopes (rest head, and current location), an object owner with nine, and one whose tenth
    weight a driver sets from the frame; one target multiplies by its envelope for everyone."""
    n = 12
    specs = [("T%d" % i, (0.3 * i, 0.0, 0.0), (0.3 * i, 0.1 * (i % 3), 0.4), None, False, 0.1 * i) for i in range(n)]
    specs += [("Lin", (0, 1, 0), (0, 1, 0.5), None, False, 0.0),
              ("DQ", (1, 1, 0), (1, 1.2, 0.5), None, False, 0.3),
              ("CurLoc", (2, 1, 0.2), (2, 1.1, 0.6), None, False, -0.2),
              ("Driven", (3, 1, 0), (3, 1, 0.4), None, False, 0.0),
              ("Ctrl", (0, -1, 0), (0, -1, 0.3), None, False, 0.0),
              ("Env", (1.5, 0.7, 0.1), (1.5, 0.9, 0.4), None, False, 0.0),
              ("EnvCur", (2.4, 0.6, 0.0), (2.4, 0.8, 0.3), None, False, 0.2)]
    arm = armature("Many", specs, loc=(0.2, -0.3, 0.1), rot=(0.1, 0.0, 0.3), scale=(1.2, 1.2, 1.2))
    pb = arm.pose.bones
    for i in range(n):
        b = pb["T%d" % i]
        b.rotation_mode = 'XYZ'
        b.rotation_euler = (0.2 * math.sin(i), 0.3 * math.cos(i), 0.15 * i)
        b.location = (0.05 * i, -0.03 * i, 0.02 * (i % 4))
        if i % 4 == 1:
            b.scale = (1.0 + 0.05 * i, 1.0, 1.0 - 0.02 * i)
    pb["CurLoc"].location = (0.3, -0.2, 0.1)
    pb["EnvCur"].location = (-0.4, -0.3, 0.2)
    pb["Env"].location = (-0.4, -0.3, 0.2)  # moved, but envelopes are measured from its rest head
    # Envelopes: radii and distances that put the owners partly inside, partly in the falloff, partly
    # outside; T5 multiplies by its envelope for every owner (Multiply Vertex Group by Envelope).
    for i in range(n):
        b = arm.data.bones["T%d" % i]
        b.head_radius, b.tail_radius, b.envelope_distance = 0.25 + 0.05 * i, 0.15 + 0.03 * (i % 4), 0.4 + 0.1 * (i % 5)
    arm.data.bones["T5"].use_envelope_multiply = True
    pb["DQ"].rotation_mode = 'XYZ'
    pb["DQ"].rotation_euler = (0.1, 0.2, -0.1)
    weights = [0.3, 0.05, 0.2, 0.0, 0.6, 0.1, 0.25, 0.4, 0.15, 0.5, 0.35, 0.7]

    def fill(c, count):
        for i in range(count):
            t = c.targets.new()
            t.target = arm
            t.subtarget = "T%d" % i
            t.weight = weights[i]
        return c

    fill(pb["Lin"].constraints.new('ARMATURE'), n)
    fill(pb["DQ"].constraints.new('ARMATURE'), n).use_deform_preserve_volume = True
    cl = fill(pb["CurLoc"].constraints.new('ARMATURE'), n)
    cl.use_current_location = True
    cl.use_deform_preserve_volume = True
    fill(pb["Env"].constraints.new('ARMATURE'), n).use_bone_envelopes = True
    ec = fill(pb["EnvCur"].constraints.new('ARMATURE'), n)
    ec.use_bone_envelopes = True
    ec.use_current_location = True
    ec.use_deform_preserve_volume = True
    ob = empty("ObjOwner", loc=(0.5, 2.0, 0.3), rot=(0.2, 0.0, 0.1))
    fill(ob.constraints.new('ARMATURE'), 9)
    ad = fill(pb["Driven"].constraints.new('ARMATURE'), 10)
    # The tenth weight from the frame: 0.3 at frame 1, 1.2 at frame 4, past the 0-1 range Blender
    # clamps a driven weight to.
    driver(ad.targets[9], "weight", -1, "frame * 0.3", [])
    scene().frame_set(1)
    return [1, 4]


def rig_driver_spaces():
    """Driver variables outside world space, each driving one output empty's X location: TRANSFORMS
    of objects (unparented, parented to an object with a parent inverse, parented to a bone) and of
    bones (a root, a child under a posed parent, a hinge with aligned scale and non-local location, a
    connected bone with a location set) in TRANSFORM_SPACE and LOCAL_SPACE, every owner carrying a
    constraint so that the two spaces differ; LOC_DIFF with every space on either side; ROTATION_DIFF
    between a bone of a rotated armature and an object."""
    arm = armature("SRig", [
        ("Root", (0, 0, 0), (0, 0, 0.6), None, False, 0.2),
        ("Child", (0.1, 0.1, 0.7), (0.3, 0.2, 1.4), "Root", False, -0.4),
        ("Hinge", (0.3, 0.2, 1.4), (0.6, 0.2, 1.9), "Child", False, 0.3),
        ("Conn", (0.6, 0.2, 1.9), (0.7, 0.5, 2.3), "Hinge", True, 0.1),
        ("Holder", (-0.5, 0.0, 0.0), (-0.5, 0.0, 0.7), None, False, 0.0),
    ], loc=(0.2, -0.3, 0.1), rot=(0.2, -0.1, 0.5), scale=(1.1, 1.1, 1.1))
    pb = arm.pose.bones
    bones = arm.data.bones
    bones["Hinge"].use_inherit_rotation = False
    bones["Hinge"].inherit_scale = 'ALIGNED'
    bones["Hinge"].use_local_location = False
    for name, loc, rot, scl in (("Root", (0.1, 0.05, -0.1), (0.2, 0.1, -0.3), (1.0, 1.2, 1.0)),
                                ("Child", (0.05, -0.1, 0.1), (-0.3, 0.4, 0.2), (1.1, 0.9, 1.0)),
                                ("Hinge", (0.1, 0.2, -0.05), (0.5, -0.2, 0.1), (1.0, 1.0, 1.3)),
                                ("Conn", (0.3, 0.2, 0.1), (0.1, 0.3, -0.6), (1.0, 1.0, 1.0)),
                                ("Holder", (0.0, 0.1, 0.0), (0.3, 0.0, 0.2), (1.0, 1.0, 1.0))):
        pb[name].rotation_mode = 'XYZ'
        pb[name].location, pb[name].rotation_euler, pb[name].scale = loc, rot, scl
    pb["Child"].rotation_mode = 'QUATERNION'
    pb["Child"].rotation_quaternion = Euler((-0.3, 0.4, 0.2)).to_quaternion()
    look = empty("Look", loc=(1.5, -1.0, 2.0))
    # Constraints that move every read owner after its channels: local space sees them, transform space does not.
    for name in ("Root", "Child", "Hinge", "Conn"):
        c = pb[name].constraints.new('DAMPED_TRACK')
        c.target = look
        c.influence = 0.6
    free = empty("Free", loc=(0.4, 0.3, -0.2), rot=(0.3, -0.5, 0.8), scale=(1.2, 0.8, 1.5))
    c = free.constraints.new('COPY_LOCATION')
    c.target = look
    c.use_offset = True
    c.influence = 0.3
    c = free.constraints.new('DAMPED_TRACK')
    c.target = look
    c.influence = 0.5
    parent = empty("ParentObj", loc=(1.0, 0.5, 0.2), rot=(0.4, 0.1, -0.3), scale=(1.3, 1.3, 1.3))
    kid = empty("Kid", loc=(0.2, -0.1, 0.4), rot=(0.1, 0.6, -0.2), scale=(1.0, 1.4, 0.9), parent=parent)
    kid.matrix_parent_inverse = Matrix.Translation((0.3, -0.2, 0.1)) @ Euler((0.2, 0.0, 0.4)).to_matrix().to_4x4()
    c = kid.constraints.new('DAMPED_TRACK')
    c.target = look
    c.influence = 0.7
    on_bone = empty("OnBone", loc=(0.1, 0.2, 0.0), rot=(0.2, 0.3, 0.1))
    on_bone.parent = arm
    on_bone.parent_type = 'BONE'
    on_bone.parent_bone = "Holder"
    c = on_bone.constraints.new('COPY_ROTATION')
    c.target = look
    c.influence = 0.4
    for o in (free, kid, on_bone):
        o.rotation_mode = 'XYZ'

    outs = []

    def out_driver(kind, variables):
        o = empty("Out%02d" % len(outs), loc=(0.0, 3.0 + 0.1 * len(outs), 0.0))
        outs.append(o)
        driver(o, "location", 0, "", variables, kind)

    tf = lambda obj, bone, ttype, space, mode='AUTO': {"name": "v", "type": 'TRANSFORMS', "targets": [{"id": obj, "bone_target": bone, "transform_type": ttype, "transform_space": space, "rotation_mode": mode}]}
    channels = [('LOC_X', 'AUTO'), ('LOC_Y', 'AUTO'), ('LOC_Z', 'AUTO'), ('ROT_X', 'AUTO'), ('ROT_Y', 'AUTO'), ('ROT_Z', 'AUTO'),
                ('ROT_W', 'QUATERNION'), ('ROT_Y', 'SWING_TWIST_Y'), ('SCALE_X', 'AUTO'), ('SCALE_Y', 'AUTO'), ('SCALE_AVG', 'AUTO')]
    readers = [(free, ''), (kid, ''), (on_bone, ''), (arm, 'Root'), (arm, 'Child'), (arm, 'Hinge'), (arm, 'Conn')]
    for space in ('TRANSFORM_SPACE', 'LOCAL_SPACE'):
        for obj, bone in readers:
            for ttype, mode in channels:
                out_driver('AVERAGE', [tf(obj, bone, ttype, space, mode)])
    spaces = ('WORLD_SPACE', 'TRANSFORM_SPACE', 'LOCAL_SPACE')
    pairs = [((free, ''), (arm, 'Hinge')), ((kid, ''), (arm, 'Conn')), ((on_bone, ''), (arm, 'Child'))]
    for (oa, ba), (ob, bb) in pairs:
        for sa in spaces:
            for sb in spaces:
                out_driver('SUM', [{"name": "d", "type": 'LOC_DIFF', "targets": [{"id": oa, "bone_target": ba, "transform_space": sa}, {"id": ob, "bone_target": bb, "transform_space": sb}]}])
    for (oa, ba), (ob, bb) in pairs + [((arm, 'Root'), (arm, 'Hinge'))]:
        out_driver('SUM', [{"name": "r", "type": 'ROTATION_DIFF', "targets": [{"id": oa, "bone_target": ba}, {"id": ob, "bone_target": bb}]}])
    scene().frame_set(1)
    return [1]


def rig_driver_channels():
    """TRANSFORMS driver variables in every transform type, rotation mode and space: LOC_X/Y/Z,
    SCALE_X/Y/Z, SCALE_AVG, and ROT_X/Y/Z/W in AUTO, the six Euler orders, QUATERNION and
    SWING_TWIST_X/Y/Z, each in WORLD_SPACE, TRANSFORM_SPACE and LOCAL_SPACE, of a bone (under a posed,
    scaled parent, non-uniform scale, a constraint after its channels) and of an object (parented,
    with a parent inverse and a constraint), each driving one output empty's X location."""
    arm = armature("CRig", [
        ("Base", (0, 0, 0), (0, 0.1, 0.7), None, False, 0.3),
        ("Read", (0.1, 0.1, 0.8), (0.4, 0.3, 1.5), "Base", False, -0.5),
    ], loc=(0.2, -0.1, 0.3), rot=(0.3, -0.2, 0.6), scale=(1.2, 1.2, 1.2))
    pb = arm.pose.bones
    pb["Base"].rotation_mode = 'YZX'
    pb["Base"].rotation_euler, pb["Base"].scale = (0.4, -0.3, 0.7), (1.1, 0.9, 1.2)
    pb["Read"].rotation_mode = 'QUATERNION'
    pb["Read"].rotation_quaternion = Euler((0.9, -0.6, 1.3), 'ZXY').to_quaternion()
    pb["Read"].location, pb["Read"].scale = (0.2, -0.1, 0.3), (1.3, 0.8, 1.1)
    look = empty("Aim", loc=(1.2, -1.4, 2.1))
    c = pb["Read"].constraints.new('DAMPED_TRACK')
    c.target, c.influence = look, 0.4
    holder = empty("Holder", loc=(-0.6, 0.4, 0.2), rot=(0.5, 0.2, -0.4), scale=(1.4, 1.0, 0.8))
    obj = empty("Reader", loc=(0.3, -0.2, 0.5), rot=(1.1, -0.7, 0.4), scale=(0.9, 1.3, 1.1), parent=holder)
    obj.rotation_mode = 'XZY'
    obj.rotation_euler = (1.1, -0.7, 0.4)
    obj.matrix_parent_inverse = Matrix.Translation((0.2, 0.1, -0.3)) @ Euler((0.1, 0.3, 0.2)).to_matrix().to_4x4()
    c = obj.constraints.new('COPY_ROTATION')
    c.target, c.influence = look, 0.3
    c = obj.constraints.new('DAMPED_TRACK')
    c.target, c.influence = look, 0.5
    n = [0]

    def out(var):
        o = empty("Ch%03d" % n[0], loc=(0.0, 4.0 + 0.05 * n[0], 0.0))
        n[0] += 1
        driver(o, "location", 0, "", [var], 'AVERAGE')

    modes = ('AUTO', 'XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'SWING_TWIST_X', 'SWING_TWIST_Y', 'SWING_TWIST_Z')
    for src, bone in ((arm, 'Read'), (obj, '')):
        for space in ('WORLD_SPACE', 'TRANSFORM_SPACE', 'LOCAL_SPACE'):
            for ttype in ('LOC_X', 'LOC_Y', 'LOC_Z', 'SCALE_X', 'SCALE_Y', 'SCALE_Z', 'SCALE_AVG'):
                out({"name": "v", "type": 'TRANSFORMS', "targets": [{"id": src, "bone_target": bone, "transform_type": ttype, "transform_space": space}]})
            for ttype in ('ROT_X', 'ROT_Y', 'ROT_Z', 'ROT_W'):
                for mode in modes:
                    out({"name": "v", "type": 'TRANSFORMS', "targets": [{"id": src, "bone_target": bone, "transform_type": ttype, "transform_space": space, "rotation_mode": mode}]})
    scene().frame_set(1)
    return [1]


def rig_armature_edge():
    """Armature constraints Blender leaves alone, and one it deforms by B-Bone segments. Owners O0-O5
    (influence 0.7): targets naming no bone (empty or missing name) first, last, with weight 0, alone,
    beside a valid one; an object owner with one; and O4, all valid. BB follows a curved B-Bone (4
    segments, curve in/out, ease, scale in), deformed by the segments around it."""
    specs = [("T1", (0, 0, 0), (0, 0, 1), None, False, 0.0), ("T2", (1, 0, 0), (1, 0, 1), None, False, 0.0),
             ("TB", (-1, 0, 0), (-1, 0, 2), None, False, 0.0), ("BB", (-1.3, 0.2, 1.2), (-1.3, 0.2, 1.6), None, False, 0.0)]
    specs += [("O%d" % i, (2 + i, 0, 0), (2 + i, 0, 1), None, False, 0.0) for i in range(6)]
    arm = armature("AE", specs, loc=(0.1, 0.2, 0.0), rot=(0.0, 0.0, 0.3))
    pb = arm.pose.bones
    pb["T1"].rotation_euler = (0.2, 0.1, 0.5)
    pb["T1"].location = (0.1, 0.4, 0.0)
    pb["T2"].location = (0.3, 0.2, 0.1)
    arm.data.bones["TB"].bbone_segments = 4
    tb = pb["TB"]
    tb.rotation_euler = (0.3, 0.0, 0.2)
    tb.bbone_curveinx, tb.bbone_curveoutx, tb.bbone_curveinz = 0.4, -0.3, 0.2
    tb.bbone_easein, tb.bbone_scalein = 1.5, (1.2, 1.0, 1.2)
    cases = [[("T1", 0.5), ("", 0.5)], [("", 0.5), ("T1", 0.5)], [("T1", 0.5), ("", 0.0)],
             [("T1", 0.5), ("Missing", 0.5)], [("T1", 0.6), ("T2", 0.4)], [("", 1.0)]]
    for i, spec in enumerate(cases):
        c = pb["O%d" % i].constraints.new('ARMATURE')
        for sub, w in spec:
            t = c.targets.new()
            t.target = arm
            t.subtarget = sub
            t.weight = w
        c.influence = 0.7
    e = empty("E", loc=(0.0, 2.0, 0.0))
    c = e.constraints.new('ARMATURE')
    for sub in ("", "T2"):
        t = c.targets.new()
        t.target = arm
        t.subtarget = sub
    c = pb["BB"].constraints.new('ARMATURE')
    t = c.targets.new()
    t.target = arm
    t.subtarget = "TB"
    scene().frame_set(1)
    return [1]


def rig_props_unsupported():
    """Custom properties the format cannot hold: a group of properties on an object, a data-block
    pointer on a pose bone, a number that is not finite on the armature data, a group on a bone;
    beside them a plain float a driver reads. The export names each left out."""
    arm = armature("URig", [("B", (0, 0, 0), (0, 0, 1), None, False, 0.0)])
    e = empty("UE", loc=(0.5, 0, 0))
    e["settings"] = {"a": 1, "b": [1.0, 2.0]}
    arm.pose.bones["B"]["target"] = e
    arm.data["broken"] = float("inf")
    arm.data.bones["B"]["nested"] = {"n": 1}
    prop(arm.pose.bones["B"], "amount", 0.4, 0.0, 1.0)
    driver(e, 'location', 2, 'v', [{"name": "v", "targets": [{"id": arm, "data_path": 'pose.bones["B"]["amount"]'}]}])
    scene().frame_set(1)
    return [1]


def rig_props_everywhere():
    """Custom properties on all four holders — an object, the armature datablock, a bone and a pose
    bone — read by drivers through an OBJECT target (`["p"]`, `data["p"]`, `data.bones["B"]["p"]`,
    `pose.bones["B"]["p"]`) and through an ARMATURE (datablock) target (`["p"]`, `bones["B"]["p"]`),
    driving pose channels and the target weights of an object's Armature constraint
    (`constraints["Armature"].targets[i].weight`)."""
    arm = armature("PRig", [
        ("Ctrl", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
        ("A", (0.5, 0, 0), (0.5, 0, 1), None, False, 0.0),
        ("B", (1.0, 0, 0), (1.0, 0.2, 0.8), None, False, 0.3),
        ("Sw", (-0.5, 0, 0), (-0.5, 0.4, 0), None, False, 0.0),
    ], loc=(0.1, 0.0, 0.2), rot=(0.0, 0.1, 0.3))
    pb = arm.pose.bones
    for n in ("A", "B", "Sw"):
        pb[n].rotation_mode = 'XYZ'
    pb["A"].location = (0.1, 0.0, 0.0)
    pb["B"].rotation_euler = (0.2, 0.0, 0.1)
    holder = empty("Holder", loc=(0.0, -1.0, 0.0))
    prop(arm, "obj_p", 0.4, -1.0, 1.0, "on the object")
    prop(arm.data, "arm_p", 0.7, 0.0, 1.0, "on the armature data")
    prop(arm.data.bones["Ctrl"], "bone_p", 0.2, 0.0, 1.0, "on the bone")
    prop(pb["Ctrl"], "pose_p", 0.6, 0.0, 1.0, "on the pose bone")
    prop(holder, "h_p", 0.3, 0.0, 1.0, "on another object")
    data = {"id_type": 'ARMATURE', "id": arm.data}
    sp = lambda name, target, path: {"name": name, "type": 'SINGLE_PROP', "targets": [dict(target, data_path=path)]}
    ob = {"id": arm}
    driver(pb["A"], "rotation_euler", 0, "a * 2", [sp("a", data, '["arm_p"]')])
    driver(pb["A"], "rotation_euler", 1, "", [sp("b", data, 'bones["Ctrl"]["bone_p"]')], 'SUM')
    driver(pb["B"], "location", 2, "", [sp("a", ob, 'data["arm_p"]'), sp("b", ob, 'data.bones["Ctrl"]["bone_p"]')], 'AVERAGE')
    driver(pb["Sw"], "rotation_euler", 2, "o - p", [sp("o", ob, '["obj_p"]'), sp("p", ob, 'pose.bones["Ctrl"]["pose_p"]')])
    eo = empty("EO", loc=(0.3, 0.5, 0.4), rot=(0.1, 0.2, 0.0))
    ac = eo.constraints.new('ARMATURE')
    for bone in ("A", "B"):
        t = ac.targets.new()
        t.target = arm
        t.subtarget = bone
    driver(ac.targets[0], "weight", -1, "h", [sp("h", {"id": holder}, '["h_p"]')])
    driver(ac.targets[1], "weight", -1, "", [sp("p", ob, 'pose.bones["Ctrl"]["pose_p"]')], 'SUM')
    # Driven properties, read by other drivers: an int (truncated, clamped to its range) and a float
    # (clamped) on the pose bone, and a float on the armature data.
    prop(pb["Ctrl"], "steps", 0, -3, 3, "an int a driver sets")
    prop(pb["Ctrl"], "capped", 0.0, -0.25, 0.25, "a float a driver sets")
    prop(arm.data, "mix", 0.0, 0.0, 1.0, "set by a driver from the object's property")
    driver(pb["Ctrl"], '["steps"]', -1, "p * 4.2", [sp("p", ob, 'pose.bones["Ctrl"]["pose_p"]')])
    driver(pb["Ctrl"], '["capped"]', -1, "p - 1", [sp("p", ob, 'pose.bones["Ctrl"]["pose_p"]')])
    driver(arm.data, '["mix"]', -1, "o * 1.5", [sp("o", ob, '["obj_p"]')])
    driver(pb["B"], "rotation_euler", 2, "s * 0.1 + c + m", [sp("s", ob, 'pose.bones["Ctrl"]["steps"]'), sp("c", ob, 'pose.bones["Ctrl"]["capped"]'), sp("m", data, '["mix"]')])
    # pose_p animated (0.6 at frame 1, 0.05 at frame 5), so at frame 5 every driver above reads anew.
    for f, v in ((1, 0.6), (5, 0.05)):
        pb["Ctrl"]["pose_p"] = v
        pb["Ctrl"].keyframe_insert('["pose_p"]', frame=f)
    scene().frame_set(1)
    return [1, 5]


def rig_animated_settings():
    """Constraint settings keyed by actions: a bone's Copy Rotation influence (Bezier), an object's
    Copy Location influence (LINEAR, past 1 on the way: Blender clamps it), an Armature target's
    weight, and an influence both keyed and driven (the driver wins)."""
    arm = armature("KRig", [
        ("T1", (0, 0, 0), (0, 0, 1), None, False, 0.0),
        ("T2", (1, 0, 0), (1, 0.2, 1), None, False, 0.2),
        ("Follow", (-1, 0, 0), (-1, 0, 0.8), None, False, 0.0),
        ("Sw", (0.5, 1, 0), (0.5, 1, 0.6), None, False, 0.0),
        ("Both", (1.5, 1, 0), (1.5, 1, 0.6), None, False, 0.0),
    ], loc=(0.1, 0.0, 0.0), rot=(0.0, 0.0, 0.2))
    pb = arm.pose.bones
    for n, e in (("T1", (0.4, 0.1, 0.3)), ("T2", (-0.2, 0.3, 0.5))):
        pb[n].rotation_mode = 'XYZ'
        pb[n].rotation_euler = e
    pb["T2"].location = (0.2, 0.1, 0.0)
    spin = empty("Spin", loc=(0.0, -1.0, 0.5), rot=(0.3, 0.5, 0.9))
    mover = empty("Mover", loc=(0.5, -0.5, 0.2))
    goal = empty("Goal", loc=(1.0, 1.0, 1.5))
    cr = pb["Follow"].constraints.new('COPY_ROTATION')
    cr.target = spin
    ac = pb["Sw"].constraints.new('ARMATURE')
    for b in ("T1", "T2"):
        t = ac.targets.new()
        t.target = arm
        t.subtarget = b
        t.weight = 0.5
    both = pb["Both"].constraints.new('COPY_ROTATION')
    both.target = spin
    cl = mover.constraints.new('COPY_LOCATION')
    cl.target = goal
    for f, v in ((1, 0.0), (6, 1.0), (10, 0.2)):
        cr.influence = v
        cr.keyframe_insert("influence", frame=f)
        ac.targets[1].weight = 1.0 - v
        ac.targets[1].keyframe_insert("weight", frame=f)
        both.influence = v
        both.keyframe_insert("influence", frame=f)
    for f, v in ((1, 0.1), (8, 1.3)):
        cl.influence = min(v, 1.0)
        cl.keyframe_insert("influence", frame=f)
    # Past 1 between the keys: set the key value itself above the range Blender clamps to on write.
    for fc in mover.animation_data.action.fcurves:
        fc.keyframe_points[-1].co[1] = 1.3
        for k in fc.keyframe_points:
            k.interpolation = 'LINEAR'
        fc.update()
    driver(both, "influence", -1, "0.25", [])
    scene().frame_set(1)
    return [1, 4, 7.5, 9]


def rig_driven_settings():
    """Drivers on constraint settings that are params, not influences: a Limit Distance's distance,
    a Transformation's from and to ranges, a Limit Rotation's limit, all from an animated custom
    property, so the driven values change every frame."""
    arm = armature("PRig", [
        ("Ctl", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
        ("Dist", (1, 0, 0), (1, 0, 1), None, False, 0.0),
        ("Rot", (-1, 0, 0), (-1, 0, 1), None, False, 0.3),
        ("Tf", (0, 1, 0), (0, 1, 1), None, False, 0.0),
    ], loc=(0.2, 0.0, 0.0), rot=(0.0, 0.0, 0.1))
    pb = arm.pose.bones
    pb["Ctl"].location = (0.7, 0.2, 0.0)
    pb["Rot"].rotation_mode = 'XYZ'
    pb["Rot"].rotation_euler = (0.2, 0.1, 1.2)
    pb["Dist"].location = (0.3, 0.4, 0.2)
    goal = empty("Goal", loc=(2.0, 1.0, 0.5))
    prop(arm, "amt", 0.25, 0.0, 2.0)
    for f, v in ((1, 0.25), (5, 1.1), (9, 1.7)):
        arm["amt"] = v
        arm.keyframe_insert('["amt"]', frame=f)
    amt = [{"name": "amt", "targets": [{"id": arm, "data_path": '["amt"]'}]}]
    ld = pb["Dist"].constraints.new('LIMIT_DISTANCE')
    ld.target = goal
    ld.distance = 1.0
    driver(ld, "distance", -1, "0.5 + amt", amt)
    lr = pb["Rot"].constraints.new('LIMIT_ROTATION')
    lr.use_limit_z = True
    lr.min_z, lr.max_z = -0.2, 0.2
    driver(lr, "max_z", -1, "amt * 0.6", amt)
    tf = pb["Tf"].constraints.new('TRANSFORM')
    tf.target = arm
    tf.subtarget = "Ctl"
    tf.map_to = 'ROTATION'
    tf.from_max_x = 1.0
    tf.to_max_z_rot = 0.5
    driver(tf, "from_max_x", -1, "2 - amt", amt)
    driver(tf, "to_max_z_rot", -1, "amt", amt)
    scene().frame_set(1)
    return [1, 3, 5, 8]


def rig_action():
    """Action constraints (issue 14): every mix mode on bones, in several owner spaces; the frame
    picked by a target's location, rotation and scale channels in several target spaces (an object,
    bones of the same armature), reversed ranges and frame ranges, a range of width 0 with the target
    on it (Blender's 0/0), and by Evaluation Time without a target; Euler, quaternion (not of unit
    length) and axis-angle bones; a bone whose action group holds only part of its curves (Blender
    then reads that group alone); use_bone_object_action (the armature's rotation mode, not the
    bone's); object owners (one in QUATERNION mode, whose cleared work object Blender flips, with a
    delta location; one parented, in LOCAL space); two Action constraints and a Copy Rotation in one
    stack; influences below 1; a driven Evaluation Time; muted action groups (in a played action and
    in a constraint's). The
    driving controls are animated by actions their objects play, so each frame is another pose; the
    Action constraints' actions are played by no object."""
    arm = armature("ARig", [
        ("Root", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
        ("CtrlBone", (1.5, 0, 0), (1.5, 0, 0.5), "Root", False, 0.2),
        ("BFull", (0, 0.5, 0.5), (0, 0.5, 1.0), "Root", False, 0.1),
        ("BAlign", (0.5, 0.5, 0.5), (0.5, 0.7, 1.0), "Root", False, -0.3),
        ("BSplit", (1.0, 0.5, 0.5), (1.0, 0.5, 1.1), "Root", False, 0.0),
        ("AFull", (0, 1.0, 0.5), (0.2, 1.0, 1.0), "Root", False, 0.4),
        ("AAlign", (0.5, 1.0, 0.5), (0.5, 1.0, 1.0), "BAlign", False, 0.0),
        ("ASplit", (1.0, 1.0, 0.5), (1.0, 1.3, 0.9), "Root", False, 0.2),
        ("ObjAct", (0, 1.5, 0.5), (0, 1.5, 1.0), "Root", False, 0.0),
        ("Stack", (0.5, 1.5, 0.5), (0.5, 1.5, 1.1), "Root", False, 0.0),
        ("Grouped", (1.0, 1.5, 0.5), (1.0, 1.6, 1.0), "Root", False, 0.1),
        ("Axis", (0, 2.0, 0.5), (0, 2.0, 1.0), "Root", False, 0.0),
        ("Quat", (0.5, 2.0, 0.5), (0.5, 2.3, 1.0), "Root", False, 0.0),
        ("Zero", (1.0, 2.0, 0.5), (1.0, 2.0, 1.0), "Root", False, 0.0),
    ], loc=(0.2, -0.1, 0.1), rot=(0.1, 0.0, 0.3), scale=(1.1, 1.1, 1.1))
    pb = arm.pose.bones
    # Poses of their own, so that before and after, full, aligned and split differ.
    for name, loc, rot, scl in (("BFull", (0.1, 0.0, 0.05), (0.2, -0.1, 0.3), (1.0, 1.3, 0.8)),
                                ("BAlign", (0.0, 0.1, 0.0), (-0.2, 0.3, 0.1), (1.2, 1.0, 0.9)),
                                ("BSplit", (0.05, 0.05, 0.0), (0.1, 0.2, -0.3), (0.9, 1.1, 1.2)),
                                ("AFull", (0.0, -0.1, 0.1), (0.3, 0.1, 0.0), (1.1, 0.8, 1.0)),
                                ("AAlign", (0.1, 0.0, 0.0), (0.0, -0.2, 0.4), (1.0, 1.0, 1.4)),
                                ("ASplit", (-0.1, 0.0, 0.05), (0.2, 0.2, 0.2), (1.3, 0.9, 1.0)),
                                ("ObjAct", (0.0, 0.0, 0.1), (0.1, 0.0, -0.2), (1.0, 1.0, 1.0)),
                                ("Stack", (0.0, 0.05, 0.0), (0.0, 0.3, 0.1), (1.0, 1.2, 1.0)),
                                ("Grouped", (0.0, 0.0, 0.0), (0.1, 0.1, 0.1), (1.0, 1.0, 1.0)),
                                ("Zero", (0.0, 0.0, 0.0), (0.0, 0.2, 0.0), (1.0, 1.0, 1.0))):
        pb[name].rotation_mode = 'XYZ'
        pb[name].location, pb[name].rotation_euler, pb[name].scale = loc, rot, scl
    pb["BSplit"].rotation_mode = 'YZX'
    pb["ObjAct"].rotation_mode = 'QUATERNION'  # its object channels use the armature's XYZ
    pb["Axis"].rotation_mode = 'AXIS_ANGLE'
    pb["Axis"].rotation_axis_angle = (0.3, 0.0, 1.0, 0.0)
    pb["Quat"].rotation_mode = 'QUATERNION'
    pb["Quat"].rotation_quaternion = (0.9, 0.1, 0.3, 0.0)

    # The controls, animated by actions their objects play.
    ctrl = empty("Ctrl", loc=(2.5, 0.0, 0.0))
    ctrl.rotation_mode = 'XYZ'
    for f, loc, rot, scl in ((1, (2.3, 0.0, 0.0), (0.0, 0.2, 0.3), 1.0), (6, (2.9, 0.4, 0.1), (0.3, -0.4, 1.2), 1.6),
                             (12, (2.1, -0.2, 0.3), (-0.2, 0.6, -0.5), 0.7)):
        ctrl.location, ctrl.rotation_euler, ctrl.scale = loc, rot, (scl, 2.0 - scl, 1.0)
        for path in ("location", "rotation_euler", "scale"):
            ctrl.keyframe_insert(path, frame=f)
    for f, loc, rot, scl in ((1, (0.0, 0.0, 0.0), (0.0, 0.0, 0.1), 1.0), (8, (0.3, 0.2, -0.1), (0.4, 0.0, 0.9), 1.5),
                             (12, (-0.2, 0.1, 0.2), (-0.3, 0.2, -0.6), 0.8)):
        b = pb["CtrlBone"]
        b.rotation_mode = 'XYZ'
        b.location, b.rotation_euler, b.scale = loc, rot, (1.0, scl, 1.0)
        for path in ("location", "rotation_euler", "scale"):
            b.keyframe_insert(path, frame=f)
    # Ctrl's Z location in a muted group: Blender does not play it (Z stays at the last value set, 0.3).
    zc = ctrl.animation_data.action.fcurves.find("location", index=2)
    zc.group = ctrl.animation_data.action.groups.new("Muted")
    zc.group.mute = True
    on_zero = empty("OnZero", loc=(0.0, -1.0, 0.0))  # never moves: x stays exactly 0

    # The action the bones play through their constraints: their own channels, grouped per bone
    # (fcurves.new with action_group), several interpolations, a CYCLES modifier.
    act = bpy.data.actions.new("Face")
    act.id_root = 'OBJECT'

    def curve(a, path, index, keys, group=None, ipo='BEZIER'):
        fc = a.fcurves.new(path, index=index, action_group=group) if group else a.fcurves.new(path, index=index)
        for f, v in keys:
            fc.keyframe_points.insert(f, v)
        for k in fc.keyframe_points:
            k.interpolation = ipo
        fc.update()
        return fc

    def bone_curves(a, bone, rot_path, rot_keys, loc_keys, scale_keys, group=True):
        g = bone if group else None
        p = 'pose.bones["%s"].' % bone
        for i, keys in enumerate(loc_keys):
            if keys:
                curve(a, p + "location", i, keys, g)
        for i, keys in enumerate(rot_keys):
            if keys:
                curve(a, p + rot_path, i, keys, g, 'LINEAR' if i == 1 else 'BEZIER')
        for i, keys in enumerate(scale_keys):
            if keys:
                curve(a, p + "scale", i, keys, g)

    euler3 = lambda a, b, c: [[(0, 0.0), (10, a)], [(0, 0.0), (5, b), (10, -b)], [(0, 0.0), (10, c)]]
    for bone, k in (("BFull", 1.0), ("BAlign", -0.7), ("BSplit", 0.5), ("AFull", 0.8), ("AAlign", -0.4), ("ASplit", 0.6), ("Stack", 0.9), ("Zero", 0.4)):
        bone_curves(act, bone, "rotation_euler", euler3(0.6 * k, 0.4 * k, 1.1 * k),
                    [[(0, 0.0), (10, 0.3 * k)], [(0, 0.0), (10, -0.2)], []],
                    [[(0, 1.0), (10, 1.0 + 0.5 * k)], [], [(0, 1.0), (10, 0.7)]])
    # Zero: keys that do not start at rest, so the 0/0 frame (each curve's first key) shows.
    curve(act, 'pose.bones["Zero"].location', 2, [(0, 0.25), (10, -0.3)], "Zero")
    # Grouped: the group "Grouped" holds its rotation; its location sits in another group and its
    # scale in none: with a group of its name, Blender reads that group alone.
    bone_curves(act, "Grouped", "rotation_euler", euler3(0.5, 0.3, 0.9), [], [])
    curve(act, 'pose.bones["Grouped"].location', 0, [(0, 0.0), (10, 0.5)], "Misc")
    curve(act, 'pose.bones["Grouped"].scale', 1, [(0, 1.0), (10, 1.8)])
    # Axis-angle and quaternion bones; the quaternion keys are not of unit length.
    bone_curves(act, "Axis", "rotation_axis_angle", [[(0, 0.0), (10, 1.2)], [(0, 0.0), (10, 0.5)], [(0, 1.0), (10, 0.3)], [(0, 0.0), (10, 0.8)]], [], [])
    bone_curves(act, "Quat", "rotation_quaternion", [[(0, 1.0), (10, 0.5)], [(0, 0.0), (10, 0.9)], [(0, 0.0), (10, -0.2)], [(0, 0.0), (10, 0.6)]],
                [[], [(0, 0.0), (10, 0.4)], []], [])
    # An Euler curve on the quaternion bone: its temporary pose channel is in QUATERNION mode, so it does nothing.
    curve(act, 'pose.bones["Quat"].rotation_euler', 0, [(0, 0.0), (10, 1.0)], "Quat")
    # A CYCLES modifier on one curve, played past its keys.
    cyc = curve(act, 'pose.bones["BFull"].location', 2, [(0, 0.0), (4, 0.2), (8, 0.0)], "BFull")
    cyc.modifiers.new('CYCLES')
    cyc.update()
    # Object channels: for the object owners and use_bone_object_action (delta transforms too).
    curve(act, "location", 0, [(0, 0.0), (10, 0.4)])
    curve(act, "location", 1, [(0, 0.0), (10, -0.3)])
    curve(act, "rotation_euler", 2, [(0, 0.0), (10, 0.9)])
    curve(act, "rotation_euler", 0, [(0, 0.0), (10, -0.4)], ipo='LINEAR')
    curve(act, "scale", 0, [(0, 1.0), (10, 1.5)])
    for i, (a, b) in enumerate(((1.0, 0.7), (0.0, 0.5), (0.0, -0.2), (0.0, 0.4))):
        curve(act, "rotation_quaternion", i, [(0, a), (10, b)])
    curve(act, "delta_location", 2, [(0, 0.0), (10, 0.6)])
    # In a muted group: no object channel reads it.
    curve(act, "location", 2, [(0, 5.0), (10, 5.0)], "MutedObj")
    act.groups["MutedObj"].mute = True
    # A second action, for the stack of two.
    act2 = bpy.data.actions.new("Blink")
    act2.id_root = 'OBJECT'
    bone_curves(act2, "Stack", "rotation_euler", [[], [], [(1, 0.0), (3, 0.8)]], [[(1, 0.0), (3, 0.2)], [], []], [[], [(1, 1.0), (3, 0.6)], []])

    def action_con(owner, **kw):
        c = owner.constraints.new('ACTION')
        c.action = kw.pop("action", act)
        for k, v in kw.items():
            setattr(c, k, v)
        return c

    # Every mix mode on bones, channels and target spaces. Setting mix_mode sets the owner space too
    # (RNA: WORLD for AFTER and AFTER_FULL, LOCAL for the others); an owner_space given after it stays.
    action_con(pb["BFull"], target=ctrl, transform_channel='LOCATION_X', min=2.2, max=3.0, frame_start=0, frame_end=14, mix_mode='BEFORE_FULL')
    action_con(pb["BAlign"], target=arm, subtarget="CtrlBone", target_space='LOCAL', transform_channel='ROTATION_Z', min=-40.0, max=60.0, frame_start=0, frame_end=10, mix_mode='BEFORE')
    action_con(pb["BSplit"], target=arm, subtarget="CtrlBone", target_space='LOCAL_WITH_PARENT', transform_channel='SCALE_Y', min=0.8, max=1.4, frame_start=0, frame_end=10, mix_mode='BEFORE_SPLIT')
    action_con(pb["AFull"], target=ctrl, transform_channel='ROTATION_Y', min=30.0, max=-30.0, frame_start=0, frame_end=10, mix_mode='AFTER_FULL', owner_space='WORLD', influence=0.7)
    action_con(pb["AAlign"], use_eval_time=True, eval_time=0.35, frame_start=0, frame_end=10, mix_mode='AFTER', owner_space='POSE')
    action_con(pb["ASplit"], target=arm, subtarget="CtrlBone", target_space='POSE', transform_channel='LOCATION_Y', min=0.0, max=0.3, frame_start=10, frame_end=0, mix_mode='AFTER_SPLIT', owner_space='LOCAL_WITH_PARENT')
    action_con(pb["ObjAct"], target=ctrl, transform_channel='SCALE_X', min=0.6, max=1.7, frame_start=0, frame_end=10, mix_mode='AFTER', use_bone_object_action=True)
    action_con(pb["Stack"], target=ctrl, transform_channel='LOCATION_Z', min=0.0, max=0.3, frame_start=0, frame_end=10, mix_mode='BEFORE_SPLIT', influence=0.5)
    cr = pb["Stack"].constraints.new('COPY_ROTATION')
    cr.target = ctrl
    cr.influence = 0.3
    action_con(pb["Stack"], action=act2, use_eval_time=True, eval_time=0.8, frame_start=1, frame_end=3, mix_mode='AFTER_FULL')
    grouped = action_con(pb["Grouped"], use_eval_time=True, eval_time=0.6, frame_start=0, frame_end=10, mix_mode='BEFORE_SPLIT')
    # Evaluation Time driven from the frame (0.07 at frame 1 … 0.84 at 12).
    driver(grouped, "eval_time", -1, "frame * 0.07", [])
    action_con(pb["Axis"], target=ctrl, transform_channel='ROTATION_X', min=-20.0, max=20.0, frame_start=0, frame_end=10, mix_mode='AFTER_SPLIT')
    action_con(pb["Quat"], target=arm, subtarget="CtrlBone", transform_channel='LOCATION_X', min=1.4, max=2.0, frame_start=0, frame_end=10, mix_mode='BEFORE')
    # 0/0: each curve's first key (frame 0), not Frame Start (5) nor End.
    action_con(pb["Zero"], target=on_zero, transform_channel='LOCATION_X', min=0.0, max=0.0, frame_start=5, frame_end=10, mix_mode='AFTER_FULL')
    # Object owners (Blender's default for objects: AFTER in WORLD).
    plain = empty("Plain", loc=(-1.0, 0.0, 0.5), rot=(0.1, 0.2, 0.3), scale=(1.0, 1.2, 0.9))
    action_con(plain, target=ctrl, transform_channel='ROTATION_Z', min=0.0, max=80.0, frame_start=0, frame_end=10, influence=0.6)
    quat = empty("QuatOwner", loc=(-1.0, 1.0, 0.5))
    quat.rotation_mode = 'QUATERNION'
    quat.rotation_quaternion = (0.95, 0.0, 0.3, 0.1)
    action_con(quat, use_eval_time=True, eval_time=0.7, frame_start=0, frame_end=10, mix_mode='BEFORE_SPLIT')
    holder = empty("Holder", loc=(-2.0, 0.0, 0.0), rot=(0.0, 0.0, 0.5), scale=(1.2, 1.2, 1.2))
    kid = empty("Kid", loc=(0.3, 0.2, 0.1), rot=(0.2, 0.0, 0.0), parent=holder)
    action_con(kid, target=arm, subtarget="CtrlBone", target_space='LOCAL', transform_channel='LOCATION_Z', min=-0.1, max=0.2, frame_start=0, frame_end=10, mix_mode='AFTER_SPLIT', owner_space='LOCAL')
    scene().frame_set(1)
    return [1, 4, 7.5, 12]


def rig_object_extras():
    """Issue 14: delta transforms in every rotation mode (static; keyed by an action; under a parent
    that has deltas too; under constraints, one in the LOCAL space of a parent-less object, which
    Blender takes from BKE_object_to_mat4, deltas included), drivers reading and writing deltas,
    objects on bones with and without Relative Parenting (one bone constrained, one object under a
    LOCAL-space constraint), and an armature in
    REST position with bone constraints, IK and a keyed bone (all ignored by Blender), an object
    constraint on it (applied), objects on its bones and drivers reading it (channels as authored,
    matrices at rest)."""
    modes = ('XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE')
    top = empty("DeltaParent", loc=(0.2, -0.4, 0.3), rot=(0.2, -0.1, 0.5), scale=(1.2, 0.9, 1.1))
    top.delta_location = (0.5, 0.1, -0.2)
    top.delta_rotation_euler = (0.0, 0.3, -0.2)
    top.delta_scale = (1.1, 1.0, 0.8)
    goal = empty("Goal", loc=(1.5, 1.0, 0.8), rot=(0.4, 0.2, -0.3))
    objs = {}
    for i, m in enumerate(modes):
        o = empty("D_" + m, loc=(0.3 * i, 0.2, -0.1 * i), parent=top if i % 2 else None)
        o.rotation_mode = m
        o.rotation_euler = (0.3 + 0.1 * i, -0.5, 0.7)
        o.rotation_quaternion = (0.8, 0.3, -0.2, 0.4)
        o.rotation_axis_angle = (0.9, 0.2, 0.5, 0.8)
        o.scale = (1.0 + 0.1 * i, 0.8, 1.3)
        o.delta_location = (0.4, -0.3 * i, 0.25)
        o.delta_rotation_euler = (0.6, 0.2 * i, -0.4)
        o.delta_rotation_quaternion = (0.7, -0.1, 0.5, 0.3)
        o.delta_scale = (0.9, 1.2, 1.0 + 0.05 * i)
        objs[m] = o
    lr = objs['XZY'].constraints.new('LIMIT_ROTATION')  # parented
    lr.use_limit_z = True
    lr.max_z = 0.2
    lr.owner_space = 'LOCAL'
    cl = objs['ZXY'].constraints.new('COPY_LOCATION')  # parent-less: LOCAL is its own rotation, deltas in
    cl.target = goal
    cl.owner_space = 'LOCAL'
    cl.target_space = 'LOCAL'
    cl.influence = 0.6
    cr = objs['QUATERNION'].constraints.new('COPY_ROTATION')
    cr.target = goal
    cr.mix_mode = 'BEFORE'
    cr.influence = 0.5

    # Deltas keyed by an action (LINEAR and Bezier), on objects under a parent and a constraint.
    ka = empty("Keyed_YXZ", loc=(-1.0, 0.5, 0.2), parent=top)
    ka.rotation_mode = 'YXZ'
    ka.rotation_euler = (0.2, 0.3, -0.1)
    kq = empty("Keyed_Q", loc=(-1.5, -0.5, 0.4), rot=(0.0, 0.0, 0.0))
    kq.rotation_mode = 'QUATERNION'
    kq.rotation_quaternion = (0.9, 0.1, 0.3, -0.2)
    kq.delta_location = (0.1, 0.1, 0.1)  # authored, not keyed: stays
    for f, v in ((1, 0.0), (6, 0.8), (10, -0.3)):
        ka.delta_location = (v, 0.5 * v, -v)
        ka.delta_rotation_euler = (v, -0.5 * v, 0.3 * v)
        ka.delta_scale = (1.0 + 0.5 * v, 1.0, 1.0 - 0.2 * v)
        for path in ("delta_location", "delta_rotation_euler", "delta_scale"):
            ka.keyframe_insert(path, frame=f)
        kq.delta_rotation_quaternion = (1.0, 0.0, 0.0, 0.0) if f == 1 else (0.8, 0.4 * v, -0.3, 0.2)
        kq.keyframe_insert("delta_rotation_quaternion", frame=f)
    for fc in ka.animation_data.action.fcurves:
        if fc.data_path == "delta_scale":
            for k in fc.keyframe_points:
                k.interpolation = 'LINEAR'
    dt = kq.constraints.new('DAMPED_TRACK')
    dt.target = goal
    dt.influence = 0.4

    # Drivers: one writes another object's deltas, others read deltas (a keyed one, in transform space).
    rd = empty("DeltaDriven", loc=(0.0, -1.5, 0.0))
    driver(rd, "delta_location", 0, "0.5 + d", [{"name": "d", "targets": [{"id": ka, "data_path": "delta_rotation_euler[1]"}]}])
    driver(rd, "delta_rotation_euler", 2, "t * 0.2", [{"name": "t", "type": 'TRANSFORMS', "targets": [{"id": objs['XYZ'], "transform_type": 'LOC_X', "transform_space": 'TRANSFORM_SPACE'}]}])
    driver(rd, "location", 2, "0.1 * dist", [{"name": "dist", "type": 'LOC_DIFF', "targets": [{"id": objs['YZX'], "transform_space": 'TRANSFORM_SPACE'}, {"id": goal}]}])
    driver(rd, "scale", 1, "1 + q", [{"name": "q", "targets": [{"id": kq, "data_path": "delta_rotation_quaternion[2]"}]}])

    # Objects on bones, with and without Relative Parenting; the relative bone constrained.
    arm = armature("Arm", [
        ("Root", (0, 0, 0), (0, 0, 1), None, False, 0.0),
        ("Rel", (0, 0, 1), (0.3, 0.2, 1.8), "Root", True, 0.3),
        ("Tail", (0.6, 0, 0.2), (0.6, 0.4, 0.9), "Root", False, -0.2),
    ], loc=(0.5, 2.0, 0.0), rot=(0.1, 0.0, 0.4), scale=(1.1, 1.1, 1.1))
    arm.data.bones["Rel"].use_relative_parent = True
    pb = arm.pose.bones
    pb["Root"].rotation_mode = 'XYZ'
    pb["Root"].rotation_euler = (0.2, 0.1, -0.3)
    pb["Rel"].rotation_mode = 'QUATERNION'
    pb["Rel"].rotation_quaternion = (0.9, 0.2, -0.1, 0.3)
    pb["Rel"].scale = (1.2, 0.9, 1.0)
    pb["Tail"].location = (0.1, -0.2, 0.3)
    pb["Tail"].rotation_mode = 'ZXY'
    pb["Tail"].rotation_euler = (-0.3, 0.4, 0.1)
    ctr = pb["Rel"].constraints.new('COPY_ROTATION')
    ctr.target = goal
    ctr.influence = 0.3
    for name, bone in (("OnRel", "Rel"), ("OnTail", "Tail"), ("OnRelDelta", "Rel")):
        k = empty(name, loc=(0.2, 0.1, -0.3), rot=(0.1, 0.5, 0.2))
        k.parent = arm
        k.parent_type = 'BONE'
        k.parent_bone = bone
        k.matrix_parent_inverse = Matrix.Translation((0.1, -0.2, 0.3)) @ Matrix.Rotation(0.3, 4, 'X')
    on_rel = scene().objects["OnRelDelta"]
    on_rel.delta_location = (0.3, 0.0, -0.1)
    on_rel.delta_scale = (1.0, 1.4, 1.0)
    # Its LOCAL space is the armature's matrix · parent inverse, relative or not (convertspace).
    ll = on_rel.constraints.new('LIMIT_LOCATION')
    ll.use_max_x = True
    ll.max_x = 0.2
    ll.owner_space = 'LOCAL'

    # An armature in rest position: its bone constraints, IK and keyed pose do nothing in Blender.
    rest = armature("RestArm", [
        ("A", (0, 0, 0), (0, 0, 1), None, False, 0.0),
        ("B", (0, 0, 1), (0, 0.3, 1.8), "A", True, 0.1),
        ("C", (0, 0.3, 1.8), (0, 0.5, 2.4), "B", True, 0.0),
        ("Side", (0.8, 0, 0), (0.8, 0, 0.7), None, False, 0.2),
    ], loc=(-2.0, 1.0, 0.0), rot=(0.0, 0.2, -0.3))
    rest.data.pose_position = 'REST'
    rest.data.bones["Side"].use_relative_parent = True
    rp = rest.pose.bones
    for b in rp:
        b.rotation_mode = 'XYZ'
    rp["A"].rotation_euler = (0.4, 0.0, 0.2)
    rp["B"].rotation_euler = (0.0, 0.3, 0.0)
    rp["B"].scale = (1.0, 1.3, 1.0)
    for f, z in ((1, 0.0), (10, 1.0)):
        rp["Side"].rotation_euler = (0.0, 0.0, z)
        rp["Side"].keyframe_insert("rotation_euler", frame=f)
    ik = rp["C"].constraints.new('IK')
    ik.target = goal
    ik.chain_count = 2
    cls = rp["Side"].constraints.new('COPY_LOCATION')
    cls.target = goal
    crr = rest.constraints.new('COPY_ROTATION')  # the armature object's own: applied
    crr.target = goal
    crr.influence = 0.5
    # Drivers read the REST armature's channels as authored, its bones' matrices at rest.
    reader = empty("RestReader", loc=(-2.0, -1.0, 0.0))
    driver(reader, "location", 0, "a", [{"name": "a", "type": 'TRANSFORMS', "targets": [{"id": rest, "bone_target": "A", "transform_type": 'ROT_X', "transform_space": 'TRANSFORM_SPACE'}]}])
    driver(reader, "location", 1, "b", [{"name": "b", "type": 'TRANSFORMS', "targets": [{"id": rest, "bone_target": "C", "transform_type": 'LOC_Z', "transform_space": 'WORLD_SPACE'}]}])
    driver(reader, "location", 2, "c", [{"name": "c", "type": 'TRANSFORMS', "targets": [{"id": rest, "bone_target": "B", "transform_type": 'SCALE_Y', "transform_space": 'LOCAL_SPACE'}]}])
    for name, bone in (("OnRestC", "C"), ("OnRestSide", "Side")):
        k = empty(name, loc=(0.1, 0.2, 0.0))
        k.parent = rest
        k.parent_type = 'BONE'
        k.parent_bone = bone
    scene().frame_set(1)
    return [1, 4, 7.5]


def rig_bbone():
    """B-Bones of 2 to 32 segments, shaped every way Blender's spline is (AUTO handles from connected
    bones, custom ABSOLUTE / RELATIVE / TANGENT handles with their scale and ease flags, curve, roll,
    ease and scale in and out on the bone and on its pose, Scale Easing, end roll as in-roll,
    B-Bone handles, a non-uniform pose scale), read where Blender reads them: Armature constraints
    with owners along the bones and past their ends (linear, Preserve Volume, Use Current Location,
    envelopes, two targets, an object owner), and Follow B-Bone on Copy Location / Transforms,
    Damped Track, Stretch To, Track To, Locked Track, Limit Distance and Pivot at several Head/Tail.
    A driver sets a pose Ease Out and an edit-bone Ease Out from an animated property, and an action
    keys a pose Curve In X: three frames."""
    B = [
        ("R", (0, 0, 0), (0, 0, 1), None, False, 0.0),
        ("A", (0, 0, 1), (0, 0.2, 2), "R", True, 0.3),
        ("B6", (0, 0.2, 2), (0, 0.1, 3.5), "A", True, -0.4),
        ("C", (0, 0.1, 3.5), (0, -0.2, 4.3), "B6", True, 0.2),
        ("H1", (2, -0.5, 0), (2, 0, 0.8), None, False, 0.5),
        ("B8", (2, 0, 1), (2, 0, 2.5), None, False, 0.0),
        ("H2", (2, 0, 2.7), (2, 0.3, 3.4), None, False, -0.3),
        ("H3", (4, 0, 0), (4, 0, 0.8), None, False, 0.0),
        ("B4", (4, 0, 1), (4, 0.3, 2.4), None, False, 0.7),
        ("H4", (4.2, 0.3, 2.6), (4.5, 0.5, 3.2), None, False, 0.0),
        ("S16", (6, 0, 0), (6, 0, 2), None, False, 0.4),
        ("P5", (8, 0, 0), (8, 0, 1), None, False, 0.0),
        ("B32", (8, 0, 1), (8, 0.4, 3), "P5", True, 0.1),
        ("Q1", (10, 0, 0), (10, 0, 1), None, False, 0.0),
        ("Q2", (10, 0, 1), (10, 0.3, 2), "Q1", True, 0.0),
        ("Q3", (10, 0.3, 2), (10, 0.3, 3), "Q2", True, 0.2),
    ]
    # Armature-constraint owners: (name, B-Bone, fraction of its rest length, sideways offset).
    along = [("W0", "B6", -0.1), ("W1", "B6", 0.05), ("W2", "B6", 0.4), ("W3", "B6", 0.66), ("W4", "B6", 0.97), ("Wx", "B6", 1.2),
             ("W5", "B8", 0.5), ("W6", "S16", 0.3), ("W7", "S16", 0.55), ("W8", "B32", 0.45), ("W9", "B4", 0.35), ("Wq", "Q2", 0.7)]
    ends = {b[0]: (Vector(b[1]), Vector(b[2])) for b in B}
    for name, target, f in along:
        h, t = ends[target]
        p = h.lerp(t, f) + Vector((0.15, -0.1, 0.0))
        B.append((name, tuple(p), tuple(p + Vector((0.0, 0.0, 0.4))), None, False, 0.0))
    for i in range(14):
        B.append(("K%d" % i, (-2 - 0.5 * i, 1, 0), (-2 - 0.5 * i, 1, 0.6), None, False, 0.0))
    arm = armature("BRig", B, loc=(0.3, -0.2, 0.1), rot=(0.1, 0.2, 0.3), scale=(1.2, 1.2, 1.2))
    bones, pb = arm.data.bones, arm.pose.bones
    for n, segs in (("B6", 6), ("B8", 8), ("B4", 4), ("S16", 16), ("B32", 32), ("Q1", 3), ("Q2", 2), ("Q3", 5)):
        bones[n].bbone_segments = segs
    b8 = bones["B8"]
    b8.bbone_handle_type_start = b8.bbone_handle_type_end = 'ABSOLUTE'
    b8.bbone_custom_handle_start, b8.bbone_custom_handle_end = bones["H1"], bones["H2"]
    b8.bbone_handle_use_scale_start, b8.bbone_handle_use_ease_start = (True, False, True), True
    b8.bbone_handle_use_scale_end, b8.bbone_handle_use_ease_end = (False, True, False), False
    b4 = bones["B4"]
    b4.bbone_handle_type_start, b4.bbone_custom_handle_start = 'RELATIVE', bones["H3"]
    b4.bbone_handle_type_end, b4.bbone_custom_handle_end = 'TANGENT', bones["H4"]
    b4.bbone_handle_use_scale_end = (True, True, False)
    s16 = bones["S16"]
    s16.bbone_curveinx, s16.bbone_curveoutz, s16.bbone_rollin, s16.bbone_rollout = 0.2, -0.3, 0.3, -0.2
    s16.bbone_easein, s16.bbone_easeout = 1.3, 0.7
    s16.bbone_scalein, s16.bbone_scaleout = (1.2, 1.1, 0.9), (0.8, 1.3, 1.1)
    s16.use_scale_easing = True
    bones["P5"].bbone_rollout = 0.3
    bones["B32"].use_endroll_as_inroll = True
    bones["B32"].bbone_curveinz = 0.15
    for n, e in (("A", (0.3, 0, 0.2)), ("B6", (0.2, 0.1, -0.3)), ("C", (-0.5, 0.2, 0.4)), ("H1", (0.3, -0.2, 0.1)), ("H2", (-0.4, 0.1, 0.3)),
                 ("B8", (0.1, 0.0, 0.15)), ("H4", (0.4, 0.2, 0.0)), ("S16", (0.1, -0.2, 0.1)), ("P5", (0.2, 0.3, 0.0)), ("B32", (-0.3, 0.1, 0.2)),
                 ("Q1", (0.2, 0.0, 0.1)), ("Q2", (0.3, -0.1, 0.0)), ("Q3", (0.4, 0.3, 0.1)), ("K13", (0.3, 0.2, 0.5))):
        pb[n].rotation_mode = 'XYZ'
        pb[n].rotation_euler = e
    pb["H1"].location, pb["H1"].scale = (0.2, 0.1, 0.0), (1.3, 1.1, 0.8)
    pb["H2"].location, pb["H2"].scale = (0.1, -0.2, 0.1), (0.9, 1.4, 1.2)
    pb["H3"].location, pb["B4"].location = (0.3, 0.0, 0.1), (0.0, 0.0, 0.1)
    pb["H4"].scale = (1.2, 0.8, 1.0)
    pb["S16"].scale = (1.0, 1.3, 0.9)
    s = pb["S16"]
    s.bbone_curveinz, s.bbone_rollout, s.bbone_easein, s.bbone_scaleout = 0.25, 0.4, -0.3, (1.1, 0.9, 1.2)
    pb["P5"].bbone_rollout = -0.2
    pb["B6"].bbone_easein = 0.5
    pb["W8"].location = (0.2, 0.3, -0.1)
    # The armature constraints.
    for name, target, _ in along:
        c = pb[name].constraints.new('ARMATURE')
        t = c.targets.new()
        t.target, t.subtarget = arm, target
        if name == "W5":
            t.weight = 0.7
            t2 = c.targets.new()
            t2.target, t2.subtarget, t2.weight = arm, "R", 0.3
        if name == "W7":
            t2 = c.targets.new()
            t2.target, t2.subtarget, t2.weight = arm, "B4", 0.5
            t.weight = 0.5
        c.use_deform_preserve_volume = name in ("W6", "W7")
        c.use_current_location = name == "W8"
        c.use_bone_envelopes = name == "W9"
    bones["B4"].head_radius, bones["B4"].tail_radius, bones["B4"].envelope_distance = 0.3, 0.3, 1.5
    ew = empty("EW", loc=(10.4, 0.1, 1.5))
    c = ew.constraints.new('ARMATURE')
    t = c.targets.new()
    t.target, t.subtarget = arm, "Q2"
    # Follow B-Bone (and two straight controls: a plain bone, and the switch off).
    follow = [("K0", 'COPY_LOCATION', "B6", 0.3), ("K1", 'COPY_LOCATION', "S16", 0.77), ("K2", 'COPY_TRANSFORMS', "B8", 0.5),
              ("K3", 'COPY_TRANSFORMS', "S16", 0.0), ("K4", 'COPY_TRANSFORMS', "B32", 0.9), ("K5", 'DAMPED_TRACK', "B4", 0.6),
              ("K6", 'STRETCH_TO', "B6", 0.9), ("K7", 'TRACK_TO', "Q2", 0.3), ("K8", 'LOCKED_TRACK', "B8", 0.25),
              ("K9", 'LIMIT_DISTANCE', "S16", 0.5), ("K10", 'COPY_LOCATION', "B8", 0.4), ("K11", 'COPY_LOCATION', "R", 0.5),
              ("K12", 'COPY_LOCATION', "S16", 0.5), ("K13", 'PIVOT', "B6", 0.5)]
    for name, kind, target, ht in follow:
        c = pb[name].constraints.new(kind)
        c.target, c.subtarget = arm, target
        c.head_tail = ht
        c.use_bbone_shape = name != "K12"
        if kind == 'LIMIT_DISTANCE':
            c.distance = 0.5
        if kind == 'PIVOT':
            c.rotation_range = 'ALWAYS_ACTIVE'
        if kind == 'TRACK_TO':
            c.track_axis, c.up_axis = 'TRACK_Y', 'UP_Z'
        if name == "K10":
            c.target_space, c.owner_space = 'LOCAL', 'LOCAL'
    # Drivers and an action on B-Bone settings of bones whose shape is read.
    prop(arm, "ease", 0.4, -1.0, 2.0)
    for f, v in ((1, 0.4), (3, 1.2), (5, -0.3)):
        arm["ease"] = v
        arm.keyframe_insert('["ease"]', frame=f)
    ease = [{"name": "e", "targets": [{"id": arm, "data_path": '["ease"]'}]}]
    driver(pb["S16"], "bbone_easeout", -1, "e * 0.8", ease)
    driver(arm.data.bones["B8"], "bbone_easeout", -1, "1 + e * 0.5", ease)
    for f, v in ((1, 0.0), (3, 0.5), (5, -0.3)):
        pb["B6"].bbone_curveinx = v
        pb["B6"].keyframe_insert("bbone_curveinx", frame=f)
    scene().frame_set(1)
    return [1, 3, 5]


def rig_every_constraint():
    """One of each constraint of Blender's set the round trips above leave out, with settings away
    from their defaults, on bones and on objects, animated over a few frames: Child Of (inverse set,
    some channels off), Spline IK (a Bezier curve with tilts and radii, CARDINAL and BSPLINE
    interpolated, FIT_CURVE, volume preserving XZ), Follow Path (Follow Curve on that Bezier and on a
    POLY curve with a tilted point and its Evaluation Time keyed (Animate Path); fixed position and offset), Clamp To, Copy Scale (power,
    additive, offset), Limit Scale, Maintain Volume, Pivot, Locked Track, Transformation (rotation to
    location, mixed), Limit Distance (outside), Copy Transforms (mixed, LOCAL)."""
    arm = armature("Arm", [
        ("S0", (0, 0, 0), (0, 0, 0.4), None, False, 0.0),
        ("S1", (0, 0, 0.4), (0, 0, 0.8), "S0", True, 0.0),
        ("S2", (0, 0, 0.8), (0, 0, 1.2), "S1", True, 0.0),
        ("S3", (0, 0, 1.2), (0, 0, 1.6), "S2", True, 0.0),
        ("Hub", (1, 0, 0), (1, 0, 0.3), None, False, 0.0),
        ("ChildOf", (1, 0.5, 0), (1, 0.5, 0.3), "Hub", False, 0.2),
        ("Scaled", (1.5, 0, 0), (1.5, 0, 0.3), "Hub", False, 0.0),
        ("Limited", (1.5, 0.5, 0), (1.5, 0.5, 0.3), "Hub", False, 0.0),
        ("Volume", (2, 0, 0), (2, 0, 0.3), "Hub", False, 0.0),
        ("Pivoted", (2, 0.5, 0), (2, 0.5, 0.3), "Hub", False, 0.1),
        ("Locked", (2.5, 0, 0), (2.5, 0, 0.3), "Hub", False, 0.0),
        ("Mapped", (2.5, 0.5, 0), (2.5, 0.5, 0.3), "Hub", False, 0.0),
        ("Copied", (3, 0, 0), (3, 0, 0.3), "Hub", False, -0.3),
        ("Kept", (3, 0.5, 0), (3, 0.5, 0.3), "Hub", False, 0.0),
    ], loc=(0.1, 0.2, 0.0), rot=(0.0, 0.0, 0.2))
    pb = arm.pose.bones
    cu = bpy.data.curves.new("PathData", 'CURVE')
    cu.dimensions = '3D'
    sp = cu.splines.new('BEZIER')
    sp.bezier_points.add(2)
    for bp, co, radius, tilt in zip(sp.bezier_points, ((0.0, 0.0, 0.0), (0.6, 0.3, 0.9), (0.2, -0.2, 1.9)), (1.0, 1.6, 0.7), (0.0, 0.5, -0.3)):
        bp.co = co
        bp.handle_left_type = bp.handle_right_type = 'AUTO'
        bp.radius, bp.tilt = radius, tilt
    sp.tilt_interpolation, sp.radius_interpolation = 'CARDINAL', 'BSPLINE'
    cu.use_path = True
    cu.path_duration = 20
    path = link(bpy.data.objects.new("Path", cu))
    path.location = (-0.8, 0.1, 0.0)
    path.rotation_euler = (0.1, 0.0, 0.3)
    poly_data = bpy.data.curves.new("PolyData", 'CURVE')
    poly_data.dimensions = '3D'
    ps = poly_data.splines.new('POLY')
    ps.points.add(3)
    for p, co in zip(ps.points, ((0, 0, 0, 1), (0.5, 0.2, 0.4, 1), (0.9, -0.1, 1.0, 1), (1.0, 0.4, 1.6, 1))):
        p.co = co
    ps.points[2].tilt = 0.6
    poly_data.use_path = True
    poly_data.path_duration = 20
    poly_data.eval_time = 6.0
    poly = link(bpy.data.objects.new("PolyPath", poly_data))
    poly.location = (0.4, -0.6, 0.1)
    poly.rotation_euler = (0.0, 0.2, -0.4)
    target = empty("Target", loc=(1.2, -0.8, 0.6), rot=(0.2, -0.3, 0.5), scale=(1.2, 0.8, 1.1))
    other = empty("Other", loc=(2.4, -0.5, 1.0), rot=(0.4, 0.1, -0.2), scale=(0.9, 1.3, 1.0))

    c = pb["S3"].constraints.new('SPLINE_IK')
    c.target, c.chain_count = path, 4
    c.y_scale_mode, c.xz_scale_mode, c.use_curve_radius = 'FIT_CURVE', 'VOLUME_PRESERVE', True
    c = pb["ChildOf"].constraints.new('CHILD_OF')
    c.target = target
    c.use_scale_y = False
    c.use_rotation_z = False
    c.inverse_matrix = Matrix.Translation((-1.0, 0.5, -0.3)) @ Euler((0.1, 0.2, -0.3)).to_matrix().to_4x4()
    pb["Scaled"].scale = (1.1, 0.9, 1.2)
    c = pb["Scaled"].constraints.new('COPY_SCALE')
    c.target, c.power, c.use_add, c.use_offset, c.use_y = other, 1.5, True, True, False
    c.owner_space = c.target_space = 'LOCAL'
    pb["Limited"].scale = (2.0, 0.3, 1.0)
    c = pb["Limited"].constraints.new('LIMIT_SCALE')
    c.use_min_x = c.use_max_x = c.use_min_y = True
    c.min_x, c.max_x, c.min_y = 0.5, 1.5, 0.6
    c.owner_space = 'LOCAL'
    pb["Volume"].scale = (1.0, 1.7, 1.0)
    c = pb["Volume"].constraints.new('MAINTAIN_VOLUME')
    c.mode, c.volume, c.free_axis = 'UNIFORM', 1.3, 'SAMEVOL_Y'
    c.owner_space = 'LOCAL'
    pb["Pivoted"].rotation_mode = 'XYZ'
    pb["Pivoted"].rotation_euler = (0.5, 0.0, 0.4)
    c = pb["Pivoted"].constraints.new('PIVOT')
    c.target, c.offset, c.rotation_range = other, (0.1, 0.2, 0.0), 'ALWAYS_ACTIVE'
    c = pb["Locked"].constraints.new('LOCKED_TRACK')
    c.target, c.track_axis, c.lock_axis = target, 'TRACK_NEGATIVE_X', 'LOCK_Z'
    c = pb["Mapped"].constraints.new('TRANSFORM')
    c.target, c.map_from, c.map_to = other, 'ROTATION', 'LOCATION'
    c.from_min_x_rot, c.from_max_x_rot, c.to_min_z, c.to_max_z = -1.0, 1.0, -0.5, 0.5
    c.map_to_z_from, c.mix_mode = 'X', 'ADD'
    c.target_space = 'LOCAL'
    c = pb["Copied"].constraints.new('COPY_TRANSFORMS')
    c.target, c.subtarget, c.mix_mode, c.influence = arm, "Pivoted", 'BEFORE_SPLIT', 0.7
    c.owner_space = c.target_space = 'LOCAL'
    c = pb["Kept"].constraints.new('LIMIT_DISTANCE')
    c.target, c.distance, c.limit_mode = target, 0.4, 'LIMITDIST_OUTSIDE'

    follower = empty("Follower", loc=(0.1, 0.0, 0.2), rot=(0.0, 0.2, 0.0))
    c = follower.constraints.new('FOLLOW_PATH')
    c.target, c.use_curve_follow, c.forward_axis, c.up_axis, c.offset = poly, True, 'FORWARD_Y', 'UP_Z', -4.0
    fixed = empty("Fixed", loc=(0.0, 0.0, 0.0))
    c = fixed.constraints.new('FOLLOW_PATH')
    c.target, c.use_fixed_location, c.offset_factor, c.use_curve_radius = path, True, 0.35, True
    on_bezier = empty("BezierFollower", loc=(0.0, 0.1, 0.0))
    c = on_bezier.constraints.new('FOLLOW_PATH')
    c.target, c.use_fixed_location, c.offset_factor, c.use_curve_follow, c.use_curve_radius = path, True, 0.62, True, True
    c.forward_axis, c.up_axis = 'TRACK_NEGATIVE_Z', 'UP_Y'
    clamped = empty("Clamped", loc=(0.5, 0.3, 0.8))
    c = clamped.constraints.new('CLAMP_TO')
    c.target, c.main_axis = path, 'CLAMPTO_Z'
    obj_child = empty("ObjChild", loc=(0.3, 0.3, 0.3), rot=(0.1, 0.1, 0.1))
    c = obj_child.constraints.new('CHILD_OF')
    c.target, c.subtarget = arm, "S2"
    c.inverse_matrix = Matrix.Translation((0.2, -0.1, -1.0))

    for f, loc, rot in ((1, (1.2, -0.8, 0.6), (0.2, -0.3, 0.5)), (4, (0.4, -1.2, 1.4), (0.9, 0.2, -0.6)), (7, (1.8, 0.2, 0.2), (-0.5, 0.6, 1.2))):
        target.location, target.rotation_euler = loc, rot
        target.keyframe_insert("location", frame=f)
        target.keyframe_insert("rotation_euler", frame=f)
    for f, r in ((1, (0.4, 0.1, -0.2)), (7, (-0.8, 0.5, 0.9))):
        other.rotation_euler = r
        other.keyframe_insert("rotation_euler", frame=f)
    # Animate Path: the POLY curve's Evaluation Time keyed in the curve's own action.
    for f, t in ((1, 2.0), (7, 15.0)):
        poly_data.eval_time = t
        poly_data.keyframe_insert("eval_time", frame=f)
    scene().frame_set(1)
    return [1, 3, 5.5, 7]


def rig_spline_ik():
    """Spline IK in its settings: four chains of four bones on Bezier curves (tilted, radii, one
    cyclic, one 2D) with even divisions, chain offset, every Y and XZ scale mode, original scale,
    curve radius on and off, bulge limits, influence below 1, a posed and scaled root, an animated
    curve object."""
    import itertools
    bones = []
    for c in range(4):
        x = 0.6 * c
        bones.append(("R%d" % c, (x, 0, -0.3), (x, 0, 0.0), None, False, 0.0))
        for i in range(4):
            bones.append(("C%d_%d" % (c, i), (x, 0, 0.4 * i), (x, 0.02 * i, 0.4 * (i + 1)), "R%d" % c if i == 0 else "C%d_%d" % (c, i - 1), i > 0, 0.1 * i))
    arm = armature("Arm", bones, loc=(0.0, 0.3, 0.1), rot=(0.05, 0.0, 0.1))
    pb = arm.pose.bones
    settings = [
        dict(y_scale_mode='FIT_CURVE', xz_scale_mode='NONE', use_even_divisions=False, use_chain_offset=False, use_curve_radius=True, use_original_scale=False),
        dict(y_scale_mode='BONE_ORIGINAL', xz_scale_mode='BONE_ORIGINAL', use_even_divisions=True, use_chain_offset=True, use_curve_radius=False, use_original_scale=False),
        dict(y_scale_mode='NONE', xz_scale_mode='INVERSE_PRESERVE', use_even_divisions=False, use_chain_offset=True, use_curve_radius=True, use_original_scale=True),
        dict(y_scale_mode='FIT_CURVE', xz_scale_mode='VOLUME_PRESERVE', use_even_divisions=True, use_chain_offset=False, use_curve_radius=True, use_original_scale=False, use_bulge_min=True, use_bulge_max=True, bulge=1.4, bulge_min=0.7, bulge_max=1.3, bulge_smooth=0.4),
    ]
    for c, cfg in enumerate(settings):
        cu = bpy.data.curves.new("SplineData%d" % c, 'CURVE')
        cu.dimensions = '2D' if c == 3 else '3D'
        sp = cu.splines.new('BEZIER')
        sp.bezier_points.add(3)
        cos = [(0, 0, 0), (0.3, 0.2 * c, 0.5), (-0.2, 0.1, 1.1), (0.1, -0.3, 1.8)]
        for k, (bp, co) in enumerate(zip(sp.bezier_points, cos)):
            bp.co = co if c != 3 else (co[0], co[2], 0)
            bp.handle_left_type = bp.handle_right_type = 'AUTO'
            bp.radius = 1.0 + 0.3 * math.sin(k + c)
            bp.tilt = 0.2 * k * (c - 1)
        sp.use_cyclic_u = c == 2
        sp.resolution_u = 4 + 2 * c
        cu.use_path = True
        o = link(bpy.data.objects.new("Spline%d" % c, cu))
        o.location = (0.6 * c - 0.1, -0.2, 0.0)
        o.rotation_euler = (0.1 * c, 0.0, 0.2)
        o.scale = (1.0, 1.0 + 0.1 * c, 1.0)
        con = pb["C%d_3" % c].constraints.new('SPLINE_IK')
        con.target, con.chain_count = o, 4
        for k, v in cfg.items():
            setattr(con, k, v)
        if c == 1:
            con.influence = 0.6
        pb["C%d_1" % c].scale = (1.0, 1.3, 0.8)
        pb["R%d" % c].rotation_mode = 'XYZ'
        pb["R%d" % c].rotation_euler = (0.2 * c, -0.1, 0.3)
        pb["R%d" % c].scale = (1.1, 0.9, 1.0)
        for f, loc in ((1, o.location.copy()), (5, o.location + Vector((0.1, 0.2, -0.1)))):
            o.location = loc
            o.keyframe_insert("location", frame=f)
    scene().frame_set(1)
    return [1, 3, 5]


def hook(curve, name, arm, bone, indices, falloff=None, radius=0.0, strength=1.0, uniform=False, center=None):
    """A Hook modifier on `curve` moving its deform points `indices` (a Bezier point is three: left
    handle, point, right handle) with `bone` of `arm` (an object when `bone` is None), reset as
    Ctrl+H does it: the inverse of the target's matrix in the curve's space at build time."""
    m = curve.modifiers.new(name, 'HOOK')
    m.object = arm
    if bone is not None:
        m.subtarget = bone
        target = arm.matrix_world @ arm.pose.bones[bone].matrix
    else:
        target = arm.matrix_world
    m.matrix_inverse = (curve.matrix_world.inverted() @ target).inverted()
    m.vertex_indices_set(indices)
    m.strength = strength
    if falloff is not None:
        m.falloff_type, m.falloff_radius, m.use_falloff_uniform = falloff, radius, uniform
    if center is not None:
        m.center = center
    return m


def rig_hooked_curves():
    """Curves whose points Hook modifiers move with bones and an empty, read by Spline IK, Follow
    Path and Clamp To: a Bezier with AUTO, VECTOR, ALIGNED and FREE handles (Blender recomputes the
    first three after the hooks move the points), a POLY spline, NURBS splines (open with end
    points and a weighted point, cyclic of order 3), hooks with falloffs and strengths below 1, the
    curve object itself moved; the controls keyed over three frames."""
    bones = [("Root", (0, 0, -0.3), (0, 0, 0), None, False, 0.0)]
    for i in range(4):
        bones.append(("Ctl%d" % i, (0.2 * i, -0.5, 0.5 * i), (0.2 * i, -0.5, 0.5 * i + 0.2), "Root", False, 0.0))
    for i in range(4):
        bones.append(("C%d" % i, (0.8, 0, 0.4 * i), (0.8, 0.02 * i, 0.4 * (i + 1)), "Root" if i == 0 else "C%d" % (i - 1), i > 0, 0.0))
    arm = armature("Arm", bones, loc=(0.0, 0.3, 0.1), rot=(0.05, 0.0, 0.1))
    pb = arm.pose.bones
    handle = empty("Handle", loc=(0.5, 0.4, 1.2))
    cu = bpy.data.curves.new("HookData", 'CURVE')
    cu.dimensions = '3D'
    sp = cu.splines.new('BEZIER')
    sp.bezier_points.add(3)
    kinds = ['AUTO', 'VECTOR', 'ALIGNED', 'FREE']
    for k, bp in enumerate(sp.bezier_points):
        bp.co = (0.2 * k, -0.5, 0.5 * k)
        bp.handle_left_type = bp.handle_right_type = kinds[k] if k != 2 else 'AUTO'
        bp.tilt = 0.1 * k
    sp.bezier_points[2].handle_left_type = sp.bezier_points[2].handle_right_type = 'ALIGNED'
    sp.bezier_points[3].handle_left = (0.5, -0.6, 1.3)
    sp.bezier_points[3].handle_right = (0.7, -0.3, 1.6)
    sp.resolution_u = 6
    cu.use_path = True
    o = link(bpy.data.objects.new("Hooked", cu))
    o.location = (0.1, 0.0, 0.05)
    o.rotation_euler = (0.05, 0.0, 0.1)
    bpy.context.view_layer.update()
    for k in range(4):
        hook(o, "Hook%d" % k, arm, "Ctl%d" % k, [3 * k, 3 * k + 1, 3 * k + 2], strength=1.0 if k != 1 else 0.7)
    hook(o, "Soft", handle, None, [6, 7, 8, 9, 10, 11], falloff='SMOOTH', radius=1.5, center=(0.4, -0.5, 1.0))
    # A POLY curve hooked point by point.
    cu2 = bpy.data.curves.new("PolyData", 'CURVE')
    cu2.dimensions = '3D'
    sp2 = cu2.splines.new('POLY')
    sp2.points.add(3)
    for k, p in enumerate(sp2.points):
        p.co = (-0.5, 0.2 * k, 0.4 * k, 1.0)
    cu2.use_path = True
    o2 = link(bpy.data.objects.new("HookedPoly", cu2))
    bpy.context.view_layer.update()
    for k in range(4):
        hook(o2, "P%d" % k, arm, "Ctl%d" % k, [k])
    con = pb["C3"].constraints.new('SPLINE_IK')
    con.target, con.chain_count = o, 4
    e = empty("Follower")
    c = e.constraints.new('FOLLOW_PATH')
    c.target, c.use_curve_follow, c.offset = o2, True, -30
    e2 = empty("Clamped", loc=(-0.3, 0.5, 0.9))
    c2 = e2.constraints.new('CLAMP_TO')
    c2.target = o
    # A cyclic Bezier of TANGENT twist, smoothed and tilted, hooked with every falloff (uniform or
    # not) to an animated empty and to bones, read by Follow Path and by a child on its path.
    cu3 = bpy.data.curves.new("RingData", 'CURVE')
    cu3.dimensions, cu3.twist_mode, cu3.twist_smooth = '3D', 'TANGENT', 0.5
    cu3.use_path, cu3.use_path_follow, cu3.path_duration, cu3.eval_time = True, True, 50, 12
    sp3 = cu3.splines.new('BEZIER')
    sp3.bezier_points.add(5)
    for k, bp in enumerate(sp3.bezier_points):
        a = 2 * math.pi * k / 6
        bp.co = (0.6 * math.cos(a), 0.6 * math.sin(a), 0.15 * math.sin(2 * a))
        bp.handle_left_type = bp.handle_right_type = 'AUTO' if k % 3 else 'VECTOR'
        bp.tilt = 0.2 * k
    sp3.bezier_points[4].handle_left_type = 'FREE'
    sp3.use_cyclic_u, sp3.resolution_u = True, 5
    ring = link(bpy.data.objects.new("Ring", cu3))
    ring.location, ring.rotation_euler, ring.scale = (-0.2, 1.2, 0.6), (0.3, 0.1, 0.0), (1.0, 1.2, 0.9)
    bpy.context.view_layer.update()
    falloffs = ['CONSTANT', 'LINEAR', 'SHARP', 'SMOOTH', 'ROOT', 'SPHERE', 'INVERSE_SQUARE']
    for k, f in enumerate(falloffs):
        hook(ring, "F%d" % k, handle if k % 2 else arm, None if k % 2 else "Ctl%d" % (k % 4), list(range(18)),
             falloff=f, radius=0.5 + 0.1 * k, strength=0.4 + 0.08 * k, uniform=k % 3 == 0,
             center=(0.6 * math.cos(k), 0.6 * math.sin(k), 0.0))
    e3 = empty("RingFollower")
    c3 = e3.constraints.new('FOLLOW_PATH')
    c3.target, c3.use_curve_follow, c3.use_curve_radius, c3.offset_factor, c3.use_fixed_location = ring, True, True, 0.3, True
    rider = empty("Rider", loc=(0.05, 0.0, 0.1))
    rider.parent = ring
    # NURBS splines: an open one with end points and a heavier point, hooked to the bones (one hook
    # with a falloff), read by Follow Path; a cyclic one of order 3, a child on its path.
    for name, cyclic, order in (("Nurb", False, 4), ("NurbRing", True, 3)):
        cun = bpy.data.curves.new(name + "Data", 'CURVE')
        cun.dimensions, cun.use_path, cun.use_path_follow = '3D', True, True
        spn = cun.splines.new('NURBS')
        spn.points.add(4)
        for k, p in enumerate(spn.points):
            p.co = (0.3 * k - 0.6, 0.9 + 0.2 * math.sin(k), 0.25 * k, 2.0 if k == 2 else 1.0)
        spn.order_u, spn.use_endpoint_u, spn.use_cyclic_u, spn.resolution_u = order, not cyclic, cyclic, 6
        on = link(bpy.data.objects.new(name, cun))
        on.location = (0.0, 0.1 * order, 0.2)
        bpy.context.view_layer.update()
        for k in range(3):
            hook(on, "N%d" % k, arm, "Ctl%d" % k, [k + 1], falloff='SMOOTH' if k == 2 else None, radius=0.6, center=tuple(spn.points[k + 1].co)[:3])
    nf = empty("NurbFollower")
    cn = nf.constraints.new('FOLLOW_PATH')
    cn.target, cn.use_curve_follow, cn.use_fixed_location, cn.offset_factor = bpy.data.objects["Nurb"], True, True, 0.55
    nr = empty("NurbRider", loc=(0.0, 0.05, 0.0))
    nr.parent = bpy.data.objects["NurbRing"]
    for f, moves in ((1, 0.0), (4, 1.0), (7, -0.6)):
        for i in range(4):
            pb["Ctl%d" % i].location = (0.15 * moves * math.sin(i + 1), 0.1 * moves * i, 0.08 * moves)
            pb["Ctl%d" % i].rotation_mode = 'XYZ'
            pb["Ctl%d" % i].rotation_euler = (0.3 * moves, 0.1 * i * moves, -0.2 * moves)
            pb["Ctl%d" % i].keyframe_insert("location", frame=f)
            pb["Ctl%d" % i].keyframe_insert("rotation_euler", frame=f)
        handle.location = (0.5 + 0.2 * moves, 0.4, 1.2 - 0.1 * moves)
        handle.keyframe_insert("location", frame=f)
        o.location = (0.1, 0.05 * moves, 0.05)
        o.keyframe_insert("location", frame=f)
    scene().frame_set(1)
    return [1, 4, 7]


def triple(rng, r=1.0):
    """Three draws from [-r, r]: a random location or Euler rotation for the random generators."""
    return tuple(rng.uniform(-r, r) for _ in range(3))


def rig_random_hooks(seed):
    """Random hooked curves (names random_hooks<N>): two curves, each a Bezier (every handle type at
    random, cyclic or open, TANGENT, MINIMUM or Z_UP twist, smoothing, tilts and radii drawn) or a
    POLY spline, randomly placed, with hooks on random control points to random bones of a control
    armature or to empties (random strength, falloff type, radius, center and uniform space); read by
    a Spline IK chain (every setting drawn), Follow Path (Follow Curve, Curve Radius, fixed or by
    Evaluation Time), Clamp To and an object on the path. Controls and empties keyed between frames 1 and 6."""
    import random
    rng = random.Random("random-hooks-%d" % seed)
    ctl = armature("HCtl", [("K%d" % i, triple(rng), tuple(x + 0.2 for x in triple(rng, 0.1)), None, False, rng.uniform(-1, 1)) for i in range(5)],
                   loc=triple(rng, 0.5), rot=triple(rng, 0.5))
    movers = [empty("HE%d" % i, loc=triple(rng), rot=triple(rng)) for i in range(2)]
    chain = armature("HChain", [("S%d" % i, (0, 0, 0.3 * i), (rng.uniform(-0.05, 0.05), 0, 0.3 * (i + 1)), "S%d" % (i - 1) if i else None, i > 0, rng.uniform(-0.5, 0.5)) for i in range(4)],
                     loc=triple(rng, 0.5), rot=triple(rng, 0.3))
    curves = []
    for c in range(2):
        cu = bpy.data.curves.new("HC%dData" % c, 'CURVE')
        cu.dimensions = '3D'
        cu.twist_mode = rng.choice(['MINIMUM', 'Z_UP', 'TANGENT'])
        cu.twist_smooth = rng.choice([0.0, rng.uniform(0, 2)])
        cu.use_path, cu.use_path_follow, cu.path_duration, cu.eval_time = True, rng.random() < 0.5, 40, rng.uniform(0, 40)
        bezier = rng.random() < 0.7
        n = rng.randint(2, 6)
        if bezier:
            sp = cu.splines.new('BEZIER')
            sp.bezier_points.add(n - 1)
            for k, bp in enumerate(sp.bezier_points):
                bp.co = (0.4 * k + rng.uniform(-0.1, 0.1), rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4))
                bp.handle_left_type = rng.choice(['AUTO', 'VECTOR', 'ALIGNED', 'FREE'])
                bp.handle_right_type = rng.choice(['AUTO', 'VECTOR', 'ALIGNED', 'FREE'])
                if bp.handle_left_type == 'FREE':
                    bp.handle_left = tuple(x + rng.uniform(-0.2, 0.2) for x in bp.co)
                if bp.handle_right_type == 'FREE':
                    bp.handle_right = tuple(x + rng.uniform(-0.2, 0.2) for x in bp.co)
                bp.tilt, bp.radius = rng.uniform(-1, 1), rng.uniform(0.5, 1.5)
            sp.resolution_u = rng.randint(2, 8)
            points = 3 * n
        else:
            sp = cu.splines.new('POLY')
            sp.points.add(n - 1)
            for k, p in enumerate(sp.points):
                p.co = (0.4 * k, rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4), 1.0)
                p.tilt, p.radius = rng.uniform(-1, 1), rng.uniform(0.5, 1.5)
            points = n
        sp.use_cyclic_u = n > 2 and rng.random() < 0.3
        o = link(bpy.data.objects.new("HC%d" % c, cu))
        o.location, o.rotation_euler = triple(rng, 0.5), triple(rng, 0.5)
        bpy.context.view_layer.update()
        for h in range(rng.randint(1, 4)):
            target = rng.choice(movers + [ctl])
            bone = "K%d" % rng.randrange(5) if target is ctl else None
            picked = sorted(rng.sample(range(points), rng.randint(1, min(points, 4))))
            falloff = rng.choice([None, None, 'CONSTANT', 'LINEAR', 'SHARP', 'SMOOTH', 'ROOT', 'SPHERE', 'INVERSE_SQUARE'])
            hook(o, "H%d" % h, target, bone, picked, falloff=falloff, radius=rng.uniform(0.2, 2.0), strength=rng.choice([1.0, rng.uniform(0.2, 1.0)]),
                 uniform=rng.random() < 0.3, center=triple(rng, 0.6))
        curves.append(o)
    ik = chain.pose.bones["S3"].constraints.new('SPLINE_IK')
    ik.target, ik.chain_count = curves[0], 4
    randomize_settings(ik, 'SPLINE_IK', rng, skip=('chain_count',))
    f = empty("HFollow", loc=triple(rng))
    c = f.constraints.new('FOLLOW_PATH')
    c.target, c.use_curve_follow, c.use_curve_radius = curves[1], rng.random() < 0.7, rng.random() < 0.5
    c.use_fixed_location, c.offset_factor, c.offset = rng.random() < 0.5, rng.uniform(0, 1), rng.uniform(-10, 10)
    cl = empty("HClamp", loc=triple(rng))
    c = cl.constraints.new('CLAMP_TO')
    c.target, c.main_axis, c.use_cyclic = rng.choice(curves), rng.choice(['CLAMPTO_AUTO', 'CLAMPTO_X', 'CLAMPTO_Y', 'CLAMPTO_Z']), rng.random() < 0.3
    rider = empty("HRider", loc=triple(rng, 0.2))
    rider.parent = rng.choice(curves)
    for fr in (1, 6):
        for pb in ctl.pose.bones:
            pb.rotation_mode = 'XYZ'
            pb.location, pb.rotation_euler = triple(rng, 0.3), triple(rng, 0.6)
            pb.keyframe_insert("location", frame=fr)
            pb.keyframe_insert("rotation_euler", frame=fr)
        for e in movers:
            e.location = tuple(x + rng.uniform(-0.3, 0.3) for x in e.location)
            e.keyframe_insert("location", frame=fr)
    scene().frame_set(1)
    return [1, 3.5, 6]


def rig_two_point_path():
    """A POLY path of two tilted points (make_bevel_list_segment_3D) under Follow Path with Follow
    Curve at its start, its end, between them and by Evaluation Time: each point's frame turns by its
    own tilt in Blender 3.4 (Sinew gave both the second point's, 2.6e-2 to 4.4e-2 off)."""
    cu = bpy.data.curves.new("TData", 'CURVE')
    cu.dimensions = '3D'
    cu.use_path, cu.use_path_follow, cu.path_duration = True, True, 40
    sp = cu.splines.new('POLY')
    sp.points.add(1)
    for k, (co, t, r) in enumerate([((0, -0.37662485, -0.3762149, 1), 0.32363153, 0.6987694), ((0.4, 0.31382793, -0.12054425, 1), 0.27510184, 0.7281545)]):
        sp.points[k].co, sp.points[k].tilt, sp.points[k].radius = co, t, r
    o = link(bpy.data.objects.new("T", cu))
    for i, (fixed, fac, off) in enumerate([(True, 0.40970314, 0), (True, 0.0, 0), (True, 1.0, 0), (False, 0, -0.74)]):
        f = empty("F%d" % i, loc=(0.3, 0.2, 0.1))
        c = f.constraints.new('FOLLOW_PATH')
        c.target, c.use_curve_follow, c.use_fixed_location, c.offset_factor, c.offset = o, True, fixed, fac, off
    scene().frame_set(1)
    return [1]


def rig_random_curves(seed):
    """Random paths (names random_curves<N>): three curves, each a Bezier (every handle type drawn),
    a POLY or a NURBS spline (order, end points, Bezier knots, point weights drawn), 2D or 3D,
    cyclic or open, any twist mode, smoothing, resolution, tilts and radii (the same on every point
    now and then), Path Animation settings (Follow, Curve Radius, Clamp, duration, Evaluation Time)
    drawn; read by a Spline IK chain (every setting drawn), two Follow Paths (every setting drawn),
    a Clamp To and two objects on paths (track and up axes drawn); the curves and readers keyed."""
    import random
    rng = random.Random("random-curves-%d" % seed)
    curves = []
    for c in range(3):
        cu = bpy.data.curves.new("RC%dData" % c, 'CURVE')
        cu.dimensions = rng.choice(['3D', '3D', '2D'])
        cu.twist_mode = rng.choice(['MINIMUM', 'Z_UP', 'TANGENT'])
        cu.twist_smooth = rng.choice([0.0, rng.uniform(0, 3)])
        cu.use_path, cu.use_path_follow, cu.use_radius = True, rng.random() < 0.6, rng.random() < 0.4
        cu.use_path_clamp, cu.path_duration, cu.eval_time = rng.random() < 0.5, rng.randint(10, 80), rng.uniform(-20, 100)
        kind = rng.choice(['BEZIER', 'BEZIER', 'POLY', 'NURBS'])
        n = rng.randint(2, 7)
        sp = cu.splines.new(kind)
        same = rng.random() < 0.3
        if kind == 'BEZIER':
            sp.bezier_points.add(n - 1)
            pts = sp.bezier_points
        else:
            sp.points.add(n - 1)
            pts = sp.points
        for k, p in enumerate(pts):
            co = (0.35 * k + rng.uniform(-0.15, 0.15), rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5))
            if kind == 'BEZIER':
                p.co = co
                p.handle_left_type = rng.choice(['AUTO', 'VECTOR', 'ALIGNED', 'FREE'])
                p.handle_right_type = rng.choice(['AUTO', 'VECTOR', 'ALIGNED', 'FREE'])
            else:
                p.co = co + (rng.choice([1.0, rng.uniform(0.3, 3.0)]) if kind == 'NURBS' else 1.0,)
            p.tilt, p.radius = (0.3, 1.2) if same else (rng.uniform(-2, 2), rng.uniform(0.3, 1.8))
        if kind == 'BEZIER':
            sp.radius_interpolation = rng.choice(['LINEAR', 'CARDINAL', 'BSPLINE', 'EASE'])
            sp.tilt_interpolation = rng.choice(['LINEAR', 'CARDINAL', 'BSPLINE', 'EASE'])
        if kind == 'NURBS':
            sp.order_u = rng.randint(2, min(6, n)) if n > 2 else 2
            sp.use_endpoint_u, sp.use_bezier_u = rng.random() < 0.6, rng.random() < 0.2
        sp.use_cyclic_u = n > 2 and rng.random() < 0.3
        sp.resolution_u = rng.randint(1, 12)
        o = link(bpy.data.objects.new("RC%d" % c, cu))
        o.location, o.rotation_euler, o.scale = triple(rng, 0.8), triple(rng, 0.8), tuple(rng.uniform(0.6, 1.5) for _ in range(3))
        curves.append(o)
    chain = armature("RChain", [("S%d" % i, (0, 0, 0.3 * i), (rng.uniform(-0.05, 0.05), 0, 0.3 * (i + 1)), "S%d" % (i - 1) if i else None, i > 0, rng.uniform(-0.5, 0.5)) for i in range(4)],
                     loc=triple(rng, 0.5), rot=triple(rng, 0.3))
    ik = chain.pose.bones["S3"].constraints.new('SPLINE_IK')
    ik.target, ik.chain_count = curves[0], 4
    randomize_settings(ik, 'SPLINE_IK', rng, skip=('chain_count',))
    readers = []
    for i in range(2):
        f = empty("RFollow%d" % i, loc=triple(rng, 0.3), rot=triple(rng, 0.5))
        c = f.constraints.new('FOLLOW_PATH')
        c.target = rng.choice(curves)
        randomize_settings(c, 'FOLLOW_PATH', rng)
        c.offset_factor, c.offset = rng.uniform(-0.2, 1.2), rng.uniform(-30, 30)
        c.influence = rng.choice([1.0, rng.uniform(0.3, 1.0)])
        readers.append(f)
    cl = empty("RClamp", loc=triple(rng, 1.5))
    c = cl.constraints.new('CLAMP_TO')
    c.target = rng.choice(curves)
    randomize_settings(c, 'CLAMP_TO', rng)
    readers.append(cl)
    for i in range(2):
        r = empty("RRider%d" % i, loc=triple(rng, 0.2), rot=triple(rng, 0.5))
        r.parent = rng.choice(curves)
        r.track_axis = rng.choice(['POS_X', 'POS_Y', 'POS_Z', 'NEG_X', 'NEG_Y', 'NEG_Z'])
        r.up_axis = rng.choice([a for a in 'XYZ' if a != r.track_axis[-1]])
        readers.append(r)
    for fr in (1, 6):
        for o in curves + readers[:3]:
            o.location = tuple(x + rng.uniform(-0.2, 0.2) for x in o.location)
            o.keyframe_insert("location", frame=fr)
    scene().frame_set(1)
    return [1, 3.5, 6]


def rig_flat_paths():
    """2D curves as Blender makes their paths: cyclic ones wound either way (Blender reverses a
    cyclic 2D spline whose points turn one way, BKE_curve_bevelList_make's turning direction), a
    POLY, a Bezier and a NURBS; open ones with Curve Radius off (a 2D Bezier or NURBS path then has
    no radius: CU_DO_RADIUS) read by Follow Path with Curve Radius; Follow Path at fixed offsets."""
    def flat(name, kind, cos, cyclic, use_radius=False):
        cu = bpy.data.curves.new(name + "Data", 'CURVE')
        sp = cu.splines.new(kind)
        if kind == 'BEZIER':
            sp.bezier_points.add(len(cos) - 1)
            for p, co in zip(sp.bezier_points, cos):
                p.co = co + (0.0,)
                p.handle_left_type = p.handle_right_type = 'AUTO'
                p.radius = 1.5
        else:
            sp.points.add(len(cos) - 1)
            for p, co in zip(sp.points, cos):
                p.co = co + (0.0, 1.0)
                p.radius = 1.5
            if kind == 'NURBS':
                sp.order_u, sp.use_endpoint_u = 3, not cyclic
        sp.use_cyclic_u = cyclic
        cu.dimensions = '2D'
        cu.use_path, cu.use_radius = True, use_radius
        o = link(bpy.data.objects.new(name, cu))
        o.location, o.rotation_euler = (0.3, -0.2, 0.1), (0.2, 0.1, 0.3)
        return o
    square = [(0.0, 0.0), (1.0, 0.0), (1.2, 0.8), (0.1, 1.0)]
    curves = []
    for kind in ('POLY', 'BEZIER', 'NURBS'):
        curves.append(flat("Ccw" + kind, kind, square, True))
        curves.append(flat("Cw" + kind, kind, list(reversed(square)), True))
        curves.append(flat("Open" + kind, kind, square, False))
    curves.append(flat("OpenRadius", 'BEZIER', square, False, use_radius=True))
    for o in curves:
        for i, fac in enumerate((0.0, 0.3, 0.8)):
            f = empty("%sF%d" % (o.name, i), loc=(0.05, 0.1, 0.0))
            c = f.constraints.new('FOLLOW_PATH')
            c.target, c.use_curve_follow, c.use_curve_radius, c.use_fixed_location, c.offset_factor = o, True, True, True, fac
    scene().frame_set(1)
    return [1]


def rig_random_actions(seed):
    """Random actions (names random_actions<N>): three empties (Euler, quaternion, axis-angle) and
    a three-bone chain keyed on every channel at random frames (some fractional), each key with a
    random interpolation (every one of Blender's, easing drawn), handle types (AUTO, AUTO_CLAMPED,
    VECTOR, ALIGNED, FREE moved by hand), back/amplitude/period, and each curve a random
    extrapolation and now and then a modifier (Generator expanded or factorised, Built-In Function,
    Envelope, Limits, Stepped, a first Cycles of every mode and count) with a restricted range,
    blends and influence drawn (not on Cycles); evaluated at eight frames, fractional ones and some
    past the keys."""
    import random
    rng = random.Random("random-actions-%d" % seed)
    interps = ['CONSTANT', 'LINEAR', 'BEZIER', 'SINE', 'QUAD', 'CUBIC', 'QUART', 'QUINT', 'EXPO', 'CIRC', 'BACK', 'BOUNCE', 'ELASTIC']
    owners = []
    for i, mode in enumerate(('XYZ', 'QUATERNION', 'AXIS_ANGLE')):
        e = empty("A%d" % i, loc=(i, 0, 0))
        e.rotation_mode = mode
        owners.append(e)
    arm = armature("AArm", [("B0", (0, 0, 0), (0, 0, 0.5), None, False, 0.0), ("B1", (0, 0, 0.5), (0, 0.1, 1.0), "B0", True, 0.1),
                           ("B2", (0, 0.1, 1.0), (0, 0.2, 1.5), "B1", False, 0.2)], loc=(0, 1, 0))
    for k, pb in enumerate(arm.pose.bones):
        pb.rotation_mode = ('ZXY', 'QUATERNION', 'XYZ')[k]
        owners.append(pb)
    frames = sorted(set(rng.choice([1, 3, 4.5, 7, 9, 12.25, 15, 18]) for _ in range(rng.randint(2, 6))))
    for o in owners:
        rot = {'QUATERNION': 'rotation_quaternion', 'AXIS_ANGLE': 'rotation_axis_angle'}.get(o.rotation_mode, 'rotation_euler')
        for f in frames:
            o.location = tuple(rng.uniform(-0.5, 0.5) for _ in range(3))
            if rot == 'rotation_euler':
                o.rotation_euler = tuple(rng.uniform(-1.5, 1.5) for _ in range(3))
            elif rot == 'rotation_quaternion':
                o.rotation_quaternion = Euler([rng.uniform(-1.5, 1.5) for _ in range(3)]).to_quaternion()
            else:
                o.rotation_axis_angle = (rng.uniform(-2, 2), rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0.2, 1))
            o.scale = tuple(rng.uniform(0.6, 1.5) for _ in range(3))
            for path in ('location', rot, 'scale'):
                o.keyframe_insert(path, frame=f)
    actions = [o.animation_data.action for o in owners[:3]] + [arm.animation_data.action]
    for act in actions:
        for fc in act.fcurves:
            fc.extrapolation = rng.choice(['CONSTANT', 'LINEAR'])
            for kp in fc.keyframe_points:
                kp.interpolation = rng.choice(interps)
                kp.easing = rng.choice(['AUTO', 'EASE_IN', 'EASE_OUT', 'EASE_IN_OUT'])
                kp.back, kp.amplitude, kp.period = rng.uniform(0, 3), rng.uniform(0, 1), rng.uniform(0.5, 5)
                kp.handle_left_type = rng.choice(['AUTO', 'AUTO_CLAMPED', 'VECTOR', 'ALIGNED', 'FREE'])
                kp.handle_right_type = rng.choice(['AUTO', 'AUTO_CLAMPED', 'VECTOR', 'ALIGNED', 'FREE'])
                if kp.handle_left_type == 'FREE':
                    kp.handle_left = (kp.co[0] - rng.uniform(0.1, 2), kp.co[1] + rng.uniform(-0.5, 0.5))
                if kp.handle_right_type == 'FREE':
                    kp.handle_right = (kp.co[0] + rng.uniform(0.1, 2), kp.co[1] + rng.uniform(-0.5, 0.5))
            fc.update()
            if rng.random() < 0.25:
                m = fc.modifiers.new('CYCLES')
                m.mode_before, m.mode_after = rng.choice(['NONE', 'REPEAT', 'REPEAT_OFFSET', 'MIRROR']), rng.choice(['NONE', 'REPEAT', 'REPEAT_OFFSET', 'MIRROR'])
                m.cycles_before, m.cycles_after = rng.choice([0, 1, 2]), rng.choice([0, 1, 2])
            if rng.random() < 0.35:
                kind = rng.choice(['GENERATOR', 'FNGENERATOR', 'ENVELOPE', 'LIMITS', 'STEPPED'])
                m = fc.modifiers.new(kind)
                if kind == 'GENERATOR':
                    m.mode = rng.choice(['POLYNOMIAL', 'POLYNOMIAL_FACTORISED'])
                    m.poly_order = rng.randint(1, 3)
                    m.coefficients = [rng.uniform(-0.2, 0.2) for _ in range(len(m.coefficients))]
                    m.use_additive = rng.random() < 0.5
                elif kind == 'FNGENERATOR':
                    m.function_type = rng.choice(['SIN', 'COS', 'TAN', 'SQRT', 'LN', 'SINC'])
                    m.amplitude, m.phase_multiplier, m.phase_offset, m.value_offset = rng.uniform(-1, 1), rng.uniform(0.1, 1), rng.uniform(-2, 2), rng.uniform(-0.3, 0.3)
                    m.use_additive = rng.random() < 0.5
                elif kind == 'ENVELOPE':
                    m.reference_value, m.default_min, m.default_max = rng.uniform(-0.2, 0.2), rng.uniform(-1, -0.1), rng.uniform(0.1, 1)
                    for f in sorted(rng.sample([2, 5, 8, 11, 14], rng.randint(1, 3))):
                        cp = m.control_points.add(f)
                        cp.min, cp.max = rng.uniform(-1, 0), rng.uniform(0, 1)
                elif kind == 'LIMITS':
                    m.use_min_x, m.use_max_x, m.use_min_y, m.use_max_y = (rng.random() < 0.5 for _ in range(4))
                    m.min_x, m.max_x, m.min_y, m.max_y = rng.uniform(0, 5), rng.uniform(10, 16), rng.uniform(-0.5, 0), rng.uniform(0, 0.5)
                else:
                    m.frame_step, m.frame_offset = rng.uniform(0.5, 3), rng.uniform(-1, 1)
                    m.use_frame_start, m.use_frame_end = rng.random() < 0.5, rng.random() < 0.5
                    m.frame_start, m.frame_end = rng.uniform(0, 6), rng.uniform(8, 16)
                if rng.random() < 0.4:
                    m.use_restricted_range = True
                    m.frame_start, m.frame_end = rng.uniform(0, 6), rng.uniform(8, 16)
                    m.blend_in, m.blend_out = rng.uniform(0, 2), rng.uniform(0, 2)
                if rng.random() < 0.4:
                    m.use_influence, m.influence = True, rng.uniform(0.2, 0.9)
    scene().frame_set(1)
    return [1, 2.5, 5.75, 8, 11.5, 14, 17.25, 22]


def rig_random_objects(seed):
    """Random object hierarchies (names random_objects<N>): ten empties each parented at random to
    nothing, an earlier empty (with a random parent inverse), a bone of a keyed armature (with or
    without Relative Parenting), a curve with Path Animation (Follow, Curve Radius, track and up axes
    drawn), one vertex or three of a mesh, or the ARMATURE/LATTICE parent types; every rotation mode
    and delta transform drawn, some keyed; a few with a constraint (Copy Location or Damped Track,
    spaces drawn) onto another that is neither constrained nor below it. Three frames."""
    import bmesh
    import random
    rng = random.Random("random-objects-%d" % seed)
    arm = armature("OArm", [("R", (0, 0, 0), (0, 0, 0.6), None, False, 0.3), ("T", (0, 0, 0.6), (0.2, 0, 1.1), "R", True, -0.2)], loc=triple(rng, 0.5), rot=triple(rng, 0.4))
    for f in (1, 6):
        for pb in arm.pose.bones:
            pb.rotation_mode = 'XYZ'
            pb.rotation_euler = triple(rng, 0.8)
            pb.keyframe_insert("rotation_euler", frame=f)
    cu = bpy.data.curves.new("OPathData", 'CURVE')
    cu.dimensions = '3D'
    sp = cu.splines.new('BEZIER')
    sp.bezier_points.add(3)
    for k, bp in enumerate(sp.bezier_points):
        bp.co = (0.5 * k, rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4))
        bp.handle_left_type = bp.handle_right_type = 'AUTO'
        bp.radius, bp.tilt = rng.uniform(0.5, 1.5), rng.uniform(-1, 1)
    cu.use_path, cu.use_path_follow, cu.use_radius = True, rng.random() < 0.6, rng.random() < 0.5
    cu.path_duration, cu.eval_time = rng.randint(10, 60), rng.uniform(0, 60)
    path = link(bpy.data.objects.new("OPath", cu))
    path.location, path.rotation_euler = triple(rng, 0.5), triple(rng, 0.5)
    grid = mesh_object("OMesh", lambda bm: bmesh.ops.create_grid(bm, x_segments=3, y_segments=3, size=0.8), loc=triple(rng, 0.5), rot=triple(rng, 0.5))
    lat = link(bpy.data.objects.new("OLat", bpy.data.lattices.new("OLatData")))
    lat.location = triple(rng, 0.5)
    objs = []
    for i in range(10):
        e = empty("O%d" % i, loc=triple(rng, 0.5), rot=triple(rng, 1.0), scale=tuple(rng.uniform(0.7, 1.4) for _ in range(3)))
        e.rotation_mode = rng.choice(['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE'])
        if e.rotation_mode == 'QUATERNION':
            e.rotation_quaternion = Euler(triple(rng, 1.0)).to_quaternion()
        elif e.rotation_mode == 'AXIS_ANGLE':
            e.rotation_axis_angle = (rng.uniform(-2, 2), rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0.2, 1))
        if rng.random() < 0.4:
            e.delta_location, e.delta_rotation_euler, e.delta_scale = triple(rng, 0.3), triple(rng, 0.5), tuple(rng.uniform(0.8, 1.2) for _ in range(3))
        kind = rng.choice(['NONE', 'OBJECT', 'OBJECT', 'BONE', 'BONE', 'PATH', 'VERTEX', 'VERTEX_3', 'ARMATURE', 'LATTICE'])
        if kind == 'OBJECT' and objs:
            e.parent = rng.choice(objs)
            e.matrix_parent_inverse = Matrix.Translation(triple(rng, 0.3)) @ Euler(triple(rng, 0.4)).to_matrix().to_4x4()
        elif kind == 'BONE':
            e.parent, e.parent_type, e.parent_bone = arm, 'BONE', rng.choice(['R', 'T'])
            arm.data.bones[e.parent_bone].use_relative_parent = rng.random() < 0.5
        elif kind == 'PATH':
            e.parent = path
            e.track_axis = rng.choice(['POS_X', 'POS_Y', 'POS_Z', 'NEG_X', 'NEG_Y', 'NEG_Z'])
            e.up_axis = rng.choice([a for a in 'XYZ' if a != e.track_axis[-1]])
        elif kind in ('VERTEX', 'VERTEX_3'):
            e.parent, e.parent_type = grid, kind
            picked = rng.sample(range(16), 3)
            if kind == 'VERTEX':
                e.parent_vertices[0] = picked[0]
            else:
                e.parent_vertices = picked
        elif kind == 'ARMATURE':
            e.parent, e.parent_type = arm, 'ARMATURE'
        elif kind == 'LATTICE':
            e.parent, e.parent_type = lat, 'LATTICE'
        if rng.random() < 0.5:
            for f in (1, 6):
                e.location = tuple(x + rng.uniform(-0.2, 0.2) for x in e.location)
                e.keyframe_insert("location", frame=f)
        objs.append(e)
    def descends(o, ancestor):
        while o is not None:
            if o is ancestor:
                return True
            o = o.parent
        return False
    constrained = rng.sample(objs, 3)
    for e in constrained:
        c = e.constraints.new(rng.choice(['COPY_LOCATION', 'DAMPED_TRACK']))
        # No dependency cycle (Blender orders one its own way): a target neither constrained nor below the owner.
        c.target = rng.choice([o for o in objs if o not in constrained and not descends(o, e)] or [path])
        if c.type == 'COPY_LOCATION':
            c.owner_space, c.target_space = rng.choice(['WORLD', 'LOCAL']), rng.choice(['WORLD', 'LOCAL'])
        c.influence = rng.choice([1.0, rng.uniform(0.3, 0.9)])
    for f in (1, 6):
        path.location = tuple(x + rng.uniform(-0.2, 0.2) for x in path.location)
        path.keyframe_insert("location", frame=f)
    scene().frame_set(1)
    return [1, 3.5, 6]


def rig_random_action_constraints(seed):
    """Random Action constraints (names random_action_cons<N>): a six-bone armature (random parents,
    rotation modes, poses) and two keyed control empties; three actions keying the bones' and an
    object's channels (their groups named after the bones) at random frames; Action constraints on
    four bones and an empty with every setting drawn: action, target (a control or an earlier bone),
    channel, target space, range, frame range, mix mode, Evaluation Time, object action on a bone,
    influence. Three frames."""
    import random
    rng = random.Random("random-action-cons-%d" % seed)
    specs = []
    for i in range(6):
        parent = rng.choice([None] + ["K%d" % j for j in range(i)]) if i else None
        head = triple(rng, 1.0)
        specs.append(("K%d" % i, head, (head[0] + rng.uniform(-0.3, 0.3), head[1] + rng.uniform(-0.3, 0.3), head[2] + rng.uniform(0.2, 0.5)), parent, False, rng.uniform(-1, 1)))
    arm = armature("ACRig", specs, loc=triple(rng, 0.5), rot=triple(rng, 0.4))
    pb = arm.pose.bones
    modes = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE']
    for p in pb:
        p.rotation_mode = rng.choice(modes)
        p.location, p.scale = triple(rng, 0.2), tuple(rng.uniform(0.8, 1.2) for _ in range(3))
        if p.rotation_mode == 'QUATERNION':
            p.rotation_quaternion = Euler(triple(rng, 0.6)).to_quaternion()
        elif p.rotation_mode == 'AXIS_ANGLE':
            p.rotation_axis_angle = (rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0.2, 1))
        else:
            p.rotation_euler = triple(rng, 0.6)
    controls = [empty("AC%d" % i, loc=triple(rng, 1.0), rot=triple(rng, 0.8)) for i in range(2)]
    for f in (1, 6):
        for c in controls:
            c.location, c.rotation_euler, c.scale = triple(rng, 1.0), triple(rng, 1.2), tuple(rng.uniform(0.6, 1.5) for _ in range(3))
            for path in ('location', 'rotation_euler', 'scale'):
                c.keyframe_insert(path, frame=f)
    actions = []
    for a in range(3):
        act = bpy.data.actions.new("ACAct%d" % a)
        targets = [('pose.bones["%s"].' % p.name, p.name, p.rotation_mode) for p in rng.sample(list(pb), 3)] + [('', 'Object', 'XYZ')]
        for prefix, group, mode in targets:
            rot_path = {'QUATERNION': ('rotation_quaternion', 4), 'AXIS_ANGLE': ('rotation_axis_angle', 4)}.get(mode, ('rotation_euler', 3))
            for name, count in (('location', 3), rot_path, ('scale', 3)):
                for i in range(count):
                    fc = act.fcurves.new(prefix + name, index=i, action_group=group)
                    for f in sorted(set(rng.choice([1, 4, 7, 10, 13, 16, 20]) for _ in range(3))):
                        base = 1.0 if name == 'scale' or (name == 'rotation_quaternion' and i == 0) else 0.0
                        fc.keyframe_points.insert(f, base + rng.uniform(-0.6, 0.6))
        actions.append(act)
    owners = rng.sample(list(pb), 4) + [empty("ACObj", loc=triple(rng, 0.5), rot=triple(rng, 0.5))]
    channels = ['LOCATION_X', 'LOCATION_Y', 'LOCATION_Z', 'ROTATION_X', 'ROTATION_Y', 'ROTATION_Z', 'SCALE_X', 'SCALE_Y', 'SCALE_Z']
    for o in owners:
        c = o.constraints.new('ACTION')
        c.action = rng.choice(actions)
        if rng.random() < 0.2:
            c.use_eval_time, c.eval_time = True, rng.uniform(0, 1)
        else:
            bone_targets = [b for b in pb if isinstance(o, bpy.types.PoseBone) and b.name < o.name and not b.parent_recursive.__contains__(o)]
            if bone_targets and rng.random() < 0.4:
                c.target, c.subtarget = arm, rng.choice(bone_targets).name
                c.target_space = rng.choice(['WORLD', 'POSE', 'LOCAL_WITH_PARENT', 'LOCAL'])
            else:
                c.target = rng.choice(controls)
                c.target_space = rng.choice(['WORLD', 'LOCAL'])
            c.transform_channel = rng.choice(channels)
            lo, hi = (-1.0, 1.0) if not c.transform_channel.startswith('ROTATION') else (-90.0, 90.0)
            c.min, c.max = rng.uniform(lo, 0), rng.uniform(0, hi)
            if rng.random() < 0.2:
                c.min, c.max = c.max, c.min
        c.frame_start, c.frame_end = rng.choice([1, 3, 5]), rng.choice([12, 16, 20])
        if isinstance(o, bpy.types.PoseBone):
            c.mix_mode = rng.choice(['BEFORE_FULL', 'BEFORE', 'BEFORE_SPLIT', 'AFTER_FULL', 'AFTER', 'AFTER_SPLIT'])
            c.use_bone_object_action = rng.random() < 0.2
        else:
            c.mix_mode = rng.choice(['BEFORE_FULL', 'BEFORE', 'AFTER_FULL', 'AFTER'])
        c.influence = rng.choice([1.0, rng.uniform(0.3, 0.9)])
    scene().frame_set(1)
    return [1, 3.5, 6]


def rig_hooked_unsupported():
    """Curves whose points something moves that Sinew does not follow, each read by Follow Path: a
    Lattice modifier applied on the spline before a hook, a hooked NURBS spline with a bevel, a hook with a custom
    falloff curve; beside them a Subdivision-free curve with a hook after a Wave modifier left to
    the drawn curve (not on the spline: no note, and Sinew matches Blender there)."""
    arm = armature("HArm", [("Ctl", (0, 0, 0), (0, 0, 0.2), None, False, 0.0)])
    lat = link(bpy.data.objects.new("Lat", bpy.data.lattices.new("LatData")))
    lat.scale = (2, 2, 2)

    def curve_of(name, kind, x):
        cu = bpy.data.curves.new(name + "Data", 'CURVE')
        cu.dimensions, cu.use_path = '3D', True
        sp = cu.splines.new(kind)
        if kind == 'BEZIER':
            sp.bezier_points.add(2)
            for k, bp in enumerate(sp.bezier_points):
                bp.co = (x, 0.2 * k, 0.4 * k)
                bp.handle_left_type = bp.handle_right_type = 'AUTO'
        else:
            sp.points.add(3)
            for k, p in enumerate(sp.points):
                p.co = (x, 0.2 * k, 0.4 * k, 1.0)
            sp.order_u = 3
        o = link(bpy.data.objects.new(name, cu))
        bpy.context.view_layer.update()
        f = empty(name + "Follower")
        c = f.constraints.new('FOLLOW_PATH')
        c.target, c.use_fixed_location, c.offset_factor = o, True, 0.5
        return o

    a = curve_of("OnLattice", 'BEZIER', 0.0)
    m = a.modifiers.new("Lattice", 'LATTICE')
    m.object, m.use_apply_on_spline = lat, True
    hook(a, "H", arm, "Ctl", [3, 4, 5])
    bevelled = curve_of("Nurbs", 'NURBS', 0.5)
    bevelled.data.bevel_depth = 0.05  # not a bare wire: its path points cannot be read back
    hook(bevelled, "H", arm, "Ctl", [1])
    hook(curve_of("CustomFalloff", 'BEZIER', 1.0), "H", arm, "Ctl", [3, 4, 5], falloff='CURVE', radius=1.0)
    b = curve_of("DrawnWave", 'BEZIER', 1.5)
    hook(b, "H", arm, "Ctl", [3, 4, 5])
    b.modifiers.new("Wave", 'WAVE')
    arm.pose.bones["Ctl"].location = (0.1, 0.2, 0.0)
    scene().frame_set(1)
    return [1]


def rig_shared_root_splines(swap=False):
    """Two Spline IK chains down one root (R, then A0-A2 and B0-B2, each chain of four bones through
    R), on two curves: R is in both chains. `swap` puts B's bones first in the armature's channels.
    Not matched yet, so no test runs it (docs/fidelity.md, "Two Spline IK chains down one root"):
    Blender solves the root's trees in channel order, each from its chain evaluated afresh
    (splineik_execute_tree), so R and the second branch come out as that tree alone gives them;
    Sinew's second solver starts from R as the first one left it (R 0.09 off, the branch 0.02)."""
    first, second = ("B", "A") if swap else ("A", "B")
    bones = [("R", (0, 0, -0.4), (0, 0, 0.0), None, False, 0.0)]
    for name, x in ((first, 0.0), (second, 0.0)):
        for i in range(3):
            bones.append(("%s%d" % (name, i), (x, 0, 0.4 * i), (x, 0.05 * i, 0.4 * (i + 1)), "R" if i == 0 else "%s%d" % (name, i - 1), True, 0.0))
    arm = armature("Arm", bones, loc=(0.0, 0.2, 0.1), rot=(0.05, 0.0, 0.1))
    pb = arm.pose.bones
    for name, bend in (("A", 0.6), ("B", -0.5)):
        cu = bpy.data.curves.new("Curve%sData" % name, 'CURVE')
        cu.dimensions = '3D'
        sp = cu.splines.new('BEZIER')
        sp.bezier_points.add(3)
        for k, bp in enumerate(sp.bezier_points):
            bp.co = (bend * k * k * 0.2, 0.1 * k, 0.5 * k - 0.4)
            bp.handle_left_type = bp.handle_right_type = 'AUTO'
        cu.use_path = True
        o = link(bpy.data.objects.new("Curve" + name, cu))
        o.location = (0.1, 0.0, 0.0)
        con = pb[name + "2"].constraints.new('SPLINE_IK')
        con.target, con.chain_count = o, 4
    pb["R"].rotation_mode = 'XYZ'
    pb["R"].rotation_euler = (0.2, 0.1, 0.3)
    scene().frame_set(1)
    return [1]


def rig_nurbs_paths():
    """NURBS curves as rigs use them: Blender's Path primitive (5 points, order 5, endpoint, one point
    weighted) bent in 3D under Spline IK and Follow Path (Follow Curve, its offset keyed, and its
    forward axis keyed to one value), a NURBS circle (cyclic) under Follow Path and Clamp To, a NURBS
    spline of order 3 without endpoints under Spline IK and Follow Path."""
    bpy.ops.curve.primitive_nurbs_path_add(location=(0.2, -0.3, 0.1), rotation=(0.1, 0.2, 0.3))
    path = bpy.context.object
    path.name = "NPath"
    for p, z in zip(path.data.splines[0].points, (0.0, 0.4, -0.2, 0.5, 0.1)):
        p.co = (p.co[0], p.co[1] + 0.3 * z, z, 1.0)
    path.data.splines[0].points[2].co = (0.0, 0.6, -0.2, 2.0)
    bpy.ops.curve.primitive_nurbs_circle_add(location=(-1.0, 1.0, 0.3), rotation=(0.4, 0.0, 0.2))
    circle = bpy.context.object
    circle.name = "NCircle"
    circle.data.splines[0].points[1].co = (0.0, 1.5, 0.3, 1.0)
    cu = bpy.data.curves.new("Order3Data", 'CURVE')
    cu.dimensions = '3D'
    sp = cu.splines.new('NURBS')
    sp.points.add(4)
    for p, co in zip(sp.points, ((0, 0, 0), (0.4, 0.3, 0.5), (0.1, -0.2, 1.0), (0.5, 0.1, 1.4), (0.2, 0.4, 2.0))):
        p.co = (*co, 1.0)
    sp.order_u, sp.use_endpoint_u, sp.resolution_u = 3, False, 7
    cu.use_path = True
    order3 = link(bpy.data.objects.new("NOrder3", cu))
    order3.location = (1.5, 0.0, 0.0)
    bpy.ops.object.select_all(action='DESELECT')
    arm = armature("NArm", [("C%d" % i, (0, 0, 0.5 * i), (0, 0, 0.5 * (i + 1)), "C%d" % (i - 1) if i else None, i > 0, 0.0) for i in range(4)]
                   + [("D%d" % i, (1.5, 0, 0.5 * i), (1.5, 0, 0.5 * (i + 1)), "D%d" % (i - 1) if i else None, i > 0, 0.0) for i in range(4)])
    pb = arm.pose.bones
    c = pb["C3"].constraints.new('SPLINE_IK')
    c.target, c.chain_count, c.xz_scale_mode = path, 4, 'VOLUME_PRESERVE'
    c = pb["D3"].constraints.new('SPLINE_IK')
    c.target, c.chain_count, c.y_scale_mode = order3, 4, 'BONE_ORIGINAL'
    rider = empty("Rider", loc=(0.0, 0.1, 0.0))
    c = rider.constraints.new('FOLLOW_PATH')
    c.target, c.use_curve_follow, c.forward_axis, c.up_axis = path, True, 'FORWARD_X', 'UP_Z'
    for f, off in ((1, -10.0), (6, -60.0)):
        c.offset = off
        c.keyframe_insert("offset", frame=f)
        # An enum keyed (to the same axis, so Blender's pose does not depend on it): reported, not played.
        c.keyframe_insert("forward_axis", frame=f)
    circ = empty("CircleRider", loc=(0.0, 0.0, 0.2))
    c = circ.constraints.new('FOLLOW_PATH')
    c.target, c.use_fixed_location, c.offset_factor, c.use_curve_follow = circle, True, 0.3, True
    clamped = empty("CircleClamp", loc=(-0.5, 1.5, 0.8))
    c = clamped.constraints.new('CLAMP_TO')
    c.target, c.main_axis = circle, 'CLAMPTO_X'
    o3 = empty("Order3Rider")
    c = o3.constraints.new('FOLLOW_PATH')
    c.target, c.use_fixed_location, c.offset_factor, c.use_curve_follow = order3, True, 0.55, True
    scene().frame_set(1)
    return [1, 3.5, 6]


def rig_curve_frames():
    """How a path turns what follows it (Follow Path with Follow Curve at several points of each):
    a 3D Bezier with Smooth twist under MINIMUM and under Z_UP, a 2D Bezier with tilts (which 2D
    curves ignore) and a cyclic 3D POLY with Smooth twist and tilts."""
    def bezier(name, pts, dims, twist, smooth, tilts, loc):
        cu = bpy.data.curves.new(name + "Data", 'CURVE')
        cu.dimensions = dims
        sp = cu.splines.new('BEZIER')
        sp.bezier_points.add(len(pts) - 1)
        for bp, co, t in zip(sp.bezier_points, pts, tilts):
            bp.co = co
            bp.handle_left_type = bp.handle_right_type = 'AUTO'
            bp.tilt = t
        sp.resolution_u = 6
        cu.twist_mode, cu.twist_smooth, cu.use_path = twist, smooth, True
        o = link(bpy.data.objects.new(name, cu))
        o.location = loc
        return o
    wavy = [(0, 0, 0), (0.5, 0.6, 0.4), (1.0, -0.3, 0.9), (1.2, 0.5, 1.6), (0.6, 0.9, 2.2)]
    curves = [
        bezier("SmoothMin", wavy, '3D', 'MINIMUM', 3.0, (0, 0.3, 0, -0.4, 0.2), (0, 0, 0)),
        bezier("SmoothZup", wavy, '3D', 'Z_UP', 1.5, (0, 0, 0, 0, 0), (2, 0, 0)),
        bezier("Flat", [(0, 0, 0), (0.6, 0.8, 0), (1.3, 0.1, 0), (1.8, 0.9, 0)], '2D', 'MINIMUM', 0.0, (0.5, -0.5, 0.8, 0.1), (4, 0, 0)),
    ]
    cu = bpy.data.curves.new("RingData", 'CURVE')
    cu.dimensions = '3D'
    sp = cu.splines.new('POLY')
    sp.points.add(5)
    for k, p in enumerate(sp.points):
        a = 2 * math.pi * k / 6
        p.co = (math.cos(a), math.sin(a), 0.3 * math.sin(2 * a), 1.0)
        p.tilt = 0.2 * k
    sp.use_cyclic_u, sp.resolution_u = True, 4
    cu.twist_mode, cu.twist_smooth, cu.use_path = 'MINIMUM', 2.0, True
    ring = link(bpy.data.objects.new("Ring", cu))
    ring.location = (0, 3, 0)
    curves.append(ring)
    for curve in curves:
        for k, f in enumerate((0.0, 0.2, 0.45, 0.7, 1.0)):
            e = empty("%s_%d" % (curve.name, k), loc=(0.05, 0.1, 0.0))
            c = e.constraints.new('FOLLOW_PATH')
            c.target, c.use_fixed_location, c.offset_factor, c.use_curve_follow = curve, True, f, True
    scene().frame_set(1)
    return [1]


def rig_curve_tangent():
    """The TANGENT twist (make_bevel_list_3D_tangent: frames from each point's curvature direction)
    under Follow Curve at eight points of each: a 3D Bezier with tilts (its curvature flips at an
    inflection, which the flip pass follows), a coiling one, a cyclic Bezier, a Bezier
    with a segment of two VECTOR handles (a point without curvature of its own) and a POLY (no
    curvature anywhere: Blender's degenerate frame, turned by the tilts); an object on one path by
    Path Animation with Follow."""
    def bezier(name, pts, smooth, tilts, loc, cyclic=False, vector=None):
        cu = bpy.data.curves.new(name + "Data", 'CURVE')
        cu.dimensions = '3D'
        sp = cu.splines.new('BEZIER')
        sp.bezier_points.add(len(pts) - 1)
        for k, (bp, co, t) in enumerate(zip(sp.bezier_points, pts, tilts)):
            bp.co = co
            bp.handle_left_type = bp.handle_right_type = 'AUTO'
            bp.tilt = t
        if vector is not None:
            sp.bezier_points[vector].handle_right_type = 'VECTOR'
            sp.bezier_points[vector + 1].handle_left_type = 'VECTOR'
        sp.use_cyclic_u, sp.resolution_u = cyclic, 5
        cu.twist_mode, cu.twist_smooth, cu.use_path = 'TANGENT', smooth, True
        o = link(bpy.data.objects.new(name, cu))
        o.location = loc
        return o
    wavy = [(0, 0, 0), (0.5, 0.6, 0.4), (1.0, -0.3, 0.9), (1.2, 0.5, 1.6), (0.6, 0.9, 2.2)]
    curves = [
        bezier("Wavy", wavy, 0.0, (0, 0.3, 0, -0.4, 0.2), (0, 0, 0)),
        # No Smooth twist: under TANGENT Blender's own smoothed frames jump by up to 1.6 when the
        # points move by 2 float32 ULPs (measured on this coil and on `wavy`), a result no one can match.
        bezier("Coil", [(0, 0, 0), (0.6, 0.3, 0.3), (0.8, 0.9, 0.7), (0.3, 1.2, 1.1), (-0.3, 0.9, 1.5)], 0.0, (0, 0.2, 0, 0, -0.3), (2, 0, 0)),
        bezier("Loop", [(0, 0, 0), (1, 0.2, 0.3), (1.2, 1.1, -0.2), (0.1, 1.3, 0.4)], 0.0, (0, 0.2, 0, 0), (4, 0, 0), cyclic=True),
        bezier("Kinked", wavy, 0.0, (0, 0, 0.5, 0, 0), (6, 0, 0), vector=1),
    ]
    cu = bpy.data.curves.new("StraightData", 'CURVE')
    cu.dimensions = '3D'
    sp = cu.splines.new('POLY')
    sp.points.add(4)
    for k, p in enumerate(sp.points):
        p.co = (0.4 * k, 0.3 * math.sin(k), 0.2 * k * k, 1.0)
        p.tilt = 0.3 * k
    cu.twist_mode, cu.use_path = 'TANGENT', True
    straight = link(bpy.data.objects.new("Straight", cu))
    straight.location = (0, 3, 0)
    curves.append(straight)
    for curve in curves:
        for k, f in enumerate((0.0, 0.1, 0.25, 0.4, 0.55, 0.7, 0.85, 1.0)):
            e = empty("%s_%d" % (curve.name, k), loc=(0.05, 0.1, 0.0))
            c = e.constraints.new('FOLLOW_PATH')
            c.target, c.use_fixed_location, c.offset_factor, c.use_curve_follow = curve, True, f, True
    curves[0].data.use_path_follow = True
    curves[0].data.eval_time = 37.0
    rider = empty("Rider", loc=(0, 0, 0.1), parent=curves[0])
    rider.track_axis, rider.up_axis = 'NEG_Z', 'X'
    scene().frame_set(1)
    return [1]


def rig_object_parents():
    """Parent types whose matrix is more than the parent's (BKE_object_get_parent_matrix): children
    of curves with Path Animation (ob_parcurve: the point at the curve's Evaluation Time over its
    Path Duration, turned with Follow by the child's track and up axes, scaled with Curve Radius),
    the Evaluation Time keyed and set past the path's end; vertex parents (a vertex, a triangle of
    three) of a mesh, a Bezier and a NURBS curve and a lattice; parent types LATTICE and ARMATURE,
    which are the parent's matrix; a grandchild, a child with a constraint and an armature on a path."""
    def bezier_path(name, pts, loc, rot, duration, follow=False, radius=False, radii=None):
        cu = bpy.data.curves.new(name + "Data", 'CURVE')
        cu.dimensions = '3D'
        sp = cu.splines.new('BEZIER')
        sp.bezier_points.add(len(pts) - 1)
        for k, (bp, co) in enumerate(zip(sp.bezier_points, pts)):
            bp.co = co
            bp.handle_left_type = bp.handle_right_type = 'AUTO'
            bp.radius = radii[k] if radii else 1.0
        sp.resolution_u = 8
        cu.use_path, cu.path_duration = True, duration
        cu.use_path_follow, cu.use_radius = follow, radius
        o = link(bpy.data.objects.new(name, cu))
        o.location, o.rotation_euler = loc, rot
        return o

    inverse = Matrix.Translation((0.1, -0.2, 0.05)) @ Euler((0.2, -0.1, 0.3)).to_matrix().to_4x4()
    # A keyed Evaluation Time, a fixed one past the end, and Follow with Curve Radius.
    track = bezier_path("Track", [(-1, 0, 0), (0, 1, 0.3), (1, 0.2, 0.8), (2, -0.5, 0.4)], (0.3, 0.2, 0.1), (0.1, 0.2, 0.3), 40)
    track.data.eval_time = 0
    track.data.keyframe_insert("eval_time", frame=1)
    track.data.eval_time = 32
    track.data.keyframe_insert("eval_time", frame=9)
    rider = empty("Rider", loc=(0.1, 0, 0.2), rot=(0.2, 0, 0.1), parent=track)
    rider.matrix_parent_inverse = inverse
    empty("RiderChild", loc=(0, 0.3, 0), parent=rider)
    past = bezier_path("Past", [(0, 0, 0), (1, 1, 0), (2, 0, 1)], (0, 3, 0), (0, 0, 0.4), 50)
    past.data.eval_time = 75
    empty("PastRider", loc=(0, 0, 0.1), parent=past)
    # The same with Clamp: held at the end; and a cyclic path with Clamp, 1.3 times round.
    held = bezier_path("Held", [(0, 0, 0), (1, 1, 0), (2, 0, 1)], (0, 5, 0), (0, 0, 0.4), 50)
    held.data.eval_time, held.data.use_path_clamp = 75, True
    empty("HeldRider", loc=(0, 0, 0.1), parent=held)
    loop = bezier_path("Loop", [(0, 0, 0), (1, 1, 0), (2, 0, 1), (1, -1, 0.5)], (0, 7, 0), (0, 0, 0), 20)
    loop.data.splines[0].use_cyclic_u = True
    loop.data.eval_time, loop.data.use_path_clamp = 26, True
    empty("LoopRider", loc=(0, 0, 0.1), parent=loop)
    free = bezier_path("FreeLoop", [(0, 0, 0), (1, 1, 0), (2, 0, 1), (1, -1, 0.5)], (0, 9, 0), (0, 0, 0), 20)
    free.data.splines[0].use_cyclic_u = True
    free.data.eval_time = 26
    empty("FreeLoopRider", loc=(0, 0, 0.1), parent=free)
    rail = bezier_path("Rail", [(0, 0, 0), (0.8, 0.9, 0.2), (1.9, 0.4, 1.0), (2.5, 1.2, 1.4)], (0, -3, 0.5), (0.3, 0, -0.2), 30,
                       follow=True, radius=True, radii=(0.5, 1.5, 1.0, 2.0))
    rail.data.eval_time = 0
    rail.data.keyframe_insert("eval_time", frame=1)
    rail.data.eval_time = 27
    rail.data.keyframe_insert("eval_time", frame=9)
    car = empty("Car", loc=(0.1, 0.05, 0), parent=rail)
    for k, (axis, up) in enumerate((('NEG_Z', 'X'), ('POS_X', 'Z'), ('NEG_Y', 'Y'))):
        e = empty("Car%d" % k, loc=(0, 0.1 * k, 0.05), parent=rail)
        e.track_axis, e.up_axis = axis, up
    steer = empty("Steer", loc=(0.3, 0.2, 0), parent=car)
    look = steer.constraints.new('DAMPED_TRACK')
    look.target = rider
    rig = armature("RailRig", [("Root", (0, 0, 0), (0, 0.5, 0), None, False, 0), ("Tip", (0, 0.5, 0), (0, 1, 0.2), "Root", True, 0)])
    rig.parent = rail
    rig.pose.bones["Tip"].rotation_mode = 'XYZ'
    rig.pose.bones["Tip"].rotation_euler = (0.3, 0, 0.2)
    # Path Animation off: the curve's matrix alone.
    still = bezier_path("Still", [(0, 0, 0), (1, 0, 1)], (3, 0, 0), (0, 0, 0), 100)
    still.data.use_path = False
    empty("StillRider", loc=(0.2, 0, 0), parent=still)

    # Vertex parents: a mesh, a Bezier and a NURBS curve, a lattice.
    import bmesh
    def build(bm):
        bmesh.ops.create_grid(bm, x_segments=3, y_segments=3, size=1.0)
        for v in bm.verts:
            v.co.z = 0.2 * v.co.x * v.co.y + 0.1 * v.co.x
    plate = mesh_object("Plate", build, loc=(-3, 0, 0.5), rot=(0.3, -0.2, 0.5), scale=(1.2, 0.8, 1.1))
    plate.rotation_mode = 'XYZ'
    for f, z in ((1, 0.3), (9, -0.4)):
        plate.rotation_euler[2] = z
        plate.keyframe_insert("rotation_euler", index=2, frame=f)
    nurbs_cu = bpy.data.curves.new("NurbsData", 'CURVE')
    nurbs_cu.dimensions = '3D'
    sp = nurbs_cu.splines.new('NURBS')
    sp.points.add(3)
    for bp, co in zip(sp.points, [(0, 0, 0, 1), (0.5, 0.8, 0.2, 1), (1.2, 0.3, 0.6, 1), (1.6, 1.0, 0.1, 1)]):
        bp.co = co
    nurbs = link(bpy.data.objects.new("Nurbs", nurbs_cu))
    nurbs.location, nurbs.rotation_euler = (-3, 3, 0), (0, 0.3, 0)
    lattice_data = bpy.data.lattices.new("CageData")
    lattice_data.points_u = 3
    cage = link(bpy.data.objects.new("Cage", lattice_data))
    cage.location, cage.rotation_euler, cage.scale = (-3, -3, 0), (0.2, 0, 0.1), (1.5, 1, 0.8)
    lattice_data.points[4].co_deform = (0.1, 0.4, -0.3)
    parents = [(plate, (5, 0, 10, 6)), (track, (1, 0, 3, 2)), (nurbs, (2, 1, 3, 0)), (cage, (4, 7, 1, 2))]
    for parent, (v, a, b, c) in parents:
        one = empty("%sVertex" % parent.name, loc=(0.1, 0.2, 0), rot=(0.1, 0.2, 0.3), parent=parent)
        one.parent_type = 'VERTEX'
        one.parent_vertices = (v, 0, 0)
        one.matrix_parent_inverse = inverse
        three = empty("%sTriangle" % parent.name, loc=(0, 0.1, 0.2), rot=(0.3, 0.2, 0.1), parent=parent)
        three.parent_type = 'VERTEX_3'
        three.parent_vertices = (a, b, c)
    far = empty("PlateFar", parent=plate)
    far.parent_type = 'VERTEX'
    far.parent_vertices = (99, 0, 0)
    deformed = empty("CageChild", loc=(0.2, 0, 0), parent=cage)
    deformed.parent_type = 'LATTICE'
    skin = empty("RigChild", loc=(0, 0.2, 0), parent=rig)
    skin.parent_type = 'ARMATURE'
    return [1, 5, 9, 12]


def constrain(owner, kind, target, sub, **settings):
    """A constraint of `kind` on `owner` aimed at `target` and its subtarget (a bone or vertex group), with `settings`."""
    c = owner.constraints.new(kind)
    c.target, c.subtarget = target, sub
    for k, v in settings.items():
        setattr(c, k, v)
    return c


def shrinkwrap(owner, target, **settings):
    """A Shrinkwrap on `owner` onto mesh `target`, with `settings` (it has no subtarget, unlike `constrain`'s kinds)."""
    c = owner.constraints.new('SHRINKWRAP')
    c.target = target
    for k, v in settings.items():
        setattr(c, k, v)
    return c


def keyed_skel(poses, turn_side=False):
    """The armature that deforms the skinned test meshes: Root, a connected Mid, a Side bone and a
    non-deforming Helper, turned and scaled; per (frame, (r, m, s)) of `poses` Root and Mid turned by r
    and m, Side moved by s (and turned by it with `turn_side`), Helper moved by s, all keyed."""
    arm = armature("Skel", [("Root", (0, 0, 0), (0, 0, 1), None, False, 0), ("Mid", (0, 0, 1), (0, 0, 2), "Root", True, 0),
                            ("Side", (0.5, 0, 1), (1, 0, 1), "Root", False, 0), ("Helper", (0, 0.5, 0), (0, 0.5, 1), None, False, 0)],
                   loc=(0.3, -0.2, 0.1), rot=(0.1, 0, 0.2), scale=(1.2, 1.2, 1.2))
    arm.data.bones["Helper"].use_deform = False
    for f, (r, m, s) in poses:
        pb = arm.pose.bones
        pb["Root"].rotation_mode = pb["Mid"].rotation_mode = pb["Side"].rotation_mode = 'XYZ'
        pb["Root"].rotation_euler = (r, 0, 0.1 * r)
        pb["Mid"].rotation_euler = (m, 0.2 * m, 0)
        pb["Side"].location = (0, s, 0)
        if turn_side:
            pb["Side"].rotation_euler = (0, s, 0)
        pb["Helper"].location = (s, 0, 0)
        for b in ("Root", "Mid", "Side"):
            pb[b].keyframe_insert("rotation_euler", frame=f)
        pb["Side"].keyframe_insert("location", frame=f)
        pb["Helper"].keyframe_insert("location", frame=f)
    return arm


def rig_skinned_parents():
    """Objects on vertices of a mesh an Armature modifier deforms (by vertex groups): a vertex held by
    one bone, one shared by two bones with unequal weights, one in a group of a bone that does not
    deform (so it follows the other), one in no group (it stays), and a triangle of three; the bones
    keyed, the mesh moved and the armature turned and scaled. Beside them a mesh with a Subdivision
    modifier after its Armature one, whose vertex child is written where it is (with a note), and a
    still mesh with a Subdivision modifier, whose vertex and triangle children's frames are read from
    the children (exact)."""
    import bmesh
    arm = keyed_skel(((1, (0, 0, 0)), (5, (0.3, -0.5, 0.2)), (9, (-0.2, 0.6, -0.4))))
    def build(bm):
        bmesh.ops.create_grid(bm, x_segments=3, y_segments=3, size=1.0)
        for v in bm.verts:
            v.co.z = 0.5 * (v.co.x + 1.0) + 0.3 * v.co.y
    body = mesh_object("Body", build, loc=(0.1, 0, 0.2), rot=(0, 0.1, 0))
    for f, x in ((1, 0.1), (9, 0.4)):
        body.location[0] = x
        body.keyframe_insert("location", index=0, frame=f)
    groups = {name: body.vertex_groups.new(name=name) for name in ("Root", "Mid", "Side", "Helper", "Other")}
    groups["Root"].add([0, 1, 2], 1.0, 'REPLACE')
    groups["Mid"].add([3, 4], 0.7, 'REPLACE')
    groups["Root"].add([4], 0.2, 'REPLACE')
    groups["Side"].add([5, 6], 0.9, 'REPLACE')
    groups["Helper"].add([6], 1.0, 'REPLACE')
    groups["Other"].add([7], 1.0, 'REPLACE')
    mod = body.modifiers.new("Armature", 'ARMATURE')
    mod.object = arm
    for k, v in enumerate((1, 4, 6, 7, 8)):
        e = empty("OnVertex%d" % k, loc=(0.05, 0, 0.1), rot=(0.1, 0.2, 0), parent=body)
        e.parent_type = 'VERTEX'
        e.parent_vertices = (v, 0, 0)
    tri = empty("OnTriangle", loc=(0, 0.1, 0), parent=body)
    tri.parent_type = 'VERTEX_3'
    tri.parent_vertices = (1, 4, 5)
    smooth = mesh_object("Smooth", build, loc=(3, 0, 0))
    smooth.vertex_groups.new(name="Root").add(list(range(9)), 1.0, 'REPLACE')
    m = smooth.modifiers.new("Armature", 'ARMATURE')
    m.object = arm
    smooth.modifiers.new("Subsurf", 'SUBSURF')
    s = empty("OnSmooth", parent=smooth)
    s.parent_type = 'VERTEX'
    s.parent_vertices = (4, 0, 0)
    # A still mesh whose Subdivision modifier makes new vertices: Blender's point is the mean of
    # those made from the vertex, which the exporter reads from the child's own matrices.
    def bumps(bm):
        # Curved, so that subdividing moves every vertex (a plane's vertices would stay put).
        bmesh.ops.create_grid(bm, x_segments=3, y_segments=3, size=1.0)
        for v in bm.verts:
            v.co.z = 0.6 * v.co.x * v.co.x - 0.4 * v.co.y * v.co.y + 0.3 * v.co.x * v.co.y
    bumpy = mesh_object("Bumpy", bumps, loc=(-2, 1, 0), rot=(0.2, 0, 0.4), scale=(1, 1.5, 1))
    bumpy.modifiers.new("Subsurf", 'SUBSURF').levels = 2
    b = empty("OnBumpy", loc=(0.1, 0, 0.2), rot=(0.3, 0, 0), parent=bumpy)
    b.parent_type = 'VERTEX'
    b.parent_vertices = (5, 0, 0)
    t = empty("OnBumpyTriangle", loc=(0, 0.1, 0.1), rot=(0, 0.2, 0), parent=bumpy)
    t.parent_type = 'VERTEX_3'
    t.parent_vertices = (1, 4, 6)
    return [1, 5, 9]


def rig_skinned_groups():
    """Constraints targeting vertex groups of a mesh an Armature modifier deforms (by vertex groups):
    a bumpy grid whose every vertex is weighted between two or three bones, the bones keyed, the mesh
    moved and scaled unevenly and the armature turned and scaled; a weighted corner, a weighted strip
    across the bones' blend, a vertex held by a non-deforming bone's group only, and a quad's four;
    read by Copy Location, Copy Transforms, Child Of, Damped Track, Copy Rotation in LOCAL spaces and
    a bone of another armature. Blender reads the deformed mesh and its recomputed normals."""
    import bmesh
    arm = keyed_skel(((1, (0, 0, 0)), (5, (0.5, -0.7, 0.3)), (9, (-0.4, 0.9, -0.5))), turn_side=True)
    def build(bm):
        bmesh.ops.create_grid(bm, x_segments=4, y_segments=4, size=1.0)
        for v in bm.verts:
            v.co.z = 1.0 + 0.8 * v.co.x + 0.15 * v.co.y * v.co.y + 0.1 * v.co.y
    body = mesh_object("Body", build, loc=(0.1, 0, 0.2), rot=(0, 0.1, 0), scale=(1.0, 1.3, 0.9))
    for f, x in ((1, 0.1), (9, 0.4)):
        body.location[0] = x
        body.keyframe_insert("location", index=0, frame=f)
    deform = {name: body.vertex_groups.new(name=name) for name in ("Root", "Mid", "Side", "Helper")}
    for v in body.data.vertices:
        t = (v.co.x + 1) / 2
        deform["Root"].add([v.index], 0.2 + 0.8 * (1 - t), 'REPLACE')
        deform["Mid"].add([v.index], t, 'REPLACE')
        if v.co.y > 0.3:
            deform["Side"].add([v.index], 0.6, 'REPLACE')
    last = len(body.data.vertices) - 1
    for name in ("Root", "Mid", "Side"):
        deform[name].remove([last])
    deform["Helper"].add([last], 1.0, 'REPLACE')
    corner = body.vertex_groups.new(name="Corner")
    for i, w in ((0, 1.0), (1, 0.5), (5, 0.25)):
        corner.add([i], w, 'REPLACE')
    strip = body.vertex_groups.new(name="Strip")
    for k, i in enumerate(range(10, 15)):
        strip.add([i], 0.2 + 0.15 * k, 'REPLACE')
    body.vertex_groups.new(name="Still").add([last], 1.0, 'REPLACE')
    quad = body.vertex_groups.new(name="Quad")
    quad.add([6, 7, 11, 12], 1.0, 'REPLACE')
    mod = body.modifiers.new("Armature", 'ARMATURE')
    mod.object = arm

    def con(owner, kind, sub, **settings):
        return constrain(owner, kind, body, sub, **settings)
    con(empty("OnCorner", loc=(2, 0, 0)), 'COPY_LOCATION', "Corner")
    con(empty("Oriented", loc=(0, 2, 0)), 'COPY_TRANSFORMS', "Strip")
    con(empty("Child", loc=(0.5, 0.5, 0.5), rot=(0.2, 0.1, 0)), 'CHILD_OF', "Quad")
    con(empty("Aim", loc=(-1, -1, 2)), 'DAMPED_TRACK', "Corner", track_axis='TRACK_NEGATIVE_Z')
    con(empty("LocalSpaces", loc=(1, 1, 1), rot=(0.1, 0.4, 0.2)), 'COPY_ROTATION', "Strip", target_space='LOCAL', owner_space='LOCAL', influence=0.7)
    con(empty("OnStill", loc=(1, -2, 0)), 'COPY_TRANSFORMS', "Still")
    a = armature("Viewer", [("Root", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
                            ("Look", (0, 0, 0.5), (0, 0.3, 0.6), "Root", True, 0.2)], loc=(-0.5, 0.5, 0.0))
    c = a.pose.bones["Look"].constraints.new('TRACK_TO')
    c.target, c.subtarget, c.track_axis, c.up_axis = body, "Quad", 'TRACK_Y', 'UP_Z'
    scene().frame_set(1)
    return [1, 5, 9]


def rig_skinned_surface():
    """Shrinkwrap onto meshes an Armature modifier deforms (by vertex groups): Blender's constraint
    reads the evaluated mesh, its recomputed vertex and polygon normals. A UV sphere with some flat
    faces, weighted between the bones up its height (a side bone holding one flank), and a bumpy open
    grid, the bones keyed, the meshes moved and the armature turned and scaled; empties wrapped onto
    them in each mode (nearest surface with every snap mode and Align to Normal, nearest vertex,
    projections with the opposite ray and culling, Target Normal Project onto the closed sphere and
    past the grid's open edge), a bone of another armature, and a vertex group of the sphere read
    by Copy Location beside the Shrinkwraps (one skin, read by both); and `skinned_fold`'s grid."""
    import bmesh
    arm = keyed_skel(((1, (0, 0, 0)), (5, (0.4, -0.6, 0.25)), (9, (-0.3, 0.7, -0.35))), turn_side=True)
    hull = mesh_object("Hull", lambda bm: bmesh.ops.create_uvsphere(bm, u_segments=12, v_segments=8, radius=0.8),
                       loc=(0.3, -0.2, 1.1), rot=(0.1, 0.0, 0.2), scale=(1.0, 1.2, 1.1))
    # Flat faces chosen by place, not index (Blender numbers the UV sphere's polygons differently
    # between builds): the -X flank, where Outside lands.
    for poly in hull.data.polygons:
        poly.use_smooth = poly.center.x > -0.35
    for f, x in ((1, 0.3), (9, 0.5)):
        hull.location[0] = x
        hull.keyframe_insert("location", index=0, frame=f)
    def sheet_build(bm):
        bmesh.ops.create_grid(bm, x_segments=4, y_segments=4, size=1.0)
        for v in bm.verts:
            v.co.z = 1.0 + 0.6 * v.co.x + 0.2 * v.co.y * v.co.y + 0.1 * v.co.y
    sheet = mesh_object("Sheet", sheet_build, loc=(2.6, 0.2, 0.0), rot=(0, 0.1, 0), scale=(1.0, 1.3, 0.9))
    for o in (hull, sheet):
        groups = {name: o.vertex_groups.new(name=name) for name in ("Root", "Mid", "Side")}
        zs = [v.co.z for v in o.data.vertices]
        lo, hi = min(zs), max(zs)
        for v in o.data.vertices:
            t = (v.co.z - lo) / (hi - lo) if hi > lo else 0.5
            groups["Root"].add([v.index], 0.2 + 0.8 * (1 - t), 'REPLACE')
            groups["Mid"].add([v.index], t, 'REPLACE')
            if v.co.x > 0.3:
                groups["Side"].add([v.index], 0.5, 'REPLACE')
        o.modifiers.new("Armature", 'ARMATURE').object = arm
    hull.vertex_groups.new(name="Patch").add([20, 21, 33], 1.0, 'REPLACE')

    def wrap(name, target, loc, **settings):
        e = empty(name, loc=loc, rot=(0.2, -0.3, 0.5))
        shrinkwrap(e, target, **settings)
        return e
    owners = [
        wrap("Near", hull, (1.6, 0.3, 1.9), distance=0.1, use_track_normal=True, track_axis='TRACK_Z'),
        wrap("Inside", hull, (0.6, -0.1, 1.2), wrap_mode='INSIDE', distance=0.2),
        # Inside the flat flank, pushed out: a point outside a flat-faced surface is often nearest to
        # an edge, where Blender's pick of the face (and so the normal) follows float32 rounding.
        wrap("Outside", hull, (-0.15, -0.2, 1.1), wrap_mode='OUTSIDE', distance=0.3, use_track_normal=True, track_axis='TRACK_NEGATIVE_Y'),
        wrap("Above", hull, (0.1, 1.5, 1.9), wrap_mode='ABOVE_SURFACE', distance=0.15, use_track_normal=True, track_axis='TRACK_Y'),
        wrap("Vertex", hull, (1.4, -1.0, 0.6), shrinkwrap_type='NEAREST_VERTEX', distance=0.05),
        wrap("Ray", hull, (2.4, 0.1, 1.2), shrinkwrap_type='PROJECT', project_axis='NEG_X', use_project_opposite=True, cull_face='BACK', distance=0.05),
        wrap("Drop", sheet, (2.4, 0.5, 3.0), shrinkwrap_type='PROJECT', project_axis='NEG_Z', use_track_normal=True, track_axis='TRACK_Z'),
        wrap("Target", hull, (0.9, 1.0, 2.1), shrinkwrap_type='TARGET_PROJECT', distance=0.1, use_track_normal=True, track_axis='TRACK_Z'),
        wrap("TargetEdge", sheet, (4.2, 0.6, 1.6), shrinkwrap_type='TARGET_PROJECT', use_track_normal=True, track_axis='TRACK_Y'),
        wrap("SheetNear", sheet, (2.9, -0.5, 2.2), wrap_mode='OUTSIDE_SURFACE', distance=0.1),
    ]
    owners[0].constraints[0].influence = 0.7
    owners[6].rotation_euler = (0.0, 0.0, 0.0)
    constrain(empty("OnPatch", loc=(0, 3, 0)), 'COPY_LOCATION', hull, "Patch")
    a = armature("Viewer", [("Root", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
                            ("Tip", (0, 0, 0.5), (0, 0.3, 0.6), "Root", True, 0.2)], loc=(-1.5, 0.5, 1.0))
    shrinkwrap(a.pose.bones["Tip"], hull, distance=0.05)
    for f, dz in ((1, 0.0), (9, -0.3)):
        for o in owners[:3]:
            o.location.z += dz
            o.keyframe_insert("location", frame=f)
    skinned_fold()
    scene().frame_set(1)
    return [1, 5, 9]


def skinned_fold():
    """Quads an Armature modifier folds: a 3x3 grid one of whose inner vertices a keyed bone drags
    across its quads' diagonals, so Blender splits the quad it folds along its other diagonal at
    frames 5 and 9 (mesh_tessellate.cc); empties wrapped onto it by nearest surface, projection and
    Target Normal Project, over the folded quads. Part of rig_skinned_surface."""
    import bmesh
    arm = armature("Folder", [("Base", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
                              ("Drag", (0, 0, 0), (0, 0.5, 0), None, False, 0.0)], loc=(0.2, 0.1, 0.0))
    pb = arm.pose.bones
    for f, loc in ((1, (0.0, 0.0, 0.0)), (5, (0.55, -0.5, -0.1)), (9, (-0.6, 0.55, 0.15))):
        pb["Drag"].location = loc
        pb["Drag"].keyframe_insert("location", frame=f)
    def build(bm):
        bmesh.ops.create_grid(bm, x_segments=3, y_segments=3, size=1.0)
        for v in bm.verts:
            v.co.z = 0.1 * v.co.x * v.co.y
    sheet = mesh_object("Folded", build, loc=(0.2, 0.1, 0.5))
    base, drag = sheet.vertex_groups.new(name="Base"), sheet.vertex_groups.new(name="Drag")
    # One inner vertex dragged, far enough to cross the diagonals of the quads around it.
    dragged = min(sheet.data.vertices, key=lambda v: (v.co.x - 1 / 3) ** 2 + (v.co.y - 1 / 3) ** 2).index
    for v in sheet.data.vertices:
        (drag if v.index == dragged else base).add([v.index], 1.0, 'REPLACE')
    sheet.modifiers.new("Armature", 'ARMATURE').object = arm
    for k, (loc, settings) in enumerate((
        # Over the quad the drag folds at frame 5 (its SE neighbour), then at frame 9 (NW).
        ((0.9, 0.15, 0.9), dict(use_track_normal=True, track_axis='TRACK_Z')),
        ((0.75, 0.0, 0.8), dict(wrap_mode='ABOVE_SURFACE', distance=0.1, use_track_normal=True, track_axis='TRACK_Z')),
        ((0.95, 0.05, 1.5), dict(shrinkwrap_type='PROJECT', project_axis='NEG_Z', use_track_normal=True, track_axis='TRACK_Y')),
        ((0.8, 0.2, 0.8), dict(shrinkwrap_type='TARGET_PROJECT', use_track_normal=True, track_axis='TRACK_Z')),
        ((0.15, 0.8, 0.9), dict(use_track_normal=True, track_axis='TRACK_Z')),
        ((0.3, 0.85, 1.2), dict(shrinkwrap_type='PROJECT', project_axis='NEG_Z')),
    )):
        shrinkwrap(empty("OnFold%d" % k, loc=loc, rot=(0.1, 0.2, 0.0)), sheet, **settings)


def rig_skinned_surface_cycle():
    """rig_skinned_surface with a bone of the deforming armature wrapped onto the mesh it deforms: a
    dependency cycle in Blender, so the export keeps that surface as it is (with a note)."""
    frames = rig_skinned_surface()
    shrinkwrap(bpy.data.objects["Skel"].pose.bones["Helper"], bpy.data.objects["Hull"])
    return frames


def rig_lattice_groups():
    """Constraints targeting a lattice's vertex groups (Blender's contarget_get_lattice_mat: the plain
    mean of the group's points of weight > 0, each counted once per group it is in, at the lattice
    object's rotation and scale): a 3x3x3 lattice with moved points, turned, scaled unevenly and keyed;
    a corner, a row with a point of weight 0, a group overlapping both (its shared point in three
    groups) and an empty group; read by Copy Location, Copy Transforms, Child Of, Damped Track and a
    bone's Track To. Beside it a lattice an Armature modifier deforms (keyed bones), whose group's
    points Sinew moves with the bones."""
    def lattice(name, loc=(0, 0, 0), rot=(0, 0, 0), scale=(1, 1, 1)):
        lt = bpy.data.lattices.new(name + "Data")
        lt.points_u = lt.points_v = lt.points_w = 3
        o = link(bpy.data.objects.new(name, lt))
        o.location, o.rotation_euler, o.scale = loc, rot, scale
        for k, p in enumerate(lt.points):
            p.co_deform = (p.co[0] + 0.05 * (k % 4), p.co[1] - 0.03 * (k % 3), p.co[2] + 0.02 * k)
        return o
    cage = lattice("Cage", loc=(0.4, -0.2, 0.8), rot=(0.3, -0.2, 0.5), scale=(1.4, 0.8, 1.1))
    for f, (loc, rot) in ((1, ((0.4, -0.2, 0.8), (0.3, -0.2, 0.5))), (9, ((0.1, 0.3, 1.0), (0.6, 0.1, -0.2)))):
        cage.location, cage.rotation_euler = loc, rot
        cage.keyframe_insert("location", frame=f)
        cage.keyframe_insert("rotation_euler", frame=f)
    corner = cage.vertex_groups.new(name="Corner"); corner.add([0], 1.0, 'REPLACE')
    row = cage.vertex_groups.new(name="Row")
    for i, w in ((0, 0.5), (1, 0.0), (2, 1.0)):
        row.add([i], w, 'REPLACE')
    both = cage.vertex_groups.new(name="Both")
    for i in (0, 4, 13, 26):
        both.add([i], 0.3, 'REPLACE')
    cage.vertex_groups.new(name="Empty")

    con = constrain
    con(empty("OnCorner", loc=(2, 0, 0)), 'COPY_LOCATION', cage, "Corner")
    con(empty("OnRow", loc=(0, 2, 0), rot=(0.2, 0, 0)), 'COPY_TRANSFORMS', cage, "Row")
    con(empty("Child", loc=(0.5, 0.5, 0.5), rot=(0.2, 0.1, 0)), 'CHILD_OF', cage, "Both")
    con(empty("Aim", loc=(-1, -1, 2)), 'DAMPED_TRACK', cage, "Both", track_axis='TRACK_NEGATIVE_Z')
    con(empty("NoPoints", loc=(1, -2, 0)), 'COPY_TRANSFORMS', cage, "Empty")
    arm = armature("Skel", [("Root", (0, 0, 0), (0, 0, 1), None, False, 0), ("Tip", (0, 0, 1), (0, 0, 2), "Root", True, 0)],
                   loc=(3, 0, 0), rot=(0.1, 0, 0.2))
    for f, (r, t) in ((1, (0, 0)), (5, (0.5, -0.7)), (9, (-0.4, 0.9))):
        pb = arm.pose.bones
        pb["Root"].rotation_mode = pb["Tip"].rotation_mode = 'XYZ'
        pb["Root"].rotation_euler = (r, 0, 0.1 * r); pb["Tip"].rotation_euler = (t, 0.2 * t, 0)
        pb["Root"].keyframe_insert("rotation_euler", frame=f); pb["Tip"].keyframe_insert("rotation_euler", frame=f)
    bent = lattice("Bent", loc=(3, 0, 1), scale=(0.5, 0.5, 1))
    g_root, g_tip = bent.vertex_groups.new(name="Root"), bent.vertex_groups.new(name="Tip")
    for k, p in enumerate(bent.data.points):
        t = (p.co[2] + 0.5)
        g_root.add([k], 1.0 - 0.8 * t, 'REPLACE')
        g_tip.add([k], t, 'REPLACE')
    top = bent.vertex_groups.new(name="Top")
    top.add(list(range(18, 27)), 1.0, 'REPLACE')
    m = bent.modifiers.new("Armature", 'ARMATURE'); m.object = arm
    con(empty("OnTop", loc=(4, 0, 0)), 'COPY_TRANSFORMS', bent, "Top")
    a = armature("Viewer", [("Root", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
                            ("Look", (0, 0, 0.5), (0, 0.3, 0.6), "Root", True, 0.2)], loc=(-0.5, 0.5, 0.0))
    c = a.pose.bones["Look"].constraints.new('TRACK_TO')
    c.target, c.subtarget, c.track_axis, c.up_axis = cage, "Row", 'TRACK_Y', 'UP_Z'
    scene().frame_set(1)
    return [1, 5, 9]


def rig_driven_path():
    """A curve's Evaluation Time driven by a custom property (keyed) of a control, the curve's
    Evaluation Time keyed too (the driver wins) and its location keyed: what follows the path by
    Follow Path (Evaluation Time) and by parenting moves with the driver."""
    cu = bpy.data.curves.new("LaneData", 'CURVE')
    cu.dimensions = '3D'
    sp = cu.splines.new('BEZIER')
    sp.bezier_points.add(2)
    for bp, co in zip(sp.bezier_points, [(0, 0, 0), (1, 1, 0.2), (2, 0, 1)]):
        bp.co = co
        bp.handle_left_type = bp.handle_right_type = 'AUTO'
    cu.use_path, cu.path_duration = True, 20
    lane = link(bpy.data.objects.new("Lane", cu))
    # The curve moves by its own action too: a driven Evaluation Time beside an animated transform.
    for f, x in ((1, 0.2), (9, -0.3)):
        lane.location = (x, 0.1, 0)
        lane.keyframe_insert("location", index=0, frame=f)
    # Keyed, and driven: the driver wins, as in Blender.
    cu.eval_time = 3
    cu.keyframe_insert("eval_time", frame=1)
    cu.eval_time = 12
    cu.keyframe_insert("eval_time", frame=9)
    ctl = empty("Ctl", loc=(3, 0, 0))
    prop(ctl, "pos", 0.0, 0.0, 1.0)
    for f, v in ((1, 0.1), (9, 0.8)):
        ctl["pos"] = v
        ctl.keyframe_insert('["pos"]', frame=f)
    driver(cu, "eval_time", -1, "pos * 20", [{"name": "pos", "targets": [{"id": ctl, "data_path": '["pos"]'}]}])
    empty("Walker", loc=(0, 0, 0.1), parent=lane)
    follower = empty("Follower", loc=(0, 0, 0.2))
    c = follower.constraints.new('FOLLOW_PATH')
    c.target = lane
    return [1, 5, 9]


def rig_two_armatures():
    """Two armatures that reach into each other without a cycle (a prop rig on a character's hand):
    the prop armature parented to the hand bone; a bone of the body tracking a bone of the prop; a
    prop bone copying a body bone's rotation and deformed by an Armature constraint over both; a
    driver on a prop bone reading a body bone and a body custom property; an object on a prop bone
    tracking a body bone; an IK arm; both posed and keyed."""
    a = armature("Body", [
        ("Root", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
        ("Arm", (0, 0, 0.5), (0.6, 0, 0.9), "Root", True, 0.2),
        ("Fore", (0.6, 0, 0.9), (1.1, 0.1, 0.8), "Arm", True, -0.1),
        ("Hand", (1.1, 0.1, 0.8), (1.3, 0.1, 0.8), "Fore", True, 0.0),
        ("Look", (-0.4, 0, 0.6), (-0.4, 0.3, 0.6), "Root", False, 0.0),
    ], loc=(0.1, 0.0, 0.2), rot=(0.0, 0.0, 0.3))
    b = armature("Prop", [
        ("Grip", (0, 0, 0), (0, 0.2, 0), None, False, 0.0),
        ("Tip", (0, 0.2, 0), (0, 0.6, 0.1), "Grip", True, 0.1),
        ("Aim", (0.3, 0.3, 0), (0.3, 0.5, 0), "Grip", False, 0.0),
    ], loc=(0.0, 0.0, 0.0), rot=(0.2, 0.0, 0.0))
    b.parent, b.parent_type, b.parent_bone = a, 'BONE', "Hand"
    pa, pb = a.pose.bones, b.pose.bones
    for bone, rot in (("Root", (0.1, 0.0, 0.2)), ("Arm", (0.3, -0.2, 0.1)), ("Look", (0.0, 0.4, 0.0))):
        pa[bone].rotation_mode = 'XYZ'
        pa[bone].rotation_euler = rot
    pb["Tip"].rotation_mode = 'XYZ'
    pb["Tip"].rotation_euler = (0.4, 0.0, -0.3)
    c = pa["Look"].constraints.new('DAMPED_TRACK')
    c.target, c.subtarget = b, "Tip"
    c = pa["Fore"].constraints.new('IK')
    c.target, c.chain_count = empty("Reach", loc=(0.9, -0.4, 0.5)), 2
    c = pb["Aim"].constraints.new('COPY_ROTATION')
    c.target, c.subtarget, c.influence = a, "Look", 0.5
    c = pb["Aim"].constraints.new('ARMATURE')
    for arm_o, sub, w in ((a, "Root", 0.4), (b, "Grip", 0.6)):
        t = c.targets.new()
        t.target, t.subtarget, t.weight = arm_o, sub, w
    gem = empty("Gem", loc=(0.0, 0.1, 0.0))
    gem.parent, gem.parent_type, gem.parent_bone = b, 'BONE', "Tip"
    c = gem.constraints.new('TRACK_TO')
    c.target, c.subtarget = a, "Root"
    prop(pa["Root"], "reach", 0.3, 0.0, 1.0)
    driver(pb["Grip"], "location", 2, "var * 0.5 + reach", [
        {"name": "var", "type": 'TRANSFORMS', "targets": [{"id": a, "bone_target": "Arm", "transform_type": 'ROT_Y', "transform_space": 'LOCAL_SPACE'}]},
        {"name": "reach", "targets": [{"id": a, "data_path": 'pose.bones["Root"]["reach"]'}]}])
    for f, r in ((1, (0.1, 0.0, 0.2)), (6, (0.5, -0.3, 0.6))):
        pa["Root"].rotation_euler = r
        pa["Root"].keyframe_insert("rotation_euler", frame=f)
    scene().frame_set(1)
    return [1, 4, 6]



def mesh_object(name, build, smooth=True, loc=(0, 0, 0), rot=(0, 0, 0), scale=(1, 1, 1), flat_faces=()):
    """A mesh object from a bmesh builder, smooth-shaded but for the polygons in `flat_faces`."""
    import bmesh
    bm = bmesh.new()
    build(bm)
    me = bpy.data.meshes.new(name + "Mesh")
    bm.to_mesh(me)
    bm.free()
    for i, poly in enumerate(me.polygons):
        poly.use_smooth = smooth and i not in flat_faces
    o = link(bpy.data.objects.new(name, me))
    o.location, o.rotation_euler, o.scale = loc, rot, scale
    return o


def rig_shrinkwrap():
    """Shrinkwrap in every mode Sinew carries: onto a smooth UV sphere (scaled unevenly, turning over
    the frames), a flat-shaded cube, a ground plane and a cube under a Subdivision modifier (no owner's nearest point on an edge where a
    flat face meets another: there Blender's pick of the face follows float32 rounding); nearest surface with
    each snap mode and Align to Normal, nearest vertex, projections along each owner's axis (with a
    limit, the opposite direction, culling and inverted culling, one that misses), Target Normal
    Project (onto the sphere, the subdivided cube, and past the ground's open edge), projection
    axes read in WORLD, CUSTOM, POSE and LOCAL_WITH_PARENT space, on empties and on
    bones (one in LOCAL owner space), some at partial influence; the owners keyed to move."""
    import bmesh
    sphere = mesh_object("Ball", lambda bm: bmesh.ops.create_uvsphere(bm, u_segments=12, v_segments=8, radius=1.0),
                         loc=(0.2, 0.1, 1.2), rot=(0.3, 0.1, 0.2), scale=(1.2, 0.9, 1.0))
    cube = mesh_object("Box", lambda bm: bmesh.ops.create_cube(bm, size=1.0), smooth=False, loc=(-2.0, 0.5, 0.6), rot=(0.0, 0.4, 0.7))
    ground = mesh_object("Ground", lambda bm: bmesh.ops.create_grid(bm, x_segments=4, y_segments=4, size=2.0),
                         loc=(0.0, 0.0, -0.1), rot=(0.08, -0.05, 0.0), scale=(2.0, 1.5, 1.0))
    # A Subdivision modifier: the surface written is the evaluated (subdivided) one, with a note
    # that Sinew keeps it as written.
    blob = mesh_object("Blob", lambda bm: bmesh.ops.create_cube(bm, size=1.2), loc=(2.2, -1.8, 0.9), rot=(0.2, 0.3, 0.1))
    blob.modifiers.new("Subdivision", 'SUBSURF').levels = 2
    for f, r in ((1, (0.3, 0.1, 0.2)), (10, (0.9, -0.4, 1.1))):
        sphere.rotation_euler = r
        sphere.keyframe_insert("rotation_euler", frame=f)

    wrap = shrinkwrap
    owners = []
    for name, target, loc, settings in (
        ("OnSurface", sphere, (1.8, 0.4, 1.9), dict(distance=0.1, use_track_normal=True, track_axis='TRACK_Z')),
        ("Inside", sphere, (0.9, -0.2, 1.0), dict(wrap_mode='INSIDE', distance=0.25)),
        ("Outside", cube, (-1.7, 0.6, 0.7), dict(wrap_mode='OUTSIDE', distance=0.3, use_track_normal=True, track_axis='TRACK_NEGATIVE_Y')),
        ("OutsideSurface", sphere, (0.4, 0.2, 1.5), dict(wrap_mode='OUTSIDE_SURFACE', distance=0.2)),
        ("Above", sphere, (-0.5, 1.4, 2.0), dict(wrap_mode='ABOVE_SURFACE', distance=0.15, use_track_normal=True, track_axis='TRACK_Y')),
        ("Vertex", sphere, (1.5, -1.0, 0.4), dict(shrinkwrap_type='NEAREST_VERTEX', distance=0.05)),
        ("Drop", ground, (0.7, -0.8, 1.5), dict(shrinkwrap_type='PROJECT', project_axis='NEG_Z', use_track_normal=True, track_axis='TRACK_Z')),
        ("Sideways", sphere, (2.5, 0.2, 1.1), dict(shrinkwrap_type='PROJECT', project_axis='POS_X', use_project_opposite=True, cull_face='FRONT',
                                                    use_invert_cull=True, project_limit=4.0, distance=0.1)),
        ("Short", sphere, (3.5, 0.2, 1.1), dict(shrinkwrap_type='PROJECT', project_axis='NEG_X', project_limit=0.5)),
        ("FrontCulled", cube, (-2.0, 0.5, 2.5), dict(shrinkwrap_type='PROJECT', project_axis='NEG_Z', cull_face='FRONT', use_project_opposite=True)),
        ("Smoothed", blob, (2.9, -1.2, 1.6), dict(wrap_mode='ABOVE_SURFACE', distance=0.2, use_track_normal=True, track_axis='TRACK_Z')),
        ("Target", sphere, (1.6, 1.1, 2.2), dict(shrinkwrap_type='TARGET_PROJECT', distance=0.1, use_track_normal=True, track_axis='TRACK_Z')),
        ("TargetInside", sphere, (0.5, 0.3, 1.0), dict(shrinkwrap_type='TARGET_PROJECT', wrap_mode='OUTSIDE', distance=0.2)),
        ("TargetEdge", ground, (4.6, 0.8, 0.7), dict(shrinkwrap_type='TARGET_PROJECT', use_track_normal=True, track_axis='TRACK_Y')),
        ("TargetBlob", blob, (3.2, -2.4, 1.9), dict(shrinkwrap_type='TARGET_PROJECT', wrap_mode='ABOVE_SURFACE', distance=0.1)),
    ):
        e = empty(name, loc=loc, rot=(0.2, -0.3, 0.5))
        wrap(e, target, **settings)
        owners.append(e)
    owners[0].constraints[0].influence = 0.6
    owners[7].rotation_euler = (0.0, 0.05, 0.1)  # Sideways: its X axis through the sphere, the opposite ray hitting
    # The projection axis read in other spaces (keep_scale: a parent-less object's LOCAL keeps its scale).
    e = empty("AxisWorld", loc=(-0.8, 0.9, 1.4), rot=(0.5, 0.2, 0.3), scale=(1.5, 0.6, 1.0))
    wrap(e, ground, shrinkwrap_type='PROJECT', project_axis='NEG_Z', project_axis_space='WORLD')
    frame = empty("AxisFrame", loc=(0.3, 0.2, 0.1), rot=(0.2, -0.4, 0.6))
    e = empty("AxisCustom", loc=(-1.2, -0.9, 1.6), rot=(0.1, 0.4, 0.0), parent=frame)
    c = wrap(e, ground, shrinkwrap_type='PROJECT', project_axis='NEG_Z', project_axis_space='CUSTOM')
    space = empty("AxisSpace", loc=(1.0, 1.0, 0.0), rot=(0.4, 0.3, -0.5))
    c.space_object = space
    # With the owner in CUSTOM space too, Blender fills the space's matrix (is_custom_space_needed);
    # without, the axis's CUSTOM space is the identity's (above).
    e = empty("AxisBothCustom", loc=(1.4, -1.6, 1.3), rot=(0.3, 0.1, 0.2))
    c = wrap(e, ground, shrinkwrap_type='PROJECT', project_axis='NEG_Z', project_axis_space='CUSTOM', use_project_opposite=True)
    c.space_object, c.owner_space = space, 'CUSTOM'
    a = armature("Legs", [
        ("Hips", (0, 0, 1.0), (0, 0, 1.3), None, False, 0.0),
        ("Foot", (0.3, 0, 0.5), (0.3, 0.25, 0.45), "Hips", False, 0.1),
        ("Hand", (-0.4, 0.2, 1.1), (-0.6, 0.2, 1.1), "Hips", False, 0.0),
        ("ToeWorld", (0.5, -0.4, 0.7), (0.6, -0.2, 0.7), "Hips", False, 0.3),
        ("ToePose", (-0.5, -0.4, 0.7), (-0.6, -0.2, 0.8), "Hips", False, -0.2),
        ("ToeParent", (0.1, -0.7, 0.6), (0.1, -0.5, 0.9), "Hips", False, 0.5),
    ], loc=(0.5, -0.3, 0.2), rot=(0.0, 0.0, 0.4))
    pb = a.pose.bones
    for bone, space in (("ToeWorld", 'WORLD'), ("ToePose", 'POSE'), ("ToeParent", 'LOCAL_WITH_PARENT')):
        pb[bone].rotation_mode = 'XYZ'
        pb[bone].rotation_euler = (0.3, -0.2, 0.4)
        wrap(pb[bone], ground, shrinkwrap_type='PROJECT', project_axis='NEG_Z', project_axis_space=space, use_project_opposite=True)
    wrap(pb["Foot"], ground, shrinkwrap_type='PROJECT', project_axis='NEG_Z', use_track_normal=True, track_axis='TRACK_Z', distance=0.05)
    c = wrap(pb["Hand"], sphere, distance=0.1)
    c.owner_space = 'LOCAL'
    c.influence = 0.8
    for f, (dx, dz) in ((1, (0.0, 0.0)), (10, (0.4, -0.3))):
        for o in owners:
            o.location.x += dx
            o.location.z += dz
            o.keyframe_insert("location", frame=f)
        pb["Hips"].location = (dx, 0.0, dz)
        pb["Hips"].keyframe_insert("location", frame=f)
        pb["Hips"].rotation_mode = 'XYZ'
        pb["Hips"].rotation_euler = (0.2 + dx, -0.1, 0.3 - dz)
        pb["Hips"].keyframe_insert("rotation_euler", frame=f)
        pb["Foot"].rotation_euler = (0.2 + dx, 0.0, 0.1)
        pb["Foot"].keyframe_insert("rotation_euler", frame=f)
    scene().frame_set(1)
    return [1, 4, 10]


def rig_vertex_groups():
    """Constraints targeting a mesh's vertex groups (Blender's contarget_get_mesh_mat): a bumpy grid
    scaled unevenly and keyed to turn and move, with a weighted corner, a weighted strip, a group with
    no vertices, a group whose weights are all 0, and a name the mesh lacks; read by Copy Location,
    Copy Transforms, Child Of, Damped Track, Copy Rotation in LOCAL spaces, a CUSTOM owner space on a
    group, and a bone's Track To."""
    import bmesh
    def build(bm):
        bmesh.ops.create_grid(bm, x_segments=5, y_segments=5, size=1.0)
        for v in bm.verts:
            v.co.z = 0.15 * v.co.x * v.co.x - 0.1 * v.co.y + 0.05 * v.co.x * v.co.y
    plate = mesh_object("Plate", build, loc=(0.4, -0.2, 0.8), rot=(0.3, -0.2, 0.5), scale=(1.4, 0.8, 1.1))
    verts = plate.data.vertices
    corner = plate.vertex_groups.new(name="Corner")
    for i, w in ((0, 1.0), (1, 0.5), (6, 0.25)):
        corner.add([i], w, 'REPLACE')
    strip = plate.vertex_groups.new(name="Strip")
    for k, i in enumerate(range(12, 18)):
        strip.add([i], 0.2 + 0.15 * k, 'REPLACE')
    plate.vertex_groups.new(name="Empty")
    zero = plate.vertex_groups.new(name="Zero")
    zero.add([3, 4], 0.0, 'REPLACE')
    for f, (loc, rot) in ((1, ((0.4, -0.2, 0.8), (0.3, -0.2, 0.5))), (8, ((0.1, 0.3, 1.0), (0.6, 0.1, -0.2)))):
        plate.location, plate.rotation_euler = loc, rot
        plate.keyframe_insert("location", frame=f)
        plate.keyframe_insert("rotation_euler", frame=f)

    def con(owner, kind, sub, **settings):
        return constrain(owner, kind, plate, sub, **settings)
    con(empty("OnCorner", loc=(2, 0, 0)), 'COPY_LOCATION', "Corner")
    con(empty("Oriented", loc=(0, 2, 0)), 'COPY_TRANSFORMS', "Strip")
    con(empty("Child", loc=(0.5, 0.5, 0.5), rot=(0.2, 0.1, 0)), 'CHILD_OF', "Strip")
    con(empty("Aim", loc=(-1, -1, 2)), 'DAMPED_TRACK', "Corner", track_axis='TRACK_NEGATIVE_Z')
    con(empty("LocalSpaces", loc=(1, 1, 1), rot=(0.1, 0.4, 0.2)), 'COPY_ROTATION', "Strip", target_space='LOCAL', owner_space='LOCAL', influence=0.7)
    con(empty("NoVertices", loc=(1, -2, 0)), 'COPY_LOCATION', "Empty")
    con(empty("ZeroWeights", loc=(-2, 1, 0)), 'COPY_LOCATION', "Zero")
    con(empty("Missing", loc=(-2, -1, 1)), 'COPY_LOCATION', "NoSuchGroup")
    c = con(empty("InGroupSpace", loc=(0.3, 0.2, 0.1)), 'COPY_LOCATION', "Corner", use_offset=True)
    c.owner_space, c.space_object, c.space_subtarget = 'CUSTOM', plate, "Strip"
    a = armature("Arm", [("Root", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
                         ("Look", (0, 0, 0.5), (0, 0.3, 0.6), "Root", True, 0.2)], loc=(-0.5, 0.5, 0.0))
    c = a.pose.bones["Look"].constraints.new('TRACK_TO')
    c.target, c.subtarget, c.track_axis, c.up_axis = plate, "Strip", 'TRACK_Y', 'UP_Z'
    scene().frame_set(1)
    return [1, 4, 8]

RANDOM_CONSTRAINTS = ('COPY_LOCATION', 'COPY_ROTATION', 'COPY_SCALE', 'COPY_TRANSFORMS', 'DAMPED_TRACK', 'LOCKED_TRACK',
                      'TRACK_TO', 'STRETCH_TO', 'LIMIT_ROTATION', 'LIMIT_LOCATION', 'LIMIT_SCALE', 'LIMIT_DISTANCE',
                      'TRANSFORM', 'CHILD_OF', 'MAINTAIN_VOLUME', 'FLOOR', 'PIVOT', 'ARMATURE')
# Settings left as Blender makes them: names, UI state, targets (set below), and those whose
# random value would only test Blender's write-backs or a disabled state.
RANDOM_SKIP = {'name', 'type', 'show_expanded', 'active', 'mute', 'enabled', 'is_valid', 'is_override_data_editable',
               'error_location', 'error_rotation', 'target', 'subtarget', 'pole_target', 'pole_subtarget',
               'use_bbone_shape', 'set_inverse_pending', 'owner_space', 'target_space', 'use_deform_preserve_volume',
               'use_bone_envelopes', 'use_current_location', 'influence', 'head_tail'}


def randomize_settings(c, kind, rng, skip=()):
    """Every enum and bool setting of constraint `c` drawn at random (but RANDOM_SKIP's and `skip`'s), and a Limit
    Scale's limits put around 1: a limit of scale 0 (the default) makes a singular matrix whose
    rotation is arbitrary."""
    for prop in c.bl_rna.properties:
        ident = prop.identifier
        if ident in RANDOM_SKIP or ident in skip or prop.is_readonly:
            continue
        if prop.type == 'BOOLEAN' and not prop.is_array:
            setattr(c, ident, rng.random() < 0.5)
        elif prop.type == 'ENUM' and not prop.is_enum_flag:
            setattr(c, ident, rng.choice([it.identifier for it in prop.enum_items]))
    if kind == 'LIMIT_SCALE':
        for axis in 'xyz':
            setattr(c, 'min_' + axis, rng.uniform(0.5, 0.9))
            setattr(c, 'max_' + axis, rng.uniform(1.1, 1.5))


def rig_random_wrap(seed, smooth=False):
    """Random Shrinkwraps and vertex-group targets (names random_wrap<N>): three meshes (a UV sphere,
    a cube and a bumpy grid, each with a random transform, smooth or flat shading drawn per face on
    the sphere, and a weighted vertex group), six empties and a four-bone chain; each empty and bone
    gets a Shrinkwrap with every enum and bool setting drawn (randomize_settings: mode, snap mode,
    projection axis and its space, culling, Align to Normal, owner space), a random distance, limit
    and influence, onto a random mesh, or a Copy Transforms / Damped Track / Child Of onto a random
    vertex group. Owners and meshes keyed to move between frames 1 and 6. `smooth` (names
    random_wrap_smooth<N>): the same rig with every face smooth. Flat faces are drawn by polygon
    index, and Blender's UV sphere numbers its polygons differently from one run to the next, so
    which faces are flat (and where two faces are equally near) changes between builds."""
    import bmesh
    import random
    rng = random.Random("random-wrap-%d" % seed)
    def rot():
        return tuple(rng.uniform(-1.2, 1.2) for _ in range(3))
    def loc(r=1.5):
        return tuple(rng.uniform(-r, r) for _ in range(3))
    def sc():
        return tuple(rng.uniform(0.6, 1.6) for _ in range(3))
    def bumpy(bm):
        bmesh.ops.create_grid(bm, x_segments=4, y_segments=4, size=1.2)
        for v in bm.verts:
            v.co.z = 0.2 * v.co.x * v.co.y - 0.1 * v.co.x
    flat = tuple(i for i in range(40) if rng.random() < 0.3)
    box_smooth = rng.random() < 0.5
    if smooth:
        flat, box_smooth = (), True
    meshes = [
        mesh_object("WBall", lambda bm: bmesh.ops.create_uvsphere(bm, u_segments=10, v_segments=6, radius=0.8), loc=loc(), rot=rot(), scale=sc(), flat_faces=flat),
        mesh_object("WBox", lambda bm: bmesh.ops.create_cube(bm, size=1.0), smooth=box_smooth, loc=loc(), rot=rot(), scale=sc()),
        mesh_object("WGrid", bumpy, loc=loc(), rot=rot(), scale=sc()),
    ]
    for m in meshes:
        g = m.vertex_groups.new(name="G")
        for i in rng.sample(range(len(m.data.vertices)), 3):
            g.add([i], rng.uniform(0.1, 1.0), 'REPLACE')
    owners = [empty("W%d" % i, loc=loc(2.5), rot=rot(), scale=sc()) for i in range(6)]
    a = armature("WArm", [("B0", (0, 0, 0), (0, 0, 0.5), None, False, rng.uniform(-1, 1))] +
                 [("B%d" % i, (0, 0, 0.5 * i), (rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2), 0.5 * (i + 1)), "B%d" % (i - 1), rng.random() < 0.5, rng.uniform(-1, 1)) for i in range(1, 4)],
                 loc=loc(), rot=rot())
    for pb in a.pose.bones:
        pb.rotation_mode = 'XYZ'
        pb.rotation_euler = rot()
    for o in owners + [a.pose.bones["B%d" % i] for i in range(4)]:
        target = rng.choice(meshes)
        if rng.random() < 0.75:
            c = o.constraints.new('SHRINKWRAP')
            c.target = target
            randomize_settings(c, 'SHRINKWRAP', rng, skip=('project_axis_space',))
            c.distance = rng.choice([0.0, rng.uniform(-0.3, 0.5)])
            c.project_limit = rng.choice([0.0, rng.uniform(0.5, 4.0)])
            # Spaces drawn among those the owner has (an object's constraint offers WORLD, CUSTOM, LOCAL).
            spaces = ['WORLD', 'LOCAL', 'CUSTOM'] + (['POSE', 'LOCAL_WITH_PARENT'] if isinstance(o, bpy.types.PoseBone) else [])
            c.owner_space = rng.choice(spaces)
            c.project_axis_space = rng.choice(spaces)
            if c.project_axis_space == 'CUSTOM' or c.owner_space == 'CUSTOM':
                c.space_object = rng.choice(meshes)
        else:
            c = o.constraints.new(rng.choice(['COPY_TRANSFORMS', 'DAMPED_TRACK', 'CHILD_OF']))
            c.target, c.subtarget = target, "G"
        c.influence = rng.choice([1.0, rng.uniform(0.2, 0.9)])
    for f in (1, 6):
        for o in owners + meshes:
            o.location = tuple(x + rng.uniform(-0.3, 0.3) for x in o.location)
            o.keyframe_insert("location", frame=f)
    scene().frame_set(1)
    return [1, 3.5, 6]


def rig_random(seed, degenerate=False, bbones=False, spaces=False, mirrored=False, flat=False, keyed=False):
    """A random rig (seeded): a tree of 12 bones with random inheritance flags, rotation modes and
    poses; 4 empties; on most bones one or two constraints of Blender's set with every enum and bool
    setting drawn at random, spaces, head/tail and influence too, each targeting an empty or an
    earlier bone (never a descendant: no cycles). What a hand-made rig of unknown settings is.
    `degenerate` (names random_zero<N>): the same rig, then three bones scaled to 0 on one or two
    axes (how a rig hides a bone), two flipped on an axis, and an empty scaled to 0 on one.
    `bbones` (names random_bbone<N>): the same rig, then half its bones B-Bones (2-8 segments, random
    handle types, curve, roll, ease and scale in and out, rest and pose), every constraint's
    use_bbone_shape drawn, and bone targets at a random head/tail.
    `spaces` (names random_space<N>): the same rig, then half its constraints' owner or target space
    redrawn among CUSTOM (the space of one of the two unconstrained empties or of an earlier bone)
    and, for bone targets, LOCAL_OWNER_ORIENT.
    `mirrored` (names random_mirror<N>): the same rig with its armature object scaled -1 on X (a
    mirrored rig) or, for odd seeds, non-uniformly with a negative axis, and one empty mirrored."""
    import random
    rng = random.Random("random-rig-%d" % seed)
    specs = []
    for i in range(12):
        parent = rng.choice([None] + ["B%d" % j for j in range(i)]) if i else None
        head = (rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0, 2))
        tail = (head[0] + rng.uniform(-0.4, 0.4), head[1] + rng.uniform(-0.4, 0.4), head[2] + rng.uniform(0.2, 0.6))
        specs.append(("B%d" % i, head, tail, parent, False, rng.uniform(-1, 1)))
    arm = armature("Rnd", specs, loc=(rng.uniform(-1, 1), rng.uniform(-1, 1), 0), rot=(rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(-1, 1)))
    bones, pb = arm.data.bones, arm.pose.bones
    for b in bones:
        b.inherit_scale = rng.choice(['FULL', 'FIX_SHEAR', 'ALIGNED', 'AVERAGE', 'NONE', 'NONE_LEGACY'])
        b.use_inherit_rotation = rng.random() < 0.8
        b.use_local_location = rng.random() < 0.8
    modes = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE']
    for p in pb:
        p.rotation_mode = rng.choice(modes)
        e = Euler([rng.uniform(-1.2, 1.2) for _ in range(3)], 'XYZ')
        if p.rotation_mode == 'QUATERNION':
            p.rotation_quaternion = e.to_quaternion()
        elif p.rotation_mode == 'AXIS_ANGLE':
            axis, angle = e.to_quaternion().to_axis_angle()
            p.rotation_axis_angle = (angle, axis[0], axis[1], axis[2])
        else:
            p.rotation_euler = e.to_quaternion().to_euler(p.rotation_mode)
        p.location = [rng.uniform(-0.3, 0.3) for _ in range(3)]
        p.scale = [rng.uniform(0.7, 1.4) for _ in range(3)]
    empties = [empty("E%d" % k, loc=[rng.uniform(-1.5, 1.5) for _ in range(3)], rot=[rng.uniform(-1, 1) for _ in range(3)],
                     scale=[rng.uniform(0.7, 1.3) for _ in range(3)]) for k in range(4)]
    bone_spaces = ['WORLD', 'POSE', 'LOCAL_WITH_PARENT', 'LOCAL']
    for p in sorted(pb, key=lambda p: int(p.name[1:])):
        i = int(p.name[1:])  # earlier bones by number are never descendants: parents were drawn from them
        for _ in range(rng.choice([0, 1, 1, 2])):
            kind = rng.choice(RANDOM_CONSTRAINTS)
            c = p.constraints.new(kind)
            if kind == 'ARMATURE':
                for k in range(rng.randint(1, 3)):
                    t = c.targets.new()
                    t.target, t.subtarget, t.weight = arm, "B%d" % rng.randrange(max(1, i)), rng.uniform(0.2, 1.0)
                c.use_deform_preserve_volume = rng.random() < 0.5
            elif hasattr(c, 'target'):
                if i > 0 and rng.random() < 0.5:
                    c.target, c.subtarget = arm, "B%d" % rng.randrange(i)
                    if hasattr(c, 'head_tail'):
                        c.head_tail = rng.choice([0.0, 0.0, 0.5, 1.0])
                else:
                    c.target = rng.choice(empties)
            randomize_settings(c, kind, rng)
            c.owner_space = rng.choice(bone_spaces)
            if hasattr(c, 'target_space') and kind not in ('ARMATURE',):
                c.target_space = rng.choice(bone_spaces if getattr(c, 'subtarget', '') else ['WORLD', 'LOCAL'])
            c.influence = rng.choice([1.0, 1.0, rng.uniform(0.3, 1.0)])
    # Object owners too: the last two empties, parented in a chain to the first two, each with a
    # constraint targeting an earlier empty or any bone (object spaces: WORLD, LOCAL).
    empties[2].parent, empties[3].parent = empties[0], empties[2]
    for k in (2, 3):
        o = empties[k]
        kind = rng.choice([t for t in RANDOM_CONSTRAINTS if t != 'ARMATURE'])
        c = o.constraints.new(kind)
        if hasattr(c, 'target'):
            if rng.random() < 0.5:
                c.target, c.subtarget = arm, "B%d" % rng.randrange(12)
                if hasattr(c, 'head_tail'):
                    c.head_tail = rng.choice([0.0, 0.5, 1.0])
            else:
                c.target = empties[rng.randrange(2)]
        randomize_settings(c, kind, rng)
        c.owner_space = rng.choice(['WORLD', 'LOCAL'])
        if hasattr(c, 'target_space'):
            c.target_space = rng.choice(['WORLD', 'POSE', 'LOCAL_WITH_PARENT', 'LOCAL'] if getattr(c, 'subtarget', '') else ['WORLD', 'LOCAL'])
        c.influence = rng.choice([1.0, rng.uniform(0.3, 1.0)])
    if bbones:
        brng = random.Random("random-bbone-%d" % seed)  # its own stream: the rig above stays random<seed>
        for b in brng.sample(list(bones), 6):
            b.bbone_segments = brng.randint(2, 8)
            b.bbone_handle_type_start = brng.choice(('AUTO', 'ABSOLUTE', 'RELATIVE', 'TANGENT'))
            b.bbone_handle_type_end = brng.choice(('AUTO', 'ABSOLUTE', 'RELATIVE', 'TANGENT'))
            for holder in (b, pb[b.name]):
                holder.bbone_curveinx, holder.bbone_curveinz = brng.uniform(-0.3, 0.3), brng.uniform(-0.3, 0.3)
                holder.bbone_curveoutx, holder.bbone_curveoutz = brng.uniform(-0.3, 0.3), brng.uniform(-0.3, 0.3)
                holder.bbone_rollin, holder.bbone_rollout = brng.uniform(-0.5, 0.5), brng.uniform(-0.5, 0.5)
                holder.bbone_easein, holder.bbone_easeout = brng.uniform(-0.5, 1.5), brng.uniform(-0.5, 1.5)
                holder.bbone_scalein = [brng.uniform(0.7, 1.3) for _ in range(3)]
                holder.bbone_scaleout = [brng.uniform(0.7, 1.3) for _ in range(3)]
        for p in pb:
            for c in p.constraints:
                if hasattr(c, 'use_bbone_shape'):
                    c.use_bbone_shape = brng.random() < 0.6
                if getattr(c, 'subtarget', '') and hasattr(c, 'head_tail'):
                    c.head_tail = brng.uniform(0, 1)
    if mirrored:
        mrng = random.Random("random-mirror-%d" % seed)  # its own stream: the rig above stays random<seed>
        arm.scale = (-1.0, 1.0, 1.0) if seed % 2 == 0 else (-mrng.uniform(0.7, 1.3), mrng.uniform(0.7, 1.3), mrng.uniform(0.7, 1.3))
        e = mrng.choice(empties)
        e.scale = (e.scale[0], -e.scale[1], e.scale[2])
    if flat:
        # random_flat<N>: the armature object scaled to 0 on one axis (every fifth seed on all three),
        # as a rig hidden or flattened by its object's scale.
        sc = list(arm.scale)
        for axis in (range(3) if seed % 5 == 0 else [seed % 3]):
            sc[axis] = 0.0
        arm.scale = sc
    if spaces:
        srng = random.Random("random-space-%d" % seed)  # its own stream: the rig above stays random<seed>
        owners = [(p, c) for p in pb for c in p.constraints] + [(o, c) for o in empties for c in o.constraints]
        for owner, c in owners:
            if srng.random() < 0.5:
                continue
            space_target = srng.random() < 0.5
            if space_target or not hasattr(c, 'target_space'):
                c.owner_space = 'CUSTOM'
            elif getattr(c, 'subtarget', '') and isinstance(owner, bpy.types.PoseBone) and srng.random() < 0.5:
                c.target_space = 'LOCAL_OWNER_ORIENT'
            else:
                c.target_space = 'CUSTOM'
            # The space of an unconstrained empty or of an earlier bone (never a descendant, as for targets: no cycle).
            i = int(owner.name[1:]) if isinstance(owner, bpy.types.PoseBone) else 0
            if i == 0 or srng.random() < 0.5:
                c.space_object = srng.choice(empties[:2])
            else:
                c.space_object, c.space_subtarget = arm, "B%d" % srng.randrange(i)
    if degenerate:
        drng = random.Random("random-zero-%d" % seed)  # its own stream: the rig above stays random<seed>
        picked = drng.sample(list(pb), 5)
        for p in picked[:3]:
            s = list(p.scale)
            for axis in drng.sample(range(3), drng.choice([1, 1, 2])):
                s[axis] = 0.0
            p.scale = s
        for p in picked[3:]:
            s = list(p.scale)
            s[drng.randrange(3)] *= -1
            p.scale = s
        e = drng.choice(empties)
        s = list(e.scale)
        s[drng.randrange(3)] = 0.0
        e.scale = s
    if keyed:
        # random_keyed<N>: an animator's keys over the rig at frames 1, 4 and 7: bones, empties,
        # constraint influences and mutes, with random interpolation; frames between the keys.
        krng = random.Random("random-keyed-%d" % seed)  # its own stream: the rig above stays random<seed>
        constraints = [c for p in pb for c in p.constraints] + [c for o in empties for c in o.constraints]
        key_everything(krng, arm, constraints, empties)
        scene().frame_set(1)
        return [1, 2.5, 4, 5.5, 7, 8]
    scene().frame_set(1)
    return [1]


def rig_random_ik(seed, mirrored=False, nested=False, keyed=False, driven=False):
    """A random rig for Blender's legacy IK (seeded): three chains of 2-5 bones (connected or not)
    from a root, random rolls, inheritance and poses; on each chain's tip an IK constraint (some
    chains reaching the root, where they join in one IK tree) with every setting drawn at
    random: target an empty or a control bone outside the chains, pole or none and its angle, chain length
    (0: to the root), use_tail, use_stretch, iterations, weight, rotation and its weight, influence;
    and on the chain bones Blender's per-bone IK settings: IK stretch, locks, limits and stiffness.
    What a hand-made limb of unknown settings is."""
    import random
    rng = random.Random("random-ik-%d" % seed)
    specs = [("Root", (0, 0, 0), (0, 0, 0.3), None, False, 0.0)]
    # Control bones outside the chains' tree: a target or pole on a chain bone could close a cycle
    # (a chain of length 0 reaches the root), and under a cycle Blender's result depends on its order.
    controls = ["Ctl%d" % k for k in range(3)]
    for name in controls:
        head = (rng.uniform(-1.2, 1.2), rng.uniform(-1.2, 1.2), rng.uniform(0.0, 2.0))
        specs.append((name, head, (head[0], head[1] + 0.2, head[2]), None, False, rng.uniform(-1, 1)))
    chains = []
    for c in range(3):
        parent, head = "Root", (rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6), rng.uniform(0.3, 0.8))
        names = []
        for k in range(rng.randint(2, 5)):
            name = "C%d_%d" % (c, k)
            tail = (head[0] + rng.uniform(-0.3, 0.3), head[1] + rng.uniform(-0.3, 0.3), head[2] + rng.uniform(0.15, 0.5))
            connect = k > 0 and rng.random() < 0.7
            if k > 0 and not connect:
                head = (head[0] + rng.uniform(-0.1, 0.1), head[1] + rng.uniform(-0.1, 0.1), head[2] + rng.uniform(-0.1, 0.1))
            specs.append((name, head, tail, parent, connect, rng.uniform(-1, 1)))
            names.append(name)
            parent, head = name, tail
        chains.append(names)
    arm = armature("Ik", specs, loc=(rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), 0), rot=(rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4), rng.uniform(-1, 1)),
                   scale=[rng.choice([1.0, rng.uniform(0.8, 1.25)])] * 3)
    pb = arm.pose.bones
    for b in arm.data.bones:
        b.inherit_scale = rng.choice(['FULL', 'FULL', 'FULL', 'ALIGNED', 'NONE'])
        b.use_inherit_rotation = rng.random() < 0.9
    for p in pb:
        p.rotation_mode = rng.choice(['XYZ', 'ZXY', 'QUATERNION'])
        e = Euler([rng.uniform(-0.8, 0.8) for _ in range(3)], 'XYZ')
        if p.rotation_mode == 'QUATERNION':
            p.rotation_quaternion = e.to_quaternion()
        else:
            p.rotation_euler = e.to_quaternion().to_euler(p.rotation_mode)
        if not p.bone.use_connect:
            p.location = [rng.uniform(-0.1, 0.1) for _ in range(3)]
        if rng.random() < 0.3:
            p.scale = [rng.uniform(0.8, 1.25) for _ in range(3)]
        if p.name == "Root" or p.name in controls:
            continue
        if rng.random() < 0.4:
            p.ik_stretch = rng.choice([rng.uniform(0.0, 1.0), 0.1])
        for axis in 'xyz':
            r = rng.random()
            if r < 0.15:
                setattr(p, 'lock_ik_' + axis, True)
            elif r < 0.4:
                setattr(p, 'use_ik_limit_' + axis, True)
                setattr(p, 'ik_min_' + axis, -rng.uniform(0.0, 2.0))
                setattr(p, 'ik_max_' + axis, rng.uniform(0.0, 2.0))
            if rng.random() < 0.25:
                setattr(p, 'ik_stiffness_' + axis, rng.uniform(0.0, 0.9))
    goals = [empty("Goal%d" % k, loc=[rng.uniform(-1.2, 1.2), rng.uniform(-1.2, 1.2), rng.uniform(0.0, 2.0)],
                   rot=[rng.uniform(-1, 1) for _ in range(3)]) for k in range(3)]
    poles = [empty("Pole%d" % k, loc=[rng.uniform(-1.5, 1.5), rng.uniform(-1.5, 1.5), rng.uniform(0.0, 2.0)]) for k in range(2)]

    def add_ik(owner, length, to_root=False):
        c = pb[owner].constraints.new('IK')
        if rng.random() < 0.7:
            c.target = rng.choice(goals)
        else:
            c.target, c.subtarget = arm, rng.choice(controls)
        if rng.random() < 0.5:
            if rng.random() < 0.7:
                c.pole_target = rng.choice(poles)
            else:
                c.pole_target, c.pole_subtarget = arm, rng.choice(controls)
            c.pole_angle = rng.uniform(-3.1, 3.1)
        c.chain_count = rng.choice([0, rng.randint(1, length + 1)])
        if to_root:
            c.chain_count = 0
        c.use_tail = rng.random() < 0.8
        c.use_stretch = rng.random() < 0.7
        c.iterations = rng.choice([500, 500, 50, 5])
        c.weight = rng.choice([1.0, rng.uniform(0.1, 1.0)])
        c.use_location = rng.random() < 0.9
        c.use_rotation = rng.random() < 0.3
        c.orient_weight = rng.uniform(0.1, 1.0)
        c.influence = rng.choice([1.0, 1.0, rng.uniform(0.3, 1.0)])

    for names in chains:
        # Some chains reach the root, where Blender joins them into one IK tree. Nested chains from
        # different roots are left out: they leave the order to Blender's threaded depsgraph (other
        # matrices run to run).
        if not nested or len(names) < 3:
            add_ik(names[-1], len(names), rng.random() < 0.4)
            continue
        # random_ik_nested<N>: a second IK on a bone inside the chain, both reaching the root, so
        # Blender keeps them in trees it solves one after the other (or joins one of them into the
        # tree of another chain, which then moves after the trees made since).
        add_ik(names[-1], len(names), True)
        add_ik(names[rng.randint(0, len(names) - 2)], len(names), True)
    if mirrored:
        # random_ik_mirror<N>: the same rig with its armature mirrored (scale -1 on X), as a left
        # side made from a right one.
        arm.scale = (-arm.scale[0], arm.scale[1], arm.scale[2])
    if driven:
        # random_ik_driven<N>: IK/FK switches as rigs make them: a control property keyed 0 -> 1 -> 0
        # drives each IK's influence (k, 1 - k, a step) or its mute, and the chain bones are keyed.
        drng = random.Random("random-ik-driven-%d" % seed)  # its own stream: the rig above stays random_ik<seed>
        ctl = pb["Ctl0"]
        prop(ctl, "ik", 0.0, 0.0, 1.0)
        for f, v in ((1, 0.0), (4, 1.0), (7, 0.0), (10, 0.6)):
            ctl["ik"] = v
            ctl.keyframe_insert('["ik"]', frame=f)
        k = [{"name": "k", "targets": [{"id": arm, "data_path": 'pose.bones["Ctl0"]["ik"]'}]}]
        for p in pb:
            for c in p.constraints:
                kind = drng.choice(['k', '1 - k', 'k > 0.5', 'mute', 'none'])
                if kind == 'mute':
                    driver(c, "mute", -1, "k < 0.3", k)
                elif kind != 'none':
                    driver(c, "influence", -1, kind, k)
        key_everything(drng, arm, [], goals + poles)
        scene().frame_set(1)
        return [1, 2.5, 4, 5.5, 7, 8.5, 10]
    if keyed:
        # random_ik_keyed<N>: an animator's keys over the limbs at frames 1, 4 and 7: the chain bones
        # (the pose the solver starts from), controls, goals and poles, IK influences and mutes.
        krng = random.Random("random-ik-keyed-%d" % seed)  # its own stream: the rig above stays random_ik<seed>
        key_everything(krng, arm, [c for p in pb for c in p.constraints], goals + poles)
        scene().frame_set(1)
        return [1, 2.5, 4, 5.5, 7, 8]
    scene().frame_set(1)
    return [1]


RANDOM_UNARY = ('radians', 'degrees', 'abs', 'fabs', 'floor', 'ceil', 'trunc', 'round', 'int', 'sin', 'cos', 'tan',
                'asin', 'acos', 'atan', 'exp', 'log', 'sqrt', 'clamp', 'smoothstep')
RANDOM_BINARY = ('atan2', 'pow', 'fmod', 'log', 'min', 'max')


def random_expression(rng, names, depth=0):
    """A random expression in the subset Blender evaluates without Python (BLI_expr_pylike_eval):
    numbers, variables, pi, frame, + - * / and unary minus, comparisons (chained too), and, or, not,
    a conditional expression, and its functions, domain errors (sqrt(-1), 1/0) included."""
    r = rng.random()
    if depth >= 3 or r < 0.25:
        return rng.choice(names + ['%.3f' % rng.uniform(-2, 2), 'pi', 'frame', '%d' % rng.randint(0, 3)])
    sub = lambda: random_expression(rng, names, depth + 1)
    if r < 0.45:
        return '(%s %s %s)' % (sub(), rng.choice('+-*/'), sub())
    if r < 0.6:
        f = rng.choice(RANDOM_UNARY)
        if f == 'smoothstep':
            return 'smoothstep(%s, %s, %s)' % (sub(), sub(), sub())
        return '%s(%s)' % (f, sub())
    if r < 0.7:
        return '%s(%s, %s)' % (rng.choice(RANDOM_BINARY), sub(), sub())
    if r < 0.78:
        return '(%s if %s %s %s else %s)' % (sub(), sub(), rng.choice(['<', '>', '<=', '>=', '==', '!=']), sub(), sub())
    if r < 0.86:
        return '(%s %s %s)' % (sub(), rng.choice(['and', 'or']), sub())
    if r < 0.9:
        return '(not %s)' % sub()
    if r < 0.95:
        return '(%s < %s < %s)' % (sub(), sub(), sub())
    return '-%s' % sub()


def rig_random_drivers(seed, keyed=False):
    """A random rig of drivers (seeded): a control bone with custom properties (float, int, bool) and
    two empties, keyed at frames 1 and 4; five bones in a random tree, each with a Copy Rotation,
    Copy Location or Limit Rotation; twelve drivers on their rotations, locations, scales and
    constraint influences, one on a custom property that a later driver reads. Each driver is
    SCRIPTED (a random expression of Blender's simple subset) or AVERAGE, SUM, MIN or MAX, over one
    to three variables: custom properties, pose channels (SINGLE_PROP), TRANSFORMS of the control
    bone or an empty in any type, space and rotation mode, ROTATION_DIFF and LOC_DIFF.
    `keyed` (`random_keyed_drivers<N>`): then an animator keys it all at frames 1, 4 and 7, as one
    keys every bone of a rig whose TA drove some: random channels of the five bones (driven ones
    among them), the constraints' influences and mutes (driven ones among them), the driven custom
    property and another one, with random interpolation; frames between the keys."""
    import random
    rng = random.Random("random-drivers-%d" % seed)
    specs = [("Ctl", (0, 0, 0), (0, 0, 0.4), None, False, 0.0)]
    for i in range(5):
        parent = rng.choice([None, "Ctl"] + ["P%d" % j for j in range(i)])
        head = (rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0, 1.5))
        specs.append(("P%d" % i, head, (head[0] + rng.uniform(-0.3, 0.3), head[1] + rng.uniform(-0.3, 0.3), head[2] + rng.uniform(0.2, 0.5)), parent, False, rng.uniform(-1, 1)))
    arm = armature("Drv", specs, rot=(0.0, 0.0, rng.uniform(-1, 1)))
    pb = arm.pose.bones
    e0 = empty("E0", loc=[rng.uniform(-1, 1) for _ in range(3)], rot=[rng.uniform(-1, 1) for _ in range(3)], scale=[rng.uniform(0.7, 1.3) for _ in range(3)])
    e1 = empty("E1", loc=[rng.uniform(-1, 1) for _ in range(3)], rot=[rng.uniform(-1, 1) for _ in range(3)])
    ctl = pb["Ctl"]
    ctl.rotation_mode = rng.choice(['XYZ', 'ZXY', 'QUATERNION'])
    prop(ctl, "f0", round(rng.uniform(-1, 1), 3), -1.0, 1.0)
    prop(ctl, "f1", round(rng.uniform(0, 1), 3), 0.0, 1.0)
    prop(ctl, "i0", rng.randint(0, 3), 0, 3)
    prop(ctl, "b0", rng.random() < 0.5)
    prop(ctl, "g0", 0.0, -10.0, 10.0)
    for f in (1, 4):
        ctl.location = [rng.uniform(-0.3, 0.3) for _ in range(3)]
        e = Euler([rng.uniform(-1, 1) for _ in range(3)], 'XYZ')
        if ctl.rotation_mode == 'QUATERNION':
            ctl.rotation_quaternion = e.to_quaternion()
        else:
            ctl.rotation_euler = e.to_quaternion().to_euler(ctl.rotation_mode)
        ctl["f0"], ctl["i0"], ctl["b0"] = round(rng.uniform(-1, 1), 3), rng.randint(0, 3), rng.random() < 0.5
        for path in ('location', 'rotation_quaternion' if ctl.rotation_mode == 'QUATERNION' else 'rotation_euler', '["f0"]', '["i0"]', '["b0"]'):
            ctl.keyframe_insert(path, frame=f)
        e1.location = [rng.uniform(-1, 1) for _ in range(3)]
        e1.keyframe_insert("location", frame=f)
    constraints = []
    for i in range(5):
        p = pb["P%d" % i]
        p.rotation_mode = rng.choice(['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX'])
        kind = rng.choice(['COPY_ROTATION', 'COPY_LOCATION', 'LIMIT_ROTATION'])
        c = p.constraints.new(kind)
        if kind == 'LIMIT_ROTATION':
            c.use_limit_x = c.use_limit_z = True
            c.min_x, c.max_x, c.min_z, c.max_z = -0.3, 0.4, -0.5, 0.2
        else:
            c.target = rng.choice([e0, e1])
        constraints.append(c)
    bone_path = 'pose.bones["%s"]'
    channel = lambda: rng.choice(['location', 'rotation_quaternion' if ctl.rotation_mode == 'QUATERNION' else 'rotation_euler', 'scale'])

    def variable(name):
        kind = rng.choice(['prop', 'prop', 'channel', 'transforms', 'transforms', 'rotdiff', 'locdiff'])
        if kind == 'prop':
            return {"name": name, "targets": [{"id": arm, "data_path": bone_path % "Ctl" + '["%s"]' % rng.choice(['f0', 'f1', 'i0', 'b0'])}]}
        if kind == 'channel':
            ch = channel()
            return {"name": name, "targets": [{"id": arm, "data_path": bone_path % "Ctl" + '.%s[%d]' % (ch, rng.randrange(4 if ch == 'rotation_quaternion' else 3))}]}
        if kind == 'transforms':
            t = {"transform_type": rng.choice(['LOC_X', 'LOC_Y', 'LOC_Z', 'ROT_X', 'ROT_Y', 'ROT_Z', 'ROT_W', 'SCALE_X', 'SCALE_Y', 'SCALE_Z', 'SCALE_AVG']),
                 "transform_space": rng.choice(['WORLD_SPACE', 'TRANSFORM_SPACE', 'LOCAL_SPACE']),
                 "rotation_mode": rng.choice(['AUTO', 'XYZ', 'ZYX', 'QUATERNION', 'SWING_TWIST_X', 'SWING_TWIST_Y', 'SWING_TWIST_Z'])}
            if rng.random() < 0.5:
                t.update(id=arm, bone_target="Ctl")
            else:
                t.update(id=rng.choice([e0, e1]))
            return {"name": name, "type": 'TRANSFORMS', "targets": [t]}
        ends = [{"id": arm, "bone_target": "Ctl"}, {"id": e0}, {"id": e1}]
        a, b = rng.sample(ends, 2)
        if kind == 'locdiff':
            a, b = dict(a, transform_space=rng.choice(['WORLD_SPACE', 'LOCAL_SPACE'])), dict(b, transform_space=rng.choice(['WORLD_SPACE', 'TRANSFORM_SPACE']))
        return {"name": name, "type": 'ROTATION_DIFF' if kind == 'rotdiff' else 'LOC_DIFF', "targets": [a, b]}

    def add_driver(holder, path, index, shape):
        names = ["v%d" % k for k in range(rng.randint(1, 3))]
        variables = [variable(n) for n in names]
        kind = rng.choice(['SCRIPTED', 'SCRIPTED', 'SCRIPTED', 'AVERAGE', 'SUM', 'MIN', 'MAX'])
        expression = shape % random_expression(rng, names) if kind == 'SCRIPTED' else ""
        return driver(holder, path, index, expression, variables, kind)

    # The driven custom property first, then a driver that reads it.
    add_driver(ctl, '["g0"]', -1, "%s")
    slots = [(pb["P%d" % i], ch, k) for i in range(5) for ch in ('rotation_euler', 'location', 'scale') for k in range(3)]
    for p, ch, k in rng.sample(slots, 8):
        add_driver(p, ch, k, {"rotation_euler": "%s", "location": "0.3 * sin(%s)", "scale": "1 + 0.3 * sin(%s)"}[ch])
    for c in rng.sample(constraints, 3):
        add_driver(c, "influence", -1, "%s")
    driven = {(fc.data_path, fc.array_index) for fc in arm.animation_data.drivers}
    p, ch, k = rng.choice([x for x in slots if ((bone_path % x[0].name) + '.' + x[1], x[2]) not in driven])
    driver(p, ch, k, "0.1 * g0", [{"name": "g0", "targets": [{"id": arm, "data_path": bone_path % "Ctl" + '["g0"]'}]}])
    if keyed:
        key_everything(rng, arm, constraints)
        scene().frame_set(1)
        return [1, 2.5, 4, 5.5, 7, 8]
    scene().frame_set(1)
    return [1, 4]


def key_everything(rng, arm, constraints, objects=()):
    """Keys, at frames 1, 4 and 7, random channels of every bone but the control and of `objects`,
    each constraint's influence or mute, and the control's custom properties g0 and f1 when there is
    a control (whatever drivers set them), with random interpolation: an animator's keys over a
    TA's rig. A channel of another rotation mode than the owner's is keyed too (it moves nothing)."""
    pb = arm.pose.bones
    for f in (1, 4, 7):
        for p in [p for p in pb if p.name != "Ctl"] + list(objects):
            for ch in rng.sample(['location', 'rotation_euler', 'scale'], rng.randint(1, 3)):
                value = [rng.uniform(-0.4, 0.4) for _ in range(3)] if ch != 'scale' else [rng.uniform(0.7, 1.3) for _ in range(3)]
                setattr(p, ch, value)
                p.keyframe_insert(ch, frame=f)
        for c in constraints:
            if rng.random() < 0.6:
                c.influence = rng.uniform(0, 1)
                c.keyframe_insert('influence', frame=f)
            if rng.random() < 0.3:
                c.mute = rng.random() < 0.4
                c.keyframe_insert('mute', frame=f)
        if "Ctl" in pb:
            pb["Ctl"]["g0"] = rng.uniform(-1, 1)
            pb["Ctl"]["f1"] = rng.uniform(0, 1)
            pb["Ctl"].keyframe_insert('["g0"]', frame=f)
            pb["Ctl"].keyframe_insert('["f1"]', frame=f)
    for holder in [arm] + list(objects):
        if holder.animation_data is None or holder.animation_data.action is None:
            continue
        for fc in holder.animation_data.action.fcurves:
            for kp in fc.keyframe_points:
                kp.interpolation = rng.choice(['BEZIER', 'LINEAR', 'CONSTANT', 'SINE', 'BACK'])


def rig_zero_parents():
    """Bones under a parent scaled to 0 (how a rig hides a bone and its children): "Flat" is scaled
    to 0 on X, "Gone" on all three axes. Their children, one per inheritance mode, each have a
    constraint in LOCAL (or LOCAL_WITH_PARENT) space, some at an influence below 1, and another bone
    reads the flattened parent as a LOCAL-space target. Blender converts into such a bone's LOCAL
    space with a parent transform it cannot invert (invert_m4_m4 gives 0 there)."""
    modes = ['FULL', 'FIX_SHEAR', 'ALIGNED', 'AVERAGE', 'NONE', 'NONE_LEGACY']
    specs = [("Root", (0, 0, 0), (0, 0, 0.4), None, False, 0.0),
             ("Flat", (0, 0, 0.4), (0.1, 0.1, 0.9), "Root", True, 0.3),
             ("Gone", (0.5, 0, 0.4), (0.5, 0.1, 0.9), "Root", False, -0.2),
             ("Reader", (-0.5, 0, 0.2), (-0.5, 0.3, 0.3), "Root", False, 0.1),
             ("GoneReader", (-0.7, 0, 0.2), (-0.7, 0.3, 0.3), "Root", False, 0.0)]
    for i, m in enumerate(modes):
        specs.append(("F_%s" % m, (0.1 * i, 0.2, 0.9), (0.1 * i, 0.5, 1.1), "Flat", False, 0.2 * i))
    for m in ('FULL', 'NONE'):
        specs.append(("G_%s" % m, (0.5, 0.1, 0.9), (0.6, 0.3, 1.2), "Gone", False, 0.1))
    # Children whose rest orientation is Flat's own (a straight chain): the parent transform keeps
    # Flat's zero column exactly, so it is exactly singular in Blender's floats too.
    for k, m in enumerate(('FULL', 'ALIGNED')):
        specs.append(("S_%s" % m, (0.1 * (2 + k), 0.1 * (2 + k), 0.4 + 0.5 * (2 + k)), (0.1 * (3 + k), 0.1 * (3 + k), 0.4 + 0.5 * (3 + k)), "Flat", False, 0.3))
    arm = armature("Zp", specs, loc=(0.2, -0.1, 0.1), rot=(0.1, 0.0, 0.3))
    bones, pb = arm.data.bones, arm.pose.bones
    aim = empty("Aim", loc=(0.8, 0.6, 1.4), rot=(0.4, -0.3, 0.6))
    for p in pb:
        p.rotation_mode = 'XYZ'
        p.rotation_euler = (0.2, -0.1, 0.3)
        p.location = (0.03, -0.02, 0.05)
    pb["Flat"].scale = (0.0, 1.1, 0.9)
    pb["Gone"].scale = (0.0, 0.0, 0.0)
    kinds = ['COPY_ROTATION', 'LIMIT_LOCATION', 'COPY_LOCATION', 'LIMIT_ROTATION', 'COPY_SCALE', 'DAMPED_TRACK']
    for i, m in enumerate(modes):
        bones["F_%s" % m].inherit_scale = m
        c = pb["F_%s" % m].constraints.new(kinds[i])
        if hasattr(c, 'target'):
            c.target = aim
        if kinds[i] == 'LIMIT_LOCATION':
            c.use_max_x, c.max_x = True, 0.01
        if kinds[i] == 'LIMIT_ROTATION':
            c.use_limit_z, c.max_z = True, 0.1
        c.owner_space = 'LOCAL' if i % 2 == 0 else 'LOCAL_WITH_PARENT'
        c.influence = 1.0 if i < 3 else 0.6
    for m in ('FULL', 'NONE'):
        bones["G_%s" % m].inherit_scale = m
        c = pb["G_%s" % m].constraints.new('COPY_ROTATION')
        c.target, c.owner_space, c.influence = aim, 'LOCAL', 0.7
    for k, m in enumerate(('FULL', 'ALIGNED')):
        bones["S_%s" % m].inherit_scale = m
        c = pb["S_%s" % m].constraints.new(('COPY_ROTATION', 'LIMIT_LOCATION')[k])
        if k == 0:
            c.target = aim
        else:
            c.use_max_y, c.max_y = True, 0.01
        c.owner_space, c.influence = 'LOCAL', (1.0, 0.6)[k]
    c = pb["Reader"].constraints.new('COPY_LOCATION')
    c.target, c.subtarget, c.target_space, c.use_offset = arm, "F_FULL", 'LOCAL', True
    # A bone under Gone (all three axes 0): its parent transform is exactly singular, and Blender's
    # inverse of it is the zero matrix, so its LOCAL location reads as 0 here.
    c = pb["GoneReader"].constraints.new('COPY_LOCATION')
    c.target, c.subtarget, c.target_space, c.owner_space = arm, "G_FULL", 'LOCAL', 'LOCAL'
    c = pb["GoneReader"].constraints.new('COPY_ROTATION')
    c.target, c.subtarget, c.target_space, c.owner_space, c.influence = arm, "G_NONE", 'LOCAL', 'LOCAL', 0.5
    scene().frame_set(1)
    return [1]


def rig_prop_arrays():
    """Custom properties that are arrays (float, int, bool vectors on a pose bone, an object, the
    armature data) read element by element by drivers, a driver that writes one element of an array
    property another driver reads, and drivers reading an object's and a bone's array channels
    (delta_scale, rotation_axis_angle) by index; some elements keyed at frames 1 and 4."""
    arm = armature("Pa", [("Ctl", (0, 0, 0), (0, 0.3, 0), None, False, 0.0),
                          ("A", (0.3, 0, 0), (0.3, 0.4, 0.1), None, False, 0.2),
                          ("B", (0.6, 0, 0), (0.6, 0.4, 0.0), "A", False, -0.1)], loc=(0.1, 0.2, 0.0))
    pb = arm.pose.bones
    holder = empty("Holder", loc=(0.4, -0.3, 0.2))
    pb["Ctl"]["vec"] = [0.1, 0.5, -0.3]
    pb["Ctl"]["flags"] = [1, 0, 2]
    pb["Ctl"]["bits"] = [True, False]
    pb["Ctl"]["out"] = [0.0, 0.0]
    holder["arr"] = [0.25, -0.75]
    arm.data["data_arr"] = [0.2, 0.4, 0.6]
    holder.delta_scale = (1.1, 0.9, 1.2)
    pb["Ctl"].rotation_mode = 'AXIS_ANGLE'
    pb["Ctl"].rotation_axis_angle = (0.4, 0.0, 0.6, 0.8)
    sp = lambda name, idb, path: {"name": name, "type": 'SINGLE_PROP', "targets": [{"id": idb, "data_path": path}]}
    for p in (pb["A"], pb["B"]):
        p.rotation_mode = 'XYZ'
    driver(pb["A"], "rotation_euler", 0, "v + f * 0.1", [sp("v", arm, 'pose.bones["Ctl"]["vec"][1]'), sp("f", arm, 'pose.bones["Ctl"]["flags"][2]')])
    driver(pb["A"], "rotation_euler", 2, "0.3 if b else -0.3", [sp("b", arm, 'pose.bones["Ctl"]["bits"][0]')])
    driver(pb["A"], "location", 1, "h + d", [sp("h", holder, '["arr"][1]'), {"name": "d", "type": 'SINGLE_PROP', "targets": [{"id_type": 'ARMATURE', "id": arm.data, "data_path": '["data_arr"][2]'}]}])
    driver(pb["Ctl"], '["out"]', 1, "v * 2", [sp("v", arm, 'pose.bones["Ctl"]["vec"][2]')])
    driver(pb["B"], "rotation_euler", 1, "o", [sp("o", arm, 'pose.bones["Ctl"]["out"][1]')])
    driver(pb["B"], "location", 0, "s - 1 + w", [sp("s", holder, 'delta_scale[2]'), sp("w", arm, 'pose.bones["Ctl"].rotation_axis_angle[0]')])
    # Elements keyed, so that frame 4 shows the drivers following them live.
    for f, v, a, flag in ((1, 0.5, -0.75, 2), (4, -0.4, 0.6, 5)):
        pb["Ctl"]["vec"][1], pb["Ctl"]["vec"][2], holder["arr"][1], pb["Ctl"]["flags"][2] = v, 0.3 * v, a, flag
        pb["Ctl"].keyframe_insert('["vec"]', index=1, frame=f)
        pb["Ctl"].keyframe_insert('["vec"]', index=2, frame=f)
        pb["Ctl"].keyframe_insert('["flags"]', index=2, frame=f)
        holder.keyframe_insert('["arr"]', index=1, frame=f)
    scene().frame_set(1)
    return [1, 4]


def rig_id_targets():
    """What drivers and constraints reach beyond armatures and empties: a driver reading the scene's
    frame_current and a custom property on the scene, one reading a custom property of a mesh object
    (a rig's "properties" holder), constraints targeting a mesh object (no vertex group) and a camera."""
    arm = armature("It", [("A", (0, 0, 0), (0, 0.4, 0), None, False, 0.0),
                          ("B", (0.5, 0, 0), (0.5, 0.4, 0.1), None, False, 0.3),
                          ("C", (1.0, 0, 0), (1.0, 0.4, 0.0), None, False, 0.0)], loc=(0.1, 0.0, 0.2))
    pb = arm.pose.bones
    mesh = bpy.data.meshes.new("HolderMesh")
    mesh.from_pydata([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [], [(0, 1, 2)])
    holder = link(bpy.data.objects.new("Props", mesh))
    holder.location, holder.rotation_euler, holder.scale = (0.6, -0.4, 0.3), (0.2, 0.1, 0.5), (1.1, 0.9, 1.0)
    holder["ik"] = 0.35
    cam = link(bpy.data.objects.new("Cam", bpy.data.cameras.new("CamData")))
    cam.location, cam.rotation_euler = (1.2, -1.5, 0.8), (1.1, 0.0, 0.6)
    sc = scene()
    sc["global_switch"] = 0.7
    for p in pb:
        p.rotation_mode = 'XYZ'
    driver(pb["A"], "rotation_euler", 0, "f * 0.05 + g", [
        {"name": "f", "type": 'SINGLE_PROP', "targets": [{"id_type": 'SCENE', "id": sc, "data_path": 'frame_current'}]},
        {"name": "g", "type": 'SINGLE_PROP', "targets": [{"id_type": 'SCENE', "id": sc, "data_path": '["global_switch"]'}]}])
    driver(pb["A"], "rotation_euler", 2, "ik * 2", [{"name": "ik", "type": 'SINGLE_PROP', "targets": [{"id": holder, "data_path": '["ik"]'}]}])
    c = pb["B"].constraints.new('COPY_LOCATION')
    c.target, c.use_offset = holder, True
    c = pb["B"].constraints.new('DAMPED_TRACK')
    c.target = cam
    c = pb["C"].constraints.new('CHILD_OF')
    c.target = holder
    c.inverse_matrix = holder.matrix_world.inverted()
    holder.keyframe_insert("location", index=2, frame=1)
    holder.location[2] = 0.7
    holder.keyframe_insert("location", index=2, frame=4)
    sc["global_switch"] = 0.7
    sc.frame_set(1)
    return [1, 4]


def rig_driven_rotation_modes():
    """Drivers writing each element of a quaternion (W first in RNA), an axis-angle (angle first) and
    an Euler in a non-XYZ order on bones, and an object's rotation_quaternion and delta channels; a
    keyed control so that frame 4 differs."""
    arm = armature("Rm", [("Ctl", (0, 0, 0), (0, 0.3, 0), None, False, 0.0),
                          ("Q", (0.4, 0, 0), (0.4, 0.4, 0.1), None, False, 0.2),
                          ("AA", (0.8, 0, 0), (0.8, 0.4, 0.0), "Q", False, -0.3),
                          ("E", (1.2, 0, 0), (1.2, 0.3, 0.2), None, False, 0.1)], loc=(0.1, 0.2, 0.0))
    pb = arm.pose.bones
    obj = empty("Spin", loc=(0.3, -0.5, 0.4))
    obj.rotation_mode = 'QUATERNION'
    pb["Q"].rotation_mode = 'QUATERNION'
    pb["AA"].rotation_mode = 'AXIS_ANGLE'
    pb["E"].rotation_mode = 'ZXY'
    pb["Ctl"]["t"] = 0.3
    t = lambda: [{"name": "t", "type": 'SINGLE_PROP', "targets": [{"id": arm, "data_path": 'pose.bones["Ctl"]["t"]'}]}]
    for i, e in enumerate(("1 - t * 0.5", "t", "-0.5 * t", "0.2 + t")):
        driver(pb["Q"], "rotation_quaternion", i, e, t())
    for i, e in enumerate(("t * 2", "0.3", "1 - t", "0.5")):
        driver(pb["AA"], "rotation_axis_angle", i, e, t())
    for i, e in enumerate(("t", "-t * 0.7", "0.4")):
        driver(pb["E"], "rotation_euler", i, e, t())
    for i, e in enumerate(("0.9", "t", "0.1", "-t")):
        driver(obj, "rotation_quaternion", i, e, t())
    driver(obj, "delta_rotation_euler", 2, "t * 1.5", t())
    driver(obj, "delta_scale", 0, "1 + t", t())
    driver(obj, "delta_location", 1, "t", t())
    # Channels of another rotation mode, which Blender does not read: authored (an Euler delta on a
    # quaternion object, a quaternion delta on an Euler one) and driven (a quaternion bone's Euler).
    obj.delta_rotation_euler = (0.2, 0.0, 0.0)
    eul = empty("EulerObj", loc=(-0.3, 0.4, 0.1), rot=(0.3, 0.2, 0.1))
    eul.delta_rotation_quaternion = (0.9, 0.1, 0.3, 0.2)
    driver(eul, "delta_rotation_quaternion", 2, "t", t())
    driver(pb["Q"], "rotation_euler", 0, "t * 3", t())
    for f, v in ((1, 0.3), (4, -0.6)):
        pb["Ctl"]["t"] = v
        pb["Ctl"].keyframe_insert('["t"]', frame=f)
    scene().frame_set(1)
    return [1, 4]


def rig_driven_ik():
    """Drivers on a Blender IK's settings from a keyed control: pole_angle, influence, weight and
    use_stretch (chain_count is not animatable), and a Limit Rotation's max; frames 1 and 4 differ in
    every one. Not use_tail: Blender builds its IK tree before drivers run, so a driven use_tail
    takes effect one update late there (measured: frame 4 solved with frame 1's value)."""
    arm = armature("Di", [("Root", (0, 0, 0), (0, 0, 0.3), None, False, 0.0),
                          ("Up", (0, 0, 0.3), (0.1, 0, 0.8), "Root", True, 0.1),
                          ("Lo", (0.1, 0, 0.8), (0.0, 0.1, 1.3), "Up", True, -0.2),
                          ("Tip", (0.0, 0.1, 1.3), (0.0, 0.1, 1.5), "Lo", True, 0.0),
                          ("Ctl", (0.6, 0, 0), (0.6, 0.3, 0), None, False, 0.0)], loc=(0.1, 0.0, 0.1))
    pb = arm.pose.bones
    goal = empty("Goal", loc=(0.5, 0.4, 1.0))
    pole = empty("Pole", loc=(0.8, -0.6, 0.7))
    for b in ("Up", "Lo", "Tip"):
        pb[b].ik_stretch = 0.2
    c = pb["Tip"].constraints.new('IK')
    c.target, c.pole_target, c.chain_count = goal, pole, 2
    lim = pb["Lo"].constraints.new('LIMIT_ROTATION')
    lim.use_limit_x, lim.owner_space = True, 'LOCAL'
    pb["Ctl"]["k"] = 0.0
    k = lambda: [{"name": "k", "type": 'SINGLE_PROP', "targets": [{"id": arm, "data_path": 'pose.bones["Ctl"]["k"]'}]}]
    for prop, e, holder in (("pole_angle", "-1.2 + 2 * k", c), ("influence", "1 - 0.5 * k", c), ("weight", "0.4 + 0.5 * k", c),
                            ("use_stretch", "k < 0.5", c), ("max_x", "0.2 + k", lim)):
        driver(holder, prop, -1, e, k())
    for f, v in ((1, 0.1), (4, 0.9)):
        pb["Ctl"]["k"] = v
        pb["Ctl"].keyframe_insert('["k"]', frame=f)
    scene().frame_set(1)
    return [1, 4]


def rig_nested_ik():
    """Two or three IK constraints on one chain, reaching the same root (Blender's sequential IK
    trees: initialize_posetree makes a new tree when every target of the root's tree lies in the new
    chain, and the trees are solved one after the other, each from the last one's result). One
    armature per case: Seq (an IK on B2 and one on B4, both to the root), Branch (the same and a
    branch from the root whose IK merges into the first tree, moving it after the second), Pole (the
    lower IK with a pole and stretch, the upper at influence 0.6), Tail (the upper IK without its
    tip, the lower with chain_count reaching the root from below)."""
    chain = [("R", (0, 0, 0), (0, 0, 0.3), None, False, 0.0),
             ("B1", (0, 0, 0.3), (0.05, 0.02, 0.7), "R", True, 0.2),
             ("B2", (0.05, 0.02, 0.7), (0.0, 0.08, 1.1), "B1", True, -0.3),
             ("B3", (0.0, 0.08, 1.1), (-0.06, 0.1, 1.5), "B2", True, 0.1),
             ("B4", (-0.06, 0.1, 1.5), (-0.1, 0.05, 1.85), "B3", True, 0.0)]
    branch = [("C1", (0.02, 0, 0.3), (0.4, 0.05, 0.5), "R", False, 0.4), ("C2", (0.4, 0.05, 0.5), (0.75, 0.1, 0.55), "C1", True, 0.0)]
    # Side bones that no IK reaches, on bones two trees write: Blender evaluates them after the last tree.
    side = [("S1", (0.05, 0.02, 0.7), (0.3, -0.1, 0.8), "B1", False, 0.0), ("S3", (-0.06, 0.1, 1.5), (-0.3, 0.0, 1.6), "B3", False, 0.0)]
    chain = chain + side
    cases = {"Seq": (chain, (0, 0, 0)), "Branch": (chain + branch, (3, 0, 0)), "Pole": (chain, (-3, 0, 0)), "Tail": (chain, (0, 3, 0))}
    for name, (bones, loc) in cases.items():
        arm = armature(name, bones, loc=loc, rot=(0.1, -0.05, 0.3))
        pb = arm.pose.bones
        for k, b in enumerate(("B1", "B2", "B3", "B4")):
            pb[b].rotation_euler = (0.2 * (k % 2) - 0.1, 0.15, 0.1 * k)
        g1 = empty(name + "G1", loc=(loc[0] + 0.5, loc[1] + 0.3, 0.6))
        g2 = empty(name + "G2", loc=(loc[0] - 0.4, loc[1] + 0.6, 1.2), rot=(0.3, 0.2, -0.4))
        up = pb["B2"].constraints.new('IK')
        up.target, up.chain_count = g1, 0
        low = pb["B4"].constraints.new('IK')
        low.target, low.chain_count = g2, 0
        if name == "Branch":
            c = pb["C2"].constraints.new('IK')
            c.target = empty(name + "G3", loc=(loc[0] + 0.9, loc[1] - 0.2, 0.2))
        if name == "Pole":
            low.pole_target = empty(name + "P", loc=(loc[0] + 0.8, loc[1] - 0.8, 1.0))
            low.pole_angle = 0.4
            for b in ("B3", "B4"):
                pb[b].ik_stretch = 0.3
            up.influence = 0.6
            low.use_rotation = True
        if name == "Tail":
            up.use_tail = False
            low.chain_count = 5
            pb["B1"].lock_ik_z = True
            pb["B3"].use_ik_limit_x, pb["B3"].ik_min_x, pb["B3"].ik_max_x = True, -0.3, 0.3
    scene().frame_set(1)
    return [1]


def rig_action_modifiers():
    """Actions whose F-curves carry modifiers: on bones (Euler, quaternion) and an object, Stepped,
    Limits, Generator (expanded, factorised, additive), Built-In Function (sin, sqrt, ln) and Envelope,
    some with a restricted range, blend in/out or influence, one after a Cycles modifier, one muted;
    a Copy Rotation on top of an animated bone. Six frames, fractional ones and one past the keys."""
    arm = armature("Mod", [("A", (0, 0, 0), (0, 0, 1), None, False, 0.0), ("B", (0, 0, 1), (0, 0.3, 1.8), "A", True, 0.2),
                           ("C", (0.5, 0, 0), (0.5, 0, 0.6), None, False, 0.0)])
    pb = arm.pose.bones
    pb["C"].rotation_mode = 'QUATERNION'
    e = empty("Spin", loc=(1, 1, 0))
    for f, v in ((1, 0.0), (6, 0.6), (12, -0.2)):
        pb["A"].rotation_euler = (v, 0.5 * v, 0); pb["A"].keyframe_insert("rotation_euler", frame=f)
        pb["B"].location = (0, v, 0); pb["B"].keyframe_insert("location", frame=f)
        pb["C"].rotation_quaternion = Euler((v, 0, -v), 'XYZ').to_quaternion(); pb["C"].keyframe_insert("rotation_quaternion", frame=f)
        e.location = (1 + v, 1, v); e.keyframe_insert("location", frame=f)
    curves = {(fc.data_path, fc.array_index): fc for fc in arm.animation_data.action.fcurves}
    m = curves[('pose.bones["A"].rotation_euler', 0)].modifiers.new('STEPPED'); m.frame_step = 2.5; m.frame_offset = 0.5
    m = curves[('pose.bones["A"].rotation_euler', 1)].modifiers.new('LIMITS'); m.use_max_y = True; m.max_y = 0.2; m.use_min_x = True; m.min_x = 3
    m = curves[('pose.bones["B"].location', 1)].modifiers.new('GENERATOR'); m.use_additive = True; m.coefficients = (0.1, -0.02)
    m.use_restricted_range = True; m.frame_start, m.frame_end, m.blend_in, m.blend_out = 2, 11, 2, 1.5
    m = curves[('pose.bones["C"].rotation_quaternion', 1)].modifiers.new('FNGENERATOR'); m.function_type = 'SIN'; m.amplitude = 0.3
    m.phase_multiplier = 0.7; m.use_additive = True; m.use_influence = True; m.influence = 0.6
    fc = curves[('pose.bones["C"].rotation_quaternion', 3)]
    fc.modifiers.new('CYCLES')
    m = fc.modifiers.new('GENERATOR'); m.mode = 'POLYNOMIAL_FACTORISED'; m.poly_order = 1; m.coefficients = (0.05, 0.1); m.use_additive = True
    m = curves[('pose.bones["C"].rotation_quaternion', 2)].modifiers.new('ENVELOPE'); m.reference_value = 0.0; m.default_min, m.default_max = -0.5, 0.5
    m.control_points.add(4).max = 0.9
    m = curves[('pose.bones["C"].rotation_quaternion', 0)].modifiers.new('STEPPED'); m.mute = True
    ecurves = {(fc.data_path, fc.array_index): fc for fc in e.animation_data.action.fcurves}
    m = ecurves[('location', 2)].modifiers.new('FNGENERATOR'); m.function_type = 'SQRT'; m.phase_multiplier = 0.3; m.phase_offset = -1
    m = ecurves[('location', 0)].modifiers.new('FNGENERATOR'); m.function_type = 'LN'; m.phase_multiplier = 0.5; m.use_additive = True
    c = pb["B"].constraints.new('COPY_ROTATION'); c.target = e; c.influence = 0.5
    scene().frame_set(1)
    return [1, 2.5, 4, 7.25, 10, 15]


def rig_action_noise():
    """Noise modifiers on the actions of bones (Euler, quaternion) and an object, in every blend type,
    with depth, scale, phase, offset and strength set, one in a restricted range with blends, one at
    partial influence, one after a Cycles modifier (keys on whole frames), one muted; a constraint on
    top. The exporter samples each one's noise in Blender; five whole frames, one past the keys."""
    arm = armature("Noisy", [("A", (0, 0, 0), (0, 0, 1), None, False, 0.0), ("B", (0, 0, 1), (0, 0.3, 1.8), "A", True, 0.2),
                             ("C", (0.5, 0, 0), (0.5, 0, 0.6), None, False, 0.0)])
    pb = arm.pose.bones
    pb["C"].rotation_mode = 'QUATERNION'
    e = empty("Shaken", loc=(1, 1, 0))
    for f, v in ((1, 0.0), (6, 0.6), (12, -0.2)):
        pb["A"].rotation_euler = (v, 0.5 * v, 0); pb["A"].keyframe_insert("rotation_euler", frame=f)
        pb["B"].location = (0, v, 0); pb["B"].keyframe_insert("location", frame=f)
        pb["C"].rotation_quaternion = Euler((v, 0, -v), 'XYZ').to_quaternion(); pb["C"].keyframe_insert("rotation_quaternion", frame=f)
        e.location = (1 + v, 1, v); e.keyframe_insert("location", frame=f)
    curves = {(fc.data_path, fc.array_index): fc for fc in arm.animation_data.action.fcurves}

    def noise(fc, blend, scale, strength, phase=1.0, offset=0.0, depth=0):
        m = fc.modifiers.new('NOISE')
        m.blend_type, m.scale, m.strength, m.phase, m.offset, m.depth = blend, scale, strength, phase, offset, depth
        return m
    noise(curves[('pose.bones["A"].rotation_euler', 0)], 'REPLACE', 3.0, 0.4, depth=2)
    noise(curves[('pose.bones["A"].rotation_euler', 2)], 'ADD', 1.5, 0.3, phase=4.2, offset=2.5)
    m = noise(curves[('pose.bones["B"].location', 1)], 'SUBTRACT', 6.0, 0.5, depth=1)
    m.use_restricted_range = True; m.frame_start, m.frame_end, m.blend_in, m.blend_out = 3, 14, 2, 3
    m = noise(curves[('pose.bones["B"].location', 2)], 'MULTIPLY', 2.0, 1.5, phase=7.0)
    m.use_influence = True; m.influence = 0.6
    fc = curves[('pose.bones["C"].rotation_quaternion', 1)]
    fc.modifiers.new('CYCLES')
    noise(fc, 'ADD', 0.8, 0.2, depth=3)
    noise(curves[('pose.bones["C"].rotation_quaternion', 2)], 'REPLACE', 1.0, 1.0).mute = True
    ecurves = {(fc.data_path, fc.array_index): fc for fc in e.animation_data.action.fcurves}
    noise(ecurves[('location', 0)], 'REPLACE', 10.0, 2.0, offset=-4.0, depth=1)
    noise(ecurves[('location', 2)], 'ADD', 0.5, 0.1)
    c = pb["B"].constraints.new('COPY_ROTATION'); c.target = e; c.influence = 0.5
    scene().frame_set(1)
    return [1, 4, 7, 10, 23]


def rig_action_cycles_ranges():
    """Cycles modifiers with a restricted frame range (blend in and out) or an influence, which Blender
    runs in the modifier stack at the frame's place in that range: every mode (REPEAT, REPEAT_OFFSET,
    MIRROR) before and after the keys, a finite cycle count, a range that starts inside the keys, one
    with a Stepped and an additive Generator after it, on bone (Euler, quaternion) and object curves;
    a driver's keyed curve with one (the driver value as its time); a constraint on top. Frames
    before, inside and past the keys, fractional ones inside the blends."""
    arm = armature("Cyc", [("A", (0, 0, 0), (0, 0, 1), None, False, 0.0), ("B", (0, 0, 1), (0, 0.3, 1.8), "A", True, 0.2),
                           ("C", (0.5, 0, 0), (0.5, 0, 0.6), None, False, 0.0), ("D", (-0.5, 0, 0), (-0.5, 0, 0.7), None, False, 0.0)])
    pb = arm.pose.bones
    pb["C"].rotation_mode = 'QUATERNION'
    e = empty("Looped", loc=(1, 1, 0))
    for f, v in ((1, 0.0), (4, 0.7), (8, -0.3), (10, 0.4)):
        pb["A"].rotation_euler = (v, 0.5 * v, -0.2 * v); pb["A"].keyframe_insert("rotation_euler", frame=f)
        pb["B"].location = (0.3 * v, v, -0.5 * v); pb["B"].keyframe_insert("location", frame=f)
        pb["C"].rotation_quaternion = Euler((v, 0.3, -v), 'XYZ').to_quaternion(); pb["C"].keyframe_insert("rotation_quaternion", frame=f)
        e.location = (1 + v, 1 - 0.5 * v, v); e.keyframe_insert("location", frame=f)
    curves = {(fc.data_path, fc.array_index): fc for fc in arm.animation_data.action.fcurves}

    def cycles(fc, before, after, start=None, end=None, blend_in=0.0, blend_out=0.0, influence=None, count_before=0, count_after=0):
        m = fc.modifiers.new('CYCLES')
        m.mode_before, m.mode_after, m.cycles_before, m.cycles_after = before, after, count_before, count_after
        if start is not None:
            m.use_restricted_range = True
            m.frame_start, m.frame_end, m.blend_in, m.blend_out = start, end, blend_in, blend_out
        if influence is not None:
            m.use_influence = True
            m.influence = influence
        return fc
    cycles(curves[('pose.bones["A"].rotation_euler', 0)], 'REPEAT', 'REPEAT', 14, 40, 3, 4)
    cycles(curves[('pose.bones["A"].rotation_euler', 1)], 'REPEAT_OFFSET', 'REPEAT_OFFSET', influence=0.6)
    cycles(curves[('pose.bones["A"].rotation_euler', 2)], 'MIRROR', 'MIRROR', 5, 30, 2.5, 0, influence=0.8)
    cycles(curves[('pose.bones["B"].location', 0)], 'NONE', 'REPEAT_OFFSET', 12, 50, 4, 0, count_after=2)
    cycles(curves[('pose.bones["B"].location', 1)], 'REPEAT_OFFSET', 'NONE', -30, 6, 0, 5)
    fc = cycles(curves[('pose.bones["B"].location', 2)], 'MIRROR', 'REPEAT', 3, 35, influence=0.45)
    m = fc.modifiers.new('STEPPED'); m.frame_step = 1.5; m.frame_offset = 0.25
    m = fc.modifiers.new('GENERATOR'); m.use_additive = True; m.coefficients = (0.05, 0.01)
    cycles(curves[('pose.bones["C"].rotation_quaternion', 1)], 'REPEAT', 'MIRROR', 9, 26, 0, 6, count_before=1)
    cycles(curves[('pose.bones["C"].rotation_quaternion', 2)], 'REPEAT_OFFSET', 'REPEAT_OFFSET', -12, 22, 2, 2, influence=0.7)
    ecurves = {(fc.data_path, fc.array_index): fc for fc in e.animation_data.action.fcurves}
    cycles(ecurves[('location', 0)], 'REPEAT_OFFSET', 'MIRROR', 0, 60, 6, 10)
    cycles(ecurves[('location', 2)], 'REPEAT', 'REPEAT_OFFSET', influence=0.3)
    # A driver's keyed curve: its time is the driver value (the frame, here), its Cycles restricted.
    fc = driver(pb["D"], "rotation_euler", 0, "frame", [])
    for m in list(fc.modifiers):
        fc.modifiers.remove(m)
    for x, y in ((0.0, 0.0), (3.0, 0.8), (6.0, -0.4)):
        fc.keyframe_points.insert(x, y).interpolation = 'BEZIER'
    cycles(fc, 'REPEAT', 'REPEAT_OFFSET', 2, 30, 3, 5, influence=0.9)
    c = pb["B"].constraints.new('COPY_ROTATION'); c.target = e; c.influence = 0.5
    scene().frame_set(1)
    return [-7.5, -1, 1, 4.5, 9, 12.25, 15.5, 19, 23.75, 31, 37.5, 42, 47.25, 55]


def rig_driver_modifiers():
    """Driver F-curves with modifiers besides the default Generator: Limits, Stepped, Built-In
    Function, Envelope, a restricted Generator (0 outside its range, as Blender), an additive one with
    influence, and a keyed driver curve under a Limits. The driven values come from a keyed control
    property; four frames."""
    arm = armature("Dm", [("Ctl", (0, 0, 0), (0, 0.3, 0), None, False, 0.0)] +
                   [("P%d" % k, (0.4 * k, 0, 0.5), (0.4 * k, 0, 1.0), None, False, 0.0) for k in range(7)])
    pb = arm.pose.bones
    pb["Ctl"]["k"] = 0.0
    var = lambda: [{"name": "k", "targets": [{"id": arm, "data_path": 'pose.bones["Ctl"]["k"]'}]}]
    curves = [driver(pb["P%d" % k], "rotation_euler", 0, "", var(), kind='SUM') for k in range(7)]
    for fc in curves:
        for m in list(fc.modifiers):
            fc.modifiers.remove(m)
    m = curves[0].modifiers.new('LIMITS'); m.use_max_y = True; m.max_y = 0.6; m.use_min_y = True; m.min_y = -0.2
    m = curves[1].modifiers.new('STEPPED'); m.frame_step = 0.5; m.frame_offset = 0.1
    m = curves[2].modifiers.new('FNGENERATOR'); m.function_type = 'COS'; m.amplitude = 0.7; m.phase_multiplier = 2.0; m.value_offset = 0.1
    m = curves[3].modifiers.new('ENVELOPE'); m.reference_value = 0.0; m.default_min, m.default_max = -1, 1
    p = m.control_points.add(0.5); p.min, p.max = -0.2, 0.3
    m = curves[4].modifiers.new('GENERATOR'); m.coefficients = (0.2, 1.5); m.use_restricted_range = True; m.frame_start, m.frame_end = 0.0, 0.8
    m = curves[5].modifiers.new('GENERATOR'); m.coefficients = (0.3, -1.0); m.use_additive = True; m.use_influence = True; m.influence = 0.4
    curves[6].keyframe_points.insert(0.0, 0.0).interpolation = 'LINEAR'
    curves[6].keyframe_points.insert(1.0, 1.2).interpolation = 'LINEAR'
    m = curves[6].modifiers.new('LIMITS'); m.use_max_y = True; m.max_y = 0.9
    for f, v in ((1, -0.3), (2, 0.35), (3, 0.7), (4, 1.1)):
        pb["Ctl"]["k"] = v
        pb["Ctl"].keyframe_insert('["k"]', frame=f)
    scene().frame_set(1)
    return [1, 2, 3, 4]


def rig_nla_pushed():
    """An object whose action was pushed down into an NLA track (no active action: Blender plays the
    strip), one with a muted track beside its active action, and one with NLA off: the export must
    say the first plays NLA it does not carry, and nothing about the other two."""
    pushed = empty("Pushed", loc=(0, 0, 0))
    muted = empty("Muted", loc=(1, 0, 0))
    off = empty("Off", loc=(2, 0, 0))
    for o in (pushed, muted, off):
        for f, z in ((1, 0.0), (10, 1.0)):
            o.location.z = z
            o.keyframe_insert("location", index=2, frame=f)
    for o in (pushed, muted, off):
        track = o.animation_data.nla_tracks.new()
        track.strips.new("strip", 1, o.animation_data.action)
    pushed.animation_data.action = None
    muted.animation_data.nla_tracks[0].mute = True
    off.animation_data.use_nla = False
    scene().frame_set(1)
    return [1, 5]


def keyed_action(name, spec):
    """A new action with LINEAR keys: spec is [(data_path, index, [(frame, value), ...]), ...]."""
    act = bpy.data.actions.new(name)
    for path, index, points in spec:
        fc = act.fcurves.new(path, index=index)
        for f, v in points:
            fc.keyframe_points.insert(f, v).interpolation = 'LINEAR'
    return act


def rig_nla_action_nothing():
    """The active action over an NLA with its Extrapolation set to Nothing (the NLA editor's Animation
    Data panel): Blender plays it only inside its frame range as calc_action_range makes it with the
    modifiers (a last Limits modifier widens it to its x bounds, a last Cycles one opens the side it
    cycles), REPLACE over a track, ADD at half influence; a bone too. Frames before, at the ends of,
    inside and after each range."""
    def nla_under(ob, strip_spec):
        ob.animation_data_create()
        ob.animation_data.nla_tracks.new().strips.new("Base", 1, keyed_action(ob.name + "Base", strip_spec))
    plain = empty("NoPlain", loc=(0, 0, 0))
    nla_under(plain, [("location", 0, [(1, -0.5), (30, 0.5)]), ("location", 2, [(1, 0.2), (30, 0.2)])])
    plain.animation_data.action = keyed_action("NoPlainAct", [("location", 0, [(5, 1.0), (12, 2.0)]), ("rotation_euler", 2, [(6, 0.0), (11, 0.8)])])
    plain.animation_data.action_extrapolation = 'NOTHING'

    limited = empty("NoLimits", loc=(1, 0, 0))
    nla_under(limited, [("location", 1, [(1, 0.0), (30, 1.5)])])
    act = keyed_action("NoLimitsAct", [("location", 1, [(6, 2.0), (10, -1.0)]), ("scale", 0, [(7, 1.0), (9, 1.6)])])
    m = act.fcurves[0].modifiers.new('LIMITS'); m.use_min_x = True; m.min_x = 3.0; m.use_max_x = True; m.max_x = 14.5
    limited.animation_data.action = act
    limited.animation_data.action_extrapolation = 'NOTHING'
    limited.animation_data.action_blend_type = 'ADD'
    limited.animation_data.action_influence = 0.5

    arm = armature("NoArm", [("B", (0, 2, 0), (0, 2, 1), None, False, 0.0)])
    nla_under(arm, [('pose.bones["B"].rotation_euler', 0, [(1, 0.0), (30, 1.0)])])
    act = keyed_action("NoArmAct", [('pose.bones["B"].rotation_euler', 0, [(8, -0.4), (13, 0.3)]), ('pose.bones["B"].location', 1, [(9, 0.0), (11, 0.5)])])
    c = act.fcurves[0].modifiers.new('CYCLES'); c.mode_before = 'NONE'
    arm.animation_data.action = act
    arm.animation_data.action_extrapolation = 'NOTHING'
    scene().frame_set(1)
    return [1, 2.5, 4.99, 5, 6.5, 9, 12, 12.01, 14.5, 18, 25]


def rig_random_nla(seed, more=False, editor=False, keyed_times=False, keyed_modes=False):
    """A random NLA (everything Blender's Python API makes: clips, not transitions or metas): an
    empty in a random rotation mode and an armature's two bones (Euler and quaternion), each with
    1-3 tracks of 1-3 strips — random actions keying location, rotation, scale and a custom property
    (LINEAR, BEZIER or CONSTANT keys, extrapolation, some with a Cycles modifier), random start,
    scale, repeat, reverse, blend type, influence (set or keyed), blend in/out, extrapolation,
    muted strips and tracks, sync length, a keyed strip time (cyclic or not), a solo track now and
    then — and the active action on top with a random blend type, influence and extrapolation; a
    driver reads the property. `more`: axis-angle rotation modes and the object's delta channels
    too. `editor`: transitions between neighbouring strips and meta strips made of some, through the
    NLA editor's operators (run with a window: xvfb-run -a blender --factory-startup --python
    rigs.py -- random_nla_editor<N> DIR). `keyed_times` (with `editor`): about half the transitions
    and metas get their strip time keyed at their start, middle and end (drawn from a generator of
    their own, so the rest of the rig is the one `editor` draws). `keyed_modes`: most actions key
    their owner's rotation mode too (one to three whole modes of the eight, constant between keys),
    its curve first, last or between the others (from a generator of its own). Frames drawn across
    and around the strips."""
    import random
    rng = random.Random("random-nla-%d" % seed)
    times = random.Random("random-nla-times-%d" % seed)
    mrng = random.Random("random-nla-modes-%d" % seed)
    modes = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION'] + (['AXIS_ANGLE', 'AXIS_ANGLE'] if more else [])

    def action(name, paths):
        act = bpy.data.actions.new(name)
        # The owner's path ('pose.bones["B"].' for a bone's curves, '' for the object's).
        owner = paths[0][0][:paths[0][0].find('"]') + 2] + '.' if paths and paths[0][0].startswith('pose.bones') else ''
        at = mrng.randint(0, len(paths)) if keyed_modes and mrng.random() < 0.7 else -1
        for k, spec in enumerate(paths + [None]):
            if k == at:
                fm = act.fcurves.new(owner + 'rotation_mode', index=0)
                for _ in range(mrng.randint(1, 3)):
                    fm.keyframe_points.insert(mrng.uniform(-3, 12), mrng.randint(-1, 6)).interpolation = 'CONSTANT'
            if spec is None:
                break
            path, index, kind = spec
            fc = act.fcurves.new(path, index=index)
            t = rng.uniform(-3, 4)
            for _ in range(rng.randint(1, 4)):
                v = rng.uniform(0.5, 1.5) if kind == 'scale' else (rng.uniform(-1, 1) if kind != 'w' else rng.uniform(0.5, 1.0))
                kp = fc.keyframe_points.insert(t, v)
                kp.interpolation = rng.choice(('LINEAR', 'BEZIER', 'BEZIER', 'CONSTANT'))
                t += rng.uniform(1, 6)
            fc.extrapolation = rng.choice(('CONSTANT', 'LINEAR'))
            if rng.random() < 0.15:
                c = fc.modifiers.new('CYCLES')
                c.mode_before, c.mode_after = rng.choice(('NONE', 'REPEAT', 'MIRROR')), rng.choice(('REPEAT', 'REPEAT_OFFSET'))
        return act

    def channels(prefix, rot_mode):
        out = []
        for _ in range(rng.randint(1, 3)):
            kind = rng.choice(('location', 'rotation', 'scale', 'prop') + (('delta', 'rotation') if more and prefix == '' else ()))
            if kind == 'delta':
                path = rng.choice(('delta_location', 'delta_rotation_euler', 'delta_rotation_quaternion', 'delta_scale'))
                i = rng.randint(0, 3 if path == 'delta_rotation_quaternion' else 2)
                out.append((path, i, 'scale' if path == 'delta_scale' else ('w' if path == 'delta_rotation_quaternion' and i == 0 else 'rotation')))
            elif kind == 'location':
                out.append((prefix + 'location', rng.randint(0, 2), 'location'))
            elif kind == 'scale':
                out.append((prefix + 'scale', rng.randint(0, 2), 'scale'))
            elif kind == 'prop':
                out.append((prefix.rstrip('.') + '["amount"]', 0, 'prop'))
            elif rot_mode == 'QUATERNION':
                i = rng.randint(0, 3)
                out.append((prefix + 'rotation_quaternion', i, 'w' if i == 0 else 'rotation'))
            elif rot_mode == 'AXIS_ANGLE':
                out.append((prefix + 'rotation_axis_angle', rng.randint(0, 3), 'rotation'))
            else:
                out.append((prefix + 'rotation_euler', rng.randint(0, 2), 'rotation'))
        return list({(p, i): (p, i, k) for p, i, k in out}.values())

    def nla(holder_id, prefix, rot_mode):
        ad = holder_id.animation_data_create()
        for ti in range(rng.randint(1, 3)):
            tr = ad.nla_tracks.new()
            t = rng.uniform(-5, 8)
            for si in range(rng.randint(1, 3)):
                act = action("%s_t%d_s%d" % (holder_id.name, ti, si), channels(prefix, rot_mode))
                st = tr.strips.new("S%d%d" % (ti, si), math.ceil(t), act)
                st.scale = rng.choice((1.0, 1.0, rng.uniform(0.5, 2.0)))
                st.repeat = rng.choice((1.0, 1.0, rng.uniform(1.0, 2.5)))
                st.use_reverse = rng.random() < 0.2
                st.blend_type = rng.choice(('REPLACE', 'REPLACE', 'ADD', 'SUBTRACT', 'MULTIPLY', 'COMBINE'))
                if any(f.data_path.endswith('rotation_mode') for f in act.fcurves):
                    # Blended other than by REPLACE, a mode can sum to a number that is no mode, which Blender reads out of bounds.
                    st.blend_type = 'REPLACE'
                length = st.frame_end - st.frame_start
                if rng.random() < 0.3:
                    st.blend_in = rng.uniform(0, length / 3)
                    st.blend_out = rng.uniform(0, length / 3)
                st.extrapolation = rng.choice(('HOLD', 'HOLD_FORWARD', 'NOTHING'))
                st.mute = rng.random() < 0.1
                if rng.random() < 0.3:
                    st.use_animated_influence = True
                    for f in (st.frame_start, st.frame_end):
                        st.influence = rng.uniform(0.2, 1.0)
                        st.keyframe_insert("influence", frame=f)
                elif rng.random() < 0.3:
                    st.use_animated_influence = True
                    st.influence = rng.uniform(0.2, 1.0)
                if rng.random() < 0.15:
                    st.use_animated_time = True
                    st.use_animated_time_cyclic = rng.random() < 0.5
                    for f, v in ((st.frame_start, st.action_frame_start), (st.frame_end, st.action_frame_end + rng.uniform(-2, 2))):
                        st.strip_time = v
                        st.keyframe_insert("strip_time", frame=f)
                t = st.frame_end + rng.uniform(0, 6)
            tr.mute = rng.random() < 0.1
            if editor and len(tr.strips) >= 2:
                pair = list(tr.strips)[:2] if rng.random() < 0.5 else list(tr.strips)[-2:]
                if rng.random() < 0.5:
                    nla_editor_op(bpy.ops.nla.transition_add, pair)
                    made = [st for st in tr.strips if st.type == 'TRANSITION']
                    if made and rng.random() < 0.3:
                        made[0].use_reverse = True
                else:
                    nla_editor_op(bpy.ops.nla.meta_add, pair)
                    made = [st for st in tr.strips if st.type == 'META']
                    if made and rng.random() < 0.3:
                        made[0].use_reverse = True
                if made and keyed_times and times.random() < 0.5:
                    made[0].use_animated_time = True
                    for f in (made[0].frame_start, 0.5 * (made[0].frame_start + made[0].frame_end), made[0].frame_end):
                        made[0].strip_time = times.uniform(-0.2, 1.2)
                        made[0].keyframe_insert("strip_time", frame=f)
        if rng.random() < 0.15:
            ad.nla_tracks[rng.randrange(len(ad.nla_tracks))].is_solo = True
        if rng.random() < 0.7:
            ad.action = action(holder_id.name + "_top", channels(prefix, rot_mode))
            ad.action_blend_type = rng.choice(('REPLACE', 'ADD', 'COMBINE', 'MULTIPLY'))
            if any(f.data_path.endswith('rotation_mode') for f in ad.action.fcurves):
                ad.action_blend_type = 'REPLACE'
            ad.action_influence = rng.uniform(0.3, 1.0)
            ad.action_extrapolation = rng.choice(('HOLD', 'HOLD_FORWARD', 'NOTHING'))

    e = empty("RnE", loc=(0.2, 0.1, 0.0), rot=(0.1, 0.2, 0.3))
    e.rotation_mode = rng.choice(modes)
    e["amount"] = 0.0
    nla(e, '', e.rotation_mode)
    bones = [("A", (0, 2, 0), (0, 2, 1), None, False, 0.0), ("B", (0, 2, 1), (0, 2.5, 1.8), "A", True, 0.3)]
    arm = window_armature("RnArm", bones) if editor else armature("RnArm", bones)
    arm.pose.bones["B"].rotation_mode = rng.choice(('QUATERNION', 'AXIS_ANGLE')) if more else 'QUATERNION'
    arm.pose.bones["A"]["amount"] = arm.pose.bones["B"]["amount"] = 0.0
    # One track set for the armature, keying either bone.
    bone = rng.choice(('A', 'B'))
    nla(arm, 'pose.bones["%s"].' % bone, arm.pose.bones[bone].rotation_mode)
    reader = empty("RnRead", loc=(3, 0, 0))
    driver(reader, "location", 2, "v", [{"name": "v", "targets": [{"id": e, "data_path": '["amount"]'}]}])
    scene().frame_set(1)
    return sorted({round(rng.uniform(-8, 30), 2) for _ in range(6)} | {1.0})


def rig_nla():
    """NLA tracks as Blender plays them: a pushed-down action (no active action); two tracks, the
    upper ADD with blend in and out and nothing past its end, under the active action blended ADD at
    half influence; on bones a track of two strips with a gap (held forward), a scaled and repeated
    strip, a reversed one, MULTIPLY on scale and SUBTRACT on location, a muted strip; and an object
    whose second track is solo. Frames before, inside, between and after the strips."""
    push = empty("Push", loc=(0, 0, 0))
    push.animation_data_create()
    a = keyed_action("PushAct", [("location", 0, [(1, 0.0), (10, 1.0)]), ("location", 2, [(1, 0.5), (10, -0.5)])])
    t = push.animation_data.nla_tracks.new()
    t.strips.new("P", 3, a)

    lay = empty("Layers", loc=(2, 0, 0), rot=(0.1, 0.2, 0.3))
    lay.animation_data_create()
    base = keyed_action("Base", [("location", 0, [(1, 0.0), (11, 2.0)]), ("rotation_euler", 2, [(1, 0.0), (11, 1.0)])])
    extra = keyed_action("Extra", [("location", 1, [(0, 0.0), (6, 1.0)]), ("rotation_euler", 2, [(0, 0.2), (6, -0.3)])])
    t1 = lay.animation_data.nla_tracks.new()
    s1 = t1.strips.new("B", 1, base)
    s1.scale = 2.0
    s1.repeat = 1.5
    t2 = lay.animation_data.nla_tracks.new()
    s2 = t2.strips.new("E", 5, extra)
    s2.blend_type = 'ADD'
    s2.blend_in, s2.blend_out = 2.0, 1.5
    s2.extrapolation = 'NOTHING'
    lay.animation_data.action = keyed_action("Top", [("location", 2, [(1, 0.0), (20, 1.0)]), ("rotation_euler", 2, [(1, 0.5), (20, 0.0)])])
    lay.animation_data.action_blend_type = 'ADD'
    lay.animation_data.action_influence = 0.5

    arm = armature("NArm", [("A", (0, 2, 0), (0, 2, 1), None, False, 0.0), ("B", (0, 2, 1), (0, 2.5, 1.8), "A", True, 0.3)])
    arm.animation_data_create()
    bone = lambda b, prop: 'pose.bones["%s"].%s' % (b, prop)
    walk = keyed_action("Walk", [(bone("A", "rotation_euler"), 0, [(1, 0.0), (8, 0.8)]), (bone("B", "location"), 1, [(1, 0.0), (8, 0.3)])])
    wave = keyed_action("Wave", [(bone("B", "rotation_euler"), 2, [(1, -0.4), (5, 0.6)]), (bone("A", "scale"), 1, [(1, 1.0), (5, 1.5)])])
    grow = keyed_action("Grow", [(bone("A", "scale"), 1, [(1, 1.2), (9, 0.8)]), (bone("B", "location"), 1, [(1, 0.1), (9, -0.2)])])
    ta = arm.animation_data.nla_tracks.new()
    w1 = ta.strips.new("W1", 1, walk)
    w2 = ta.strips.new("W2", 15, wave)
    w2.use_reverse = True
    w2.extrapolation = 'HOLD_FORWARD'
    tb = arm.animation_data.nla_tracks.new()
    g = tb.strips.new("G", 4, grow)
    g.blend_type = 'MULTIPLY'
    g.influence = 0.6
    g.use_animated_influence = False
    tc = arm.animation_data.nla_tracks.new()
    sub = tc.strips.new("S", 2, keyed_action("Sub", [(bone("B", "location"), 1, [(1, 0.0), (6, 0.2)])]))
    sub.blend_type = 'SUBTRACT'
    sub.extrapolation = 'HOLD'
    tc.strips.new("M", 12, walk).mute = True

    solo = empty("Solo", loc=(4, 0, 0))
    solo.animation_data_create()
    for k, v in enumerate((1.0, -1.0)):
        tr = solo.animation_data.nla_tracks.new()
        tr.strips.new("T%d" % k, 1, keyed_action("SoloAct%d" % k, [("location", 1, [(1, 0.0), (10, v)])]))
    solo.animation_data.nla_tracks[0].is_solo = True
    scene().frame_set(1)
    return [-5, 1, 4.5, 10, 17, 25, 40]


def rig_nla_combine():
    """NLA COMBINE: on an object in QUATERNION mode and on bones (quaternion, Euler, scale), a base
    track REPLACE under a COMBINE track at influence 0.7 with blend in, and the active action
    COMBINE at influence 0.5 on top; one COMBINE strip keys only some quaternion parts. On the bones
    the COMBINE strip's influence is keyed, and so is the REPLACE strip's time (played backwards)."""
    def quat_keys(path, q0, q1, f0=1, f1=10):
        return [(path, i, [(f0, q0[i]), (f1, q1[i])]) for i in range(4)]

    ob = empty("Comb", loc=(0, 0, 0))
    ob.rotation_mode = 'QUATERNION'
    ob.animation_data_create()
    qa, qb = Euler((0.3, 0.1, 0.0)).to_quaternion(), Euler((0.0, 0.8, -0.4)).to_quaternion()
    base = keyed_action("CBase", quat_keys("rotation_quaternion", qa, qb) + [("location", 0, [(1, 0.0), (10, 1.0)]), ("scale", 1, [(1, 1.0), (10, 2.0)])])
    layer = keyed_action("CLayer", quat_keys("rotation_quaternion", Euler((0.0, 0.0, 0.5)).to_quaternion(), Euler((0.4, 0.0, 0.0)).to_quaternion(), 2, 12)
                   + [("location", 0, [(2, 0.5), (12, -0.5)]), ("scale", 1, [(2, 0.5), (12, 1.5)]), ("location", 2, [(2, 0.2), (12, 0.0)])])
    t1 = ob.animation_data.nla_tracks.new()
    t1.strips.new("Base", 1, base)
    t2 = ob.animation_data.nla_tracks.new()
    st = t2.strips.new("Layer", 3, layer)
    st.blend_type = 'COMBINE'
    st.influence = 0.7
    st.blend_in = 2.0
    ob.animation_data.action = keyed_action("CTop", [("rotation_quaternion", 0, [(1, 0.9), (15, 1.0)]), ("rotation_quaternion", 3, [(1, 0.3), (15, -0.2)]),
                                              ("location", 1, [(1, 0.0), (15, 0.6)])])
    ob.animation_data.action_blend_type = 'COMBINE'
    ob.animation_data.action_influence = 0.5

    arm = armature("CArm", [("A", (0, 2, 0), (0, 2, 1), None, False, 0.0), ("B", (0, 2, 1), (0, 2.5, 1.8), "A", True, 0.3)])
    arm.pose.bones["A"].rotation_mode = 'QUATERNION'
    arm.animation_data_create()
    bone = lambda b, prop: 'pose.bones["%s"].%s' % (b, prop)
    walk = keyed_action("CWalk", quat_keys(bone("A", "rotation_quaternion"), qa, qb) + [(bone("B", "rotation_euler"), 0, [(1, 0.2), (10, 0.9)])])
    lift = keyed_action("CLift", quat_keys(bone("A", "rotation_quaternion"), qb, qa) + [(bone("B", "rotation_euler"), 0, [(1, -0.3), (10, 0.4)]),
                                                                               (bone("B", "scale"), 2, [(1, 1.3), (10, 0.7)])])
    arm.animation_data.nla_tracks.new().strips.new("W", 1, walk)
    lt = arm.animation_data.nla_tracks.new().strips.new("L", 1, lift)
    lt.blend_type = 'COMBINE'
    lt.influence = 0.6
    # Keyed strip settings: the layer's influence fades, the walk's time is driven by a curve.
    lt.use_animated_influence = True
    for f, v in ((1, 0.2), (9, 0.9)):
        lt.influence = v
        lt.keyframe_insert("influence", frame=f)
    w = arm.animation_data.nla_tracks[0].strips[0]
    w.use_animated_time = True
    for f, v in ((1, 10.0), (12, 1.0)):
        w.strip_time = v
        w.keyframe_insert("strip_time", frame=f)
    scene().frame_set(1)
    return [1, 3.5, 6, 9, 14, 20]


def rig_odd_names(clash=False):
    """Names as artists write them: slashes, quotes, backslashes, brackets, dots, spaces and non-ASCII
    letters in object, bone, constraint and custom-property names; an object and a bone both named
    "A/B" beside an object "A" with a bone "B/C" (so `Object/Bone` alone cannot tell them apart); a
    driver reading a quoted property of a quoted bone; constraints targeting each."""
    rig = armature('Rig/Main', [('arm/L', (0, 0, 0), (0, 0, 1), None, False, 0.0),
                                ('say "hi"', (0, 0, 1), (0, 0.5, 1.8), 'arm/L', True, 0.2),
                                ('back\\slash [x]', (0.5, 0, 0), (0.5, 0, 1), None, False, 0.0),
                                ('naïve ✓.L', (1, 0, 0), (1, 0.3, 1), None, False, 0.0)])
    a = armature('A', [('B/C', (2, 0, 0), (2, 0, 1), None, False, 0.0)])
    ab = armature('A/B' if clash else 'AB', [('C', (3, 0, 0), (3, 0, 1), None, False, 0.0)])
    target = empty('Target "one"', loc=(0.4, 0.8, 1.2))
    pb = rig.pose.bones
    pb['arm/L'].rotation_euler = (0.3, 0.1, 0.2)
    prop(pb['say "hi"'], 'ik "switch"', 0.4, 0.0, 1.0)
    c = pb['say "hi"'].constraints.new('DAMPED_TRACK')
    c.name = 'Track "it" / now'
    c.target = target
    c2 = pb['back\\slash [x]'].constraints.new('COPY_ROTATION')
    c2.target, c2.subtarget = rig, 'arm/L'
    c3 = pb['naïve ✓.L'].constraints.new('COPY_LOCATION')
    c3.target, c3.subtarget = a, 'B/C'
    c4 = ab.pose.bones['C'].constraints.new('COPY_ROTATION')
    c4.target, c4.subtarget = rig, 'say "hi"'
    driver(pb['back\\slash [x]'], 'location', 2, 'v * 2', [{"name": "v", "targets": [{"id": rig, "data_path": 'pose.bones["say \\"hi\\""]["ik \\"switch\\""]'}]}])
    driver(c, 'influence', -1, '1 - v', [{"name": "v", "targets": [{"id": rig, "data_path": 'pose.bones["say \\"hi\\""]["ik \\"switch\\""]'}]}])
    for f, v in ((1, 0.1), (5, 0.9)):
        pb['say "hi"']['ik "switch"'] = v
        pb['say "hi"'].keyframe_insert('["ik \\"switch\\""]', frame=f)
    a.pose.bones['B/C'].rotation_euler = (0.0, 0.4, 0.0)
    ab.pose.bones['C'].location = (0.1, 0.2, 0.0)
    scene().frame_set(1)
    return [1, 3, 5]


def rig_cycle_names():
    """A dependency cycle through renamed constraints and odd names, animated: an empty `Emp "A" (1)`
    copies the location of `Bé's ünï` with an offset (the constraint renamed `Copy "L", ]`), which
    damped-tracks the bone `Bone's "q"` of `Rig 'x'`, which copies the rotation of `Emp "A" (1)`
    (renamed `turn "it"`), at influence 0.7. Blender names a constraint's relation after its type,
    so the exporter resolves which constraints a marked relation stands for. The empties and the
    bone are keyed at 1, 5 and 9; Blender evaluates the frames in order, each after the one before."""
    a = empty('Emp "A" (1)', loc=(1, 0, 0))
    b = empty("Bé's ünï", loc=(0, 2, 0.5))
    rig = armature("Rig 'x'", [('Bone\'s "q"', (0, 0, 0), (0, 1, 0), None, False, 0.0)], loc=(0.5, -1, 0), rot=(0.2, 0, 0.4))
    c = a.constraints.new('COPY_LOCATION')
    c.target, c.use_offset, c.name = b, True, 'Copy "L", ]'
    c = b.constraints.new('DAMPED_TRACK')
    c.target, c.subtarget, c.head_tail = rig, 'Bone\'s "q"', 1.0
    pb = rig.pose.bones['Bone\'s "q"']
    c = pb.constraints.new('COPY_ROTATION')
    c.target, c.influence, c.name = a, 0.7, 'turn "it"'
    for f, (x, z, turn) in ((1, (1.0, 0.5, 0.3)), (5, (1.6, -0.2, -0.4)), (9, (0.4, 0.9, 1.1))):
        a.location = (x, 0, 0)
        a.rotation_euler = (turn, 0.5 * turn, 0)
        a.keyframe_insert('location', frame=f)
        a.keyframe_insert('rotation_euler', frame=f)
        b.location = (0, 2, z)
        b.keyframe_insert('location', frame=f)
        pb.location = (0, 0, 0.3 * turn)
        pb.keyframe_insert('location', frame=f)
    scene().frame_set(1)
    return [1, 3, 5, 7.5, 9]


def rig_cycle_path():
    """A dependency cycle through a path: an empty `Rider` on the curve `Track` by Follow Path (fixed
    position, Follow Curve), the curve copying the location of `Lead` with an offset, and `Lead`
    damped-tracking `Rider`. Keyed at 1 and 9: where Blender breaks the cycle decides whether a
    path is read across the break."""
    rider = empty("Rider", loc=(0.3, 0.2, 0.1))
    cu = bpy.data.curves.new("TrackData", 'CURVE')
    cu.dimensions = '3D'
    cu.use_path, cu.path_duration = True, 40
    sp = cu.splines.new('POLY')
    sp.points.add(2)
    for k, co in enumerate([(0, 0, 0, 1), (1, 0.5, 0.2, 1), (2, 0.2, -0.3, 1)]):
        sp.points[k].co = co
    track = link(bpy.data.objects.new("Track", cu))
    lead = empty("Lead", loc=(0.5, 2.0, 0.4))
    c = rider.constraints.new('FOLLOW_PATH')
    c.target, c.use_curve_follow, c.use_fixed_location, c.offset_factor = track, True, True, 0.4
    c = track.constraints.new('COPY_LOCATION')
    c.target, c.use_offset, c.influence = lead, True, 0.5
    c = lead.constraints.new('DAMPED_TRACK')
    c.target = rider
    for f, (x, z) in ((1, (0.5, 0.4)), (9, (1.2, -0.3))):
        lead.location = (x, 2.0, z)
        lead.keyframe_insert('location', frame=f)
        track.location = (0.1 * f, 0, 0)
        track.keyframe_insert('location', frame=f)
    scene().frame_set(1)
    return [1, 5, 9]


def rig_messy():
    """What production files hold beside the rig: constraints Blender marks invalid (no target, a
    subtarget naming no bone, a bone targeting itself), a muted constraint and one at influence 0
    mid-stack, targets in a collection excluded from the view layer and a hidden empty, a parent in
    an excluded collection, drivers with a variable whose path resolves to nothing beside a valid
    driver, action curves on a bone and constraints that are gone, a bone with a custom shape kept in
    a hidden collection, and a skinned mesh with shape keys; controls keyed."""
    arm = armature("M", [("A", (0, 0, 0), (0, 0.5, 0), None, False, 0.0),
                         ("B", (0, 0.5, 0), (0, 1.0, 0.1), "A", True, 0.2),
                         ("C", (0, 1.0, 0.1), (0.1, 1.4, 0.2), "B", True, 0.0),
                         ("D", (1, 0, 0), (1, 0.5, 0), None, False, 0.0),
                         ("E", (2, 0, 0), (2, 0.5, 0), None, False, 0.0),
                         ("F", (3, 0, 0), (3, 0.5, 0), None, False, 0.3),
                         ("G", (4, 0, 0), (4, 0.5, 0), None, False, 0.0),
                         ("H", (5, 0, 0), (5, 0.5, 0), None, False, 0.0)], loc=(0.1, 0.0, 0.2))
    pb = arm.pose.bones
    for p in pb:
        p.rotation_mode = 'XYZ'
    sc = scene()
    excluded = bpy.data.collections.new("Excluded")
    sc.collection.children.link(excluded)
    hidden = bpy.data.collections.new("Widgets")
    sc.collection.children.link(hidden)
    far = bpy.data.objects.new("FarTarget", None)
    excluded.objects.link(far)
    far.location, far.rotation_euler = (0.5, 1.5, -0.3), (0.3, 0.2, 0.1)
    lone = bpy.data.objects.new("LoneExcluded", None)
    excluded.objects.link(lone)
    lone.location = (2.0, 2.0, 2.0)
    kid = empty("ChildOfExcluded", loc=(0.2, 0.1, 0.0))
    kid.parent = far
    hide = empty("HiddenTarget", loc=(1.5, -0.5, 0.4), rot=(0.1, 0.5, 0.2))
    hide.hide_viewport = True
    hide.hide_set(True)
    wmesh = bpy.data.meshes.new("WGT")
    wmesh.from_pydata([(0, 0, 0), (0, 1, 0), (1, 0, 0)], [], [(0, 1, 2)])
    wgt = bpy.data.objects.new("WGT-A", wmesh)
    hidden.objects.link(wgt)
    pb["A"].custom_shape = wgt
    # Invalid constraints, and ones that do nothing, in stacks with valid ones.
    pb["A"].rotation_euler = (0.2, 0.1, 0.3)
    c = pb["A"].constraints.new('COPY_LOCATION')  # no target
    c = pb["A"].constraints.new('LIMIT_ROTATION')
    c.use_limit_x, c.max_x = True, 0.1
    c = pb["B"].constraints.new('COPY_ROTATION')
    c.target, c.subtarget = arm, "Nope"
    c = pb["B"].constraints.new('DAMPED_TRACK')
    c.target = hide
    c = pb["C"].constraints.new('DAMPED_TRACK')
    c.target, c.subtarget = arm, "C"  # itself
    c = pb["C"].constraints.new('COPY_SCALE')
    c.target, c.subtarget = arm, "G"
    c = pb["D"].constraints.new('CHILD_OF')
    c.target = far
    c.inverse_matrix = far.matrix_world.inverted()
    c = pb["D"].constraints.new('COPY_ROTATION')
    c.target, c.subtarget, c.mute = arm, "G", True
    c = pb["D"].constraints.new('LIMIT_LOCATION')
    c.use_max_x, c.max_x, c.influence = True, 0.0, 0.0
    c = pb["E"].constraints.new('COPY_TRANSFORMS')
    c.target, c.influence = hide, 0.6
    c = pb["E"].constraints.new('TRACK_TO')
    c.target = lone
    c = pb["H"].constraints.new('IK')  # no target
    c.chain_count = 1
    # Drivers: a variable whose path resolves to nothing, one naming a property that is not there,
    # and a valid one.
    arm["switch"] = 0.4
    driver(pb["F"], "rotation_euler", 0, "a + 0.3", [{"name": "a", "targets": [{"id": arm, "data_path": 'pose.bones["Nope"].location[0]'}]}])
    driver(pb["F"], "rotation_euler", 1, "b * 2", [{"name": "b", "targets": [{"id": arm, "data_path": '["missing"]'}]}])
    driver(pb["F"], "rotation_euler", 2, "s * 2", [{"name": "s", "targets": [{"id": arm, "data_path": '["switch"]'}]}])
    # Drivers whose property is gone (a deleted bone, a deleted constraint), a variable with no
    # target object, and Transform Channel / Distance variables naming a bone the armature lacks.
    gone = driver(pb["A"], "location", 0, "s", [{"name": "s", "targets": [{"id": arm, "data_path": '["switch"]'}]}])
    gone.data_path = 'pose.bones["Gone"].location'
    gone = driver(arm, 'pose.bones["A"].constraints["Limit Rotation"].influence', -1, "s", [{"name": "s", "targets": [{"id": arm, "data_path": '["switch"]'}]}])
    gone.data_path = 'pose.bones["A"].constraints["Deleted"].influence'
    driver(pb["H"], "rotation_euler", 0, "n + 0.2", [{"name": "n", "targets": [{"id": None, "data_path": 'location[0]'}]}])
    driver(pb["H"], "rotation_euler", 1, "t", [{"name": "t", "type": 'TRANSFORMS', "targets": [{"id": arm, "bone_target": "Nope", "transform_type": 'LOC_X', "transform_space": 'WORLD_SPACE'}]}])
    driver(pb["H"], "rotation_euler", 2, "d * 0.1", [{"name": "d", "type": 'LOC_DIFF', "targets": [{"id": arm, "bone_target": "Nope"}, {"id": far}]}])
    driver(pb["G"], "location", 0, "x", [{"name": "x", "type": 'TRANSFORMS', "targets": [{"id": far, "transform_type": 'LOC_Y', "transform_space": 'WORLD_SPACE'}]}])
    driver(pb["G"], "location", 2, "y", [{"name": "y", "type": 'TRANSFORMS', "targets": [{"id": lone, "transform_type": 'LOC_Z', "transform_space": 'WORLD_SPACE'}]}])
    # A skinned mesh with shape keys: the rig's character, which the export leaves out.
    body = bpy.data.meshes.new("Body")
    body.from_pydata([(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0)], [], [(0, 1, 3, 2)])
    bo = link(bpy.data.objects.new("Body", body))
    bo.parent = arm
    bo.modifiers.new("Armature", 'ARMATURE').object = arm
    bo.vertex_groups.new(name="A").add([0, 1], 1.0, 'REPLACE')
    bo.shape_key_add(name="Basis")
    bo.shape_key_add(name="Smile").value = 0.3
    # Keyed: an excluded target, the hidden target, a control.
    for f, fl, hl, gl in ((1, (0.5, 1.5, -0.3), (1.5, -0.5, 0.4), 0.0), (5, (0.8, 1.0, 0.2), (1.2, 0.3, 0.9), 0.4)):
        far.location, hide.location = fl, hl
        far.keyframe_insert("location", frame=f)
        hide.keyframe_insert("location", frame=f)
        pb["A"].location = (0.0, gl, 0.0)
        pb["A"].keyframe_insert("location", frame=f)
        arm["switch"] = gl
        arm.keyframe_insert('["switch"]', frame=f)
        # The armature stays: Blender reads a Transform Channel of a missing bone from the armature
        # object without ordering the driver after it (its depsgraph relation names the bone and
        # fails), so keyed, it reads where the armature was at the previous evaluation.
        arm.keyframe_insert("location", frame=f)
    # Curves left from a rig's earlier life: a bone and constraints that are gone.
    for holder, path in ((arm, 'pose.bones["Gone"].location'), (arm, 'pose.bones["A"].constraints["Deleted"].influence'), (far, 'constraints["Gone"].influence')):
        fc = holder.animation_data.action.fcurves.new(path, index=0)
        fc.keyframe_points.insert(1, 0.0)
        fc.keyframe_points.insert(5, 1.0)
    sc.frame_set(1)
    bpy.context.view_layer.layer_collection.children["Excluded"].exclude = True
    bpy.context.view_layer.layer_collection.children["Widgets"].hide_viewport = True
    return [1, 3, 5]


def rig_object_types():
    """Every kind of object a production scene holds, constrained, parented and targeted: a camera,
    a light, a text, a NURBS surface, a metaball, a grease pencil, a speaker, a light probe, a volume,
    a point cloud, hair curves, an image empty and a force field, in a parent chain across kinds, each
    with a constraint targeting the next; a Follow Path on the text object and on the surface (no
    path: Blender leaves the owner), a bone tracking the grease pencil; an armature with no bones;
    keyed, 3 frames."""
    sc = scene()
    made = []
    cam = link(bpy.data.objects.new("Cam", bpy.data.cameras.new("CamD")))
    lamp = link(bpy.data.objects.new("Lamp", bpy.data.lights.new("LampD", 'SPOT')))
    text = link(bpy.data.objects.new("Text", bpy.data.curves.new("TextD", 'FONT')))
    text.data.body = "Sinew"
    surf_data = bpy.data.curves.new("SurfD", 'SURFACE')
    sp = surf_data.splines.new('NURBS')
    sp.points.add(3)
    for i, p in enumerate(sp.points):
        p.co = (i * 0.3, 0.1 * i, 0.0, 1.0)
    surf = link(bpy.data.objects.new("Surf", surf_data))
    meta = link(bpy.data.objects.new("Meta", bpy.data.metaballs.new("MetaD")))
    meta.data.elements.new()
    gp = link(bpy.data.objects.new("Pencil", bpy.data.grease_pencils.new("PencilD")))
    spk = link(bpy.data.objects.new("Speaker", bpy.data.speakers.new("SpeakerD")))
    probe = link(bpy.data.objects.new("Probe", bpy.data.lightprobes.new("ProbeD", 'CUBE')))
    vol = link(bpy.data.objects.new("Volume", bpy.data.volumes.new("VolumeD")))
    extra = []
    for kind, name in (('pointclouds', "Points"), ('hair_curves', "Hair")):
        coll = getattr(bpy.data, kind, None)
        if coll is not None:
            extra.append(link(bpy.data.objects.new(name, coll.new(name + "D"))))
    img = empty("Image", loc=(0.4, 0.0, 0.2))
    img.empty_display_type = 'IMAGE'
    field = empty("Field", loc=(0.0, -0.4, 0.3))
    bpy.context.view_layer.objects.active = field
    field.select_set(True)
    bpy.ops.object.forcefield_toggle()
    field.field.type = 'WIND'
    chain = [cam, lamp, text, surf, meta, gp, spk, probe, vol] + extra + [img, field]
    anchor = empty("Anchor", loc=(-0.5, 0.3, 0.6), rot=(0.2, 0.4, 0.1))
    import random
    rng = random.Random(7)
    for i, o in enumerate(chain):
        o.location = triple(rng, 0.8)
        o.rotation_euler = triple(rng, 0.6)
        o.scale = [rng.uniform(0.7, 1.3) for _ in range(3)]
        if i > 0:
            o.parent = chain[i - 1]
    for i, o in enumerate(chain):
        c = o.constraints.new(['COPY_LOCATION', 'DAMPED_TRACK', 'COPY_ROTATION', 'LIMIT_DISTANCE'][i % 4])
        c.target = chain[i - 2] if i >= 2 else anchor
        c.influence = 0.6
    f1 = empty("OnText", loc=(0.1, 0.2, 0.0))
    c = f1.constraints.new('FOLLOW_PATH')
    c.target = text
    f2 = empty("OnSurf", loc=(0.3, 0.2, 0.0))
    c = f2.constraints.new('FOLLOW_PATH')
    c.target = surf
    arm = armature("Bones", [("B", (0, 0, 0), (0, 0.5, 0), None, False, 0.0)], loc=(0.5, 0.5, 0.0))
    c = arm.pose.bones["B"].constraints.new('DAMPED_TRACK')
    c.target = gp
    c = arm.pose.bones["B"].constraints.new('COPY_SCALE')
    c.target = meta
    bare = link(bpy.data.objects.new("NoBones", bpy.data.armatures.new("NoBonesD")))
    bare.location = (1.0, 1.0, 1.0)
    c = bare.constraints.new('COPY_ROTATION')
    c.target = cam
    for f, z in ((1, 0.0), (5, 0.7)):
        cam.location[2] = z
        cam.keyframe_insert("location", index=2, frame=f)
        meta.rotation_euler[0] = z
        meta.keyframe_insert("rotation_euler", index=0, frame=f)
    sc.frame_set(1)
    return [1, 3, 5]


def rig_evaluated_reads():
    """Single Property variables reading what Blender evaluates rather than what is authored: a pose
    bone's head, tail and matrix (armature space), an object's matrix_world and matrix_local, and a
    bone's rest head_local and matrix_local; the read bones and objects keyed and constrained."""
    arm = armature("R", [("A", (0, 0, 0), (0, 0.5, 0), None, False, 0.0),
                         ("B", (0, 0.5, 0), (0.1, 1.0, 0.2), "A", True, 0.3),
                         ("C", (-1, 0, 0), (-1, 0.5, 0.1), None, False, 0.0),
                         ("D", (1, 0, 0), (1, 0.5, 0), None, False, 0.0),
                         ("F", (2, 0, 0), (2, 0.5, 0), None, False, 0.0)], loc=(0.2, 0.1, 0.0), rot=(0.0, 0.0, 0.3))
    pb = arm.pose.bones
    for p in pb:
        p.rotation_mode = 'XYZ'
    e = empty("E", loc=(0.3, 0.2, 0.1), rot=(0.2, 0.1, 0.4))
    kid = empty("Kid", loc=(0.2, -0.3, 0.5), rot=(0.1, 0.3, 0.0), scale=(1.2, 0.9, 1.0))
    kid.parent = e
    c = kid.constraints.new('COPY_ROTATION')
    c.target, c.influence = arm, 0.5
    c = pb["C"].constraints.new('DAMPED_TRACK')
    c.target = e
    # RNA's [i][j] on a matrix is Blender's column i, row j ([3][0]: the X translation).
    reads = [(pb["D"], "location", 0, arm, 'pose.bones["B"].tail[1]'),
             (pb["D"], "location", 1, arm, 'pose.bones["B"].matrix[3][2]'),
             (pb["D"], "location", 2, e, 'matrix_world[3][0]'),
             (pb["D"], "rotation_euler", 0, arm, 'pose.bones["B"].head[2]'),
             (pb["D"], "rotation_euler", 1, arm, 'pose.bones["C"].matrix[0][1]'),
             (pb["D"], "rotation_euler", 2, kid, 'matrix_local[3][1]'),
             (pb["F"], "location", 0, kid, 'matrix_world[0][2]'),
             (pb["F"], "location", 1, arm, 'data.bones["B"].head_local[2]'),
             (pb["F"], "location", 2, arm, 'pose.bones["C"].tail[2]'),
             (pb["F"], "rotation_euler", 0, arm, 'data.bones["B"].matrix_local[0][2]'),
             (pb["F"], "rotation_euler", 1, kid, 'matrix_basis[3][0]'),
             (pb["F"], "rotation_euler", 2, kid, 'matrix_local[1][0]'),
             (pb["F"], "scale", 0, arm, 'pose.bones["B"].length'),
             (pb["F"], "scale", 1, arm, 'data.bones["C"].length')]
    for holder, path, index, idb, read in reads:
        driver(holder, path, index, "v * 0.8 + 0.1", [{"name": "v", "targets": [{"id": idb, "data_path": read}]}])
    for f, r in ((1, 0.0), (5, 0.8)):
        pb["A"].rotation_euler = (r, 0.2 * r, 0)
        pb["A"].keyframe_insert("rotation_euler", frame=f)
        pb["B"].scale = (1 + r, 1 - 0.3 * r, 1)
        pb["B"].keyframe_insert("scale", frame=f)
        e.location = (0.3 + r, 0.2, 0.1 - r)
        e.keyframe_insert("location", frame=f)
        kid.rotation_euler = (0.1, 0.3 + r, 0.0)
        kid.keyframe_insert("rotation_euler", frame=f)
    scene().frame_set(1)
    return [1, 3, 5]


def rig_interleaved():
    """Objects and bones of one armature depending on each other back and forth, as prop rigs do: a
    prop on the hand bone, a bone held by the prop (Child Of), an empty tracking that bone, a bone
    copying the empty's rotation, an object on a bone with Copy Location of a later bone, a driver on
    a bone reading an object that hangs from another bone; the controls keyed, 3 frames."""
    arm = armature("P", [("Root", (0, 0, 0), (0, 0.4, 0), None, False, 0.0),
                         ("Hand", (0, 0.4, 0), (0.1, 0.8, 0.1), "Root", True, 0.2),
                         ("Held", (0.5, 0.0, 0.0), (0.5, 0.3, 0.0), None, False, 0.0),
                         ("Follower", (1.0, 0.0, 0.0), (1.0, 0.3, 0.1), "Held", False, 0.0),
                         ("Late", (-0.5, 0.2, 0.0), (-0.5, 0.6, 0.0), "Root", False, 0.1),
                         ("Driven", (-1.0, 0.0, 0.0), (-1.0, 0.3, 0.0), None, False, 0.0)], loc=(0.2, -0.1, 0.1), rot=(0.0, 0.1, 0.2))
    pb = arm.pose.bones
    for p in pb:
        p.rotation_mode = 'XYZ'
    prop = empty("Prop", loc=(0.05, 0.1, 0.0), rot=(0.2, 0.0, 0.1))
    prop.parent, prop.parent_type, prop.parent_bone = arm, 'BONE', "Hand"
    c = pb["Held"].constraints.new('CHILD_OF')
    c.target = prop
    c.inverse_matrix = (arm.matrix_world @ Matrix.Translation((0.5, 0, 0))).inverted() @ Matrix.Identity(4)
    c.influence = 0.8
    watcher = empty("Watcher", loc=(0.3, 1.0, 0.5))
    c = watcher.constraints.new('DAMPED_TRACK')
    c.target, c.subtarget = arm, "Follower"
    c = pb["Late"].constraints.new('COPY_ROTATION')
    c.target, c.influence = watcher, 0.6
    rider = empty("Rider", loc=(0.0, 0.2, 0.0))
    rider.parent, rider.parent_type, rider.parent_bone = arm, 'BONE', "Late"
    c = rider.constraints.new('COPY_LOCATION')
    c.target, c.subtarget, c.use_offset = arm, "Follower", True
    driver(pb["Driven"], "rotation_euler", 2, "x * 2", [{"name": "x", "type": 'TRANSFORMS', "targets": [{"id": rider, "transform_type": 'LOC_X', "transform_space": 'WORLD_SPACE'}]}])
    for f, r in ((1, 0.0), (5, 0.7)):
        pb["Hand"].rotation_euler = (r, 0.3 * r, -0.2 * r)
        pb["Hand"].keyframe_insert("rotation_euler", frame=f)
        pb["Root"].location = (0.0, 0.0, 0.2 * r)
        pb["Root"].keyframe_insert("location", frame=f)
    scene().frame_set(1)
    return [1, 3, 5]


def rig_instanced():
    """Collection instances: one holding an armature and a constrained empty (a linked character as
    shot files hold it), one holding a mesh only (set dressing); beside them a scene armature."""
    arm = armature("Own", [("B", (0, 0, 0), (0, 0.5, 0), None, False, 0.0)], loc=(0.3, 0.0, 0.0))
    arm.pose.bones["B"].rotation_euler = (0.2, 0.0, 0.1)
    character = bpy.data.collections.new("Character")
    rig = bpy.data.objects.new("CharRig", bpy.data.armatures.new("CharRigD"))
    character.objects.link(rig)
    held = bpy.data.objects.new("CharProp", None)
    character.objects.link(held)
    c = held.constraints.new('COPY_LOCATION')
    c.target = rig
    dressing = bpy.data.collections.new("Dressing")
    mesh = bpy.data.meshes.new("Rock")
    mesh.from_pydata([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [], [(0, 1, 2)])
    dressing.objects.link(bpy.data.objects.new("Rock", mesh))
    for name, col, loc in (("CharacterInstance", character, (1, 0, 0)), ("DressingInstance", dressing, (0, 2, 0))):
        inst = empty(name, loc=loc)
        inst.instance_type = 'COLLECTION'
        inst.instance_collection = col
    scene().frame_set(1)
    return [1]


def rig_driven_settings_wide():
    """Drivers on constraint settings of many kinds from one animated custom property: IK pole angle,
    weight and iterations (a whole number: before, the import refused the rig); Stretch To rest
    length and bulge; Damped Track head/tail; Copy Location axes and offset (booleans); Limit
    Rotation's switch and limit."""
    arm = armature("W", [("R", (0, 0, 0), (0, 0.5, 0), None, False, 0.0),
                         ("U", (0, 0.5, 0), (0, 1.0, 0.1), "R", True, 0.0),
                         ("L", (0, 1.0, 0.1), (0, 1.5, 0.0), "U", True, 0.0),
                         ("S", (1, 0, 0), (1, 0.5, 0), None, False, 0.0),
                         ("T", (2, 0, 0), (2, 0.5, 0), None, False, 0.0),
                         ("Q", (3, 0, 0), (3, 0.5, 0), None, False, 0.0)], loc=(0.1, 0.0, 0.0))
    pb = arm.pose.bones
    for p in pb:
        p.rotation_mode = 'XYZ'
    goal = empty("Goal", loc=(0.6, 1.0, 0.4))
    pole = empty("Pole", loc=(0.0, 0.8, -1.0))
    prop(arm, "k", 0.3, 0.0, 1.0)
    ik = pb["L"].constraints.new('IK')
    ik.target, ik.pole_target, ik.chain_count = goal, pole, 3
    st = pb["S"].constraints.new('STRETCH_TO')
    st.target = goal
    dt = pb["T"].constraints.new('DAMPED_TRACK')
    dt.target, dt.subtarget = arm, "U"
    cl = pb["Q"].constraints.new('COPY_LOCATION')
    cl.target = goal
    lr = pb["Q"].constraints.new('LIMIT_ROTATION')
    lr.use_limit_x, lr.max_x = True, 0.2
    cr = pb["T"].constraints.new('COPY_ROTATION')
    cr.target, cr.influence = pole, 0.5
    k = [{"name": "k", "targets": [{"id": arm, "data_path": '["k"]'}]}]
    specs = [(ik, "pole_angle", "k * 2"), (ik, "weight", "0.5 + k"), (ik, "iterations", "100 + k * 300"),
             (st, "rest_length", "0.3 + k"), (st, "bulge", "1 + k * 3"), (dt, "head_tail", "k"),
             (cl, "use_y", "k < 0.5"), (cl, "use_offset", "k > 0.5"), (lr, "max_x", "k"), (lr, "use_limit_x", "k < 0.6")]
    for c, setting, expr in specs:
        fc = c.driver_add(setting)
        fc.driver.type = 'SCRIPTED'
        fc.driver.expression = expr
        v = fc.driver.variables.new()
        v.name = "k"
        v.targets[0].id = arm
        v.targets[0].data_path = '["k"]'
    for f, x in ((1, 0.3), (3, 0.55), (5, 0.9)):
        arm["k"] = x
        arm.keyframe_insert('["k"]', frame=f)
    scene().frame_set(1)
    return [1, 3, 5]


def rig_rigify_samples(wild=False):
    """Every Rigify rig type of this Blender as its own sample metarig, generated one by one into its
    own rig (RIG-m_<type>; a type that cannot stand alone, as skin.glue without a chain, is left out),
    every control posed a little (`wild`: far, with every custom property of the pose bones set to a
    random value of its range). Rigify's rig types are what hidden Rigify rigs are made of."""
    import random
    import addon_utils
    addon_utils.enable('rigify', default_set=True)
    from rigify import rig_lists
    made = []
    for i, kind in enumerate(sorted(rig_lists.rigs.keys())):
        name = "m_" + kind.replace('.', '_')
        meta = link(bpy.data.objects.new(name, bpy.data.armatures.new(name)))
        meta.location = (i * 2.0, 0.0, 0.0)
        bpy.context.view_layer.objects.active = meta
        bpy.ops.object.mode_set(mode='EDIT')
        bpy.ops.armature.metarig_sample_add(metarig_type=kind)
        bpy.ops.object.mode_set(mode='OBJECT')
        before = set(bpy.data.objects.keys())
        try:
            bpy.ops.pose.rigify_generate()
        except Exception as e:
            print("rigs.py: rigify sample %s does not generate alone: %s" % (kind, str(e).splitlines()[-1]))
            for n in set(bpy.data.objects.keys()) - before:
                bpy.data.objects.remove(bpy.data.objects[n], do_unlink=True)
            continue
        made.append(("RIG-" + name, kind))
    keep = {n for n, _ in made}
    for o in list(bpy.data.objects):
        if o.name not in keep:
            bpy.data.objects.remove(o, do_unlink=True)
    print("rigs.py: rigify samples generated: %s" % ", ".join(k for _, k in made))
    for rig_name, kind in made:
        pose_controls(bpy.data.objects[rig_name], random.Random(kind + ('-wild' if wild else '')), (1.0, 0.15) if wild else (0.25, 0.03), wild)
    return [1]


def rig_gltf_character():
    """A glTF character as Blender's importer makes it (../shared/assets/mannequin-anim.glb: bones with
    the importer's rolls, quaternion channels, its Walk action playing at many keys), with constraints
    on top, as a user brings a game character in: IK on the left arm to an empty with a pole, Damped
    Track of the head to another empty, a Copy Rotation on the spine at influence 0.5; 4 frames."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', 'shared', 'assets', 'mannequin-anim.glb')
    # Blender 3.4's glTF importer needs numpy and its removed `np.bool` alias (Debian: python3-numpy).
    import numpy
    if not hasattr(numpy, 'bool8') or 'bool' not in numpy.__dict__:
        numpy.bool = bool
    bpy.ops.import_scene.gltf(filepath=path)
    arm = next(o for o in scene().objects if o.type == 'ARMATURE')
    ad = arm.animation_data
    walk = next(a for a in bpy.data.actions if 'Walk' in a.name)
    if ad is None:
        ad = arm.animation_data_create()
    ad.action = walk
    # The importer pushes clips to NLA tracks: play Walk as the active action, with no track under it.
    for t in list(ad.nla_tracks):
        ad.nla_tracks.remove(t)
    names = [b.name for b in arm.pose.bones]
    print("rigs.py: gltf bones:", names)
    def find(*keys):
        for k in keys:
            for n in names:
                if k.lower() in n.lower():
                    return n
        return None
    hand, head, spine = find('hand.L'), find('spine.006'), find('spine.002')
    goal = empty("Goal", loc=(0.4, -0.3, 1.1))
    pole = empty("Pole", loc=(0.6, 0.5, 1.2))
    look = empty("Look", loc=(0.0, -1.5, 1.8))
    if hand:
        c = arm.pose.bones[hand].constraints.new('IK')
        c.target, c.pole_target, c.chain_count, c.pole_angle = goal, pole, 3, 0.3
    if head:
        c = arm.pose.bones[head].constraints.new('DAMPED_TRACK')
        c.target, c.influence = look, 0.8
    if spine:
        c = arm.pose.bones[spine].constraints.new('COPY_ROTATION')
        c.target, c.influence, c.mix_mode = look, 0.5, 'ADD'
    goal.keyframe_insert("location", frame=1)
    goal.location = (0.2, -0.5, 0.9)
    goal.keyframe_insert("location", frame=20)
    scene().frame_set(1)
    return [1, 7, 13.5, 20]


def rig_int_curves():
    """Custom properties of whole numbers keyed, as a rig's switches are: keyed through keyframe_insert
    (Blender flags the curve FCURVE_INT_VALUES and makes the keys LINEAR: the value between keys is
    rounded, 0 to 3 gives 2 at the middle) on a pose bone and on the armature object, one with an
    eased key and a Generator modifier; one keyed through `fcurves.new` (no flag: Blender truncates
    the value as it writes the int, 0 to 3 gives 1 at the middle); a float beside them. Drivers move
    bones by each, and a parent switch (an Armature constraint's weights driven by `sw == k`, as
    Rigify's) follows the rounded one. Frames between the keys, at halves and thirds."""
    arm = armature("IR", [("Ctl", (0, 0, 0), (0, 0.5, 0), None, False, 0.0),
                          ("A", (1, 0, 0), (1, 0.5, 0), None, False, 0.0),
                          ("B", (2, 0, 0), (2, 0.5, 0), None, False, 0.0),
                          ("P0", (0, 1, 0), (0, 1.5, 0), None, False, 0.0),
                          ("P1", (1, 1, 0.5), (1, 1.5, 0.5), None, False, 0.0),
                          ("Sw", (3, 0, 0), (3, 0.5, 0), None, False, 0.0)])
    pb = arm.pose.bones
    for p in pb:
        p.rotation_mode = 'XYZ'
    prop(pb["Ctl"], "sw", 0, 0, 3)
    prop(pb["Ctl"], "raw", 0, -5, 5)
    prop(pb["Ctl"], "fl", 0.0, -5.0, 5.0)
    prop(arm, "mode", 0, 0, 4)
    pb["P0"].location = (0.2, 0.0, 0.1)
    pb["P1"].rotation_euler = (0.4, 0.1, 0.0)
    for f, sw, fl, mode in ((1, 0, 0.0, 0), (5, 3, 1.5, 4), (8, 1, -1.0, 1), (12, 2, 0.5, 3)):
        pb["Ctl"]["sw"], pb["Ctl"]["fl"], arm["mode"] = sw, fl, mode
        pb["Ctl"].keyframe_insert('["sw"]', frame=f)
        pb["Ctl"].keyframe_insert('["fl"]', frame=f)
        arm.keyframe_insert('["mode"]', frame=f)
    act = arm.animation_data.action
    mode = act.fcurves.find('["mode"]')
    mode.keyframe_points[1].interpolation = 'SINE'
    gen = mode.modifiers.new('GENERATOR')
    gen.use_additive = True
    gen.coefficients = (0.3, 0.05)
    raw = act.fcurves.new('pose.bones["Ctl"]["raw"]')
    for f, v in ((1, 0), (5, 3), (8, -3), (12, 4)):
        raw.keyframe_points.insert(f, v)
    def var(name, path, holder=arm):
        return {"name": name, "targets": [{"id": holder, "data_path": path}]}
    driver(pb["A"], "location", 0, "sw * 0.1", [var("sw", 'pose.bones["Ctl"]["sw"]')])
    driver(pb["A"], "location", 1, "raw * 0.1", [var("raw", 'pose.bones["Ctl"]["raw"]')])
    driver(pb["A"], "location", 2, "fl * 0.1", [var("fl", 'pose.bones["Ctl"]["fl"]')])
    driver(pb["B"], "rotation_euler", 2, "mode * 0.2", [var("mode", '["mode"]')])
    c = pb["Sw"].constraints.new('ARMATURE')
    for k, sub in enumerate(("P0", "P1", "Ctl")):
        t = c.targets.new()
        t.target, t.subtarget = arm, sub
        driver(arm, 'pose.bones["Sw"].constraints["Armature"].targets[%d].weight' % k, -1, "sw == %d" % k, [var("sw", 'pose.bones["Ctl"]["sw"]')])
    scene().frame_set(1)
    return [1, 2.5, 3, 3.5, 6.5, 7, 10, 11.5, 14]


def rig_keyed_driven():
    """Owners an action keys and drivers drive, as an animator keys every bone of a rig whose TA put
    drivers on some: Blender plays the action, then the drivers replace their channels, then builds
    the pose. Bones keyed on location with a driven rotation, keyed and driven on the same channel,
    in QUATERNION and AXIS_ANGLE modes (a driven W, a driven angle); objects keyed and driven, one
    with keyed delta location and a driven delta rotation, one played by an NLA strip with a driven
    scale; a Copy Rotation on a driven bone; a child of a driven bone. Frames between the keys."""
    arm = armature("KD", [("Ctl", (0, 0, 0), (0, 0.5, 0), None, False, 0.0),
                          ("A", (1, 0, 0), (1, 0.5, 0), None, False, 0.0),
                          ("B", (2, 0, 0), (2, 0.5, 0), "A", False, 0.0),
                          ("Q", (3, 0, 0), (3, 0.5, 0.2), None, False, 0.2),
                          ("W", (4, 0, 0), (4, 0.6, 0), "Q", False, 0.0),
                          ("C", (5, 0, 0), (5, 0.5, 0), "B", False, 0.0)])
    pb = arm.pose.bones
    for p in pb:
        p.rotation_mode = 'XYZ'
    pb["Q"].rotation_mode = 'QUATERNION'
    pb["W"].rotation_mode = 'AXIS_ANGLE'
    prop(pb["Ctl"], "k", 0.0, -5.0, 5.0)
    e = empty("E", (0, 2, 0))
    d = empty("D", (1, 2, 0), rot=(0.2, 0.0, 0.1))
    q = empty("EQ", (2, 2, 0))
    q.rotation_mode = 'QUATERNION'
    for f, k, loc, rot in ((1, 0.0, 0.0, 0.0), (5, 1.0, 0.4, 0.5), (9, -0.5, -0.2, 1.0)):
        pb["Ctl"]["k"] = k
        pb["Ctl"].keyframe_insert('["k"]', frame=f)
        pb["A"].location = (loc, 0, 0)
        pb["A"].keyframe_insert('location', frame=f)
        pb["B"].rotation_euler = (rot, 0, 0)
        pb["B"].keyframe_insert('rotation_euler', frame=f)
        pb["Q"].rotation_quaternion = (math.cos(rot / 2), 0, math.sin(rot / 2), 0)
        pb["Q"].keyframe_insert('rotation_quaternion', frame=f)
        pb["Q"].location = (0, loc, 0)
        pb["Q"].keyframe_insert('location', frame=f)
        pb["W"].rotation_axis_angle = (rot, 0, 0, 1)
        pb["W"].keyframe_insert('rotation_axis_angle', frame=f)
        pb["C"].scale = (1 + loc, 1, 1)
        pb["C"].keyframe_insert('scale', frame=f)
        e.location = (0, 2, loc)
        e.keyframe_insert('location', frame=f)
        d.delta_location = (loc, 0, 0)
        d.keyframe_insert('delta_location', frame=f)
        q.rotation_quaternion = (1, rot, 0, 0)
        q.keyframe_insert('rotation_quaternion', frame=f)
    n = empty("N", (3, 2, 0))
    n.animation_data_create()
    strip_act = keyed_action("NAct", [("location", 0, [(1, 3.0), (9, 3.5)]), ("rotation_euler", 2, [(1, 0.0), (9, 0.7)])])
    n.animation_data.nla_tracks.new().strips.new("S", 1, strip_act)
    c = pb["C"].constraints.new('COPY_ROTATION')
    c.target, c.subtarget, c.influence = arm, "Ctl", 0.5
    def var(name, path, holder=arm):
        return {"name": name, "targets": [{"id": holder, "data_path": path}]}
    k = [var("k", 'pose.bones["Ctl"]["k"]')]
    driver(pb["A"], "rotation_euler", 2, "k * 0.5", k)
    driver(pb["B"], "rotation_euler", 0, "k * 0.3", k)
    driver(pb["Q"], "rotation_quaternion", 0, "1 + k * 0.4", k)
    driver(pb["Q"], "rotation_quaternion", 3, "k * 0.2", k)
    driver(pb["W"], "rotation_axis_angle", 0, "k * 0.9", k)
    driver(pb["W"], "location", 1, "k * 0.1", k)
    driver(pb["C"], "rotation_euler", 1, "k * -0.6", k)
    driver(e, "rotation_euler", 1, "k * 0.7", k)
    driver(e, "location", 2, "k * 0.2 + 1", k)
    driver(d, "delta_rotation_euler", 2, "k * 0.4", k)
    driver(d, "scale", 0, "1 + k * 0.3", k)
    driver(q, "rotation_quaternion", 2, "k * 0.5", k)
    driver(n, "scale", 2, "1 - k * 0.2", k)
    scene().frame_set(1)
    return [1, 3, 5, 7.5, 11]


def rig_keyed_switches():
    """What an animator keys on top of a TA's drivers, each set on its own as Blender sets them: a
    keyed custom property that a driver also sets (the driver wins), a keyed influence that a driver
    also sets, a keyed influence beside a driven mute, a driven influence beside a driven mute, a
    keyed mute (held between keys) and a keyed enabled, one on a constraint muted in the file, a keyed
    mute beside a keyed influence, and a keyed channel that a driver sets and another driver reads."""
    arm = armature("KS", [("Ctl", (0, 0, 0), (0, 0.5, 0), None, False, 0.0),
                          ("A", (1, 0, 0), (1, 0.5, 0), None, False, 0.0),
                          ("B", (2, 0, 0), (2, 0.5, 0), None, False, 0.0),
                          ("T", (3, 0, 0), (3, 0.5, 0.3), None, False, 0.0),
                          ("R", (4, 0, 0), (4, 0.5, 0), None, False, 0.0),
                          ("M", (5, 0, 0), (5, 0.5, 0), None, False, 0.0),
                          ("N", (6, 0, 0), (6, 0.5, 0), None, False, 0.0)])
    pb = arm.pose.bones
    for p in pb:
        p.rotation_mode = 'XYZ'
    prop(pb["Ctl"], "k", 0.0, -5.0, 5.0)
    prop(pb["Ctl"], "both", 0.0, -5.0, 5.0)
    def con(bone, kind, influence=1.0):
        c = pb[bone].constraints.new(kind)
        c.target, c.subtarget, c.influence = arm, "T", influence
        return c
    keyed_inf = con("B", 'COPY_LOCATION')
    keyed_inf_driven_mute = con("B", 'COPY_ROTATION')
    driven_both = con("B", 'COPY_SCALE', 0.8)
    keyed_mute = con("M", 'COPY_LOCATION', 0.7)
    keyed_enabled = con("M", 'COPY_ROTATION')
    muted_in_file = con("N", 'COPY_LOCATION', 0.6)
    muted_in_file.mute = True
    keyed_both = con("N", 'COPY_ROTATION')
    for f, k in ((1, 0.0), (5, 1.0), (9, -0.5), (12, 0.8)):
        pb["Ctl"]["k"] = k
        pb["Ctl"].keyframe_insert('["k"]', frame=f)
        pb["Ctl"]["both"] = k * 2
        pb["Ctl"].keyframe_insert('["both"]', frame=f)
        keyed_inf.influence = 0.3 + 0.1 * f / 9
        keyed_inf.keyframe_insert('influence', frame=f)
        keyed_inf_driven_mute.influence = 0.9 - 0.1 * f / 9
        keyed_inf_driven_mute.keyframe_insert('influence', frame=f)
        keyed_mute.mute = f in (5, 12)
        keyed_mute.keyframe_insert('mute', frame=f)
        keyed_enabled.enabled = f != 9
        keyed_enabled.keyframe_insert('enabled', frame=f)
        muted_in_file.mute = f not in (5, 9)
        muted_in_file.keyframe_insert('mute', frame=f)
        keyed_both.mute = f == 9
        keyed_both.keyframe_insert('mute', frame=f)
        keyed_both.influence = 0.2 + 0.07 * f
        keyed_both.keyframe_insert('influence', frame=f)
        pb["T"].location = (k, 0.5, 0)
        pb["T"].rotation_euler = (0, 0, k)
        pb["T"].scale = (1 + 0.3 * k, 1, 1)
        for ch in ('location', 'rotation_euler', 'scale'):
            pb["T"].keyframe_insert(ch, frame=f)
        pb["A"].rotation_euler = (0.3 * k, 0, 0)
        pb["A"].keyframe_insert('rotation_euler', frame=f)
    def var(name, path, holder=arm):
        return {"name": name, "targets": [{"id": holder, "data_path": path}]}
    k = [var("k", 'pose.bones["Ctl"]["k"]')]
    driver(pb["Ctl"], '["both"]', -1, "k * 0.5 + 0.25", k)
    driver(pb["A"], "location", 0, "both", [var("both", 'pose.bones["Ctl"]["both"]')])
    driver(keyed_inf, "influence", -1, "0.5 + k * 0.2", k)
    driver(keyed_inf_driven_mute, "mute", -1, "k > 0.6", k)
    driver(driven_both, "influence", -1, "0.4 - k * 0.3", k)
    driver(driven_both, "mute", -1, "k < -0.2", k)
    driver(pb["A"], "rotation_euler", 0, "k * 0.7", k)
    driver(pb["R"], "rotation_euler", 2, "a * 2", [var("a", 'pose.bones["A"].rotation_euler[0]')])
    scene().frame_set(1)
    return [1, 3, 5, 7.5, 9, 10.5, 12, 14]


def rig_muted_ik_tree(keyed=False):
    """Two IK chains from one root (chain length 0, so both reach it and Blender joins them in one
    tree), the second IK muted in the file, with nothing keyed: Blender solves the first chain alone,
    leaves the muted chain out of the tree, and orders that chain's bones as a chain all the same
    (they take their root's pose from before the solve, and stay there as the solve turns the root).
    A third chain whose IK has influence 0. An object on the muted chain's tip."""
    arm = armature("MT", [("Root", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
                          ("A1", (0, 0, 0.5), (0.3, 0, 1.0), "Root", True, 0.0),
                          ("A2", (0.3, 0, 1.0), (0.7, 0, 1.3), "A1", True, 0.0),
                          ("B1", (0, 0, 0.5), (-0.3, 0.1, 1.0), "Root", False, 0.2),
                          ("B2", (-0.3, 0.1, 1.0), (-0.7, 0.1, 1.2), "B1", True, 0.0),
                          ("C1", (0, 0, 0.5), (0.0, 0.4, 0.9), "Root", False, 0.0),
                          ("C2", (0.0, 0.4, 0.9), (0.0, 0.8, 1.0), "C1", True, 0.0)])
    pb = arm.pose.bones
    pb["B1"].rotation_mode = 'XYZ'
    pb["B1"].rotation_euler = (0.3, 0.0, 0.2)
    goal = empty("Goal", (1.2, 0.6, 0.4))
    other = empty("Other", (-1.0, -0.5, 1.5))
    for tip, target, muted, influence in (("A2", goal, False, 1.0), ("B2", other, True, 1.0), ("C2", other, False, 0.0)):
        c = pb[tip].constraints.new('IK')
        c.target, c.chain_count, c.mute, c.influence = target, 0, muted, influence
    prop_object = empty("OnTip", (0, 0, 0))
    prop_object.parent, prop_object.parent_type, prop_object.parent_bone = arm, 'BONE', "B2"
    if keyed:
        # muted_ik_tree_keyed: the first IK's influence keyed (1 to 0.6), nothing else changed. With an
        # IK switch animated anywhere on the armature, Blender orders the muted chain's and the
        # influence-0 chain's bones as chains: they keep their root's pose from before the solve.
        c = pb["A2"].constraints["IK"]
        for f, v in ((1, 1.0), (5, 0.6)):
            c.influence = v
            c.keyframe_insert('influence', frame=f)
        scene().frame_set(1)
        return [1, 3, 5]
    scene().frame_set(1)
    return [1]


def rig_driven_inheritance():
    """How bones inherit from their parents, switched by drivers as a rig's "head follows the body"
    switch does: Inherit Rotation driven by a keyed bool-like property (0/1), Local Location by
    another, Inherit Scale driven through all six modes by a keyed int property; the parent turned,
    scaled unevenly and keyed; children of the switched bones; a Copy Rotation in the switched bone's
    LOCAL space; a driver reading a switched bone's LOCAL rotation. Frames across the switches."""
    arm = armature("DI", [("Ctl", (0, -1, 0), (0, -0.5, 0), None, False, 0.0),
                          ("Body", (0, 0, 0), (0, 0, 1.0), None, False, 0.0),
                          ("Head", (0, 0, 1.0), (0, 0.1, 1.5), "Body", False, 0.2),
                          ("Hat", (0, 0.1, 1.5), (0, 0.1, 1.8), "Head", True, 0.0),
                          ("Arm", (0.2, 0, 0.9), (0.7, 0, 0.9), "Body", False, 0.0),
                          ("Hand", (0.7, 0, 0.9), (0.9, 0, 0.9), "Arm", True, 0.1),
                          ("Reader", (-1, 0, 0), (-1, 0, 0.5), None, False, 0.0)])
    pb = arm.pose.bones
    for p in pb:
        p.rotation_mode = 'XYZ'
    prop(pb["Ctl"], "follow", 1, 0, 1)
    prop(pb["Ctl"], "local", 1, 0, 1)
    prop(pb["Ctl"], "scale_mode", 0, 0, 5)
    pb["Head"].rotation_euler = (0.2, 0.1, -0.3)
    pb["Head"].location = (0.05, 0.1, 0.0)
    pb["Arm"].location = (0.1, -0.05, 0.02)
    pb["Arm"].rotation_euler = (0.0, 0.3, 0.1)
    aim = empty("Aim", (1.0, 1.0, 2.0), rot=(0.3, 0.2, 0.5))
    c = pb["Head"].constraints.new('COPY_ROTATION')
    c.target, c.owner_space, c.target_space, c.influence, c.mix_mode = aim, 'LOCAL', 'WORLD', 0.4, 'ADD'
    keys = ((1, 1, 1, 0, (0.0, 0.0, 0.0), (1, 1, 1)), (3, 0, 1, 1, (0.4, 0.2, 0.6), (1.3, 0.8, 1.1)),
            (5, 0, 0, 2, (0.8, -0.3, 1.0), (0.7, 1.4, 1.2)), (7, 1, 0, 3, (0.2, 0.5, -0.4), (1.5, 0.6, 0.9)),
            (9, 1, 1, 4, (-0.5, 0.3, 0.2), (0.8, 1.2, 1.6)), (11, 0, 1, 5, (0.3, -0.6, 0.9), (1.2, 1.1, 0.5)))
    for f, follow, local, mode, rot, sc in keys:
        pb["Ctl"]["follow"], pb["Ctl"]["local"], pb["Ctl"]["scale_mode"] = follow, local, mode
        for k in ('["follow"]', '["local"]', '["scale_mode"]'):
            pb["Ctl"].keyframe_insert(k, frame=f)
        pb["Body"].rotation_euler, pb["Body"].scale = rot, sc
        pb["Body"].keyframe_insert('rotation_euler', frame=f)
        pb["Body"].keyframe_insert('scale', frame=f)
    def var(name, path):
        return {"name": name, "targets": [{"id": arm, "data_path": path}]}
    follow = [var("f", 'pose.bones["Ctl"]["follow"]')]
    driver(arm.data, 'bones["Head"].use_inherit_rotation', -1, "f", follow)
    driver(arm.data, 'bones["Arm"].use_inherit_rotation', -1, "1 - f", follow)
    driver(arm.data, 'bones["Head"].use_local_location', -1, "l", [var("l", 'pose.bones["Ctl"]["local"]')])
    driver(arm.data, 'bones["Arm"].inherit_scale', -1, "m", [var("m", 'pose.bones["Ctl"]["scale_mode"]')])
    driver(arm.data, 'bones["Head"].inherit_scale', -1, "5 - m", [var("m", 'pose.bones["Ctl"]["scale_mode"]')])
    driver(pb["Reader"], "rotation_euler", 2, "r", [{"name": "r", "type": 'TRANSFORMS', "targets": [{"id": arm, "bone_target": "Head", "transform_type": 'ROT_Z', "transform_space": 'LOCAL_SPACE'}]}])
    scene().frame_set(1)
    return [1, 2, 3, 4.5, 5, 6, 7, 8.5, 9, 10, 11, 12]


def rig_spinning_reads():
    """Drivers reading a rotation that turns more than once, as a wheel or a dial rig does: Transform
    Channel variables in AUTO mode, whose Euler reading Blender keeps compatible with the owner's
    Euler angles as animation and drivers have set them this frame (pchan->eul, ob->rot), not as
    authored. A bone keyed to turn 20 rad about Z (and some X), read in transform, world and local
    space; a ZXY bone keyed the other way; an empty keyed to turn; a bone turned by a driver from a
    keyed property (no action of its own), read by another driver."""
    arm = armature("Sp", [("Wheel", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
                          ("Dial", (1, 0, 0), (1, 0.5, 0), None, False, 0.3),
                          ("Spun", (-1, 0, 0), (-1, 0, 0.4), None, False, 0.0),
                          ("Ctl", (0, -1, 0), (0, -1, 0.3), None, False, 0.0),
                          ("R1", (0, 1, 0), (0, 1, 0.2), None, False, 0.0),
                          ("R2", (0.5, 1, 0), (0.5, 1, 0.2), None, False, 0.0),
                          ("R3", (1, 1, 0), (1, 1, 0.2), None, False, 0.0)])
    pb = arm.pose.bones
    for p in pb:
        p.rotation_mode = 'XYZ'
    pb["Dial"].rotation_mode = 'ZXY'
    prop(pb["Ctl"], "turn", 0.0, -100.0, 100.0)
    wheel = empty("Knob", (2, 0, 0))
    for f, z, x, t in ((1, 0.0, 0.1, 0.0), (6, 9.0, 0.4, -14.0), (11, 20.0, -0.3, 25.0)):
        pb["Wheel"].rotation_euler = (x, 0.05 * z, z)
        pb["Wheel"].keyframe_insert('rotation_euler', frame=f)
        pb["Dial"].rotation_euler = (0.2, -0.1, -z)
        pb["Dial"].keyframe_insert('rotation_euler', frame=f)
        wheel.rotation_euler = (0.1, z * 0.7, 0.2)
        wheel.keyframe_insert('rotation_euler', frame=f)
        pb["Ctl"]["turn"] = t
        pb["Ctl"].keyframe_insert('["turn"]', frame=f)
    for fc in list(arm.animation_data.action.fcurves) + list(wheel.animation_data.action.fcurves):
        for k in fc.keyframe_points:
            k.interpolation = 'LINEAR'
    def tv(name, target, channel, space, bone=None):
        t = {"id": target, "transform_type": channel, "transform_space": space, "rotation_mode": 'AUTO'}
        if bone:
            t["bone_target"] = bone
        return {"name": name, "type": 'TRANSFORMS', "targets": [t]}
    driver(pb["Spun"], "rotation_euler", 2, "t", [{"name": "t", "targets": [{"id": arm, "data_path": 'pose.bones["Ctl"]["turn"]'}]}])
    driver(pb["R1"], "location", 0, "a * 0.05", [tv("a", arm, 'ROT_Z', 'TRANSFORM_SPACE', "Wheel")])
    driver(pb["R1"], "location", 1, "a * 0.05", [tv("a", arm, 'ROT_Z', 'WORLD_SPACE', "Wheel")])
    driver(pb["R1"], "location", 2, "a * 0.05", [tv("a", arm, 'ROT_Z', 'LOCAL_SPACE', "Wheel")])
    driver(pb["R2"], "location", 0, "a * 0.05", [tv("a", arm, 'ROT_Z', 'TRANSFORM_SPACE', "Dial")])
    driver(pb["R2"], "location", 1, "a * 0.05", [tv("a", arm, 'ROT_X', 'TRANSFORM_SPACE', "Wheel")])
    driver(pb["R2"], "location", 2, "a * 0.05", [tv("a", wheel, 'ROT_Y', 'TRANSFORM_SPACE')])
    driver(pb["R3"], "location", 0, "a * 0.05", [tv("a", arm, 'ROT_Z', 'TRANSFORM_SPACE', "Spun")])
    driver(pb["R3"], "location", 1, "a * 0.05", [tv("a", wheel, 'ROT_Y', 'WORLD_SPACE')])
    scene().frame_set(1)
    return [1, 2, 3.5, 5, 6, 7.5, 9, 10, 11]


def rig_keyed_reads():
    """Single Property variables reading what an animator keys: a constraint's influence, a Copy
    Location's Head/Tail and a Limit Rotation's max, an object's location and scale, a bone's
    quaternion, a custom property of the armature data and of an object, each keyed (not driven)."""
    arm = armature("KR", [("A", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
                          ("T", (1, 0, 0), (1, 0, 0.7), None, False, 0.0),
                          ("Q", (0, 1, 0), (0, 1, 0.4), None, False, 0.0),
                          ("R1", (0, -1, 0), (0, -1, 0.2), None, False, 0.0),
                          ("R2", (0.5, -1, 0), (0.5, -1, 0.2), None, False, 0.0),
                          ("R3", (1, -1, 0), (1, -1, 0.2), None, False, 0.0)])
    pb = arm.pose.bones
    pb["Q"].rotation_mode = 'QUATERNION'
    c = pb["A"].constraints.new('COPY_LOCATION')
    c.name, c.target, c.subtarget = "CL", arm, "T"
    lr = pb["A"].constraints.new('LIMIT_ROTATION')
    lr.name, lr.use_limit_z, lr.max_z, lr.owner_space = "LR", True, 0.5, 'LOCAL'
    e = empty("Box", (2, 0, 0))
    prop(arm.data, "dial", 0.0, -5.0, 5.0)
    prop(e, "knob", 0.0, -5.0, 5.0)
    for f, k in ((1, 0.0), (5, 1.0), (9, 0.3)):
        c.influence = 0.2 + 0.6 * k
        c.head_tail = k
        lr.max_z = 0.5 - k
        c.keyframe_insert('influence', frame=f)
        c.keyframe_insert('head_tail', frame=f)
        lr.keyframe_insert('max_z', frame=f)
        e.location = (2, k, -k)
        e.scale = (1 + k, 1, 1 - 0.5 * k)
        e.keyframe_insert('location', frame=f)
        e.keyframe_insert('scale', frame=f)
        pb["Q"].rotation_quaternion = (1.0 - 0.5 * k, 0.3 * k, 0.2, -0.4 * k)
        pb["Q"].keyframe_insert('rotation_quaternion', frame=f)
        arm.data["dial"] = 3 * k - 1
        arm.data.keyframe_insert('["dial"]', frame=f)
        e["knob"] = 2 - 4 * k
        e.keyframe_insert('["knob"]', frame=f)
        pb["A"].rotation_euler = (0, 0, 2 * k)
        pb["A"].keyframe_insert('rotation_euler', frame=f)
    def sp(name, target, path, id_type=None):
        t = {"id": target, "data_path": path}
        if id_type:
            t["id_type"] = id_type
        return {"name": name, "targets": [t]}
    driver(pb["R1"], "location", 0, "v", [sp("v", arm, 'pose.bones["A"].constraints["CL"].influence')])
    driver(pb["R1"], "location", 1, "v", [sp("v", arm, 'pose.bones["A"].constraints["CL"].head_tail')])
    driver(pb["R1"], "location", 2, "v", [sp("v", arm, 'pose.bones["A"].constraints["LR"].max_z')])
    driver(pb["R2"], "location", 0, "v", [sp("v", e, 'location[1]')])
    driver(pb["R2"], "location", 1, "v", [sp("v", e, 'scale[2]')])
    driver(pb["R2"], "location", 2, "v", [sp("v", arm, 'pose.bones["Q"].rotation_quaternion[3]')])
    driver(pb["R3"], "location", 0, "v", [sp("v", arm.data, '["dial"]', 'ARMATURE')])
    driver(pb["R3"], "location", 1, "v", [sp("v", e, '["knob"]')])
    driver(pb["R3"], "location", 2, "v", [sp("v", arm, 'pose.bones["A"].rotation_euler[2]')])
    scene().frame_set(1)
    return [1, 3, 5, 7, 9, 10]


def rig_nla_reads():
    """Drivers reading what the NLA plays: a bone's location and rotation from a pushed-down strip
    with the active action ADDed on top (and its scale, which nothing keys), an object's location
    from its strip, custom properties keyed in a strip's action (a float, an array's element, an int
    in a second strip held forward) and in the action on top; Single Property variables (Blender reads the values the
    NLA wrote) and a Transform Channel in transform space."""
    arm = armature("NR", [("A", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
                          ("R1", (0, -1, 0), (0, -1, 0.2), None, False, 0.0),
                          ("R2", (1, -1, 0), (1, -1, 0.2), None, False, 0.0)])
    pb = arm.pose.bones
    arm.animation_data_create()
    bone = lambda b, p: 'pose.bones["%s"].%s' % (b, p)
    prop(pb["A"], "sw", 0.5, -10.0, 10.0)
    prop(pb["A"], "mode", 0, 0, 3)
    pb["A"]["vec"] = [0.0, 0.25, 0.0]
    walk = keyed_action("NRWalk", [(bone("A", "location"), 0, [(1, 0.0), (9, 1.0)]), (bone("A", "rotation_euler"), 2, [(1, 0.2), (9, 1.2)]),
                                   ('pose.bones["A"]["sw"]', 0, [(1, -1.0), (9, 3.0)]), ('pose.bones["A"]["vec"]', 1, [(1, 2.0), (9, -2.0)])])
    t = arm.animation_data.nla_tracks.new()
    t.strips.new("W", 2, walk)
    arm.animation_data.action = keyed_action("NRTop", [(bone("A", "location"), 1, [(1, 0.0), (9, 0.5)])])
    # A switch keyed in a second strip (held past its end) and one keyed by the action on top.
    flip = bpy.data.actions.new("NRFlip")
    pb["A"]["mode"] = 0
    arm.keyframe_insert('pose.bones["A"]["mode"]', frame=1)
    pb["A"]["mode"] = 3
    arm.keyframe_insert('pose.bones["A"]["mode"]', frame=6)
    top = arm.animation_data.action
    keyed = top.fcurves.find('pose.bones["A"]["mode"]')
    flipped = flip.fcurves.new('pose.bones["A"]["mode"]', index=0)
    for k in keyed.keyframe_points:
        flipped.keyframe_points.insert(k.co[0], k.co[1])
    top.fcurves.remove(keyed)
    t2 = arm.animation_data.nla_tracks.new()
    s2 = t2.strips.new("F", 3, flip)
    s2.extrapolation = 'HOLD_FORWARD'
    prop(pb["A"], "top", 0.0, -5.0, 5.0)
    pb["A"]["top"] = 0.0
    arm.keyframe_insert('pose.bones["A"]["top"]', frame=1)
    pb["A"]["top"] = 2.0
    arm.keyframe_insert('pose.bones["A"]["top"]', frame=9)
    arm.animation_data.action_blend_type = 'ADD'
    box = empty("NBox", (2, 0, 0))
    box.animation_data_create()
    mv = keyed_action("NRBox", [("location", 2, [(1, 0.0), (9, 2.0)])])
    box.animation_data.nla_tracks.new().strips.new("B", 1, mv)
    def sp(name, target, path):
        return {"name": name, "targets": [{"id": target, "data_path": path}]}
    driver(pb["R1"], "location", 0, "v", [sp("v", arm, 'pose.bones["A"].location[0]')])
    driver(pb["R1"], "location", 1, "v", [sp("v", arm, 'pose.bones["A"].location[1]')])
    driver(pb["R1"], "location", 2, "v", [sp("v", arm, 'pose.bones["A"].rotation_euler[2]')])
    driver(pb["R2"], "location", 0, "v + 0.1 * s + 0.3 * m + 0.2 * t", [sp("v", arm, 'pose.bones["A"].scale[1]'), sp("s", arm, 'pose.bones["A"]["sw"]'),
                                                                      sp("m", arm, 'pose.bones["A"]["mode"]'), sp("t", arm, 'pose.bones["A"]["top"]')])
    driver(pb["R2"], "location", 1, "v + 0.1 * w", [sp("v", box, 'location[2]'), sp("w", arm, 'pose.bones["A"]["vec"][1]')])
    driver(pb["R2"], "location", 2, "v", [{"name": "v", "type": 'TRANSFORMS', "targets": [{"id": arm, "bone_target": "A", "transform_type": 'LOC_X', "transform_space": 'TRANSFORM_SPACE'}]}])
    scene().frame_set(1)
    return [1, 3, 5.5, 8, 11]


def rig_nla_settings():
    """Constraint settings keyed in actions the NLA plays, as an animator keys an IK/FK switch by the
    IK's influence and pushes the action down: an IK's influence in a strip that blends in and out
    (so the NLA blends it from the setting's default), a Copy Location's Head/Tail in a second strip
    ADDed over it, a Limit Rotation's max in the active action on top of the NLA; a Copy Rotation's
    mute and Mix mode keyed in a third strip that blends in, a Limit Location's enabled keyed in the
    action on top."""
    arm = armature("NS", [("Up", (0, 0, 0), (0, 0.1, 1.0), None, False, 0.0),
                          ("Lo", (0, 0.1, 1.0), (0, 0, 2.0), "Up", True, 0.0),
                          ("T", (1, 0, 0), (1, 0, 0.8), None, False, 0.0),
                          ("C", (-1, 0, 0), (-1, 0, 0.3), None, False, 0.0)])
    pb = arm.pose.bones
    goal = empty("NGoal", (0.8, 0.3, 1.2))
    ik = pb["Lo"].constraints.new('IK')
    ik.name, ik.target, ik.chain_count, ik.influence = "IK", goal, 2, 0.3
    cl = pb["C"].constraints.new('COPY_LOCATION')
    cl.name, cl.target, cl.subtarget, cl.head_tail = "CL", arm, "T", 0.2
    lr = pb["C"].constraints.new('LIMIT_ROTATION')
    lr.name, lr.use_limit_z, lr.max_z, lr.owner_space = "LR", True, 0.4, 'LOCAL'
    pb["C"].rotation_euler = (0, 0, 1.2)
    goal.rotation_euler = (0.4, 0.2, 0.9)
    cr = pb["T"].constraints.new('COPY_ROTATION')
    cr.name, cr.target = "CR", goal
    ll = pb["C"].constraints.new('LIMIT_LOCATION')
    ll.name, ll.use_max_x, ll.max_x = "LL", True, -0.5
    arm.animation_data_create()
    con = lambda b, c, p: 'pose.bones["%s"].constraints["%s"].%s' % (b, c, p)
    switch = keyed_action("NSSwitch", [(con("Lo", "IK", "influence"), 0, [(1, 1.0), (6, 0.2), (11, 0.9)])])
    reach = keyed_action("NSReach", [(con("C", "CL", "head_tail"), 0, [(1, 0.1), (9, 0.8)])])
    t1 = arm.animation_data.nla_tracks.new()
    s1 = t1.strips.new("S", 2, switch)
    s1.blend_in, s1.blend_out = 2.0, 2.0
    s1.extrapolation = 'NOTHING'
    t2 = arm.animation_data.nla_tracks.new()
    s2 = t2.strips.new("R", 1, reach)
    s2.blend_type = 'ADD'
    s2.influence = 0.5
    s2.use_animated_influence = False
    # A mute keyed in a third strip that blends in (Blender sets the bool on from a blended 0.5).
    mute = bpy.data.actions.new("NSMute")
    fc = mute.fcurves.new(con("T", "CR", "mute"), index=0)
    for fr, v in ((1, 0.0), (2, 1.0), (8, 0.0)):
        fc.keyframe_points.insert(fr, v).interpolation = 'CONSTANT'
    # The Copy Rotation's Mix mode (an enum, its items' values keyed) in the same strip.
    items = cr.bl_rna.properties['mix_mode'].enum_items
    mix = mute.fcurves.new(con("T", "CR", "mix_mode"), index=0)
    for fr, item in ((1, 'ADD'), (3, 'AFTER'), (6, 'BEFORE')):
        mix.keyframe_points.insert(fr, items[item].value).interpolation = 'CONSTANT'
    t3 = arm.animation_data.nla_tracks.new()
    s3 = t3.strips.new("M", 3, mute)
    s3.blend_in = 4.0
    arm.animation_data.action = keyed_action("NSTop", [(con("C", "LR", "max_z"), 0, [(1, 0.1), (12, 0.9)])])
    en = arm.animation_data.action.fcurves.new(con("C", "LL", "enabled"), index=0)
    for fr, v in ((1, 1.0), (6, 0.0), (10, 1.0)):
        en.keyframe_points.insert(fr, v).interpolation = 'CONSTANT'
    scene().frame_set(1)
    return [1, 2.5, 3, 4, 5, 6, 7, 8, 9.5, 11, 12.5, 14]


def rig_shared_data():
    """Linked duplicates: two armature objects sharing one armature datablock (Alt+D), each with its
    own pose, constraints and drivers; the datablock's custom property, its B-Bone ease driven from
    it, and its own action keying it; a third object on the same data built bare, with one
    constraint reading the driven B-Bone."""
    a = armature("Hero", [
        ("Root", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
        ("Arm", (0, 0, 0.5), (0.6, 0, 0.9), "Root", True, 0.2),
        ("Fore", (0.6, 0, 0.9), (1.1, 0.1, 0.8), "Arm", True, -0.1),
        ("Tail", (0, 0, 0), (0, -0.8, 0.2), "Root", False, 0.0),
        ("Rider", (0.2, -0.4, 0.4), (0.2, -0.4, 0.6), "Root", False, 0.0),
        ("Look", (-0.4, 0, 0.6), (-0.4, 0.3, 0.6), "Root", False, 0.0),
    ], loc=(0.1, 0.0, 0.2), rot=(0.0, 0.0, 0.3))
    d = a.data
    d.bones["Tail"].bbone_segments = 5
    prop(d, "bend", 0.4, 0.0, 2.0)
    prop(d.bones["Look"], "aim", 0.7, 0.0, 1.0)
    driver(d, 'bones["Tail"].bbone_easeout', -1, "bend * 2", [
        {"name": "bend", "targets": [{"id_type": 'ARMATURE', "id": d, "data_path": '["bend"]'}]}])
    driver(d, 'bones["Tail"].bbone_curveinx', -1, "bend * 0.3", [
        {"name": "bend", "targets": [{"id_type": 'ARMATURE', "id": d, "data_path": '["bend"]'}]}])
    for f, v in ((1, 0.4), (7, 1.6)):
        d["bend"] = v
        d.keyframe_insert('["bend"]', frame=f)
    p = a.pose.bones
    p["Tail"].bbone_curveoutz = 0.2
    c = p["Rider"].constraints.new('COPY_LOCATION')
    c.target, c.subtarget, c.head_tail, c.use_bbone_shape = a, "Tail", 0.6, True
    c = p["Fore"].constraints.new('IK')
    c.target, c.chain_count = empty("Reach", loc=(0.9, -0.4, 0.5)), 2
    c = p["Look"].constraints.new('DAMPED_TRACK')
    c.target, c.subtarget = a, "Fore"
    driver(c, "influence", -1, "aim", [
        {"name": "aim", "targets": [{"id_type": 'ARMATURE', "id": d, "data_path": 'bones["Look"]["aim"]'}]}])
    prop(p["Root"], "lean", 0.3, -1.0, 1.0)
    driver(p["Arm"], "rotation_euler", 0, "lean", [
        {"name": "lean", "targets": [{"id": a, "data_path": 'pose.bones["Root"]["lean"]'}]}])
    for bone in ("Root", "Arm"):
        p[bone].rotation_mode = 'XYZ'
    p["Root"].rotation_euler = (0.1, 0.0, 0.2)
    p["Root"].keyframe_insert("rotation_euler", frame=1)
    p["Root"].rotation_euler = (0.3, -0.2, 0.5)
    p["Root"].keyframe_insert("rotation_euler", frame=7)
    # Alt+D: a linked duplicate of the rig (its pose, constraints, drivers and action copied, its data shared).
    bpy.ops.object.select_all(action='DESELECT')
    a.select_set(True)
    bpy.context.view_layer.objects.active = a
    bpy.ops.object.duplicate(linked=True)
    twin = bpy.context.view_layer.objects.active
    twin.name = "Twin"
    twin.location = (2.0, 0.5, 0.0)
    twin.rotation_euler = (0.0, 0.2, -0.4)
    assert twin.data == d, "the duplicate shares the datablock"
    tp = twin.pose.bones
    tp["Root"]["lean"] = -0.6
    tp["Tail"].bbone_curveoutz = -0.3
    tp["Look"].rotation_mode = 'XYZ'
    tp["Look"].rotation_euler = (0.5, 0.0, 0.0)
    if twin.animation_data and twin.animation_data.action:
        twin.animation_data.action = twin.animation_data.action.copy()
        tp["Root"].rotation_euler = (-0.4, 0.1, 0.0)
        tp["Root"].keyframe_insert("rotation_euler", frame=4)
    # A third object on the same data, built bare (no constraints or drivers of its own).
    bare = link(bpy.data.objects.new("Bare", d))
    bare.location = (-2.0, 0.0, 0.0)
    bpy.context.view_layer.update()  # builds the new object's pose
    c = bare.pose.bones["Rider"].constraints.new('COPY_LOCATION')
    c.target, c.subtarget, c.head_tail, c.use_bbone_shape = bare, "Tail", 0.3, True
    scene().frame_set(1)
    return [1, 4, 7]


def rig_time_remap():
    """A scene with Time Stretching (Output › Time Stretching, frame_map_old 3 → new 2): Blender
    plays actions, NLA strips, keyed settings and drivers' `frame` at frame · 1.5. A bone keyed in
    the active action, an object in an NLA strip, a keyed custom property a driver reads, a keyed
    influence, a driver on `frame`, Single Property reads of the scene's frame_current (the timeline's
    whole frame) and frame_current_final (the remapped time)."""
    sc = scene()
    sc.render.frame_map_old, sc.render.frame_map_new = 3, 2
    arm = armature("TR", [("A", (0, 0, 0), (0, 0, 0.5), None, False, 0.0),
                          ("B", (0, 0, 0.5), (0, 0.1, 1.0), "A", True, 0.0),
                          ("D", (1, 0, 0), (1, 0, 0.3), None, False, 0.0)])
    pb = arm.pose.bones
    arm.animation_data_create()
    bone = lambda b, p: 'pose.bones["%s"].%s' % (b, p)
    prop(pb["A"], "sw", 0.0, -10.0, 10.0)
    goal = empty("TRGoal", (0.6, 0.2, 0.7))
    c = pb["B"].constraints.new('DAMPED_TRACK')
    c.target = goal
    arm.animation_data.action = keyed_action("TRAct", [(bone("A", "rotation_euler"), 0, [(1, 0.0), (9, 1.2)]),
                                                       ('pose.bones["A"]["sw"]', 0, [(1, -1.0), (9, 3.0)]),
                                                       ('pose.bones["B"].constraints["Damped Track"].influence', 0, [(1, 0.1), (9, 0.9)])])
    box = empty("TRBox", (2, 0, 0))
    box.animation_data_create()
    box.animation_data.nla_tracks.new().strips.new("M", 2, keyed_action("TRBoxMove", [("location", 2, [(1, 0.0), (9, 2.0)])]))
    def sp(name, target, path, id_type='OBJECT'):
        return {"name": name, "targets": [{"id_type": id_type, "id": target, "data_path": path}]}
    driver(pb["D"], "location", 0, "frame * 0.1", [])
    driver(pb["D"], "location", 1, "0.1 * s", [sp("s", arm, 'pose.bones["A"]["sw"]')])
    driver(pb["D"], "location", 2, "0.01 * w + 0.1 * f", [sp("w", sc, 'frame_current', 'SCENE'), sp("f", sc, 'frame_current_final', 'SCENE')])
    sc.frame_set(1)
    return [1, 2.5, 4, 7, 11]


def rig_keyed_action_con():
    """Action constraints whose own settings an animator keyed: Evaluation Time (use_eval_time), the
    target range (min/max), the action's frame range (frame_start/frame_end), the mix mode (whose
    every write sets the owner space: rna_ActionConstraint_mix_mode_set); and a driven mix mode on
    a constraint whose owner space was set by hand after its mode."""
    arm = armature("KA", [("Ctrl", (0, 0, 0), (0, 0, 0.3), None, False, 0.0),
                          ("E", (0.5, 0, 0), (0.5, 0, 0.5), None, False, 0.0),
                          ("T", (1.0, 0, 0), (1.0, 0, 0.5), None, False, 0.0),
                          ("M", (1.5, 0, 0), (1.5, 0, 0.5), None, False, 0.0),
                          ("N", (2.0, 0, 0), (2.0, 0.1, 0.5), None, False, 0.3)])
    pb = arm.pose.bones
    for b in ("E", "T", "M", "N"):
        pb[b].rotation_mode = 'XYZ'
    pose = keyed_action("KAPose", [('pose.bones["E"].rotation_euler', 0, [(0, 0.0), (10, 1.2)]),
                                   ('pose.bones["T"].rotation_euler', 1, [(0, 0.0), (10, -0.9)]),
                                   ('pose.bones["M"].location', 2, [(0, 0.0), (10, 0.6)]),
                                   ('pose.bones["M"].rotation_euler', 2, [(0, 0.2), (10, 0.7)]),
                                   ('pose.bones["N"].rotation_euler', 0, [(0, 0.3), (10, -0.6)]),
                                   ('pose.bones["N"].location', 1, [(0, 0.0), (10, 0.4)])])
    pose.id_root = 'OBJECT'
    c = pb["E"].constraints.new('ACTION')
    c.action, c.use_eval_time, c.frame_start, c.frame_end = pose, True, 0, 10
    c = pb["T"].constraints.new('ACTION')
    c.action, c.target, c.subtarget, c.transform_channel, c.target_space = pose, arm, "Ctrl", 'LOCATION_X', 'LOCAL'
    c.min, c.max, c.frame_start, c.frame_end = -0.5, 0.5, 0, 10
    c = pb["M"].constraints.new('ACTION')
    c.action, c.use_eval_time, c.eval_time, c.frame_start, c.frame_end = pose, True, 0.5, 0, 10
    # A driven mode, its owner space set by hand afterwards (Blender's write of the mode overrides it).
    c = pb["N"].constraints.new('ACTION')
    c.action, c.use_eval_time, c.eval_time, c.frame_start, c.frame_end = pose, True, 0.7, 0, 10
    c.mix_mode = 'BEFORE_SPLIT'
    c.owner_space = 'POSE'
    driver(c, "mix_mode", -1, "5 if frame < 5 else 1", [])
    pb["N"].rotation_euler = (0.0, 0.4, 0.2)
    pb["N"].location = (0.1, 0.0, -0.1)
    pb["Ctrl"].location = (0.2, 0, 0)
    arm.animation_data_create()
    arm.animation_data.action = keyed_action("KAKeys", [
        ('pose.bones["E"].constraints["Action"].eval_time', 0, [(1, 0.0), (9, 1.0)]),
        ('pose.bones["T"].constraints["Action"].min', 0, [(1, -0.5), (9, -2.0)]),
        ('pose.bones["T"].constraints["Action"].max', 0, [(1, 0.5), (9, 0.25)]),
        ('pose.bones["M"].constraints["Action"].frame_start', 0, [(1, 0), (9, 6)]),
        ('pose.bones["M"].constraints["Action"].frame_end', 0, [(1, 10), (9, 14)]),
        ('pose.bones["M"].constraints["Action"].mix_mode', 0, [(1, 0), (5, 2), (9, 4)]),
        ('pose.bones["Ctrl"].location', 0, [(1, 0.2), (9, -0.3)])])
    scene().frame_set(1)
    return [1, 3, 5, 7.5, 9]


def rig_remapped(base, seed):
    """Another random rig under a random Time Stretching (frame_map_old and new in 1-200)."""
    import random
    frames = base()
    rng = random.Random('remap-%d' % seed)
    scene().render.frame_map_old, scene().render.frame_map_new = rng.randint(1, 200), rng.randint(1, 200)
    scene().frame_set(int(frames[0]))
    return frames


def rig_nla_tweak(which=0, upper=False, isolate=False, timed=False):
    """A file saved in NLA tweak mode (Tab on a strip: its action edited in place, in the strip's time):
    an empty and an armature with three tracks each — a REPLACE strip beside a second one in its
    track, an ADD strip at influence 0.7, a COMBINE strip on top, each keying a channel the others do
    not too — one of the three strips tweaked (`which`: 0 the lowest, 1 the middle, 2 the top), offset,
    scaled and repeated, with a key added outside its range while tweaking (the empty's strip syncs
    its length, the armature's does not); `upper`: tweaking with the full stack (the tracks above
    play: Blender 3.4 sets that flag from the NLA editor's menu only, so it is written here into the
    AnimData struct, as the exporter reads it); `isolate`: the tweaked track solo (Shift+Tab);
    `timed`: the tweaked strip's time animated, with blends (Blender plays it at the scene's frame). An object with
    a plain NLA beside them."""
    import ctypes
    def tracks(ob, prefix, paths, sync):
        ob.animation_data_create()
        ad = ob.animation_data
        strips = []
        for k in range(3):
            own = paths[:2] + [paths[2 + k]]
            act = keyed_action("%s%d" % (prefix, k), [(path, i, [(1, 0.1 * k), (9, 0.6 - 0.2 * k)]) for path, i in own])
            tr = ad.nla_tracks.new()
            st = tr.strips.new("%s%d" % (prefix, k), 2 + k, act)
            if k == 0:
                tr.strips.new("%s0b" % prefix, 30, keyed_action("%s0b" % prefix, [(paths[1][0], paths[1][1], [(1, -0.4), (5, 0.4)])]))
            if k == 1:
                st.blend_type = 'ADD'
                st.influence = 0.7
                st.use_animated_influence = False
            if k == 2:
                st.blend_type = 'COMBINE'
            strips.append((tr, st))
        tr, st = strips[which]
        st.scale = 1.5
        st.repeat = 1.4
        st.use_sync_length = sync
        if timed:
            # Strip Time animated: Blender plays a tweaked strip so at the scene's frame (not in place),
            # at every frame; its blends still ramp from its ends, past 1 far from them.
            st.use_animated_time = True
            st.strip_time = st.action_frame_start
            st.keyframe_insert("strip_time", frame=st.frame_start)
            st.blend_in, st.blend_out = 1.5, 2.0
        for t2, s2 in strips:
            t2.select = s2.select = False
        tr.select = st.select = True
        ad.nla_tracks.active = tr
        if upper:
            flag = ctypes.c_int.from_address(ad.as_pointer() + 88)
            flag.value |= 1 << 5
        ad.use_tweak_mode = True
        if isolate:
            # Shift+Tab: the tweaked track solo.
            tr.is_solo = True
        # A key beyond the strip's action range, as an animator adds while tweaking.
        st.action.fcurves[0].keyframe_points.insert(13, 0.9).interpolation = 'LINEAR'
        return ad
    # Authored values away from the channels' defaults: a channel the NLA resets shows.
    a = empty("TwA", loc=(0.4, -0.3, 0.2), rot=(0.3, -0.2, 0.25), scale=(1.3, 0.8, 1.1))
    a.delta_rotation_euler = (0.1, 0, 0.4)
    tracks(a, "A", [("location", 0), ("location", 2), ("rotation_euler", 0), ("scale", 1), ("delta_rotation_euler", 2)], True)
    arm = armature("TwArm", [("R", (0, 2, 0), (0, 2, 1), None, False, 0.0), ("S", (0, 2, 1), (0, 2.5, 1.8), "R", True, 0.3)])
    arm.pose.bones["S"].rotation_euler = (0.2, 0.35, -0.1)
    arm.pose.bones["R"].location = (0.15, 0, -0.1)
    bone = lambda b, prop: 'pose.bones["%s"].%s' % (b, prop)
    tracks(arm, "W", [(bone("R", "rotation_euler"), 0), (bone("S", "location"), 1), (bone("R", "scale"), 2),
                      (bone("S", "rotation_euler"), 1), (bone("R", "location"), 0)], False)
    plain = empty("Plain", loc=(3, 0, 0))
    plain.animation_data_create()
    plain.animation_data.nla_tracks.new().strips.new("P", 1, keyed_action("PlainAct", [("location", 1, [(1, 0.0), (10, 1.0)])]))
    scene().frame_set(1)
    return [1, 3, 4.5, 7, 12, 20, 26, 33]


def nla_editor_op(op, strips, **settings):
    """Runs an NLA editor operator on `strips` (selected, every other strip not), with `settings`: in
    an area of the window turned into an NLA editor for it, as the operators need. Blender must run
    with a window (under Xvfb: xvfb-run -a blender --factory-startup --python rigs.py -- RIG DIR)."""
    for o in bpy.data.objects:
        for t in (o.animation_data.nla_tracks if o.animation_data else []):
            for st in t.strips:
                st.select = False
    for st in strips:
        st.select = True
    win = bpy.context.window_manager.windows[0]
    area = win.screen.areas[0]
    kept = area.type
    area.type = 'NLA_EDITOR'
    region = next(r for r in area.regions if r.type == 'WINDOW')
    with bpy.context.temp_override(window=win, area=area, region=region):
        done = op(**settings)
    area.type = kept
    if done != {'FINISHED'}:
        raise RuntimeError("%s failed" % op.idname_py())


def window_armature(name, bones):
    """`armature(name, bones)` in a rig that runs with a window (under Xvfb): its edit mode through the
    window's context, which a script's operators otherwise miss the active object in."""
    with bpy.context.temp_override(window=bpy.context.window_manager.windows[0], scene=scene(), view_layer=scene().view_layers[0]):
        return armature(name, bones)

def rig_nla_transitions(muted=False):
    """NLA transition strips (Blender makes them only through the NLA editor's operator, which needs a
    window: build this rig with `xvfb-run blender --factory-startup --python rigs.py -- nla_transitions
    DIR`, not with -b). An empty whose one track goes from a strip through a transition to another
    (location, rotation, scale: channels only one side keys); an empty in QUATERNION mode with a
    REPLACE track under an ADD strip blending out into a transition to a COMBINE strip keying part of
    its quaternion; an armature's bone with a reversed transition. Frames before, across and after."""
    def transition(track, first, second, reverse=False):
        nla_editor_op(bpy.ops.nla.transition_add, [first, second])
        made = next(st for st in track.strips if st.type == 'TRANSITION' and st.frame_start == first.frame_end)
        made.use_reverse = reverse
        return made

    a = empty("TrA", loc=(0.5, 0.2, 0.1), rot=(0.1, 0.2, 0.3))
    a.animation_data_create()
    t = a.animation_data.nla_tracks.new()
    s1 = t.strips.new("S1", 1, keyed_action("TrA1", [("location", 0, [(1, 0.0), (10, 1.0)]), ("rotation_euler", 2, [(1, 0.0), (10, 0.8)])]))
    s2 = t.strips.new("S2", 20, keyed_action("TrA2", [("location", 0, [(1, 0.0), (10, -1.0)]), ("scale", 1, [(1, 1.0), (10, 2.0)])]))
    transition(t, s1, s2)

    b = empty("TrB", loc=(2, 0, 0))
    b.rotation_mode = 'QUATERNION'
    b.animation_data_create()
    base = b.animation_data.nla_tracks.new()
    base.strips.new("Base", 1, keyed_action("TrBase", [("location", 1, [(1, 0.0), (30, 3.0)])]))
    t2 = b.animation_data.nla_tracks.new()
    up = t2.strips.new("Up", 1, keyed_action("TrUp", [("location", 2, [(1, 0.0), (8, 0.5)]), ("rotation_quaternion", 0, [(1, 1.0), (8, 0.9)]), ("rotation_quaternion", 1, [(1, 0.0), (8, 0.3)])]))
    up.blend_type = 'ADD'
    up.blend_out = 2.0
    down = t2.strips.new("Down", 15, keyed_action("TrDown", [("rotation_quaternion", 0, [(1, 0.9), (10, 0.7)]), ("rotation_quaternion", 3, [(1, 0.2), (10, 0.6)])]))
    down.blend_type = 'COMBINE'
    transition(t2, up, down)

    arm = window_armature("TrArm", [("R", (0, 3, 0), (0, 3, 1), None, False, 0.0)])
    arm.animation_data_create()
    bone = lambda p: 'pose.bones["R"].%s' % p
    t3 = arm.animation_data.nla_tracks.new()
    r1 = t3.strips.new("R1", 2, keyed_action("TrR1", [(bone("rotation_euler"), 0, [(1, 0.0), (6, 0.9)])]))
    r2 = t3.strips.new("R2", 12, keyed_action("TrR2", [(bone("location"), 1, [(1, 0.0), (6, 0.4)]), (bone("rotation_euler"), 0, [(1, -0.5), (6, 0.2)])]))
    transition(t3, r1, r2, reverse=True)
    if muted:
        # A muted strip beside a transition: does the transition still play it?
        s1.mute = down.mute = r2.mute = True
    scene().frame_set(1)
    return [1, 5, 10, 12, 15.5, 19, 20, 25]


def rig_nla_metas():
    """NLA meta strips (made only through the NLA editor's operator, which needs a window: build this
    rig with `xvfb-run blender --factory-startup --python rigs.py -- nla_metas DIR`, not with -b). An
    empty with a meta strip of two strips with a gap (the first held forward into it) and a strip
    after the meta, one of the inner strips ADD; an empty with a reversed meta; an armature's bone
    keyed in a meta's strips; a custom property keyed inside a meta, which a driver reads into another
    empty. Frames before, inside, in the gap and after."""
    def meta(track, strips):
        nla_editor_op(bpy.ops.nla.meta_add, strips)
        return next(st for st in track.strips if st.type == 'META')

    a = empty("MtA", loc=(0.3, 0.1, 0.2), rot=(0.1, 0.0, 0.2))
    a["amount"] = 0.0
    a.animation_data_create()
    t = a.animation_data.nla_tracks.new()
    s1 = t.strips.new("A1", 1, keyed_action("MtA1", [("location", 0, [(1, 0.0), (6, 1.0)]), ('["amount"]', 0, [(1, 0.0), (6, 2.0)])]))
    s1.extrapolation = 'HOLD_FORWARD'
    s2 = t.strips.new("A2", 10, keyed_action("MtA2", [("location", 0, [(1, 0.5), (8, -0.5)]), ("rotation_euler", 2, [(1, 0.0), (8, 0.7)])]))
    s2.blend_type = 'ADD'
    meta(t, [s1, s2])
    t.strips.new("A3", 25, keyed_action("MtA3", [("location", 1, [(1, 0.0), (5, 1.0)])]))
    reader = empty("Reader", loc=(0, 0, 0))
    d = reader.driver_add("location", 2).driver
    d.type = 'SUM'
    v = d.variables.new()
    v.targets[0].id = a
    v.targets[0].data_path = '["amount"]'

    b = empty("MtB", loc=(2, 0, 0))
    b.animation_data_create()
    tb = b.animation_data.nla_tracks.new()
    b1 = tb.strips.new("B1", 3, keyed_action("MtB1", [("location", 1, [(1, 0.0), (5, 1.0)])]))
    b2 = tb.strips.new("B2", 9, keyed_action("MtB2", [("location", 1, [(1, 1.0), (5, 0.2)]), ("scale", 0, [(1, 1.0), (5, 1.6)])]))
    m = meta(tb, [b1, b2])
    m.use_reverse = True

    arm = window_armature("MtArm", [("R", (0, 3, 0), (0, 3, 1), None, False, 0.0)])
    arm.animation_data_create()
    bone = lambda p: 'pose.bones["R"].%s' % p
    tr = arm.animation_data.nla_tracks.new()
    r1 = tr.strips.new("R1", 2, keyed_action("MtR1", [(bone("rotation_euler"), 0, [(1, 0.0), (6, 0.9)])]))
    r2 = tr.strips.new("R2", 8, keyed_action("MtR2", [(bone("location"), 1, [(1, 0.0), (6, 0.4)])]))
    meta(tr, [r1, r2])
    scene().frame_set(1)
    return [1, 4, 7.5, 9, 12, 18, 24, 30]


def rig_nla_strip_times():
    """Meta and transition strips with Animated Strip Time keyed (Xvfb, as nla_metas): the metas and
    transitions of rigs nla_metas and nla_transitions, each one's strip time keyed at its start,
    middle and end (0.1, 0.9, 1.2). Blender reads a meta's time as the fraction of its length the
    strips inside play at, and a transition's as how far it mixes from one side to the other."""
    rig_nla_metas()
    rig_nla_transitions()
    for o in bpy.data.objects:
        for track in o.animation_data.nla_tracks if o.animation_data else ():
            for st in track.strips:
                if st.type not in ('META', 'TRANSITION'):
                    continue
                st.use_animated_time = True
                for f, v in ((st.frame_start, 0.1), (0.5 * (st.frame_start + st.frame_end), 0.9), (st.frame_end, 1.2)):
                    st.strip_time = v
                    st.keyframe_insert("strip_time", frame=f)
    scene().frame_set(1)
    return [1, 4, 5, 7.5, 9, 10, 12, 15.5, 18, 19, 20, 24, 25, 30]


def key_rotations(holder, rng, frames, order, mode_at, reach=1.2):
    """Keys `holder`'s rotations at `frames`, in `order` (paths among rotation_mode, rotation_euler,
    rotation_quaternion, rotation_axis_angle: the order the action's curves are made in): the mode
    `mode_at(k)` at the k-th frame, Euler angles up to `reach`, a quaternion and an axis-angle of a
    random rotation."""
    for k, f in enumerate(frames):
        for path in order:
            if path == 'rotation_mode':
                holder.rotation_mode = mode_at(k)
            elif path == 'rotation_euler':
                holder.rotation_euler = [rng.uniform(-reach, reach) for _ in range(3)]
            elif path == 'rotation_quaternion':
                holder.rotation_quaternion = Euler([rng.uniform(-reach, reach) for _ in range(3)]).to_quaternion()
            else:
                axis, angle = Euler([rng.uniform(-reach, reach) for _ in range(3)]).to_quaternion().to_axis_angle()
                holder.rotation_axis_angle = (angle, axis[0], axis[1], axis[2])
            holder.keyframe_insert(path, frame=f)


def rig_keyed_rotation_modes():
    """Rotation modes keyed in the active action (an animator switching a control to quaternions
    and back): each owner's mode keyed at frames 1, 6, 11, 16 and 21 with its Euler, quaternion and
    axis-angle values keyed at the same frames (seeded). `First`: the mode's curve before the others
    (as keying the mode first makes it); `Last`: after the Euler, quaternion and axis-angle curves, so
    Blender's conversion of the values on a mode change (BKE_rotMode_change_values, run when the
    animation writes a new mode) replaces what those curves wrote: what it shows then depends on the
    mode at the frame evaluated before (the frames are evaluated forwards, then back). `Copier`: Copy Rotation (Euler order AUTO, local space, X only)
    and `Limited`: Limit Rotation, both reading the owner's Euler order, which follows the keyed mode;
    an object `Spinner` the same as `First`; `Reader` driven by `Copier`'s local Y rotation read in
    its own (AUTO) order."""
    import random
    rng = random.Random('keyed-rotation-modes')
    arm = armature("KR", [("First", (0, 0, 0), (0, 0, 1), None, False, 0.0), ("Last", (1, 0, 0), (1, 0, 1), None, False, 0.3),
                          ("Copier", (2, 0, 0), (2, 0.2, 1), None, False, 0.0), ("Limited", (3, 0, 0), (3, 0, 1), None, False, -0.2)])
    target = empty("Tgt", loc=(0, 2, 0), rot=(0.5, -0.7, 0.9))
    pb = arm.pose.bones
    c = pb["Copier"].constraints.new('COPY_ROTATION')
    c.target, c.use_y, c.use_z = target, False, False
    c.target_space = c.owner_space = 'LOCAL'
    c.mix_mode = 'ADD'
    c = pb["Limited"].constraints.new('LIMIT_ROTATION')
    c.use_limit_x, c.min_x, c.max_x = True, -0.2, 0.3
    c.use_limit_z, c.min_z, c.max_z = True, -0.1, 0.4
    spinner = empty("Spinner", loc=(0, -2, 0))
    modes = {"First": ('XYZ', 'QUATERNION', 'ZXY', 'AXIS_ANGLE', 'YZX'), "Last": ('XYZ', 'QUATERNION', 'ZXY', 'AXIS_ANGLE', 'YZX'),
             "Copier": ('XYZ', 'ZXY', 'QUATERNION', 'YXZ', 'ZYX'), "Limited": ('ZYX', 'XYZ', 'AXIS_ANGLE', 'YZX', 'XZY'),
             "Spinner": ('XYZ', 'QUATERNION', 'ZYX', 'AXIS_ANGLE', 'XZY')}
    for k, f in enumerate((1, 6, 11, 16, 21)):
        for name, holder in [(n, pb[n]) for n in ("First", "Last", "Copier", "Limited")] + [("Spinner", spinner)]:
            e = Euler([rng.uniform(-1.2, 1.2) for _ in range(3)], 'XYZ')
            paths = ['rotation_euler', 'rotation_quaternion', 'rotation_axis_angle']
            order = paths + ['rotation_mode'] if name == "Last" else ['rotation_mode'] + paths
            for path in order:
                if path == 'rotation_mode':
                    holder.rotation_mode = modes[name][k]
                elif path == 'rotation_euler':
                    holder.rotation_euler = e
                elif path == 'rotation_quaternion':
                    holder.rotation_quaternion = Euler([rng.uniform(-1.2, 1.2) for _ in range(3)]).to_quaternion()
                else:
                    axis, angle = Euler([rng.uniform(-1.2, 1.2) for _ in range(3)]).to_quaternion().to_axis_angle()
                    holder.rotation_axis_angle = (angle, axis[0], axis[1], axis[2])
                holder.keyframe_insert(path, frame=f)
    reader = empty("Reader")
    driver(reader, "location", 0, "", [{"name": "r", "type": 'TRANSFORMS', "targets": [{"id": arm, "bone_target": "Copier", "transform_type": 'ROT_Y', "transform_space": 'LOCAL_SPACE', "rotation_mode": 'AUTO'}]}], 'SUM')
    scene().frame_set(1)
    return [1, 6, 11, 16, 21, 24, 18, 13, 8, 3.5]


def rig_random_keyed_modes(seed):
    """Random rotation modes keyed in the active action (names random_keyed_modes<N>): a chain of five
    bones in random rotation modes and an empty, each keyed at four to six random frames with a mode
    (any of the eight) and some of its Euler, quaternion and axis-angle channels (each kind keyed or not,
    so channels no curve writes keep what a change of mode converts into them), the mode's curve first,
    last or between the others; the bones and the empty under constraints that read their owner's
    Euler order when set to AUTO (Copy Rotation, Limit Rotation, Transformation, Child Of with channels
    off, Pivot with a rotation range, an Action constraint playing rotation keys on the bone), every
    enum and bool setting drawn, random influence; a driver reading a bone's rotation in AUTO order.
    Frames drawn across the keys, forwards then back."""
    import random
    rng = random.Random("random-keyed-modes-%d" % seed)
    modes = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE']
    names = ["M%d" % i for i in range(5)]
    arm = armature("RM", [(n, (0, 0, 0.6 * i), (rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2), 0.6 * (i + 1)), names[i - 1] if i else None, rng.random() < 0.5, rng.uniform(-1, 1)) for i, n in enumerate(names)])
    pb = arm.pose.bones
    target = empty("RMT", loc=(1.0, 0.5, 0.8), rot=tuple(rng.uniform(-1, 1) for _ in range(3)))
    spinner = empty("RMS", loc=(-1.0, 0.0, 0.5))
    act = bpy.data.actions.new("RMPose")
    for path, index in [('pose.bones["M0"].rotation_euler', i) for i in range(3)] + [('pose.bones["M0"].rotation_quaternion', i) for i in range(4)]:
        fc = act.fcurves.new(path, index=index)
        for f in (1, 10):
            fc.keyframe_points.insert(f, rng.uniform(-1, 1) if 'euler' in path else rng.uniform(0.3, 1.0)).interpolation = 'LINEAR'
    holders = [pb[n] for n in names] + [spinner]
    for h in holders:
        h.rotation_mode = rng.choice(modes)
        kind = rng.choice(('COPY_ROTATION', 'LIMIT_ROTATION', 'TRANSFORM', 'CHILD_OF', 'PIVOT', 'ACTION', None))
        if kind is None:
            continue
        c = h.constraints.new(kind)
        randomize_settings(c, kind, rng)
        if kind in ('COPY_ROTATION', 'TRANSFORM', 'CHILD_OF', 'PIVOT'):
            c.target = target
        if kind == 'ACTION':
            c.target, c.action = target, act
            c.transform_channel = rng.choice(('ROTATION_X', 'LOCATION_Y'))
            c.min, c.max, c.frame_start, c.frame_end = -1.0, 1.0, 1, 10
        if kind == 'LIMIT_ROTATION':
            for axis in 'xyz':
                setattr(c, 'min_' + axis, rng.uniform(-0.8, 0.0))
                setattr(c, 'max_' + axis, rng.uniform(0.0, 0.8))
        if kind == 'CHILD_OF':
            for k in ('use_rotation_x', 'use_rotation_y', 'use_rotation_z'):
                setattr(c, k, rng.random() < 0.5)
        if kind == 'TRANSFORM':
            c.map_to = 'ROTATION'
            c.to_euler_order = 'AUTO'
            c.from_rotation_mode = 'AUTO'
        if kind == 'PIVOT' and c.rotation_range == 'ALWAYS_ACTIVE':
            c.rotation_range = 'X'
        c.influence = rng.choice([1.0, rng.uniform(0.3, 0.9)])
    frames = sorted(rng.sample(range(1, 30), rng.randint(4, 6)))
    for h in holders:
        kinds = [k for k in ('rotation_euler', 'rotation_quaternion', 'rotation_axis_angle') if rng.random() < 0.7]
        order = kinds[:]
        order.insert(rng.randint(0, len(order)), 'rotation_mode')
        key_rotations(h, rng, frames, order, lambda k: rng.choice(modes), 1.3)
    reader = empty("RMReader")
    driver(reader, "location", 0, "", [{"name": "r", "type": 'TRANSFORMS', "targets": [{"id": arm, "bone_target": rng.choice(names), "transform_type": rng.choice(('ROT_X', 'ROT_Y', 'ROT_Z')), "transform_space": 'LOCAL_SPACE', "rotation_mode": 'AUTO'}]}], 'SUM')
    scene().frame_set(frames[0])
    forwards = sorted(set([frames[0]] + [rng.uniform(frames[0], frames[-1] + 3) for _ in range(6)] + frames))
    return forwards + [f + 0.5 for f in reversed(forwards[:-1])]


def rig_nla_keyed_modes():
    """Rotation modes keyed in actions an NLA plays (an action with a keyed mode pushed down): Blender
    blends the mode as a number like any channel (a REPLACE strip blending in over another mixes two
    modes' numbers, the result cut to a whole mode), then writes every channel in the order the NLA
    first met them, the mode through RNA, converting the rotation values when it changes. An empty
    with a strip keying its mode first (with Euler and quaternion values) under a strip blending in
    and out that keys a mode after its quaternion only; a bone whose strip keys mode, Euler and
    axis-angle, with the active action on top keying only its Euler angles at half influence. Frames
    forwards, then back."""
    import random
    rng = random.Random('nla-keyed-modes')

    def key(holder, frames, order, modes):
        key_rotations(holder, rng, frames, order, lambda k: modes[k])

    def push(obj, name, start):
        act = obj.animation_data.action
        act.name = name
        obj.animation_data.action = None
        track = obj.animation_data.nla_tracks.new()
        return track.strips.new(name, start, act)

    e = empty("NmE", loc=(0.5, 0.0, 0.0))
    key(e, (1, 8, 15), ['rotation_mode', 'rotation_euler', 'rotation_quaternion'], ('XYZ', 'QUATERNION', 'ZXY'))
    push(e, "NmE1", 1)
    key(e, (1, 6), ['rotation_quaternion', 'rotation_mode'], ('ZYX', 'AXIS_ANGLE'))
    over = push(e, "NmE2", 6)
    over.blend_in, over.blend_out = 3.0, 2.0
    arm = armature("NmArm", [("R", (0, 2, 0), (0, 2, 1), None, False, 0.2)])
    r = arm.pose.bones["R"]
    key(r, (1, 8, 15), ['rotation_euler', 'rotation_mode', 'rotation_axis_angle'], ('YZX', 'AXIS_ANGLE', 'XZY'))
    push(arm, "NmR1", 1)
    key(r, (1, 12), ['rotation_euler'], ())
    arm.animation_data.action.name = "NmTop"
    arm.animation_data.action_influence = 0.5
    scene().frame_set(1)
    forwards = [1, 3, 5.5, 7, 8, 9.5, 11, 13, 15, 18]
    return forwards + [f + 0.25 for f in reversed(forwards[:-1])]


def rig_action_keyed_modes():
    """Action constraints playing an action that keys its bones' rotation modes: Blender evaluates the
    action on a scratch copy of the bone that starts in the owner's mode, and the mode's curve
    converts what the copy holds when it changes it. `P1` (a quaternion bone) plays a group keying
    its mode first, then Euler and axis-angle; `P2` (an XYZ bone) a group keying Euler and quaternion,
    then its mode; both read an empty's X location (keyed from -1 to 1 over frames 1-20) across frames
    1-20 of the action. Frames forwards, then back."""
    import random
    rng = random.Random('action-keyed-modes')
    arm = armature("AK", [("P1", (0, 0, 0), (0, 0, 1), None, False, 0.0), ("P2", (1, 0, 0), (1, 0.3, 1), None, False, 0.4)])
    pb = arm.pose.bones
    plan = {"P1": (['rotation_mode', 'rotation_euler', 'rotation_axis_angle'], ('XZY', 'AXIS_ANGLE', 'QUATERNION')),
            "P2": (['rotation_euler', 'rotation_quaternion', 'rotation_mode'], ('QUATERNION', 'ZYX', 'AXIS_ANGLE'))}
    for name, (order, modes) in plan.items():
        key_rotations(pb[name], rng, (1, 8, 15), order, lambda k, modes=modes: modes[k])
    act = arm.animation_data.action
    act.name = "AKAct"
    arm.animation_data.action = None
    pb["P1"].rotation_mode = 'QUATERNION'
    pb["P1"].rotation_quaternion = (1, 0, 0, 0)
    pb["P2"].rotation_mode = 'XYZ'
    pb["P2"].rotation_euler = (0, 0, 0)
    target = empty("AKT")
    for f, x in ((1, -1.0), (20, 1.0)):
        target.location = (x, 0, 0)
        target.keyframe_insert("location", index=0, frame=f)
    for name in ("P1", "P2"):
        c = pb[name].constraints.new('ACTION')
        c.target, c.action = target, act
        c.transform_channel, c.target_space = 'LOCATION_X', 'WORLD'
        c.min, c.max, c.frame_start, c.frame_end = -1.0, 1.0, 1, 20
    scene().frame_set(1)
    forwards = [1, 4, 7, 8, 9.5, 12, 15, 18, 20]
    return forwards + [f + 0.25 for f in reversed(forwards[:-1])]


def strip_modifier(strip, kind, **settings):
    """A new F-curve modifier of `kind` on an NLA strip (Blender's Python API has no
    NlaStrip.modifiers.new: the NLA editor's operator adds it, which needs a window), its settings
    then set, in order."""
    count = len(strip.modifiers)
    nla_editor_op(bpy.ops.nla.fmodifier_add, [strip], type=kind, only_active=False)
    if len(strip.modifiers) != count + 1:
        raise RuntimeError("nla.fmodifier_add did not add a %s modifier to strip %s" % (kind, strip.name))
    m = strip.modifiers[-1]
    for k, v in settings.items():
        setattr(m, k, v)
    return m


def nla_meta(track, strips):
    nla_editor_op(bpy.ops.nla.meta_add, strips)
    return next(st for st in track.strips if st.type == 'META' and st.frame_start == strips[0].frame_start)


def nla_transition(track, first, second):
    nla_editor_op(bpy.ops.nla.transition_add, [first, second])
    return next(st for st in track.strips if st.type == 'TRANSITION' and st.frame_start == first.frame_end)


def rig_nla_strip_modifiers():
    """F-curve modifiers on NLA strips (added only through the NLA editor's operator, which needs a
    window: build with `xvfb-run -a blender --factory-startup --python rigs.py -- nla_strip_modifiers
    DIR`). An empty with a Stepped strip under a Generator of restricted range (blend in and out,
    influence), then a strip blending in and out with Limits (time and value), a Built-In Function
    with influence and a muted Envelope; an empty with an ADD strip and an Envelope over a base track,
    beside a muted strip; an armature's Euler bone in a meta strip whose own Limits and Generator
    join its strips' (a Built-In Function, a Stepped), a quaternion bone's COMBINE strip with a
    Generator; a transition from a meta strip (with a modifier) to a clip, and from a clip to a meta
    strip, the transitions with modifiers of their own. Frames whole and fractional, in and out of
    each range."""
    a = empty("MdA", loc=(0.3, 0.1, 0.2), rot=(0.1, 0.0, 0.2))
    a.animation_data_create()
    t = a.animation_data.nla_tracks.new()
    s1 = t.strips.new("A1", 1, keyed_action("MdA1", [("location", 0, [(1, 0.0), (10, 2.0)]), ("rotation_euler", 2, [(1, 0.0), (10, 1.0)])]))
    strip_modifier(s1, 'STEPPED', frame_step=2.0, frame_offset=0.5)
    strip_modifier(s1, 'GENERATOR', use_additive=True, poly_order=1, coefficients=(0.1, 0.05), use_restricted_range=True,
                   frame_start=3.0, frame_end=8.0, blend_in=1.0, blend_out=2.0, use_influence=True, influence=0.8)
    s2 = t.strips.new("A2", 14, keyed_action("MdA2", [("location", 0, [(1, 0.0), (10, -1.0)]), ("scale", 1, [(1, 1.0), (10, 2.0)])]))
    s2.blend_in, s2.blend_out = 2.0, 1.5
    strip_modifier(s2, 'LIMITS', use_min_x=True, min_x=3.0, use_max_x=True, max_x=8.0, use_max_y=True, max_y=1.6)
    strip_modifier(s2, 'FNGENERATOR', function_type='SIN', use_additive=True, amplitude=0.3, phase_multiplier=0.7, phase_offset=0.2,
                   use_influence=True, influence=0.6)
    strip_modifier(s2, 'ENVELOPE', reference_value=0.0, default_min=-3.0, default_max=3.0, mute=True)

    b = empty("MdB", loc=(2, 0, 0))
    b.animation_data_create()
    base = b.animation_data.nla_tracks.new()
    base.strips.new("Base", 1, keyed_action("MdBase", [("location", 1, [(1, 0.0), (30, 3.0)])]))
    up = b.animation_data.nla_tracks.new()
    add = up.strips.new("Add", 3, keyed_action("MdAdd", [("location", 1, [(1, 0.0), (12, 1.2)]), ("location", 2, [(1, 0.5), (12, -0.5)])]))
    add.blend_type = 'ADD'
    add.blend_in, add.blend_out = 1.5, 3.0
    env = strip_modifier(add, 'ENVELOPE', reference_value=0.0, default_min=-1.0, default_max=1.0)
    for f, lo, hi in ((2.0, -0.5, 0.5), (8.0, -2.0, 1.0)):
        pt = env.control_points.add(f)
        pt.min, pt.max = lo, hi
    muted = up.strips.new("Muted", 20, keyed_action("MdMuted", [("location", 2, [(1, 4.0), (5, 5.0)])]))
    strip_modifier(muted, 'GENERATOR', use_additive=True, poly_order=1, coefficients=(3.0, 0.0))
    muted.mute = True

    arm = window_armature("MdArm", [("R", (0, 3, 0), (0, 3, 1), None, False, 0.0), ("Q", (1, 3, 0), (1, 3, 1), None, False, 0.0)])
    arm.pose.bones["Q"].rotation_mode = 'QUATERNION'
    arm.animation_data_create()
    bone = lambda b, p: 'pose.bones["%s"].%s' % (b, p)
    tr = arm.animation_data.nla_tracks.new()
    r1 = tr.strips.new("R1", 2, keyed_action("MdR1", [(bone("R", "rotation_euler"), 0, [(1, 0.0), (8, 0.9)]), (bone("R", "location"), 2, [(1, 0.0), (8, 0.3)])]))
    strip_modifier(r1, 'FNGENERATOR', function_type='COS', use_additive=True, amplitude=0.25, phase_multiplier=0.9)
    r2 = tr.strips.new("R2", 12, keyed_action("MdR2", [(bone("R", "location"), 1, [(1, 0.0), (6, 0.4)])]))
    strip_modifier(r2, 'STEPPED', frame_step=1.5, frame_offset=0.0)
    meta = nla_meta(tr, [r1, r2])
    strip_modifier(meta, 'LIMITS', use_max_x=True, max_x=6.0)
    strip_modifier(meta, 'GENERATOR', use_additive=True, poly_order=2, coefficients=(0.05, -0.02, 0.004))
    tq = arm.animation_data.nla_tracks.new()
    q = tq.strips.new("Q1", 1, keyed_action("MdQ1", [(bone("Q", "rotation_quaternion"), 0, [(1, 1.0), (12, 0.7)]), (bone("Q", "rotation_quaternion"), 1, [(1, 0.0), (12, 0.6)])]))
    q.blend_type = 'COMBINE'
    strip_modifier(q, 'GENERATOR', mode='POLYNOMIAL_FACTORISED', poly_order=1, coefficients=(0.02, 0.1), use_additive=True)

    c = empty("MdC", loc=(0, -2, 0), rot=(0.2, 0.1, 0.0))
    c.animation_data_create()
    tc = c.animation_data.nla_tracks.new()
    c1 = tc.strips.new("C1", 1, keyed_action("MdC1", [("location", 0, [(1, 0.0), (5, 1.0)]), ("rotation_euler", 1, [(1, 0.0), (5, 0.5)])]))
    c2 = tc.strips.new("C2", 6, keyed_action("MdC2", [("location", 0, [(1, 1.0), (5, 0.5)]), ("location", 1, [(1, 0.0), (5, 0.8)])]))
    strip_modifier(c2, 'FNGENERATOR', function_type='SIN', use_additive=True, amplitude=0.2)
    mc = nla_meta(tc, [c1, c2])
    strip_modifier(mc, 'GENERATOR', use_additive=True, poly_order=1, coefficients=(0.3, 0.0))
    c3 = tc.strips.new("C3", 18, keyed_action("MdC3", [("location", 0, [(1, -1.0), (6, 0.0)]), ("scale", 2, [(1, 1.0), (6, 1.5)])]))
    trc = nla_transition(tc, mc, c3)
    strip_modifier(trc, 'LIMITS', use_max_y=True, max_y=0.9)

    d = empty("MdD", loc=(2, -2, 0))
    d.animation_data_create()
    td = d.animation_data.nla_tracks.new()
    d1 = td.strips.new("D1", 1, keyed_action("MdD1", [("location", 2, [(1, 0.0), (6, 1.0)])]))
    d2 = td.strips.new("D2", 14, keyed_action("MdD2", [("location", 2, [(1, 2.0), (4, 1.0)]), ("rotation_euler", 0, [(1, 0.0), (4, 0.6)])]))
    d3 = td.strips.new("D3", 18, keyed_action("MdD3", [("location", 2, [(1, 1.0), (5, 0.0)])]))
    strip_modifier(d3, 'STEPPED', frame_step=2.0)
    md = nla_meta(td, [d2, d3])
    strip_modifier(md, 'FNGENERATOR', function_type='COS', use_additive=True, amplitude=0.1)
    trd = nla_transition(td, d1, md)
    strip_modifier(trd, 'GENERATOR', use_additive=True, poly_order=1, coefficients=(0.0, 0.02))
    scene().frame_set(1)
    return [1, 2.5, 4, 5.25, 7, 8.5, 10, 12, 14, 15.5, 17, 19.25, 21, 23, 26, 30]


def rig_nla_strip_noise():
    """Noise modifiers on NLA strips (added through the NLA editor: build with xvfb-run, as
    nla_strip_modifiers), read by Sinew from the samples of their noise the exporter takes: an empty
    with a strip's Noise (REPLACE blend) and a second strip's Noise of restricted range blended
    MULTIPLY, a meta strip's own Noise (ADD) joined to its strip's Generator. Whole frames only, where
    the samples are exact (a strip time between whole frames is read linearly between them)."""
    a = empty("NzA", loc=(0.2, 0.0, 0.1))
    a.animation_data_create()
    t = a.animation_data.nla_tracks.new()
    s1 = t.strips.new("N1", 1, keyed_action("NzA1", [("location", 0, [(1, 0.0), (10, 2.0)]), ("rotation_euler", 2, [(1, 0.0), (10, 1.0)])]))
    strip_modifier(s1, 'NOISE', strength=0.6, scale=2.5, phase=1.3, offset=0.4, depth=1)
    s2 = t.strips.new("N2", 14, keyed_action("NzA2", [("location", 0, [(1, 1.0), (8, -1.0)])]))
    strip_modifier(s2, 'NOISE', blend_type='MULTIPLY', strength=1.5, scale=1.5, use_restricted_range=True, frame_start=2.0, frame_end=6.0, blend_in=1.0)
    b = empty("NzB", loc=(2, 0, 0))
    b.animation_data_create()
    tb = b.animation_data.nla_tracks.new()
    b1 = tb.strips.new("M1", 2, keyed_action("NzB1", [("location", 1, [(1, 0.0), (6, 1.0)])]))
    strip_modifier(b1, 'GENERATOR', use_additive=True, poly_order=1, coefficients=(0.1, 0.0))
    b2 = tb.strips.new("M2", 9, keyed_action("NzB2", [("location", 1, [(1, 1.0), (6, 0.0)])]))
    m = nla_meta(tb, [b1, b2])
    strip_modifier(m, 'NOISE', blend_type='ADD', strength=0.4, scale=3.0, phase=2.0)
    scene().frame_set(1)
    return [1, 3, 5, 8, 11, 14, 16, 18, 20, 24]


def rig_keyed_display():
    """What an animator keys besides transforms: a prop shown and hidden over the shot (hide_viewport,
    hide_render), its display size and colour, keyed with its location and tracked by another object;
    a bone keyed beside it. Only matrices matter to the rig: Blender still evaluates the hidden prop."""
    arm = armature("KDs", [("A", (0, 0, 0), (0, 0, 0.5), None, False, 0.0)])
    e = empty("Prop", (1, 0, 0))
    e2 = empty("Tracker", (0, 1, 0))
    c = e2.constraints.new('DAMPED_TRACK')
    c.target = e
    for f, x, hid in ((1, 0.0, False), (4, 1.0, True), (7, 0.5, False)):
        e.location = (1, x, 0)
        e.hide_viewport = hid
        e.hide_render = hid
        e.empty_display_size = 1 + x
        e.color = (x, 0.5, 0.2, 1.0)
        for k in ('location', 'hide_viewport', 'hide_render', 'empty_display_size', 'color'):
            e.keyframe_insert(k, frame=f)
        arm.pose.bones["A"].rotation_euler = (x, 0, 0)
        arm.pose.bones["A"].keyframe_insert('rotation_euler', frame=f)
        arm.pose.bones["A"].custom_shape_scale_xyz = (1 + x, 1, 1)
        arm.pose.bones["A"].keyframe_insert('custom_shape_scale_xyz', frame=f)
    scene().frame_set(1)
    return [1, 3, 4, 5, 7]


def rig_driven_enums():
    """Drivers on enum settings, as a rig switches a constraint's mode: a Copy Rotation's Mix mode
    and owner space, a Track To's track and up axes, a Copy Location's target space on an object,
    each driven by a keyed int property `m` (0 to 3 and back over frames 1-9) or an expression of it;
    and keyed ones: a Copy Location's Y switch and a Limit Rotation's Euler order."""
    arm = armature("En", [("Ctl", (0, 0, 0), (0, 0.5, 0), None, False, 0.0),
                          ("R", (1, 0, 0), (1, 0.2, 0.6), None, False, 0.3),
                          ("T", (2, 0, 0), (2, 0.6, 0.1), None, False, 0.0)], loc=(0.1, -0.2, 0.0))
    pb = arm.pose.bones
    for p in pb:
        p.rotation_mode = 'XYZ'
    pb["R"].rotation_euler = (0.3, -0.2, 0.5)
    pb["T"].rotation_euler = (0.1, 0.4, -0.2)
    goal = empty("EnGoal", loc=(1.5, 1.0, 0.8), rot=(0.4, 0.2, 0.9))
    follower = empty("EnFollow", loc=(0.3, 0.3, 0.3), rot=(0.1, 0.2, 0.3))
    follower.parent = goal
    prop(pb["Ctl"], "m", 0, 0, 3)
    for f, v in ((1, 0), (4, 3), (7, 1), (9, 2)):
        pb["Ctl"]["m"] = v
        pb["Ctl"].keyframe_insert('["m"]', frame=f)
    m = {"name": "m", "targets": [{"id": arm, "data_path": 'pose.bones["Ctl"]["m"]'}]}
    cr = pb["R"].constraints.new('COPY_ROTATION')
    cr.target = goal
    cr.influence = 0.8
    driver(cr, "mix_mode", -1, "m", [m])
    driver(cr, "owner_space", -1, "1 if m > 1 else 0", [m])
    tt = pb["T"].constraints.new('TRACK_TO')
    tt.target = goal
    driver(tt, "track_axis", -1, "m", [m])
    driver(tt, "up_axis", -1, "2 if m < 2 else 1", [m])
    cl = follower.constraints.new('COPY_LOCATION')
    cl.target = arm
    cl.subtarget = "T"
    cl.influence = 0.6
    driver(cl, "target_space", -1, "m % 2", [m])
    # Keyed, not driven: a Copy Location's Y switch (a bool: Blender holds each key) and a Limit
    # Rotation's Euler order (an enum: the curve holds each item's value).
    pb["Ctl"].rotation_euler = (0.6, -0.5, 0.9)
    ck = pb["Ctl"].constraints.new('COPY_LOCATION')
    ck.target = goal
    ck.influence = 0.7
    lr = pb["Ctl"].constraints.new('LIMIT_ROTATION')
    lr.use_limit_x, lr.use_limit_z = True, True
    lr.min_x, lr.max_x, lr.min_z, lr.max_z = -0.2, 0.3, -0.4, 0.1
    for f, use_y, order in ((1, True, 'XYZ'), (4, False, 'ZYX'), (7, True, 'YXZ'), (9, False, 'XZY')):
        ck.use_y = use_y
        ck.keyframe_insert("use_y", frame=f)
        lr.euler_order = order
        lr.keyframe_insert("euler_order", frame=f)
    scene().frame_set(1)
    return [1, 2, 3, 4, 5.5, 7, 8, 9]


def rig_python_drivers():
    """Drivers whose expressions Blender hands to Python (`**`, `%`, `//`, with round, int, floor,
    min, max, pow, bool and math's constants around them), on bones' channels and a constraint's
    influence, reading keyed custom properties, a bone's channel and the frame; and one calling abs,
    which Blender's Python drivers may not use without Auto Run Python Scripts (it fails: left out,
    named). No expression fails at the saved frame (Blender would then skip it all session)."""
    arm = armature("Py", [("C", (0, 0, 0), (0, 0.5, 0), None, False, 0.0),
                          ("A", (1, 0, 0), (1, 0.5, 0), None, False, 0.0),
                          ("B", (2, 0, 0), (2, 0.5, 0.1), None, False, 0.2),
                          ("T", (3, 0, 0), (3, 0.5, 0), None, False, 0.0)], loc=(0.1, 0.2, 0.0))
    pb = arm.pose.bones
    for p in pb:
        p.rotation_mode = 'XYZ'
    prop(pb["C"], "k", 0.7, -3.0, 3.0)
    prop(pb["C"], "n", 2.0, 0.0, 10.0)
    goal = empty("PyGoal", loc=(3.5, 1.0, 0.5))
    c = pb["T"].constraints.new('DAMPED_TRACK')
    c.target = goal
    k = {"name": "k", "targets": [{"id": arm, "data_path": 'pose.bones["C"]["k"]'}]}
    n = {"name": "n", "targets": [{"id": arm, "data_path": 'pose.bones["C"]["n"]'}]}
    r = {"name": "r", "targets": [{"id": arm, "data_path": 'pose.bones["C"].rotation_euler[2]'}]}
    specs = [(pb["A"], "location", 0, "k ** 2 - 0.5", [k]), (pb["A"], "location", 1, "-k ** 3 + n % 3", [k, n]),
             (pb["A"], "location", 2, "frame // 4 * 0.1 + (n // 2) * 0.05", [n]), (pb["A"], "rotation_euler", 0, "(k * 7) % 2.5 - 1", [k]),
             (pb["A"], "rotation_euler", 1, "round(k * 2.5) ** 1 * 0.1", [k]), (pb["A"], "rotation_euler", 2, "2 ** -n + pow(n, 0.5) * 0.1", [n]),
             (pb["B"], "location", 0, "max(k, 0) ** 0.5", [k]), (pb["B"], "location", 1, "(frame % 7) / 7 + e ** -n", [n]),
             (pb["B"], "rotation_euler", 0, "int(n) % 2 * 0.3 + floor(k) // 1 * 0.1", [k, n]), (pb["B"], "rotation_euler", 2, "r ** 2 * tau / 10", [r]),
             (pb["B"], "scale", 1, "1 + bool(k > 0.5) * 0.2 + (k % -1) * 0.1", [k]), (pb["B"], "scale", 2, "1 + abs(k) ** 1 * 0.1", [k]),
             # What a rig's UI script or Python of its own would give, which Blender runs without
             # (no Auto Run): Blender flags both invalid on opening the file and writes 0 from then on.
             (pb["B"], "location", 2, "helper(k) * 0.1", [k]), (pb["B"], "rotation_euler", 1, "bpy.context.scene.frame_current * 0.01 + k", [k])]
    for holder, path, index, expr, vs in specs:
        driver(holder, path, index, expr, vs)
    fc = c.driver_add("influence")
    fc.driver.type = 'SCRIPTED'
    fc.driver.expression = "(k ** 2) % 1"
    v = fc.driver.variables.new()
    v.name = "k"
    v.targets[0].id = arm
    v.targets[0].data_path = 'pose.bones["C"]["k"]'
    for f, kv, nv, rz in ((1, 0.7, 2.0, 0.3), (3, -1.35, 5.0, -0.8), (5, 2.4, 7.0, 1.1)):
        pb["C"]["k"], pb["C"]["n"] = kv, nv
        pb["C"].keyframe_insert('["k"]', frame=f)
        pb["C"].keyframe_insert('["n"]', frame=f)
        pb["C"].rotation_euler[2] = rz
        pb["C"].keyframe_insert("rotation_euler", index=2, frame=f)
    scene().frame_set(1)
    return [1, 3, 5, 4.5]


RIGS = {"handmade": rig_handmade, "animated": rig_animated, "rigify": rig_rigify, "rigify_rest": lambda: rig_rigify(False), "quadruped": lambda: rig_quadruped(),
        **{m: (lambda m=m: rig_quadruped(m)) for m in ('wolf', 'horse', 'cat', 'bird', 'shark', 'basic_human', 'human_face')},
        **{m + "_wild": (lambda m=m: rig_quadruped(m, True)) for m in ('quadruped', 'human', 'wolf', 'horse', 'cat', 'bird', 'shark', 'basic_human', 'human_face')},
        **{"%s_wild%d" % (m, k): (lambda m=m, k=k: rig_quadruped(m, True, k)) for m in ('quadruped', 'human', 'wolf', 'horse', 'cat', 'bird', 'shark', 'basic_human', 'human_face') for k in range(1, 100)},
        **{"%s_placed%d" % (m, k): (lambda m=m, k=k: rig_quadruped(m, True, k, (1.6, 1.6, 1.6))) for m in ('quadruped', 'human', 'wolf', 'horse', 'cat', 'bird', 'shark', 'basic_human', 'human_face') for k in range(1, 100)},
        **{"%s_scene%d" % (m, k): (lambda m=m, k=k: rig_quadruped(m, True, k, scene_kept=True)) for m in ('quadruped', 'human', 'wolf', 'horse', 'cat', 'bird', 'shark', 'basic_human', 'human_face') for k in range(1, 100)},
        **{"%s_animated%d" % (m, k): (lambda m=m, k=k: rig_quadruped(m, True, k, animated=True)) for m in ('quadruped', 'human', 'wolf', 'horse', 'cat', 'bird', 'shark', 'basic_human', 'human_face') for k in range(1, 100)},
        **{"%s_skewed%d" % (m, k): (lambda m=m, k=k: rig_quadruped(m, True, k, (1.3, 0.8, 1.1))) for m in ('quadruped', 'human', 'wolf', 'horse', 'cat', 'bird', 'shark', 'basic_human', 'human_face') for k in range(1, 100)}, "drivers": rig_drivers, "driver_spaces": rig_driver_spaces, "armature_many": rig_armature_many, "armature_edge": rig_armature_edge, "props_everywhere": rig_props_everywhere, "props_unsupported": rig_props_unsupported, "animated_settings": rig_animated_settings, "driven_settings": rig_driven_settings, "action": rig_action, "object_extras": rig_object_extras, "bbone": rig_bbone, "every_constraint": rig_every_constraint, "spline_ik": rig_spline_ik, "hooked_curves": rig_hooked_curves, "hooked_unsupported": rig_hooked_unsupported, "two_point_path": rig_two_point_path, "flat_paths": rig_flat_paths, **{"random_hooks%d" % k: (lambda k=k: rig_random_hooks(k)) for k in range(200)}, **{"random_curves%d" % k: (lambda k=k: rig_random_curves(k)) for k in range(200)}, **{"random_actions%d" % k: (lambda k=k: rig_random_actions(k)) for k in range(200)}, **{"random_objects%d" % k: (lambda k=k: rig_random_objects(k)) for k in range(200)}, **{"random_action_cons%d" % k: (lambda k=k: rig_random_action_constraints(k)) for k in range(200)}, "driver_channels": rig_driver_channels, "nurbs_paths": rig_nurbs_paths, "shared_root_splines": rig_shared_root_splines, "shared_root_splines_swapped": lambda: rig_shared_root_splines(True), "curve_frames": rig_curve_frames, "curve_tangent": rig_curve_tangent, "two_armatures": rig_two_armatures, "object_parents": rig_object_parents, "driven_path": rig_driven_path, "skinned_parents": rig_skinned_parents, "skinned_groups": rig_skinned_groups, "skinned_surface": rig_skinned_surface, "skinned_surface_cycle": rig_skinned_surface_cycle, "lattice_groups": rig_lattice_groups, "zero_parents": rig_zero_parents, "prop_arrays": rig_prop_arrays, "id_targets": rig_id_targets, "driven_ik": rig_driven_ik, "nested_ik": rig_nested_ik, "action_modifiers": rig_action_modifiers, "action_noise": rig_action_noise, "driver_modifiers": rig_driver_modifiers, "nla_pushed": rig_nla_pushed, "nla": rig_nla, "nla_combine": rig_nla_combine, "odd_names": rig_odd_names, "messy": rig_messy, "object_types": rig_object_types, "evaluated_reads": rig_evaluated_reads, "interleaved": rig_interleaved, "instanced": rig_instanced, "driven_settings_wide": rig_driven_settings_wide, "gltf_character": rig_gltf_character, "python_drivers": rig_python_drivers, "int_curves": rig_int_curves, "keyed_driven": rig_keyed_driven, "keyed_switches": rig_keyed_switches, "muted_ik_tree": rig_muted_ik_tree, "driven_inheritance": rig_driven_inheritance, "keyed_display": rig_keyed_display, "nla_transitions": rig_nla_transitions, "nla_metas": rig_nla_metas, "nla_strip_modifiers": rig_nla_strip_modifiers, "nla_strip_noise": rig_nla_strip_noise, **{"nla_tweak%d" % k: (lambda k=k: rig_nla_tweak(k)) for k in range(3)}, **{"nla_tweak_upper%d" % k: (lambda k=k: rig_nla_tweak(k, True)) for k in range(3)}, **{"nla_tweak_isolate%d" % k: (lambda k=k: rig_nla_tweak(k, isolate=True)) for k in range(3)}, "nla_tweak_timed": lambda: rig_nla_tweak(0, timed=True), **{"nla_tweak_timed%d" % k: (lambda k=k: rig_nla_tweak(k, timed=True)) for k in range(3)}, **{"remap_actions%d" % k: (lambda k=k: rig_remapped(lambda: rig_random_actions(k), k)) for k in range(200)}, **{"remap_action_cons%d" % k: (lambda k=k: rig_remapped(lambda: rig_random_action_constraints(k), k)) for k in range(200)}, **{"remap_keyed_drivers%d" % k: (lambda k=k: rig_remapped(lambda: rig_random_drivers(k, True), k)) for k in range(200)}, **{"remap_human_animated%d" % k: (lambda k=k: rig_remapped(lambda: rig_quadruped('human', True, k, animated=True), k)) for k in range(1, 100)}, "keyed_action_con": rig_keyed_action_con, "time_remap": rig_time_remap, "shared_data": rig_shared_data, "spinning_reads": rig_spinning_reads, "keyed_reads": rig_keyed_reads, "nla_reads": rig_nla_reads, "nla_settings": rig_nla_settings, "muted_ik_tree_keyed": lambda: rig_muted_ik_tree(True), **{"random_ik_driven%d" % k: (lambda k=k: rig_random_ik(k, driven=True)) for k in range(200)}, **{"random_ik_keyed%d" % k: (lambda k=k: rig_random_ik(k, keyed=True)) for k in range(200)}, **{"random_keyed%d" % k: (lambda k=k: rig_random(k, keyed=True)) for k in range(200)}, **{"random_keyed_bbone%d" % k: (lambda k=k: rig_random(k, bbones=True, keyed=True)) for k in range(200)}, **{"random_keyed_space%d" % k: (lambda k=k: rig_random(k, spaces=True, keyed=True)) for k in range(200)}, **{"random_keyed_drivers%d" % k: (lambda k=k: rig_random_drivers(k, True)) for k in range(200)}, "driven_enums": rig_driven_enums, "rigify_samples": rig_rigify_samples, "rigify_samples_wild": lambda: rig_rigify_samples(True), "odd_names_clash": lambda: rig_odd_names(True), "driven_rotation_modes": rig_driven_rotation_modes, "shrinkwrap": rig_shrinkwrap, "vertex_groups": rig_vertex_groups, **{"random_wrap%d" % k: (lambda k=k: rig_random_wrap(k)) for k in range(200)},
        **{"random_wrap_smooth%d" % k: (lambda k=k: rig_random_wrap(k, True)) for k in range(200)}, **{"random%d" % k: (lambda k=k: rig_random(k)) for k in range(200)},
        **{"random_zero%d" % k: (lambda k=k: rig_random(k, True)) for k in range(200)},
        **{"random_bbone%d" % k: (lambda k=k: rig_random(k, bbones=True)) for k in range(200)},
        **{"random_space%d" % k: (lambda k=k: rig_random(k, spaces=True)) for k in range(200)},
        **{"random_mirror%d" % k: (lambda k=k: rig_random(k, mirrored=True)) for k in range(200)},
        **{"random_flat%d" % k: (lambda k=k: rig_random(k, flat=True)) for k in range(200)},
        **{"random_ik%d" % k: (lambda k=k: rig_random_ik(k)) for k in range(200)},
        **{"random_ik_mirror%d" % k: (lambda k=k: rig_random_ik(k, True)) for k in range(200)},
        **{"random_ik_nested%d" % k: (lambda k=k: rig_random_ik(k, nested=True)) for k in range(200)},
        **{"random_drivers%d" % k: (lambda k=k: rig_random_drivers(k)) for k in range(200)}}


# Registered on its own line, out of the table above, so branches adding rigs there do not collide.
RIGS["action_cycles_ranges"] = rig_action_cycles_ranges
RIGS["nla_transitions_muted"] = lambda: rig_nla_transitions(muted=True)
RIGS["nla_action_nothing"] = rig_nla_action_nothing
RIGS["linked_override"] = rig_linked_override
RIGS["linked_override_wolf"] = lambda: rig_linked_override('wolf')
RIGS["nla_strip_times"] = rig_nla_strip_times
RIGS["keyed_rotation_modes"] = rig_keyed_rotation_modes
RIGS["nla_keyed_modes"] = rig_nla_keyed_modes
RIGS["action_keyed_modes"] = rig_action_keyed_modes
RIGS.update({"random_keyed_modes%d" % k: (lambda k=k: rig_random_keyed_modes(k)) for k in range(200)})
RIGS.update({"random_nla_times%d" % k: (lambda k=k: rig_random_nla(k, True, True, True)) for k in range(200)})
RIGS["linked_shot"] = lambda: rig_linked_override(shot=True)
RIGS["linked_override_system"] = lambda: rig_linked_override(editable=False)
RIGS["cycle_names"] = rig_cycle_names
RIGS["cycle_path"] = rig_cycle_path
RIGS.update({"random_rigify%d" % k: (lambda k=k: rig_random_rigify(k)) for k in range(200)})
RIGS.update({"random_nla%d" % k: (lambda k=k: rig_random_nla(k)) for k in range(200)})
RIGS.update({"random_nla_more%d" % k: (lambda k=k: rig_random_nla(k, True)) for k in range(200)})
RIGS.update({"random_nla_editor%d" % k: (lambda k=k: rig_random_nla(k, True, True)) for k in range(200)})
RIGS.update({"random_nla_modes%d" % k: (lambda k=k: rig_random_nla(k, True, keyed_modes=True)) for k in range(200)})
RIGS.update({"remap_nla%d" % k: (lambda k=k: rig_remapped(lambda: rig_random_nla(k, True), k)) for k in range(200)})

def world_matrices():
    dg = bpy.context.evaluated_depsgraph_get()
    out = {}
    for o in scene().objects:
        oe = o.evaluated_get(dg)
        out[o.name] = [float(oe.matrix_world[r][c]) for c in range(4) for r in range(4)]
        if o.type == 'ARMATURE':
            for pbe in oe.pose.bones:
                m = oe.matrix_world @ pbe.matrix
                out[o.name + "/" + pbe.name] = [float(m[r][c]) for c in range(4) for r in range(4)]
    return out


def ik_affected(base):
    """The owners whose matrix changes at all when every IK constraint is muted (the drivers that
    write an IK constraint's mute suspended meanwhile), as README-rig-additions.md §8 defines it."""
    iks, suspended = [], []
    for o in scene().objects:
        if o.type != 'ARMATURE':
            continue
        for pb in o.pose.bones:
            for c in pb.constraints:
                if c.type == 'IK':
                    iks.append((c, c.mute))
        ad = o.animation_data
        for fc in (ad.drivers if ad else []):
            if '.constraints[' in fc.data_path and fc.data_path.endswith('.mute'):
                suspended.append((fc, fc.mute))
    if not iks:
        return []
    for fc, _ in suspended:
        fc.mute = True
    for c, _ in iks:
        c.mute = True
    bpy.context.view_layer.update()
    muted = world_matrices()
    for c, m in iks:
        c.mute = m
    for fc, m in suspended:
        fc.mute = m
    bpy.context.view_layer.update()
    return sorted(k for k, m in base.items() if max(abs(a - b) for a, b in zip(m, muted[k])) > 0.0)


def float32_noise(base, trials=6):
    """Per owner, the largest change of its world matrix when every pose channel of every bone, and
    every object's own transform, is moved by about 2 float32 ULPs (seeded trials): how far Blender's
    own float32 evaluation can land from itself on this pose. Far-posed Rigify chains of 2-5 mm bones
    (a bird's tongue, a cat's toes) move by up to 1e-2 this way; the manifest of
    ../shared/conformance/rigify-human measures its tolerance the same way. Objects are moved too
    since random_zero<N>: an empty scaled to 0 on an axis, blended by influence, turns one way or
    the other on Blender's rounding alone (eigen-svd.ts)."""
    import random
    worst = {k: 0.0 for k in base}
    bones = [pb for o in scene().objects if o.type == 'ARMATURE' for pb in o.pose.bones]
    bones += [o for o in scene().objects if o.type == 'EMPTY']
    channels = ('location', 'rotation_quaternion', 'rotation_euler', 'rotation_axis_angle', 'scale')
    for trial in range(trials):
        rng = random.Random(trial)
        saved = [(pb, [tuple(getattr(pb, c)) for c in channels]) for pb in bones]
        for pb in bones:
            for c in channels:
                setattr(pb, c, [x * (1 + rng.uniform(-2.4e-7, 2.4e-7)) for x in getattr(pb, c)])
        bpy.context.view_layer.update()
        moved = world_matrices()
        for k, m in base.items():
            worst[k] = max(worst[k], max(abs(a - b) for a, b in zip(m, moved[k])))
        for pb, values in saved:
            for c, v in zip(channels, values):
                setattr(pb, c, v)
    bpy.context.view_layer.update()
    return worst


def frame_key(f):
    return str(int(f)) if float(f).is_integer() else repr(float(f))






def main():
    argv = sys.argv[sys.argv.index('--') + 1:]
    name, out = argv[0], argv[1]
    bpy.ops.wm.read_factory_settings(use_empty=True)
    frames = RIGS[name]()
    scene().frame_set(int(frames[0]))
    bpy.context.view_layer.update()
    path = "%s/%s.blend" % (out, name)
    bpy.ops.wm.save_as_mainfile(filepath=path)
    # Blender's matrices as it shows them on opening the file, which is what the export reads: in the
    # session that built the rig, the depsgraph can still hold relations from before the last edits
    # (rigs.py random_ik4 built one: a bone under an IK tree's root 0.06 from where the saved file puts it).
    bpy.ops.wm.open_mainfile(filepath=path)
    res = {}
    for f in frames:
        scene().frame_set(int(math.floor(f)), subframe=f - math.floor(f))
        bpy.context.view_layer.update()
        res[frame_key(f)] = world_matrices()
    # The file's own frame, as saved, is the export's current pose.
    scene().frame_set(int(frames[0]))
    doc = {"rig": name, "blender": bpy.app.version_string, "frames": res, "ik_affected": ik_affected(res[frame_key(frames[0])])}
    # The order Blender evaluated the frames in (JSON readers may sort the keys of "frames").
    doc["frame_order"] = [frame_key(f) for f in frames]
    if any(w in name for w in ('_wild', '_placed', '_skewed', '_animated', '_scene')) or name.startswith(('random', 'zero', 'linked')):
        doc["float32_noise"] = float32_noise(res[frame_key(frames[0])])
    if '_animated' in name or '_keyed' in name or '_driven' in name or name.startswith('linked_shot'):
        # Each frame poses the rig anew: its own noise (the file's frame set again after).
        doc["float32_noise_frames"] = {}
        for f in frames:
            scene().frame_set(int(math.floor(f)), subframe=f - math.floor(f))
            doc["float32_noise_frames"][frame_key(f)] = float32_noise(res[frame_key(f)])
        scene().frame_set(int(frames[0]))
    with open("%s/%s.expected.json" % (out, name), "w") as fh:
        json.dump(doc, fh)
    # The export `sinew import-blender RIG.blend` runs (headless.py: the saved file opened afresh,
    # dump.write_rig), run here in this Blender: each round trip then starts Blender once, not twice.
    # roundtrip.ts reads it unless a test asks for the .blend path itself.
    bpy.ops.wm.open_mainfile(filepath=path)
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'blender'))
    from sinew_export import dump
    dump.write_rig("%s/%s.export.json" % (out, name), scene(), None)
    print("rigs.py: wrote %s/%s.blend (%d frames) and its export" % (out, name, len(frames)))


main()
