# Extra Blender 3.4.1 cases for the IK and Spline IK settings the shared fixtures leave at their
# defaults: Spline IK radius / no radius / even divisions / XZ scale modes / volume limits / Y scale
# modes / chain offset / influence / cyclic paths; IK without Use Tail, chain_count 0, a bone target,
# one bone, longer chains with a pole, influence without a pole on a longer chain.
# Built with the fixture generator's own machinery (../../../../../../shared/conformance/tools).
#
#   blender -b --factory-startup --python gen-extra.py            (writes the cases and manifest.json here)
#
# Not recorded: a chain of three or more bones with a pole and influence < 1. Blender slerps each
# bone's local IK rotation from its own iterative solution, so even the end effector depends on the
# interior joints, which are solver-dependent (README, measured fact 2); Sinew's FABRIK differs there.
import importlib.util, os, sys, math
HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.environ.get('SINEW_FIXTURE_TOOLS', os.path.join(HERE, '../../../../../../shared/conformance/tools'))
spec = importlib.util.spec_from_file_location('gen', os.path.join(TOOLS, 'gen_fixtures.py'))
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)
OUT = HERE
import json
cats = {}
def category(name, n=4, tol=1e-5, scope='all'):
    def deco(f):
        cats[name] = dict(func=f, n=n, tol=tol, scope=scope)
        return f
    return deco

def spline_case(case, **settings):
    rng = case.rng
    n = rng.randint(2, 4)
    specs = gen.bone_chain_specs(rng, n, "Bone", gen.rvec(rng, 0.5), connect_p=1.0, bend=0.5, lmin=0.5, lmax=1.2)
    arm = case.armature("Armature", specs, uniform_scale=True)
    for pb in arm.pose.bones:
        case.pose_random(pb, max_angle=0.4, loc_p=0.0, scale_p=settings.pop('scale_p', 0.0))
    path = case.curve("Path", npts=rng.randint(3, 6), cyclic=settings.pop('cyclic', False), radius_p=settings.pop('radius_p', 0.0))
    tip = arm.pose.bones[specs[-1]['name']]
    c = case.con(tip, 'SPLINE_IK', target=path, chain_count=n)
    for k, v in settings.items():
        setattr(c, k, v(rng) if callable(v) else v)
    case.check_conditioning = False
    case.desc = 'spline ik ' + str({k: getattr(c, k) for k in settings})

@category('x_spline_radius')
def _(case): spline_case(case, radius_p=0.8)
@category('x_spline_noradius')
def _(case): spline_case(case, radius_p=0.8, use_curve_radius=False)
@category('x_spline_even')
def _(case): spline_case(case, radius_p=0.5, use_even_divisions=True)
@category('x_spline_xz')
def _(case): spline_case(case, scale_p=0.8, radius_p=0.5,
    xz_scale_mode=lambda r: r.choice(('BONE_ORIGINAL', 'INVERSE_PRESERVE', 'VOLUME_PRESERVE')),
    use_original_scale=lambda r: r.random() < 0.5)
@category('x_spline_bulge')
def _(case): spline_case(case, scale_p=0.5, xz_scale_mode='VOLUME_PRESERVE', bulge=lambda r: round(r.uniform(0.5, 3), 3),
    use_bulge_min=True, use_bulge_max=True, bulge_min=lambda r: round(r.uniform(0.3, 0.99), 3),
    bulge_max=lambda r: round(r.uniform(1.01, 2), 3), bulge_smooth=lambda r: round(r.random(), 3))
@category('x_spline_ynone')
def _(case): spline_case(case, scale_p=0.5, radius_p=0.5, y_scale_mode=lambda r: r.choice(('NONE', 'BONE_ORIGINAL')))
@category('x_spline_offset')
def _(case): spline_case(case, use_chain_offset=True)
@category('x_spline_influence')
def _(case): spline_case(case, influence=lambda r: round(r.uniform(0.2, 0.9), 3))
@category('x_spline_cyclic')
def _(case): spline_case(case, cyclic=True, radius_p=0.5)

def ik_case(case, n, pole, use_tail=True, chain_count=None, reach=(0.3, 0.85), influence=1.0, target_bone=False):
    rng = case.rng
    arm, names = gen.ik_rig(case, n, extra_tip=not use_tail)
    chain = names[:n]
    tip = names[-1]
    c = gen.add_ik(case, arm, chain, tip, use_tail, lambda L: rng.uniform(*reach) * sum(L), pole=pole, influence=influence)
    if chain_count is not None:
        c.chain_count = chain_count
    if target_bone:
        # Re-target the IK to a bone of a second armature whose head sits where the empty is.
        t = c.target
        gen.update()
        d = bpy.data.armatures.new('TArm'); o = bpy.data.objects.new('TArm', d); gen.link(o); case.objs.append(o)
        bpy.context.view_layer.objects.active = o
        bpy.ops.object.mode_set(mode='EDIT')
        eb = d.edit_bones.new('TB'); eb.head = t.matrix_world.translation; eb.tail = t.matrix_world.translation + gen.Vector((0.3, 0.2, 0.9))
        bpy.ops.object.mode_set(mode='OBJECT')
        o.pose.ik_solver = 'LEGACY'
        c.target = o; c.subtarget = 'TB'
    case.desc = 'ik n=%d pole=%s use_tail=%s chain_count=%s influence=%s target_bone=%s' % (n, pole, use_tail, c.chain_count, influence, target_bone)

import bpy
@category('x_ik_pole_tailoff', tol=5e-4, scope='all')
def _(case): ik_case(case, 2, True, use_tail=False)
@category('x_ik_chain_pole', tol=2e-3, scope='end_effector')
def _(case): ik_case(case, case.rng.randint(3, 5), True)
@category('x_ik_one_bone', tol=1e-5, scope='all')
def _(case): ik_case(case, 1, False, reach=(1.2, 2.0))
@category('x_ik_one_bone_pole', tol=1e-5, scope='all')
def _(case): ik_case(case, 1, True, reach=(1.2, 2.0))
@category('x_ik_chain0', tol=2e-3, scope='end_effector')
def _(case): ik_case(case, 2, True, chain_count=0)
@category('x_ik_bone_target', tol=5e-4, scope='all')
def _(case): ik_case(case, 2, True, target_bone=True)
@category('x_ik_nopole_infl_chain', tol=2e-3, scope='end_effector')
def _(case): ik_case(case, 4, False, influence=round(case.rng.uniform(0.2, 0.9), 3))

only = sys.argv[sys.argv.index('--') + 1:] if '--' in sys.argv else []
cases = []
for name, s in cats.items():
    if only and not any(name.startswith(o) for o in only):
        continue
    for seed in range(s['n']):
        case, doc, meas, sens, attempt = gen.generate_case(name, seed, s, print)
        with open(os.path.join(OUT, doc['name'] + '.json'), 'w') as fh:
            fh.write(gen.to_json(doc) + '\n')
        cases.append(dict(name=doc['name'], file=doc['name'] + '.json', category=name, seed=seed,
                          tolerance=s['tol'], tolerance_scope=s['scope']))
    print('wrote', name)
manifest = dict(format=gen.MANIFEST_FORMAT, blender=bpy.app.version_string, generator='gen-extra.py', cases=cases)
with open(os.path.join(OUT, 'manifest.json'), 'w') as fh:
    fh.write(gen.to_json(manifest) + '\n')
