# Blender 3.4.1 cases for the LOCAL space of an object parented to a bone (parent_type BONE).
# Blender's BKE_constraint_mat_convertspace gives an object with a parent the LOCAL space
# parent.obmat · parentinv, and for a bone-parented object `parent` is the armature object: the
# bone's pose and the tail offset it hangs from are not part of it. The cases use such objects as a
# LOCAL-space target (of an object and of a bone), as a LOCAL-space owner, and as both; a plain
# OBJECT parent is recorded beside them for contrast. The armature is moved, rotated and scaled, its
# bones posed (the parent bone up to 180 degrees).
# Built with the fixture generator's own machinery (../../../../../shared/conformance/tools):
# the same scenes' randomness, conditioning checks, measurement and format.
#
#   blender -b --factory-startup --python gen-bone-parented.py       (writes the cases and manifest.json here)
#
# Not recorded: BONE_RELATIVE parenting (a bone's use_relative_parent). The fixture format keeps it
# false and Sinew's scene format has no field for it; its LOCAL space would be the same
# armature.obmat · parentinv.
import importlib.util, os, sys, math
HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.environ.get('SINEW_FIXTURE_TOOLS', os.path.join(HERE, '../../../../../shared/conformance/tools'))
spec = importlib.util.spec_from_file_location('gen', os.path.join(TOOLS, 'gen_fixtures.py'))
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)
import bpy
OUT = HERE

KINDS = ('COPY_LOCATION', 'COPY_ROTATION', 'COPY_TRANSFORMS', 'TRANSFORM')
BONES = ('Bone0', 'Bone1', 'Bone2', 'Ctrl0', 'Ctrl1')
cats = {}


def category(name, n):
    def deco(f):
        cats[name] = dict(func=f, n=n, tol='closed')
        return f
    return deco


def kind_of(case):
    """Every kind in the first four seeds, then drawn at random."""
    return KINDS[case.seed % 4] if case.seed < 8 else case.rng.choice(KINDS)


def rig(case, name='Armature'):
    """A moved, rotated, scaled armature, every bone posed, one of them up to 180 degrees."""
    arm = gen.bone_rig(case, name=name)
    big = case.rng.choice(BONES)
    case.pose_random(arm.pose.bones[big], max_angle=math.pi)
    return arm


def bone_parented(case, name, arm, bones=BONES):
    o = case.empty(name)
    case.parent_to_bone(o, arm, case.rng.choice(bones))
    return o


def object_spaces(case, c, owner=None, target=None):
    rng = case.rng
    c.owner_space = owner or rng.choice(('WORLD', 'LOCAL'))
    c.target_space = target or rng.choice(('WORLD', 'LOCAL'))


def lead(owner, c, what):
    return '%s (%s) %s -> %s (%s)' % (gen.owner_key(owner), c.owner_space, c.type.replace('_', ' ').lower(),
                                        gen.target_text(c), c.target_space) + ': ' + what


@category('x_bonepar_target_object', 12)
def _(case):
    arm = rig(case)
    owner = case.empty('Owner')
    case.maybe_parent(owner, 0.35)
    tgt = bone_parented(case, 'Target', arm)
    c = gen.add_kind(case, owner, kind_of(case), tgt)
    object_spaces(case, c, target='LOCAL')
    case.desc = gen.describe(owner, c, lead(owner, c, 'target parented to bone %s' % tgt.parent_bone))


@category('x_bonepar_target_bone', 10)
def _(case):
    arm = rig(case)
    owner = arm.pose.bones[case.rng.choice(('Bone1', 'Bone2'))]
    # Parented to a bone the owner does not come before (no dependency cycle).
    tgt = bone_parented(case, 'Target', arm, ('Bone0', 'Ctrl0', 'Ctrl1'))
    c = gen.add_kind(case, owner, kind_of(case), tgt)
    c.owner_space = gen.BONE_SPACES[case.seed % 4] if case.seed < 8 else case.rng.choice(gen.BONE_SPACES)
    c.target_space = 'LOCAL'
    case.desc = gen.describe(owner, c, lead(owner, c, 'target parented to bone %s' % tgt.parent_bone))


@category('x_bonepar_owner', 12)
def _(case):
    arm = rig(case)
    owner = bone_parented(case, 'Owner', arm)
    tgt = case.empty('Target')
    case.maybe_parent(tgt, 0.35)
    c = gen.add_kind(case, owner, kind_of(case), tgt)
    object_spaces(case, c, owner='LOCAL')
    case.desc = gen.describe(owner, c, lead(owner, c, 'owner parented to bone %s' % owner.parent_bone))


@category('x_bonepar_both', 10)
def _(case):
    arm = rig(case)
    # The target hangs from this armature or from a second one.
    other = rig(case, 'Other') if gen.rb(case.rng, 0.4) else arm
    owner = bone_parented(case, 'Owner', arm)
    tgt = bone_parented(case, 'Target', other)
    c = gen.add_kind(case, owner, kind_of(case), tgt)
    object_spaces(case, c, owner='LOCAL', target='LOCAL')
    case.desc = gen.describe(owner, c, lead(owner, c, 'owner on bone %s, target on %s/%s' % (
        owner.parent_bone, other.name, tgt.parent_bone)))


@category('x_objpar_contrast', 8)
def _(case):
    # Plain OBJECT parents (one of them an armature, which a bone parent would also name).
    arm = rig(case)
    owner = case.empty('Owner')
    case.add_parent(owner)
    tgt = case.empty('Target')
    tgt.parent = arm
    tgt.parent_type = 'OBJECT'
    case.set_parent_inverse(tgt, case.rng.choice(('world_inv', 'random', 'identity')))
    c = gen.add_kind(case, owner, kind_of(case), tgt)
    object_spaces(case, c, owner='LOCAL', target='LOCAL')
    case.desc = gen.describe(owner, c, lead(owner, c, 'owner and target parented to objects'))


MIN_EFFECT = 1e-3


def generate_case(cat, seed, spec):
    """gen_fixtures.generate_case, but a scene whose constraint moves nothing by MIN_EFFECT is drawn
    again (a Copy Location on a connected bone, say, changes only float noise)."""
    last = None
    for attempt in range(40):
        gen.clear_scene()
        case = gen.Case(cat, seed, attempt)
        try:
            spec['func'](case)
            pre, post, exp, unc, sens = gen.evaluate_case(case)
            if gen.state_maxdiff(exp, unc) < MIN_EFFECT:
                raise gen.Rejected('constraints move nothing by %g' % MIN_EFFECT)
        except gen.Rejected as e:
            last = str(e)
            continue
        doc = gen.case_document(case, '%s_%02d' % (cat, seed), pre, post, exp, unc)
        meas = gen.measure_case(case, doc)
        if case.noise is not None:
            meas['float32_input_noise'] = case.noise
        return case, doc, meas, sens, attempt
    raise RuntimeError('%s seed %d: no acceptable scene after 40 attempts (%s)' % (cat, seed, last))


only = sys.argv[sys.argv.index('--') + 1:] if '--' in sys.argv else []
if not only:
    for f in os.listdir(OUT):
        if f.endswith('.json'):
            os.remove(os.path.join(OUT, f))
cases = []
for name, s in cats.items():
    if only and not any(name.startswith(o) for o in only):
        continue
    worst = 0.0
    for seed in range(s['n']):
        case, doc, meas, sens, attempt = generate_case(name, seed, s)
        with open(os.path.join(OUT, doc['name'] + '.json'), 'w') as fh:
            fh.write(gen.to_json(doc) + '\n')
        # The generator's own rule for a closed-form case: twice the worst measured model error,
        # rounded up, at least 1e-5 (build_manifest in gen_fixtures.py).
        tol = gen.roundup(2.0 * meas.get('worst', 0.0))
        cases.append(dict(name=doc['name'], file=doc['name'] + '.json', category=name, seed=seed,
                          tolerance=tol, tolerance_scope='all'))
        print('  %s attempt %d sensitivity %s noise %s' % (doc['name'], attempt, sens, meas.get('float32_input_noise')))
    print('wrote', name)
manifest = dict(format=gen.MANIFEST_FORMAT, blender=bpy.app.version_string, generator='gen-bone-parented.py', cases=cases)
with open(os.path.join(OUT, 'manifest.json'), 'w') as fh:
    fh.write(gen.to_json(manifest) + '\n')
gen.check_outputs(OUT, manifest)
