# Records how Blender evaluates simple driver expressions, for expression.test.ts.
#   blender -b --factory-startup --python test/nodes/drivers/record_expressions.py -- OUT.json
# Each case: a SCRIPTED driver on location[0] of a scratch object with variables a, b, c (custom
# properties read as SINGLE_PROP), the expression, whether Blender took it as a simple expression,
# and the evaluated location[0] (float32). Non-simple expressions are not run (no auto-run Python).
import bpy, json, random, struct, sys

out_path = sys.argv[sys.argv.index('--') + 1]
rng = random.Random(14)
f32 = lambda x: struct.unpack('f', struct.pack('f', x))[0]

HAND = [
    '1', '1+2*3', '-a', '+a', '--a', 'a-b-c', 'a/b/c', 'a*b/c', '(a+b)*c', '2*-a', '-a*b',
    'a<b', 'a<=b', 'a>b', 'a>=b', 'a==b', 'a!=b', 'a<b<c', 'a<b>c', 'a==b==c', '(a<b)<c', 'a<(b<c)',
    'a and b', 'a or b', 'not a', 'not a == b', 'not not a', 'a and b or c', 'a or b and c', 'not a and b',
    'a if b else c', 'a if b else c if a else b', '(a if b else c) + 1', 'a + 1 if b > 0 else c - 1',
    'pi', 'True', 'False', 'True + True', 'frame', 'frame * 2 + a',
    'radians(a)', 'degrees(a)', 'abs(a)', 'fabs(a)', 'floor(a)', 'ceil(a)', 'trunc(a)', 'round(a)', 'int(a)',
    'round(2.5)', 'round(-2.5)', 'round(0.5)', 'round(-0.5)', 'int(-2.7)', 'floor(-2.5)',
    'sin(a)', 'cos(a)', 'tan(a)', 'asin(a/10)', 'acos(a/10)', 'atan(a)', 'atan2(a, b)', 'exp(a)', 'log(a)',
    'log(a, b)', 'log(8, 2)', 'sqrt(a)', 'pow(a, b)', 'pow(a, 2)', 'fmod(a, b)', 'fmod(-7, 3)', 'lerp(a, b, c)',
    'clamp(a)', 'clamp(a, b, c)', 'smoothstep(a, b, c)', 'smoothstep(0, 1, 0.25)', 'min(a)', 'min(a, b)', 'min(a, b, c)', 'max(a, b, c)',
    '1/0', 'a/0', '0/0', 'sqrt(-1)', 'log(0)', 'log(-1)', 'asin(2)', 'min(1/0, 5)', '1/0 > 0', 'a if 1 else 1/0',
    'a if 0 else 1/0', '0 and 1/0', '1 or 1/0', 'pow(0, -1)', 'fmod(1, 0)', 'exp(1000)', 'exp(1000) - exp(1000)',
    '1e3', '1.5e-2', '.5', '5.', '1E+2', '00', '0.5', '007', '1e', 'a**2', 'a%b', 'a//b', 'a.b', 'a[0]', 'x',
    'sin', 'sin()', 'sin(a, b)', 'atan2(a)', 'min()', 'lerp(a, b)', 'a if b', 'a if b else', '(a', 'a)', 'a b',
    'a < ', 'and a', 'a and', 'not', '"a"', 'a = b', 'a == not b', 'a < not b', 'abs(-a) * -(b)', 'a,b',
    'True if a else False', 'e', 'inf', 'nan', 'math.pi', 'a  +\tb', '-2**2', 'not -a', '- not a', 'bool(a)', 'float(a)',
    'pi*2', '(1-a)*pi', 'a == 1', 'a == 2', 'a==b if c else not a',
]

VALUES = [0.0, 1.0, -1.0, 0.5, 2.0, -2.5, 3.0, 0.1, 1.7, -0.3, 7.0, 0.999]
ATOMS = ['a', 'b', 'c', 'frame', '0', '1', '2', '0.5', 'pi', 'True']
BIN = ['+', '-', '*', '/', '==', '!=', '<', '<=', '>', '>=', ' and ', ' or ']
FUN1 = ['abs', 'floor', 'ceil', 'trunc', 'round', 'int', 'sin', 'cos', 'sqrt', 'exp', 'log', 'radians', 'clamp']
FUN2 = ['atan2', 'pow', 'fmod', 'min', 'max', 'log']
FUN3 = ['lerp', 'clamp', 'smoothstep', 'min', 'max']

def tree(depth):
    if depth == 0 or rng.random() < 0.25:
        return rng.choice(ATOMS)
    r = rng.random()
    if r < 0.45:
        return '(' + tree(depth - 1) + rng.choice(BIN) + tree(depth - 1) + ')'
    if r < 0.55:
        return rng.choice(['-', 'not ']) + tree(depth - 1)
    if r < 0.65:
        return '(' + tree(depth - 1) + ' if ' + tree(depth - 1) + ' else ' + tree(depth - 1) + ')'
    if r < 0.72:
        return tree(depth - 1) + rng.choice(['<', '<=', '==']) + tree(depth - 1) + rng.choice(['<', '>', '!=']) + tree(depth - 1)
    if r < 0.85:
        return rng.choice(FUN1) + '(' + tree(depth - 1) + ')'
    if r < 0.95:
        return rng.choice(FUN2) + '(' + tree(depth - 1) + ', ' + tree(depth - 1) + ')'
    return rng.choice(FUN3) + '(' + tree(depth - 1) + ', ' + tree(depth - 1) + ', ' + tree(depth - 1) + ')'

RANDOM = [tree(4) for _ in range(400)]

scene = bpy.context.scene
ob = bpy.data.objects.new('scratch', None)
scene.collection.objects.link(ob)
for n in 'abc':
    ob[n] = 0.0
fc = ob.driver_add('location', 0)
for m in list(fc.modifiers):
    fc.modifiers.remove(m)
drv = fc.driver
drv.type = 'SCRIPTED'
for n in 'abc':
    v = drv.variables.new()
    v.name = n
    v.type = 'SINGLE_PROP'
    v.targets[0].id_type = 'OBJECT'
    v.targets[0].id = ob
    v.targets[0].data_path = '["%s"]' % n

cases = []
for i, expr in enumerate(HAND + RANDOM):
    drv.expression = expr
    simple = drv.is_simple_expression
    runs = []
    for k in range(3 if simple else 0):
        a, b, c = rng.choice(VALUES), rng.choice(VALUES), rng.choice(VALUES)
        frame = rng.choice([1, 0, 7, -3, 24])
        ob['a'], ob['b'], ob['c'] = a, b, c
        # A known value first, so a result Blender does not write (non-finite) shows as this one.
        ob.location[0] = 0.0
        scene.frame_set(frame)
        dg = bpy.context.evaluated_depsgraph_get()
        dg.update()
        val = ob.evaluated_get(dg).location[0]
        runs.append({'a': a, 'b': b, 'c': c, 'frame': frame, 'value': val, 'invalid': bool(drv.is_valid) is False})
        drv.is_valid = True
    cases.append({'expression': expr, 'simple': simple, 'runs': runs})

with open(out_path, 'w') as f:
    json.dump({'blender': bpy.app.version_string, 'cases': cases}, f, indent=0)
print('wrote', len(cases), 'cases to', out_path)
