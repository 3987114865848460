# Blender 3.4.1's influence blend of singular 3x3s (mathutils Matrix.lerp, which is Blender's
# interp_m3_m3m3: a polar decomposition of each through Eigen's JacobiSVD, U slerped, P lerped),
# so that nodes/math/polar.ts's choice for a flattened axis can be checked without Blender
# (singular-blend.test.ts).
#
#   blender -b --factory-startup --python gen-singular-blend.py -- [--cases N] [--seed S]
#   (writes blender-singular-blend.json here)
#
# Each case blends a and b by t. Each matrix is what a bone's world matrix is when it or its
# parent is scaled to 0: parent rotation·scale times the bone's rotation·scale, with one or two of
# the bone's scale axes 0 ("bone": an exactly zero column), or the parent's ("child": rank 2 or 1,
# no zero column), sometimes with a negative scale too; the other matrix of the pair is singular
# or not. `noise` is how far Blender's result moves when the non-zero entries of a and b move by
# 2 float32 ulps: where it is large, Blender's own choice rests on its rounding.
import json, math, os, random, sys
from mathutils import Matrix, Quaternion, Vector

HERE = os.path.dirname(os.path.abspath(__file__))
argv = sys.argv[sys.argv.index('--') + 1:] if '--' in sys.argv else []
CASES = int(argv[argv.index('--cases') + 1]) if '--cases' in argv else 64
SEED = int(argv[argv.index('--seed') + 1]) if '--seed' in argv else 4101


def f32(x):
    return float('%.9g' % x)


def cols(m):
    return [f32(m[r][c]) for c in range(3) for r in range(3)]


def rotation(rng):
    q = Quaternion((rng.gauss(0, 1), rng.gauss(0, 1), rng.gauss(0, 1), rng.gauss(0, 1))).normalized()
    return q.to_matrix()


def scale(rng, zeros):
    s = [rng.uniform(0.3, 2.0) * (-1 if rng.random() < 0.15 else 1) for _ in range(3)]
    for axis in rng.sample(range(3), zeros):
        s[axis] = 0.0
    return Matrix.Diagonal(s)


def matrix(rng, kind):
    zeros = 0 if kind == 'full' else (2 if rng.random() < 0.2 else 1)
    parent = rotation(rng) @ scale(rng, zeros if kind == 'child' else 0)
    bone = rotation(rng) @ scale(rng, zeros if kind == 'bone' else 0)
    return parent @ bone


def nudge(rng, m):
    out = m.copy()
    for r in range(3):
        for c in range(3):
            x = out[r][c]
            if x != 0:
                out[r][c] = x * (1 + rng.choice((-2, -1, 1, 2)) * 2 ** -24)
    return out


def main():
    rng = random.Random(SEED)
    cases = []
    for i in range(CASES):
        kind = ('bone', 'child')[i % 2]
        a = matrix(rng, kind)
        b = matrix(rng, rng.choice((kind, 'full')))
        if rng.random() < 0.5:
            a, b = b, a
        t = f32(rng.uniform(0.05, 0.95))
        a, b = Matrix([[f32(x) for x in row] for row in a]), Matrix([[f32(x) for x in row] for row in b])
        result = a.lerp(b, t)
        noise = 0.0
        for _ in range(8):
            moved = nudge(rng, a).lerp(nudge(rng, b), t)
            noise = max(noise, max(abs(moved[r][c] - result[r][c]) for r in range(3) for c in range(3)))
        cases.append({'kind': kind, 'a': cols(a), 'b': cols(b), 't': t, 'result': cols(result), 'noise': f32(noise)})
    out = {
        'generator': 'gen-singular-blend.py',
        'blender': '.'.join(map(str, __import__('bpy').app.version)),
        'seed': SEED,
        'cases': cases,
    }
    with open(os.path.join(HERE, 'blender-singular-blend.json'), 'w') as f:
        json.dump(out, f, indent=1)
    print('wrote', len(cases), 'cases')


main()
