# Records Blender's own F-curve evaluation with modifiers, for modifiers.test.ts:
#   blender -b --factory-startup --python test/nodes/math/fcurve/gen-modifiers.py -- OUT.json
# Random curves (Bezier, linear and constant keys; constant or linear extrapolation) with random
# stacks of Generator (expanded and factorised), Built-In Function (every function), Limits, Stepped
# and Envelope modifiers, some after a Cycles modifier, with random restricted ranges, blend in/out,
# influence and mute; each curve written as the exporter writes an action's curve (blender/
# sinew_export dump.py) with `FCurve.evaluate(frame)` at frames from -20 to 60, fractional ones too.
# With `--noise` (for noise.test.ts): 60 curves whose stacks hold Noise modifiers (every blend type,
# random scale, strength, phase, offset and depth) among the others, written with the samples of
# their noise the exporter takes (dump.noise_samples), evaluated at the whole frames -10 to 60.
# Their keys, Limits bounds and Stepped steps and offsets are on whole frames, as animators key:
# a Noise modifier reads the time the Cycles, Stepped and Limits modifiers leave, which then stays
# on whole frames, where the samples are exact (elsewhere Sinew interpolates them).
# With `--ranged-cycles` (blender-cycles.json): 80 curves whose first modifier is a Cycles modifier with a
# restricted range (blends), an influence or both, random modes and cycle counts, and up to two
# other modifiers after it; at the same frames as the default set.
import json
import os
import random
import sys

import bpy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', '..', 'blender'))
from sinew_export import dump  # noqa: E402

args = sys.argv[sys.argv.index('--') + 1:]
out_path = args[0]
noise = '--noise' in args
ranged_cycles = '--ranged-cycles' in args
bpy.ops.wm.read_factory_settings(use_empty=True)
rng = random.Random("fcurve-noise" if noise else "fcurve-cycles" if ranged_cycles else "fcurve-modifiers")
FUNCTIONS = ('SIN', 'COS', 'TAN', 'SQRT', 'LN', 'SINC')


def common(m, whole_time=False):
    """Random range, blend, influence and mute. `whole_time`: a time modifier of the noise set, which
    keeps whole frames whole (no blend or influence mixing two times, a range on whole frames)."""
    if whole_time:
        if rng.random() < 0.3:
            m.use_restricted_range = True
            m.frame_start = rng.randint(-10, 20)
            m.frame_end = m.frame_start + rng.randint(2, 40)
        if rng.random() < 0.1:
            m.mute = True
        return
    if rng.random() < 0.3:
        m.use_restricted_range = True
        m.frame_start = rng.uniform(-10, 20)
        m.frame_end = m.frame_start + rng.uniform(2, 40)
        if rng.random() < 0.3:
            # On recorded frames: the range includes its ends (eval_fmodifier_influence).
            m.frame_start = rng.choice((-2, 1, 4, 7))
            m.frame_end = m.frame_start + rng.choice((6, 9, 15))
        if rng.random() < 0.5:
            m.blend_in = rng.uniform(0, 5)
            m.blend_out = rng.uniform(0, 5)
    if rng.random() < 0.3:
        m.use_influence = True
        m.influence = rng.uniform(0, 1)
    if rng.random() < 0.1:
        m.mute = True


def add_modifier(fc, kind=None):
    kind = kind or rng.choice(('GENERATOR', 'FNGENERATOR', 'LIMITS', 'STEPPED', 'ENVELOPE'))
    m = fc.modifiers.new(kind)
    if kind == 'NOISE':
        m.blend_type = rng.choice(('REPLACE', 'ADD', 'SUBTRACT', 'MULTIPLY'))
        m.scale = rng.choice((1.0, rng.uniform(0.3, 20)))
        m.strength = rng.uniform(-2, 2)
        m.phase = rng.uniform(0, 10)
        m.offset = rng.uniform(-20, 20)
        m.depth = rng.randint(0, 3)
    elif kind == 'GENERATOR':
        m.mode = rng.choice(('POLYNOMIAL', 'POLYNOMIAL_FACTORISED'))
        m.poly_order = rng.randint(1, 4)
        m.coefficients = [rng.uniform(-1, 1) * (0.1 ** (i // 2)) for i in range(len(m.coefficients))]
        m.use_additive = rng.random() < 0.5
    elif kind == 'FNGENERATOR':
        m.function_type = rng.choice(FUNCTIONS)
        m.amplitude = rng.uniform(-2, 2)
        m.phase_multiplier = rng.uniform(-0.5, 0.5)
        m.phase_offset = rng.uniform(-3, 3)
        m.value_offset = rng.uniform(-1, 1)
        m.use_additive = rng.random() < 0.5
    elif kind == 'LIMITS' and noise:
        # On whole frames, as animators key: the noise then reads whole frames too (see below).
        m.use_min_x, m.use_max_x = rng.random() < 0.4, rng.random() < 0.4
        m.use_min_y, m.use_max_y = rng.random() < 0.5, rng.random() < 0.5
        m.min_x, m.max_x = rng.randint(-10, 10), rng.randint(15, 45)
        m.min_y, m.max_y = rng.uniform(-2, 0), rng.uniform(0, 2)
    elif kind == 'STEPPED' and noise:
        m.frame_step = rng.choice((1.0, 2.0, 3.0, 5.0))
        m.frame_offset = rng.randint(-3, 3)
        m.use_frame_start, m.use_frame_end = rng.random() < 0.4, rng.random() < 0.4
        m.frame_start, m.frame_end = rng.randint(-10, 10), rng.randint(15, 45)
    elif kind == 'LIMITS':
        m.use_min_x, m.use_max_x = rng.random() < 0.4, rng.random() < 0.4
        m.use_min_y, m.use_max_y = rng.random() < 0.5, rng.random() < 0.5
        m.min_x, m.max_x = rng.uniform(-10, 10), rng.uniform(15, 45)
        m.min_y, m.max_y = rng.uniform(-2, 0), rng.uniform(0, 2)
    elif kind == 'STEPPED':
        m.frame_step = rng.choice((1.0, 2.0, 3.5, rng.uniform(0.5, 6)))
        m.frame_offset = rng.uniform(-3, 3)
        m.use_frame_start, m.use_frame_end = rng.random() < 0.4, rng.random() < 0.4
        m.frame_start, m.frame_end = rng.uniform(-10, 10), rng.uniform(15, 45)
    else:
        m.reference_value = rng.uniform(-1, 1)
        m.default_min, m.default_max = rng.uniform(-2, -0.5), rng.uniform(0.5, 2)
        for _ in range(rng.randint(0, 4)):
            m.control_points.add(rng.uniform(-10, 50))
        for p in m.control_points:
            p.min, p.max = rng.uniform(-2, 0), rng.uniform(0, 2)
    common(m, noise and kind in ('STEPPED', 'LIMITS'))


def ranged_cycles_settings(c):
    """A restricted range (blends half the time), an influence, or both; a mode off or a finite count at times."""
    ranged, weighted = rng.choice(((True, False), (False, True), (True, True)))
    if ranged:
        c.use_restricted_range = True
        c.frame_start = rng.uniform(-15, 25)
        c.frame_end = c.frame_start + rng.uniform(3, 45)
        if rng.random() < 0.5:
            c.blend_in, c.blend_out = rng.uniform(0, 5), rng.uniform(0, 5)
    if weighted:
        c.use_influence = True
        c.influence = rng.uniform(0, 1)
    if rng.random() < 0.2:
        setattr(c, rng.choice(('mode_before', 'mode_after')), 'NONE')
    if rng.random() < 0.3:
        c.cycles_before, c.cycles_after = rng.randint(0, 3), rng.randint(0, 3)


o = bpy.data.objects.new("E", None)
bpy.context.scene.collection.objects.link(o)
act = bpy.data.actions.new("A")
o.animation_data_create().action = act
cases = []
notes = []
if noise:
    # The samples cover the scene's range (and the action's) ±10: every recorded frame is in them.
    bpy.context.scene.frame_start, bpy.context.scene.frame_end = 0, 55
    frames = [float(f) for f in range(-10, 61)]
else:
    frames = sorted({float(f) for f in range(-20, 61, 3)} | {round(rng.uniform(-20, 60), 3) for _ in range(20)} | {0.0, 1.0, 10.0, 20.0})
for k in range(60 if noise else 80 if ranged_cycles else 120):
    fc = act.fcurves.new("location", index=k % 3, action_group="g") if k < 3 else act.fcurves.new('["p%d"]' % k)
    t = 0.0
    for _ in range(rng.randint(1, 5)):
        t += rng.randint(2, 12) if noise else rng.uniform(2, 12)
        kp = fc.keyframe_points.insert(t, rng.uniform(-1, 1))
        kp.interpolation = rng.choice(('BEZIER', 'BEZIER', 'LINEAR', 'CONSTANT'))
    fc.extrapolation = rng.choice(('CONSTANT', 'LINEAR'))
    if ranged_cycles or rng.random() < 0.25:
        c = fc.modifiers.new('CYCLES')
        c.mode_before, c.mode_after = rng.choice(('REPEAT', 'REPEAT_OFFSET', 'MIRROR')), rng.choice(('REPEAT', 'REPEAT_OFFSET', 'MIRROR'))
        if ranged_cycles:
            ranged_cycles_settings(c)
    kinds = [None] * (rng.randint(0, 2) if ranged_cycles else rng.randint(1, 3))
    if noise:
        kinds[rng.randrange(len(kinds))] = 'NOISE'
        kinds = [kd or rng.choice(('NOISE', None)) for kd in kinds]
    if ranged_cycles:
        # Envelope's control_points.add crashed Blender 3.4 in this stream (a known Envelope bug, not Cycles').
        kinds = [rng.choice(('GENERATOR', 'FNGENERATOR', 'LIMITS', 'STEPPED')) for _ in kinds]
    for kd in kinds:
        add_modifier(fc, kd)
    fc.update()
    curve = dump.dump_fcurve(o, fc, act, notes if noise else None)
    cases.append({"curve": curve, "frames": frames, "values": [fc.evaluate(f) for f in frames]})
with open(out_path, "w") as fh:
    json.dump({"blender": bpy.app.version_string, "cases": cases}, fh)
print("gen-modifiers.py: wrote %d curves" % len(cases))
