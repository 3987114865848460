# Records Blender's LOC_DIFF and ROTATION_DIFF driver variables, for difference.test.ts.
#   blender -b --factory-startup --python test/nodes/drivers/record_differences.py -- OUT.json
# Two empties (one parented to a rotated, scaled parent) posed at random; a SUM driver of one variable on
# location[0] of a third object. Writes both world matrices (column-major) and the driven value.
import bpy, json, math, random, sys

out_path = sys.argv[sys.argv.index('--') + 1]
rng = random.Random(7)
scene = bpy.context.scene
for o in list(bpy.data.objects):
    bpy.data.objects.remove(o)
def empty(name):
    o = bpy.data.objects.new(name, None)
    scene.collection.objects.link(o)
    return o
p, a, b, out = empty('P'), empty('A'), empty('B'), empty('Out')
b.parent = p
cases = []
for mode in ['LOC_DIFF', 'ROTATION_DIFF']:
    fc = out.driver_add('location', 0)
    for m in list(fc.modifiers):
        fc.modifiers.remove(m)
    d = fc.driver
    d.type = 'SUM'
    while d.variables:
        d.variables.remove(d.variables[0])
    v = d.variables.new()
    v.type = mode
    v.targets[0].id = a
    v.targets[1].id = b
    for k in range(40):
        for o in (p, a, b):
            o.location = [rng.uniform(-2, 2) for _ in range(3)]
            o.rotation_mode = rng.choice(['XYZ', 'ZXY', 'QUATERNION'])
            o.rotation_euler = [rng.uniform(-math.pi, math.pi) for _ in range(3)]
            o.rotation_quaternion = [rng.uniform(-1, 1) for _ in range(4)]
        p.scale = [rng.uniform(0.5, 1.5)] * 3
        if k % 3 == 0:
            b.rotation_mode = a.rotation_mode = 'XYZ'
            b.rotation_euler = a.rotation_euler  # near-equal rotations (angle ~ 0 when P is the identity)
        scene.frame_set(1)
        dg = bpy.context.evaluated_depsgraph_get()
        dg.update()
        col = lambda m: [m[r][c] for c in range(4) for r in range(4)]
        cases.append({'mode': mode, 'a': col(a.evaluated_get(dg).matrix_world), 'b': col(b.evaluated_get(dg).matrix_world), 'value': out.evaluated_get(dg).location[0]})
    out.driver_remove('location', 0)
with open(out_path, 'w') as f:
    json.dump({'blender': bpy.app.version_string, 'cases': cases}, f)
print('wrote', len(cases))
