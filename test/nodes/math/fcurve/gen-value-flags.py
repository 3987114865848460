# Records Blender's evaluation of F-curves on int, bool and enum properties, for value-flags.test.ts:
#   blender -b --factory-startup --python test/nodes/math/fcurve/gen-value-flags.py -- OUT.json
# Keys inserted on such a property (keyframe_insert, as the UI and scripts key) set the curve's
# FCURVE_INT_VALUES flag (int) or FCURVE_DISCRETE_VALUES and FCURVE_INT_VALUES (bool, enum), which
# RNA does not show; a curve made by `fcurves.new` has neither. Random curves of each sort (random
# key values, interpolations, easing, extrapolation, some with a Generator modifier), each written
# as the exporter writes an action's curve (blender/sinew_export dump.py, which reads the flags),
# with its sort and `FCurve.evaluate(frame)` at frames from -5 to 30, fractional ones too.
import json
import os
import random
import sys

import bpy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', '..', 'blender'))
from sinew_export import dump  # noqa: E402

out_path = sys.argv[sys.argv.index('--') + 1]
bpy.ops.wm.read_factory_settings(use_empty=True)
rng = random.Random("fcurve-value-flags")
INTERPOLATIONS = ('CONSTANT', 'LINEAR', 'BEZIER', 'SINE', 'QUAD', 'BACK', 'ELASTIC', 'BOUNCE')
FRAMES = [f / 4 for f in range(-20, 121)]
MODES = ('XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE')

cases = []
for n in range(60):
    sort = ('int', 'int_new', 'bool', 'enum')[n % 4]
    ob = bpy.data.objects.new("E%d" % n, None)
    bpy.context.scene.collection.objects.link(ob)
    frames = sorted(rng.sample(range(0, 26), rng.randint(1, 5)))
    if sort == 'int':
        ob["p"] = 0
        for f in frames:
            ob["p"] = rng.randint(-4, 6)
            ob.keyframe_insert('["p"]', frame=f)
        path = '["p"]'
    elif sort == 'int_new':
        ob["p"] = 0
        fc = ob.animation_data_create().action = bpy.data.actions.new("A%d" % n)
        fc = ob.animation_data.action.fcurves.new('["p"]')
        for f in frames:
            fc.keyframe_points.insert(f, rng.randint(-4, 6))
        path = '["p"]'
    elif sort == 'bool':
        for f in frames:
            ob.hide_render = rng.random() < 0.5
            ob.keyframe_insert('hide_render', frame=f)
        path = 'hide_render'
    else:
        for f in frames:
            ob.rotation_mode = rng.choice(MODES)
            ob.keyframe_insert('rotation_mode', frame=f)
        path = 'rotation_mode'
    fc = ob.animation_data.action.fcurves.find(path)
    for k in fc.keyframe_points:
        k.interpolation = rng.choice(INTERPOLATIONS)
        k.easing = rng.choice(('AUTO', 'EASE_IN', 'EASE_OUT', 'EASE_IN_OUT'))
    fc.extrapolation = rng.choice(('CONSTANT', 'LINEAR'))
    if rng.random() < 0.3:
        m = fc.modifiers.new('GENERATOR')
        m.use_additive = rng.random() < 0.5
        m.coefficients = (rng.uniform(-1, 1), rng.uniform(0.2, 1.5))
    fc.update()
    curve = dump.dump_fcurve(ob, fc)
    cases.append({"sort": sort, "curve": curve, "frames": FRAMES, "values": [fc.evaluate(f) for f in FRAMES]})

with open(out_path, 'w') as fh:
    json.dump({"blender": bpy.app.version_string, "cases": cases}, fh, indent=0)
