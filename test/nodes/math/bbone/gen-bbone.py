# Blender 3.4.1's B-Bone joint matrices (PoseBone.bbone_segment_matrix, rest and pose: Blender's
# bbone_rest_mats / bbone_pose_mats) for random B-Bones, with everything its spline reads, so that
# nodes/math/bbone.ts can be checked against them without Blender (bbone.test.ts).
#
#   blender -b --factory-startup --python gen-bbone.py -- [--cases N] [--seed S]   (writes blender-bbone.json here)
#
# Each case is a small chain in one armature: a parent P (so that handle bones have a local scale
# of their own), a start handle A, the B-Bone B and an end handle C, plus spare bones D and E as
# custom handles. Drawn at random: rest placement and roll, connections, segments (2–32), both
# handle types (AUTO, ABSOLUTE, RELATIVE, TANGENT), custom handles (or none), the handles' own
# segments, every use-scale / use-ease flag, Scale Easing, use_endroll_as_inroll, every rest and
# pose setting (curve, roll, ease, scale in and out), and the pose of every bone, sometimes with a
# non-uniform scale on B.
import json, math, os, random, sys
import bpy
from mathutils import Matrix, Vector, Euler

HERE = os.path.dirname(os.path.abspath(__file__))
argv = sys.argv[sys.argv.index('--') + 1:] if '--' in sys.argv else []
CASES = int(argv[argv.index('--cases') + 1]) if '--cases' in argv else 48
SEED = int(argv[argv.index('--seed') + 1]) if '--seed' in argv else 3401
TYPES = ('AUTO', 'ABSOLUTE', 'RELATIVE', 'TANGENT')


def f32(x):
    return float('%.9g' % x)


def mat(m):
    return [f32(m[r][c]) for c in range(4) for r in range(4)]


def rand_dir(rng):
    v = Vector((rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)))
    return v.normalized() if v.length > 1e-3 else Vector((0, 1, 0))


bpy.ops.object.select_all(action='SELECT')
bpy.ops.object.delete()
arm_data = bpy.data.armatures.new('Rig')
arm = bpy.data.objects.new('Rig', arm_data)
bpy.context.scene.collection.objects.link(arm)
bpy.context.view_layer.objects.active = arm
rng = random.Random(SEED)

bpy.ops.object.mode_set(mode='EDIT')
plans = []
for i in range(CASES):
    eb = arm_data.edit_bones
    # Every chain near the origin (they overlap; nothing links them): Blender's float32 positions
    # far out would add noise of ~1e-7 times the distance to every joint.
    origin = Vector((rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5)))
    p = eb.new('P%d' % i); p.head = origin; p.tail = origin + rand_dir(rng) * rng.uniform(0.5, 1.5); p.roll = rng.uniform(-3, 3)
    a = eb.new('A%d' % i); a.head = p.tail if rng.random() < 0.7 else p.tail + rand_dir(rng) * 0.3
    a.tail = a.head + rand_dir(rng) * rng.uniform(0.5, 1.5); a.roll = rng.uniform(-3, 3); a.parent = p
    a.use_connect = (a.head - p.tail).length < 1e-6 and rng.random() < 0.5
    b = eb.new('B%d' % i)
    b_connect = rng.random() < 0.6
    b.head = a.tail if b_connect else a.tail + rand_dir(rng) * rng.uniform(0.1, 0.5)
    b.tail = b.head + rand_dir(rng) * rng.uniform(0.5, 2.0); b.roll = rng.uniform(-3, 3); b.parent = a; b.use_connect = b_connect
    c = eb.new('C%d' % i)
    c_connect = rng.random() < 0.6
    c.head = b.tail if c_connect else b.tail + rand_dir(rng) * rng.uniform(0.1, 0.5)
    c.tail = c.head + rand_dir(rng) * rng.uniform(0.5, 1.5); c.roll = rng.uniform(-3, 3); c.parent = b; c.use_connect = c_connect
    d = eb.new('D%d' % i); d.head = origin + rand_dir(rng); d.tail = d.head + rand_dir(rng); d.roll = rng.uniform(-3, 3); d.parent = p
    e = eb.new('E%d' % i); e.head = origin + rand_dir(rng); e.tail = e.head + rand_dir(rng); e.roll = rng.uniform(-3, 3)
    if rng.random() < 0.3:
        # A second connected child of B: Blender's AUTO end handle is B's last connected child.
        c2 = eb.new('F%d' % i); c2.head = b.tail; c2.tail = c2.head + rand_dir(rng); c2.parent = b; c2.use_connect = True
    plans.append(i)
bpy.ops.object.mode_set(mode='OBJECT')


def rand_settings(holder, rest):
    """Random B-Bone settings on a Bone (rest) or PoseBone; zero or one half of the time."""
    if rng.random() < 0.25:
        return
    for k in ('bbone_curveinx', 'bbone_curveinz', 'bbone_curveoutx', 'bbone_curveoutz'):
        setattr(holder, k, rng.uniform(-0.6, 0.6) if rng.random() < 0.7 else 0.0)
    for k in ('bbone_rollin', 'bbone_rollout'):
        setattr(holder, k, rng.uniform(-1.5, 1.5) if rng.random() < 0.7 else 0.0)
    for k in ('bbone_easein', 'bbone_easeout'):
        base = 1.0 if rest else 0.0
        setattr(holder, k, base + rng.uniform(-1.2, 1.2) if rng.random() < 0.7 else base)
    for k in ('bbone_scalein', 'bbone_scaleout'):
        setattr(holder, k, [rng.uniform(0.4, 1.8) if rng.random() < 0.6 else 1.0 for _ in range(3)])


for i in plans:
    bones = arm_data.bones
    b = bones['B%d' % i]
    b.bbone_segments = rng.choice((2, 3, 4, 5, 6, 8, 10, 16, 32)) if rng.random() < 0.9 else rng.randint(2, 32)
    for h in ('A%d' % i, 'C%d' % i):
        bones[h].bbone_segments = rng.choice((1, 1, 1, 3))
    for end in ('start', 'end'):
        t = rng.choice(TYPES)
        setattr(b, 'bbone_handle_type_' + end, t)
        if t != 'AUTO':
            pool = ['A%d' % i, 'D%d' % i, 'E%d' % i, None] if end == 'start' else ['C%d' % i, 'D%d' % i, 'E%d' % i, None]
            name = rng.choice(pool)
            setattr(b, 'bbone_custom_handle_' + end, bones[name] if name else None)
        setattr(b, 'bbone_handle_use_scale_' + end, [rng.random() < 0.3 for _ in range(3)])
        setattr(b, 'bbone_handle_use_ease_' + end, rng.random() < 0.3)
    b.use_endroll_as_inroll = rng.random() < 0.3
    b.use_scale_easing = rng.random() < 0.3
    rand_settings(b, True)
    # The start handle's own Roll Out, read through use_endroll_as_inroll.
    for h in ('A%d' % i, 'D%d' % i, 'E%d' % i):
        bones[h].bbone_rollout = rng.uniform(-1, 1) if rng.random() < 0.5 else 0.0

for i in plans:
    pbs = arm.pose.bones
    for name in ('P', 'A', 'B', 'C', 'D', 'E', 'F'):
        pb = pbs.get('%s%d' % (name, i))
        if pb is None:
            continue
        pb.rotation_mode = 'XYZ'
        pb.rotation_euler = Euler([rng.uniform(-0.8, 0.8) for _ in range(3)])
        if not pb.bone.use_connect:
            pb.location = [rng.uniform(-0.3, 0.3) for _ in range(3)]
        if rng.random() < 0.4:
            s = rng.uniform(0.6, 1.5)
            pb.scale = [s, s, s] if rng.random() < 0.5 else [rng.uniform(0.6, 1.5) for _ in range(3)]
    rand_settings(pbs['B%d' % i], False)
    for h in ('A%d' % i, 'D%d' % i, 'E%d' % i):
        pbs[h].bbone_rollout = rng.uniform(-1, 1) if rng.random() < 0.5 else 0.0

bpy.context.view_layer.update()


def settings(h):
    return [f32(h.bbone_curveinx), f32(h.bbone_curveinz), f32(h.bbone_curveoutx), f32(h.bbone_curveoutz),
            f32(h.bbone_rollin), f32(h.bbone_rollout), f32(h.bbone_easein), f32(h.bbone_easeout)] + \
        [f32(x) for x in h.bbone_scalein] + [f32(x) for x in h.bbone_scaleout]


def handle_of(pb, end):
    """The handle bone Blender's BKE_pchan_bbone_handles_get picks."""
    b = pb.bone
    t = getattr(b, 'bbone_handle_type_' + end)
    if t == 'AUTO':
        if end == 'start':
            return pb.parent if b.use_connect else None
        kids = [c for c in b.children if c.use_connect]
        return arm.pose.bones[kids[-1].name] if kids else None
    h = getattr(b, 'bbone_custom_handle_' + end)
    return arm.pose.bones[h.name] if h else None


def handle(pb, end):
    h = handle_of(pb, end)
    if h is None:
        return None
    local = arm.convert_space(pose_bone=h, matrix=h.matrix, from_space='POSE', to_space='LOCAL')
    return {
        "name": h.name, "type": getattr(pb.bone, 'bbone_handle_type_' + end),
        "rest": mat(h.bone.matrix_local), "length": f32(h.bone.length), "bbone": h.bone.bbone_segments > 1,
        "headLocal": [f32(x) for x in h.bone.head_local], "tailLocal": [f32(x) for x in h.bone.tail_local],
        "useScale": [bool(x) for x in getattr(pb.bone, 'bbone_handle_use_scale_' + end)],
        "useEase": bool(getattr(pb.bone, 'bbone_handle_use_ease_' + end)),
        "pose": mat(h.matrix), "localScale": [f32(x) for x in local.to_scale()],
    }


cases = []
for i in plans:
    pb = arm.pose.bones['B%d' % i]
    b = pb.bone
    n = b.bbone_segments
    start = handle(pb, 'start')
    sh = handle_of(pb, 'start')
    cases.append({
        "name": "B%d" % i, "segments": n, "rest": mat(b.matrix_local), "length": f32(b.length), "pose": mat(pb.matrix),
        "start": start, "end": handle(pb, 'end'),
        "addStartRollOut": bool(b.use_endroll_as_inroll), "scaleEasing": bool(b.use_scale_easing),
        "values": settings(b) + settings(pb) + ([f32(sh.bone.bbone_rollout), f32(sh.bbone_rollout)] if sh else [0.0, 0.0]),
        "poseJoints": [mat(pb.bbone_segment_matrix(k, rest=False)) for k in range(n + 1)],
        "restJoints": [mat(pb.bbone_segment_matrix(k, rest=True)) for k in range(n + 1)],
    })

with open(os.path.join(HERE, 'blender-bbone.json'), 'w') as fh:
    json.dump({"blender": bpy.app.version_string, "seed": SEED, "cases": cases}, fh, separators=(',', ':'))
    fh.write('\n')
print('wrote %d cases' % len(cases))
