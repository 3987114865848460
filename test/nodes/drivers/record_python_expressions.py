# Records how Blender evaluates driver expressions it hands to Python (ones with `**`, `%`, `//`,
# sum, len, any, all, lists and tuples, which its simple evaluator refuses), for python-expression.test.ts:
#   blender -b --factory-startup --python test/nodes/drivers/record_python_expressions.py -- OUT.json
# As record_expressions.py: a SCRIPTED driver on location[0] of a scratch object with variables a,
# b, c (custom properties read as SINGLE_PROP); its flag reset before each run, so every run is a
# fresh evaluation. Needs Python drivers to run (Blender runs them unless auto-run is off).
import bpy, json, random, sys

out_path = sys.argv[sys.argv.index('--') + 1]
rng = random.Random(15)

HAND = [
    'a**2', 'a**b', '-a**2', 'a**-b', '2**3**2', '(-a)**2', 'a**0.5', '(-8)**(1/3)', '0**-1', '0**0', '10**400',
    'a % b', '-7.5 % a', '7.5 % -a', 'a % 0', '-a % b', '0 % -a', 'a // b', '-7.5 // a', '7.5 // -a', 'a // 0', '-0.0 // a',
    'a * b % c', 'a % b * c', 'a // b // c', 'a ** b % c', '-a // b', 'frame % 24', 'frame // 12 + a',
    'round(a * 2.5) ** 1', 'round(2.5) + a**2', 'round(-2.5) + a**2', 'round(0.5) + 0**1', 'round(a) % 2', 'int(a) ** 2',
    'floor(a) // 1', 'exp(a * 1000) ** 1', 'abs(a) ** 0.5', 'sqrt(a) ** 2', 'a**2 if a > 0 else b % 1', 'a**2 > b',
    'min(a, b) ** 2', 'max(a**2, b**2, c**2)', 'pow(a, 2) % 1', 'fmod(a, b) ** 2', 'lerp(a, b, c) // 1', 'clamp(a**2, 0, 1)',
    'not a ** 2', 'a and b ** 2', '(a < b) ** 2', 'a ** (b < c)', '1e308 * 10 ** 1', 'a ** 1e10', '(-1) ** 1e300',
]

# The whitelisted builtins that take a sequence (a list or a tuple), and min and max of one;
# recorded after the others, so the values drawn for those stay as they were.
SEQUENCES = [
    'sum([a, b, c])', 'sum((a, b))', 'sum((a,)) * 2', 'sum([a, -a, 1e308, 1e308])', 'sum([-0.0]) + a * 0', 'sum([]) + a',
    'len([a, b, c]) * a', 'len(()) + b', 'any([a, b])', 'any([a > b, c])', 'any([])', 'all([a, b, c])', 'all(()) + a',
    'all([a, b]) + 1', 'max([a, b, c])', 'min([a])', 'max([a, b]) ** 2', 'min([a, b, c]) // 1', 'sum([a * 2, b / c])',
]

VALUES = [0.0, 1.0, -1.0, 0.5, 2.0, -2.5, 3.0, 0.1, 1.7, -0.3, 7.0, 0.999]
ATOMS = ['a', 'b', 'c', 'frame', '0', '1', '2', '0.5', '3']
BIN = ['+', '-', '*', '/', '**', '%', '//', '<', ' and ', ' or ']
FUN1 = ['abs', 'floor', 'ceil', 'round', 'int', 'sin', 'sqrt', 'exp']

def tree(depth):
    if depth == 0 or rng.random() < 0.25:
        return rng.choice(ATOMS)
    r = rng.random()
    if r < 0.6:
        return '(' + tree(depth - 1) + rng.choice(BIN) + tree(depth - 1) + ')'
    if r < 0.7:
        return '-' + tree(depth - 1)
    if r < 0.8:
        return '(' + tree(depth - 1) + ' if ' + tree(depth - 1) + ' else ' + tree(depth - 1) + ')'
    return rng.choice(FUN1) + '(' + tree(depth - 1) + ')'

RANDOM = []
while len(RANDOM) < 300:
    t = tree(4)
    if any(op in t for op in ('**', '%', '//')):
        RANDOM.append(t)

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
for expr in HAND + RANDOM + SEQUENCES:
    drv.expression = expr
    runs = []
    for k in range(4):
        a, b, c = rng.choice(VALUES), rng.choice(VALUES), rng.choice(VALUES)
        frame = rng.choice([1, 0, 7, -3, 24])
        ob['a'], ob['b'], ob['c'] = a, b, c
        # A known value first, so a result Blender does not write shows as this one.
        ob.location[0] = 0.25
        drv.is_valid = True
        scene.frame_set(frame)
        dg = bpy.context.evaluated_depsgraph_get()
        dg.update()
        val = ob.evaluated_get(dg).location[0]
        runs.append({'a': a, 'b': b, 'c': c, 'frame': frame, 'value': val, 'invalid': bool(drv.is_valid) is False})
    cases.append({'expression': expr, 'simple': bool(drv.is_simple_expression), 'runs': runs})

with open(out_path, 'w') as f:
    json.dump({'blender': bpy.app.version_string, 'cases': cases}, f, indent=0)
print('wrote', len(cases), 'cases to', out_path)
