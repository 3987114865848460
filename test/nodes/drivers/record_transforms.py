# Records Blender's Transform Channel (TRANSFORMS) driver variables, for transform-channel.test.ts.
#   blender -b --factory-startup --python test/nodes/drivers/record_transforms.py -- OUT.json
# An armature (moved, rotated, scaled) with a root bone P and a child C (offset, rolled), and an
# empty E, posed at random in random rotation modes. One AVERAGE driver per (target, channel, space,
# rotation mode) on a custom property of a fourth object reads the variable as Blender evaluates it.
# Writes, per pose and target, the matrices the node reads (column-major) and every value.
import bpy, json, math, random, sys

out_path = sys.argv[sys.argv.index('--') + 1]
rng = random.Random(11)
scene = bpy.context.scene
for o in list(bpy.data.objects):
    bpy.data.objects.remove(o)
arm_data = bpy.data.armatures.new('Arm')
arm = bpy.data.objects.new('Arm', arm_data)
scene.collection.objects.link(arm)
bpy.context.view_layer.objects.active = arm
bpy.ops.object.mode_set(mode='EDIT')
p = arm_data.edit_bones.new('P'); p.head = (0.2, -0.1, 0.0); p.tail = (0.3, 0.1, 1.0); p.roll = 0.4
c = arm_data.edit_bones.new('C'); c.head = (0.5, 0.2, 1.2); c.tail = (0.4, 0.9, 1.9); c.roll = -0.7; c.parent = p
bpy.ops.object.mode_set(mode='OBJECT')
e = bpy.data.objects.new('E', None); scene.collection.objects.link(e)
out = bpy.data.objects.new('Out', None); scene.collection.objects.link(out)

CHANNELS = ['LOC_X', 'LOC_Y', 'LOC_Z', 'ROT_X', 'ROT_Y', 'ROT_Z', 'ROT_W', 'SCALE_X', 'SCALE_Y', 'SCALE_Z', 'SCALE_AVG']
SPACES = ['WORLD_SPACE', 'TRANSFORM_SPACE', 'LOCAL_SPACE']
MODES = ['AUTO', 'XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'SWING_TWIST_X', 'SWING_TWIST_Y', 'SWING_TWIST_Z']
TARGETS = [('C', arm, 'C'), ('P', arm, 'P'), ('E', e, '')]
combos = []
for tname, ob, bone in TARGETS:
    for ch in CHANNELS:
        for sp in SPACES:
            for mode in (MODES if ch.startswith('ROT') else ['AUTO']):
                key = 'v%d' % len(combos)
                out[key] = 0.0
                fc = out.driver_add('["%s"]' % key)
                for m in list(fc.modifiers):
                    fc.modifiers.remove(m)
                d = fc.driver
                d.type = 'AVERAGE'
                v = d.variables.new()
                v.type = 'TRANSFORMS'
                t = v.targets[0]
                t.id = ob
                t.bone_target = bone
                t.transform_type = ch
                t.transform_space = sp
                t.rotation_mode = mode
                combos.append({'key': key, 'target': tname, 'channel': ch, 'space': sp, 'mode': mode})

col = lambda m: [m[r][c] for c in range(4) for r in range(4)]
def pose(x):
    x.location = [rng.uniform(-1, 1) for _ in range(3)]
    x.rotation_mode = rng.choice(['XYZ', 'ZXY', 'YZX', 'QUATERNION', 'AXIS_ANGLE'])
    x.rotation_euler = [rng.uniform(-math.pi, math.pi) for _ in range(3)]
    x.rotation_quaternion = [rng.uniform(-1, 1) for _ in range(4)]
    x.rotation_axis_angle = [rng.uniform(-3, 3)] + [rng.uniform(-1, 1) for _ in range(3)]
    x.scale = [rng.uniform(0.5, 1.6) for _ in range(3)]
poses = []
for k in range(12):
    arm.location = [rng.uniform(-1, 1) for _ in range(3)]
    arm.rotation_euler = [rng.uniform(-1, 1) for _ in range(3)]
    s = rng.uniform(0.6, 1.4)
    arm.scale = [s, s, s]
    for x in (arm.pose.bones['P'], arm.pose.bones['C'], e):
        pose(x)
    if k % 4 == 0:
        # Small Euler angles in the owners' own order: AUTO then reads them back as authored.
        for x in (arm.pose.bones['P'], arm.pose.bones['C'], e):
            x.rotation_mode = 'XYZ'
            x.rotation_euler = [rng.uniform(-0.5, 0.5) for _ in range(3)]
            x.scale = [1.0, 1.0, 1.0]
    # Twice: an object's local-space variable reads its transform copied by the previous update
    # (Blender 3.4's depsgraph has no relation from an object's own channels to such a driver).
    scene.frame_set(1)
    scene.frame_set(1)
    dg = bpy.context.evaluated_depsgraph_get()
    dg.update()
    ae = arm.evaluated_get(dg)
    oe = out.evaluated_get(dg)
    targets = {}
    for tname, ob, bone in TARGETS:
        if bone:
            pb = ae.pose.bones[bone]
            b = pb.bone
            targets[tname] = {
                'world': col(ae.matrix_world @ pb.matrix), 'basis': col(pb.matrix_basis), 'rest': col(b.matrix_local),
                'armature': col(ae.matrix_world),
                'parent': {'world': col(ae.matrix_world @ pb.parent.matrix), 'rest': col(pb.parent.bone.matrix_local)} if pb.parent else None,
                'rotation_mode': pb.rotation_mode, 'euler': list(pb.rotation_euler),
            }
        else:
            ee = ob.evaluated_get(dg)
            targets[tname] = {'world': col(ee.matrix_world), 'basis': col(ee.matrix_basis), 'rotation_mode': ee.rotation_mode, 'euler': list(ee.rotation_euler)}
    poses.append({'targets': targets, 'values': [float(oe[c['key']]) for c in combos]})
with open(out_path, 'w') as f:
    json.dump({'blender': bpy.app.version_string, 'combos': [{k: v for k, v in c.items() if k != 'key'} for c in combos], 'poses': poses}, f)
print('wrote', len(poses), 'poses of', len(combos), 'variables')
