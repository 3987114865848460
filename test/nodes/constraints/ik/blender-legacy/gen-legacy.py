# Blender 3.4.1 legacy-IK cases: every setting Blender's legacy solver (iTaSC not used) reads from a
# bone and an IK constraint, trees of chains that share a root, and Rigify-like limbs. Every bone is
# compared (scope `all`), at a per-case tolerance measured here as float32 noise (see README.md).
# Built with the fixture generator's own machinery (../../../../../../shared/conformance/tools).
#
#   blender -b --factory-startup --python gen-legacy.py                    (all cases + manifest.json)
#   blender -b --factory-startup --python gen-legacy.py -- --salt S --out DIR   (another draw of the design)
#   blender -b --factory-startup --python gen-legacy.py -- --only lk_tree      (categories by prefix; the
#                                                                          manifest then lists only them)
import importlib.util, os, sys, math, json, random
import bpy
from mathutils import Vector, Matrix, Quaternion

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.environ.get('SINEW_FIXTURE_TOOLS', os.path.join(HERE, '../../../../../../shared/conformance/tools'))
spec = importlib.util.spec_from_file_location('gen', os.path.join(TOOLS, 'gen_fixtures.py'))
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)

CASES_PER_CATEGORY = 12
# Inputs moved by ~2 float32 ULPs (gen.ulp_noise) may not move any output by more than this: an iterative
# solver near a branch switch or an iteration-count step is ill-conditioned and the scene is re-drawn.
MAX_IK_NOISE = 2e-4
NOISE_TRIALS = 8
TOL_FLOOR = 1e-5

cats = {}


def category(name, what):
    def deco(f):
        cats[name] = dict(func=f, what=what)
        return f
    return deco


rb, rvec, runit, rquat, rround = gen.rb, gen.rvec, gen.runit, gen.rquat, gen.rround


# ----- building blocks ----------------------------------------------------------------------------

def chain_rig(case, n, extra_tip=False, max_angle=0.5, root_p=0.5):
    """A random chain of n bones (+ one when the IK does not use the tail), sometimes under a root bone
    and with a child after the chain (gen.ik_rig)."""
    return gen.ik_rig(case, n, extra_tip=extra_tip, with_root_p=root_p, max_angle=max_angle)


def place_target(case, arm, chain, reach, name="Target", rot_angle=math.pi, parent_p=0.3):
    """An empty at reach × (chain length) from the chain root, in a random direction; returns it and
    the direction (armature space)."""
    rng = case.rng
    pts = gen.eval_pose_points(arm)
    joints = gen.chain_eff(pts, chain)
    L = sum((joints[i + 1] - joints[i]).length for i in range(len(joints) - 1))
    d = runit(rng)
    G = joints[0] + d * rng.uniform(*reach) * L
    t = case.empty(name, scale_p=0.2)
    case.maybe_parent(t, parent_p)
    gen.place_world(t, arm.matrix_world @ G, rquat(rng, rot_angle))
    return t, d, joints[0]


def place_pole(case, arm, root, d, name="Pole"):
    rng = case.rng
    p = case.empty(name, scale_p=0.2)
    case.maybe_parent(p, 0.3)
    P = root + gen.random_dir_away(rng, d) * rng.uniform(1.0, 3.0)
    gen.place_world(p, arm.matrix_world @ P)
    return p


def ik(case, arm, chain, tip, use_tail=True, reach=(0.3, 0.85), pole=False, target=None, subtarget='',
       name_suffix='', **props):
    """An IK constraint on `tip` over `chain` (root first) toward a new empty (or `target`/`subtarget`)."""
    rng = case.rng
    if target is None:
        target, d, root = place_target(case, arm, chain, reach, name="Target" + name_suffix)
    else:
        pts = gen.eval_pose_points(arm)
        root = pts[chain[0]][0]
        d = runit(rng)
    pole_obj = place_pole(case, arm, root, d, name="Pole" + name_suffix) if pole else None
    c = case.con(arm.pose.bones[tip], 'IK', target=target, chain_count=len(chain), use_tail=use_tail,
                 use_stretch=False)
    if subtarget:
        c.subtarget = subtarget
    if pole_obj is not None:
        c.pole_target = pole_obj
        c.pole_angle = rng.choice((-math.pi / 2, math.pi / 2, rng.uniform(-math.pi, math.pi)))
    for k, v in props.items():
        setattr(c, k, v)
    case.check_conditioning = False   # the IK noise check below replaces the closed-form one
    case.tolerance_kind = 'ik'
    return c


def stretch(case, arm, bones, lo=0.01, hi=1.0, zero_p=0.25):
    for b in bones:
        pb = arm.pose.bones[b]
        pb.ik_stretch = 0.0 if rb(case.rng, zero_p) else rround(case.rng.uniform(lo, hi), 3)


def locks(case, arm, bones, p=0.35):
    for b in bones:
        pb = arm.pose.bones[b]
        while True:
            ax = [rb(case.rng, p) for _ in range(3)]
            if not all(ax):
                break
        pb.lock_ik_x, pb.lock_ik_y, pb.lock_ik_z = ax


def limits(case, arm, bones, p=0.5):
    rng = case.rng
    for b in bones:
        pb = arm.pose.bones[b]
        for a in 'xyz':
            if rb(rng, p):
                setattr(pb, 'use_ik_limit_' + a, True)
                setattr(pb, 'ik_min_' + a, rround(rng.uniform(-math.pi, -0.05), 3))
                setattr(pb, 'ik_max_' + a, rround(rng.uniform(0.05, math.pi), 3))


def stiffness(case, arm, bones, p=0.6):
    rng = case.rng
    for b in bones:
        pb = arm.pose.bones[b]
        for a in 'xyz':
            if rb(rng, p):
                setattr(pb, 'ik_stiffness_' + a, rround(rng.uniform(0.05, 0.99), 3))


def bone_words(arm, bones):
    out = []
    for b in bones:
        pb = arm.pose.bones[b]
        w = []
        if pb.ik_stretch:
            w.append('stretch %.3g' % pb.ik_stretch)
        w += ['lock %s' % a for a in 'xyz' if getattr(pb, 'lock_ik_' + a)]
        w += ['limit %s [%.3g, %.3g]' % (a, getattr(pb, 'ik_min_' + a), getattr(pb, 'ik_max_' + a))
              for a in 'xyz' if getattr(pb, 'use_ik_limit_' + a)]
        w += ['stiff %s %.3g' % (a, getattr(pb, 'ik_stiffness_' + a)) for a in 'xyz' if getattr(pb, 'ik_stiffness_' + a)]
        if w:
            out.append('%s(%s)' % (b, ', '.join(w)))
    return ' '.join(out)


def describe(case, arm, lead, cons, bones):
    parts = [lead]
    for c in cons:
        parts.append(str({k: (round(getattr(c, k), 4) if isinstance(getattr(c, k), float) else getattr(c, k))
                          for k in ('chain_count', 'use_tail', 'use_stretch', 'iterations', 'weight',
                                    'use_rotation', 'orient_weight', 'use_location', 'pole_angle', 'influence')}))
    bw = bone_words(arm, bones)
    if bw:
        parts.append(bw)
    case.desc = '; '.join(parts)


def simple(case, n, use_tail=True, reach=(0.3, 0.85), pole=False, **props):
    arm, names = chain_rig(case, n, extra_tip=not use_tail)
    chain = names[:n]
    c = ik(case, arm, chain, names[-1], use_tail=use_tail, reach=reach, pole=pole, **props)
    return arm, chain, c


# ----- categories: one setting each --------------------------------------------------------------

@category('lk_stretch', 'use_stretch with ik_stretch per bone, targets inside and beyond reach, pole sometimes')
def _(case):
    rng = case.rng
    n = rng.randint(2, 4)
    arm, chain, c = simple(case, n, reach=(0.5, 1.6), pole=rb(rng, 0.5), use_stretch=True)
    stretch(case, arm, chain)
    describe(case, arm, 'stretch chain of %d' % n, [c], chain)


@category('lk_lock', 'lock_ik_x/y/z per bone (never all three)')
def _(case):
    rng = case.rng
    n = rng.randint(2, 4)
    arm, chain, c = simple(case, n, pole=rb(rng, 0.3))
    locks(case, arm, chain)
    describe(case, arm, 'locked chain of %d' % n, [c], chain)


@category('lk_limit', 'use_ik_limit_x/y/z with ik_min/ik_max per bone')
def _(case):
    rng = case.rng
    n = rng.randint(2, 4)
    arm, chain, c = simple(case, n, pole=rb(rng, 0.3))
    limits(case, arm, chain)
    describe(case, arm, 'limited chain of %d' % n, [c], chain)


@category('lk_stiffness', 'ik_stiffness_x/y/z per bone')
def _(case):
    rng = case.rng
    n = rng.randint(2, 4)
    arm, chain, c = simple(case, n, pole=rb(rng, 0.3))
    stiffness(case, arm, chain)
    describe(case, arm, 'stiff chain of %d' % n, [c], chain)


@category('lk_rotation', 'use_rotation with orient_weight (use_location off sometimes)')
def _(case):
    rng = case.rng
    n = rng.randint(1, 4)
    arm, chain, c = simple(case, n, reach=(0.3, 0.9), use_rotation=True,
                           orient_weight=rround(rng.uniform(0.05, 1.0), 3))
    if rb(rng, 0.2):
        c.use_location = False
    describe(case, arm, 'rotation chain of %d' % n, [c], chain)


@category('lk_nopole', 'chains of 2-5 bones without a pole')
def _(case):
    n = case.rng.randint(2, 5)
    arm, chain, c = simple(case, n)
    describe(case, arm, 'no-pole chain of %d' % n, [c], chain)


@category('lk_pole', 'chains of 2-5 bones with a pole and pole_angle')
def _(case):
    n = case.rng.randint(2, 5)
    arm, chain, c = simple(case, n, pole=True)
    describe(case, arm, 'pole chain of %d' % n, [c], chain)


@category('lk_chaincount', 'chain_count 1-6 on a 6-bone chain (seed % 6 + 1), pole sometimes')
def _(case):
    rng = case.rng
    arm, names = chain_rig(case, 6, root_p=0.7)
    k = case.seed % 6 + 1
    chain = names[6 - k:]
    c = ik(case, arm, chain, names[-1], pole=k >= 2 and rb(rng, 0.4))
    describe(case, arm, 'chain_count %d of a 6-bone chain' % k, [c], chain)


@category('lk_notail', 'use_tail off (the chain ends at the owner\'s parent), chains of 1-4, pole sometimes')
def _(case):
    rng = case.rng
    n = rng.randint(1, 4)
    arm, chain, c = simple(case, n, use_tail=False, pole=rb(rng, 0.4))
    describe(case, arm, 'use_tail off, chain of %d' % n, [c], chain)


@category('lk_iterations', 'iterations 1-1000 (log-uniform), reachable and unreachable targets')
def _(case):
    rng = case.rng
    n = rng.randint(2, 4)
    arm, chain, c = simple(case, n, reach=(0.3, 1.3), pole=rb(rng, 0.3),
                           iterations=int(round(10 ** rng.uniform(0, 3))))
    describe(case, arm, 'iterations chain of %d' % n, [c], chain)


@category('lk_influence', 'influence in (0.1, 0.9) on chains of 2-4, pole sometimes')
def _(case):
    rng = case.rng
    n = rng.randint(2, 4)
    arm, chain, c = simple(case, n, pole=rb(rng, 0.5), influence=rround(rng.uniform(0.1, 0.9), 3))
    describe(case, arm, 'influence chain of %d' % n, [c], chain)


@category('lk_influence_rotation', 'influence in (0.1, 0.9) with use_rotation and no pole: Blender blends the goal position and rotation with the chain end')
def _(case):
    rng = case.rng
    n = rng.randint(1, 4)
    arm, chain, c = simple(case, n, reach=(0.3, 0.9), use_rotation=True,
                           orient_weight=rround(rng.uniform(0.1, 1.0), 3), influence=rround(rng.uniform(0.1, 0.9), 3))
    if rb(rng, 0.2):
        c.use_location = False
    describe(case, arm, 'influence chain of %d with a rotation goal' % n, [c], chain)


def stack_con(case, arm, bone, kind):
    """A non-IK constraint on a chain bone (Blender applies it before the tree is solved, wherever it
    sits in the stack)."""
    rng = case.rng
    pb = arm.pose.bones[bone]
    if kind == 'COPY_ROTATION':
        t = case.empty('Rot' + bone, scale_p=0.0)
        return case.con(pb, 'COPY_ROTATION', target=t, influence=rround(rng.uniform(0.2, 1.0), 3))
    if kind == 'LIMIT_ROTATION':
        props = {}
        for a in 'xyz':
            if rb(rng, 0.6):
                props['use_limit_' + a] = True
                props['min_' + a] = rround(rng.uniform(-1.0, -0.05), 3)
                props['max_' + a] = rround(rng.uniform(0.05, 1.0), 3)
        return case.con(pb, 'LIMIT_ROTATION', owner_space='LOCAL', **props)
    t = case.empty('Aim' + bone, scale_p=0.0)
    return case.con(pb, 'DAMPED_TRACK', target=t, influence=rround(rng.uniform(0.2, 1.0), 3))


@category('lk_stack', 'other constraints on chain bones (Copy Rotation, Limit Rotation, Damped Track), before or after the IK in the tip\'s stack')
def _(case):
    rng = case.rng
    n = rng.randint(2, 3)
    arm, names = chain_rig(case, n)
    chain = names[:n]
    kinds = ('COPY_ROTATION', 'LIMIT_ROTATION', 'DAMPED_TRACK')
    before = case.seed % 2 == 0
    tip_kind = kinds[case.seed // 2 % 3]
    if before:
        stack_con(case, arm, chain[-1], tip_kind)
    c = ik(case, arm, chain, chain[-1], pole=rb(rng, 0.4))
    if not before:
        stack_con(case, arm, chain[-1], tip_kind)
    if rb(rng, 0.5):
        stack_con(case, arm, rng.choice(chain[:-1]), rng.choice(kinds))
    stack = ', '.join('%s: %s' % (o.name, ' > '.join(k.type for k in o.constraints)) for o in arm.pose.bones if len(o.constraints))
    describe(case, arm, 'chain of %d with stacks %s' % (n, stack), [c], chain)


# ----- trees: chains whose roots meet -------------------------------------------------------------

def tree(case, branches, trunk_n=None, weights=False, notail=False):
    """A trunk of 1-2 bones with `branches` chains of 1-3 bones on its last bone; one IK per branch tip
    with a chain reaching down to the trunk's first bone, so all chains share one root. With `notail`,
    some branches (at least one) end in one more bone that holds the IK with use_tail off (its chain
    is the branch without it): such a chain still joins the tree, its tip being the bone above."""
    rng = case.rng
    trunk_n = trunk_n or rng.randint(1, 2)
    specs = []
    parent = None
    start = rvec(rng, 0.5)
    if rb(rng, 0.4):
        specs += gen.bone_chain_specs(rng, 1, "Root", start, lmin=0.4, lmax=0.8)
        parent = specs[-1]['name']
        start = specs[-1]['tail'].copy()
    trunk = gen.bone_chain_specs(rng, trunk_n, "Trunk", start, parent=parent, connect_p=0.9, bend=0.4,
                                 first_connect=parent is not None and rb(rng, 0.5))
    specs += trunk
    chains = []
    owners = []
    no_tail = [rb(rng, 0.5) for _ in range(branches)] if notail else [False] * branches
    if notail and not any(no_tail):
        no_tail[rng.randrange(branches)] = True
    for i in range(branches):
        letter = 'ABC'[i]
        bn = rng.randint(1, 3)
        br = gen.bone_chain_specs(rng, bn, letter, trunk[-1]['tail'], parent=trunk[-1]['name'], bend=0.6,
                                  first_connect=rb(rng, 0.5))
        specs += br
        chains.append([s['name'] for s in trunk] + [s['name'] for s in br])
        owners.append(chains[-1][-1])
        if no_tail[i]:
            tip = gen.bone_chain_specs(rng, 1, letter + 'Tip', br[-1]['tail'], parent=br[-1]['name'], bend=0.6,
                                       first_connect=rb(rng, 0.7))
            specs += tip
            owners[-1] = tip[0]['name']
    arm = case.armature("Armature", specs, uniform_scale=True)
    for pb in arm.pose.bones:
        case.pose_random(pb, max_angle=0.5, loc_p=0.2, scale_p=0.0)
    cons = []
    for i, ch in enumerate(chains):
        props = {}
        if weights:
            props['weight'] = rround(rng.uniform(0.05, 1.0), 3)
        if rb(rng, 0.2):
            props['use_rotation'] = True
            props['orient_weight'] = rround(rng.uniform(0.05, 1.0), 3)
        cons.append(ik(case, arm, ch, owners[i], use_tail=not no_tail[i], reach=(0.3, 0.95), pole=rb(rng, 0.25),
                       name_suffix='ABC'[i], **props))
    bones = sorted({b for ch in chains for b in ch})
    if rb(rng, 0.3):
        stretch(case, arm, bones, zero_p=0.5)
        for c in cons:
            c.use_stretch = True
    describe(case, arm, 'tree of %d chains on a %d-bone trunk%s' % (
        branches, trunk_n, ', use_tail off on %s' % ', '.join('ABC'[i] for i in range(branches) if no_tail[i]) if notail else ''),
        cons, bones)


@category('lk_tree2', 'two chains sharing a root (one tree, two targets)')
def _(case): tree(case, 2)


@category('lk_tree3', 'three chains sharing a root (one tree, three targets)')
def _(case): tree(case, 3)


@category('lk_weight', 'trees of two or three chains with a weight per constraint')
def _(case): tree(case, case.rng.choice((2, 3)), weights=True)


@category('lk_tree_notail', 'trees of two or three chains, one or more with use_tail off (the IK on one more bone below the chain)')
def _(case): tree(case, case.rng.choice((2, 3)), notail=True)


# ----- Rigify-like limbs ----------------------------------------------------------------------------

def build(case, specs, max_angle=0.25):
    arm = case.armature("Armature", specs, uniform_scale=True)
    for pb in arm.pose.bones:
        case.pose_random(pb, max_angle=max_angle, loc_p=0.0, scale_p=0.0)
    return arm


def S(name, parent, head, tail, connect=True, roll=0.0):
    return dict(name=name, parent=parent, head=Vector(head), tail=Vector(tail), connect=connect and parent is not None,
                roll=roll)


def jitter(rng, v, r=0.05):
    return Vector(v) + rvec(rng, r)


@category('lk_rig_arm', 'upper arm + forearm + hand: 2-bone IK with use_stretch, ik_stretch 0.1, pole at -90°')
def _(case):
    rng = case.rng
    side = rng.choice((1, -1))
    sh, el, wr = Vector((0.2 * side, 0, 1.5)), Vector((0.5 * side, 0.05, 1.2)), Vector((0.75 * side, -0.05, 0.95))
    sh, el, wr = jitter(rng, sh), jitter(rng, el), jitter(rng, wr)
    hand = wr + (wr - el).normalized() * 0.18 + rvec(rng, 0.03)
    specs = [S('shoulder', None, (0.02 * side, 0, 1.5), sh, roll=rng.uniform(-0.3, 0.3)),
             S('upper_arm', 'shoulder', sh, el, connect=rb(rng, 0.5), roll=rng.uniform(-3, 3)),
             S('forearm', 'upper_arm', el, wr, roll=rng.uniform(-3, 3)),
             S('hand', 'forearm', wr, hand, roll=rng.uniform(-3, 3))]
    arm = build(case, specs)
    chain = ['upper_arm', 'forearm']
    for b in chain:
        arm.pose.bones[b].ik_stretch = 0.1
    c = ik(case, arm, chain, 'forearm', reach=(0.4, 1.3), pole=True, use_stretch=True)
    if rb(rng, 0.7):
        c.pole_angle = -math.pi / 2
    if rb(rng, 0.5):
        # the hand takes the control's rotation, as Rigify's IK hand does
        case.con(arm.pose.bones['hand'], 'COPY_ROTATION', target=c.target)
    describe(case, arm, 'Rigify-like arm', [c], chain)


@category('lk_rig_spine', '4-bone spine: IK on the chest bone over 4 bones, no pole, stiffness / rotation sometimes')
def _(case):
    rng = case.rng
    pts = [Vector((0, 0, 1.0))]
    for i in range(4):
        pts.append(pts[-1] + Vector((0, rng.uniform(-0.05, 0.05), rng.uniform(0.12, 0.2))) + rvec(rng, 0.02))
    specs = [S('torso', None, (0, 0.3, 0.9), (0, 0.3, 1.2), roll=0.0)]
    prev = 'torso'
    for i in range(4):
        specs.append(S('spine.%03d' % (i + 1), prev, pts[i], pts[i + 1], connect=i > 0, roll=rng.uniform(-0.2, 0.2)))
        prev = specs[-1]['name']
    specs.append(S('neck', prev, pts[4], pts[4] + Vector((0, 0.02, 0.12))))
    specs[0]['connect'] = False
    specs[1]['parent'] = 'torso'
    arm = build(case, specs)
    chain = [s['name'] for s in specs[1:5]]
    props = {}
    if rb(rng, 0.4):
        props.update(use_rotation=True, orient_weight=rround(rng.uniform(0.1, 1.0), 3))
    c = ik(case, arm, chain, chain[-1], reach=(0.6, 0.98), **props)
    if rb(rng, 0.5):
        stiffness(case, arm, chain[:2], p=0.5)
    if rb(rng, 0.4):
        for b in chain:
            arm.pose.bones[b].lock_ik_y = True
    describe(case, arm, 'Rigify-like 4-bone spine', [c], chain)


@category('lk_rig_quad_leg', 'quadruped rear leg: thigh, shin, hind foot with a hinge-locked tip (lock_ik_y/z), pole sometimes')
def _(case):
    rng = case.rng
    hip = jitter(rng, (0.2, 0.5, 1.0))
    knee = jitter(rng, (0.22, 0.3, 0.6))
    hock = jitter(rng, (0.22, 0.6, 0.35))
    paw = jitter(rng, (0.22, 0.55, 0.02))
    toe = paw + Vector((0, -0.12, -0.01)) + rvec(rng, 0.02)
    specs = [S('pelvis', None, (0, 0.5, 1.05), (0.15, 0.5, 1.02), roll=0.0),
             S('thigh', 'pelvis', hip, knee, connect=False, roll=rng.uniform(-3, 3)),
             S('shin', 'thigh', knee, hock, roll=rng.uniform(-3, 3)),
             S('foot', 'shin', hock, paw, roll=rng.uniform(-3, 3)),
             S('toe', 'foot', paw, toe, roll=rng.uniform(-3, 3))]
    arm = build(case, specs)
    chain = ['thigh', 'shin', 'foot']
    tip = arm.pose.bones['foot']
    tip.lock_ik_y = tip.lock_ik_z = True
    if rb(rng, 0.5):
        arm.pose.bones['shin'].lock_ik_y = arm.pose.bones['shin'].lock_ik_z = True
    props = {}
    if rb(rng, 0.3):
        props['use_stretch'] = True
        stretch(case, arm, chain, lo=0.05, hi=0.2, zero_p=0.3)
    c = ik(case, arm, chain, 'foot', reach=(0.5, 0.95), pole=rb(rng, 0.5), **props)
    describe(case, arm, 'quadruped rear leg', [c], chain)


@category('lk_rig_feed', 'IK chains that feed each other: a chain targets a bone carried by another chain, or hangs from it')
def _(case):
    rng = case.rng
    a = gen.bone_chain_specs(rng, 2, "A", rvec(rng, 0.3), bend=0.6)
    specs = list(a)
    a_tail = a[-1]['tail']
    mode = ('target_bone', 'hang', 'both')[case.seed % 3]
    if mode in ('target_bone', 'both'):
        specs.append(S('Ctrl', a[-1]['name'], a_tail + rvec(rng, 0.2), a_tail + rvec(rng, 0.2) + runit(rng) * 0.3,
                       connect=False, roll=rng.uniform(-3, 3)))
    if mode == 'target_bone':
        start, parent = a[0]['head'] + runit(rng) * rng.uniform(0.5, 1.0), None
    else:
        start, parent = a_tail.copy(), a[-1]['name']
    b = gen.bone_chain_specs(rng, rng.randint(2, 3), "B", start, parent=parent, bend=0.6,
                             first_connect=parent is not None and rb(rng, 0.5))
    specs += b
    arm = case.armature("Armature", specs, uniform_scale=True)
    for pb in arm.pose.bones:
        case.pose_random(pb, max_angle=0.5, loc_p=0.2, scale_p=0.0)
    achain = [s['name'] for s in a]
    bchain = [s['name'] for s in b]
    ca = ik(case, arm, achain, achain[-1], reach=(0.3, 0.9), pole=rb(rng, 0.4), name_suffix='A')
    if mode in ('target_bone', 'both'):
        cb = ik(case, arm, bchain, bchain[-1], pole=rb(rng, 0.4), target=arm, subtarget='Ctrl', name_suffix='B')
    else:
        cb = ik(case, arm, bchain, bchain[-1], reach=(0.3, 0.9), pole=rb(rng, 0.4), name_suffix='B')
    if rb(rng, 0.3):
        cb.use_stretch = True
        stretch(case, arm, bchain, zero_p=0.3)
    describe(case, arm, 'chains feeding each other (%s)' % mode, [ca, cb], achain + bchain)


@category('lk_rig_quadruped', 'a whole quadruped: 4-bone neck IK without a pole, four legs with hinge-locked tips (2- or 3-bone chains, pole sometimes, stretch sometimes), two IK on one bone (with and without a pole, as Rigify\'s legs), a toe chain fed by a leg chain')
def _(case):
    rng = case.rng
    J = lambda v: jitter(rng, v, 0.03)
    specs = [S('torso', None, (0, -0.1, 1.0), (0, 0.2, 1.0), roll=0.0)]
    spine = [J((0, -0.2, 1.0)), J((0, 0.15, 1.03)), J((0, 0.5, 1.05)), J((0, 0.85, 1.05))]
    prev = 'torso'
    for i in range(3):
        specs.append(S('spine.%03d' % (i + 1), prev, spine[i], spine[i + 1], connect=i > 0, roll=rng.uniform(-0.2, 0.2)))
        prev = specs[-1]['name']
    neck = [spine[-1]]
    for i in range(4):
        neck.append(neck[-1] + Vector((0, rng.uniform(0.06, 0.12), rng.uniform(0.08, 0.14))) + rvec(rng, 0.02))
    for i in range(4):
        specs.append(S('neck.%03d' % (i + 1), prev, neck[i], neck[i + 1], roll=rng.uniform(-0.2, 0.2)))
        prev = specs[-1]['name']
    specs.append(S('head', prev, neck[-1], neck[-1] + Vector((0, 0.25, -0.05)) + rvec(rng, 0.03)))
    legs = []
    for side, x in (('L', 0.15), ('R', -0.15)):
        for end, y, par in (('front', 0.75, 'spine.003'), ('rear', -0.1, 'spine.001')):
            n = '%s_%s' % (end, side)
            hip, knee = J((x, y, 0.95)), J((x, y + (0.08 if end == 'front' else -0.1), 0.6))
            hock, paw = J((x, y - (0.04 if end == 'front' else -0.12), 0.3)), J((x, y, 0.04))
            toe = paw + Vector((0, 0.1, -0.02)) + rvec(rng, 0.02)
            specs += [S('thigh_' + n, par, hip, knee, connect=False, roll=rng.uniform(-3, 3)),
                      S('shin_' + n, 'thigh_' + n, knee, hock, roll=rng.uniform(-3, 3)),
                      S('foot_' + n, 'shin_' + n, hock, paw, roll=rng.uniform(-3, 3)),
                      S('toe_' + n, 'foot_' + n, paw, toe, roll=rng.uniform(-3, 3))]
            legs.append(n)
    feeder = rng.choice(legs)
    specs.append(S('toe_ctrl_' + feeder, 'foot_' + feeder, J((0, 0, 0)) + specs[[s['name'] for s in specs].index('toe_' + feeder)]['tail'],
                   specs[[s['name'] for s in specs].index('toe_' + feeder)]['tail'] + Vector((0, 0.1, 0)), connect=False))
    arm = build(case, specs)
    cons, bones = [], []
    necks = ['neck.%03d' % (i + 1) for i in range(4)]
    props = {}
    if rb(rng, 0.4):
        props.update(use_rotation=True, orient_weight=rround(rng.uniform(0.1, 1.0), 3))
    cons.append(ik(case, arm, necks, necks[-1], reach=(0.6, 0.98), name_suffix='Neck', **props))
    if rb(rng, 0.5):
        stiffness(case, arm, necks[:2], p=0.5)
    bones += necks
    for n in legs:
        three = rb(rng, 0.5)
        chain = ['thigh_' + n, 'shin_' + n] + (['foot_' + n] if three else [])
        tip = arm.pose.bones[chain[-1]]
        tip.lock_ik_y = tip.lock_ik_z = True
        if three and rb(rng, 0.5):
            arm.pose.bones['shin_' + n].lock_ik_y = arm.pose.bones['shin_' + n].lock_ik_z = True
        lp = {}
        if rb(rng, 0.4):
            lp['use_stretch'] = True
            for b in chain:
                arm.pose.bones[b].ik_stretch = 0.1
        c = ik(case, arm, chain, chain[-1], reach=(0.5, 0.95), pole=rb(rng, 0.5), name_suffix=n, **lp)
        cons.append(c)
        if rb(rng, 0.35):
            # Rigify's legs: a second IK on the same bone to the same target, the pole on one only
            # (a driver mutes one of them; here both stay on with influences that sum to one).
            c2 = case.con(arm.pose.bones[chain[-1]], 'IK', target=c.target, chain_count=len(chain), use_tail=True,
                          use_stretch=lp.get('use_stretch', False))
            if c.pole_target is None:
                c2.pole_target = place_pole(case, arm, gen.eval_pose_points(arm)[chain[0]][0], runit(rng), name='Pole2' + n)
                c2.pole_angle = -math.pi / 2
            f = rround(rng.uniform(0.2, 0.8), 3)
            c.influence, c2.influence = 1.0, f
            cons.append(c2)
        bones += chain
    # The toe of one leg aims at a control carried by that leg's foot (one chain feeding another).
    tc = ik(case, arm, ['toe_' + feeder], 'toe_' + feeder, target=arm, subtarget='toe_ctrl_' + feeder, name_suffix='Toe')
    cons.append(tc)
    bones.append('toe_' + feeder)
    describe(case, arm, 'quadruped (feeding toe on %s)' % feeder, cons, bones)


# ----- driver -------------------------------------------------------------------------------------

def tolerance_for(noise):
    """Twice the measured noise, rounded up to one significant digit, never below TOL_FLOOR."""
    t = max(TOL_FLOOR, 2.0 * noise)
    e = math.floor(math.log10(t))
    m = math.ceil(t / 10 ** e - 1e-9)
    return float('%de%d' % (m, e)) if m < 10 else float('1e%d' % (e + 1))


def generate(cat, seed, log):
    last = None
    for attempt in range(40):
        gen.clear_scene()
        case = gen.Case(cat, seed, attempt)
        try:
            cats[cat]['func'](case)
            pre, post, exp, unc, _ = gen.evaluate_case(case)
            if exp == unc:
                raise gen.Rejected('constraints have no effect')
            noise = gen.ulp_noise(case, exp, trials=NOISE_TRIALS)
            sens = gen.sensitivity(case, exp)
            if noise > MAX_IK_NOISE:
                raise gen.Rejected('float32 noise too large (%.2g)' % noise)
        except gen.Rejected as e:
            last = str(e)
            log('  %s_%02d attempt %d re-drawn: %s' % (cat, seed, attempt, last))
            continue
        name = '%s_%02d' % (cat, seed)
        return gen.case_document(case, name, pre, post, exp, unc), noise, sens, attempt
    raise RuntimeError('%s seed %d: no acceptable scene after 40 attempts (%s)' % (cat, seed, last))


def main():
    argv = sys.argv[sys.argv.index('--') + 1:] if '--' in sys.argv else []
    out, only, n = HERE, [], CASES_PER_CATEGORY
    i = 0
    while i < len(argv):
        if argv[i] == '--out':
            out = argv[i + 1]; i += 1
        elif argv[i] == '--salt':
            gen.SALT = '/' + argv[i + 1]; i += 1
        elif argv[i] == '--only':
            only = [s for s in argv[i + 1].split(',') if s]; i += 1
        elif argv[i] == '--n':
            n = int(argv[i + 1]); i += 1
        else:
            raise SystemExit('unknown option %s' % argv[i])
        i += 1
    os.makedirs(out, exist_ok=True)
    entries, categories = [], {}
    for cat, s in cats.items():
        if only and not any(cat.startswith(o) for o in only):
            continue
        noises, tols, senses = [], [], []
        for seed in range(n):
            doc, noise, sens, attempt = generate(cat, seed, print)
            tol = tolerance_for(noise)
            with open(os.path.join(out, doc['name'] + '.json'), 'w') as fh:
                fh.write(gen.to_json(doc) + '\n')
            entries.append(dict(name=doc['name'], file=doc['name'] + '.json', category=cat, seed=seed,
                                tolerance=tol, tolerance_scope='all', float32_input_noise=gen.num(noise),
                                sensitivity=round(sens, 2)))
            noises.append(noise); tols.append(tol); senses.append(sens)
            print('  %-22s attempt %d  noise %.2e  sensitivity %.1f  tolerance %g' % (doc['name'], attempt, noise, sens, tol))
        categories[cat] = dict(cases=n, what=s['what'], tolerance=max(tols), tolerance_scope='all',
                               measured_max=dict(float32_input_noise=gen.num(max(noises)),
                                                 sensitivity=round(max(senses), 2)))
        print('wrote', cat)
    manifest = dict(
        format=gen.MANIFEST_FORMAT, blender=bpy.app.version_string, generator='gen-legacy.py',
        salt=gen.SALT[1:] if gen.SALT else None,
        tolerance_basis=('per case: 2 x float32_input_noise (the largest change of any recorded number when every '
                         'input float of the scene moves by about 2 float32 ULPs, %d trials, gen_fixtures.ulp_noise), '
                         'rounded up to one digit, never below %g; scenes with noise above %g are re-drawn'
                         % (NOISE_TRIALS, TOL_FLOOR, MAX_IK_NOISE)),
        sensitivity_basis=('informative, not a tolerance: max |change of any recorded number| / eps when every input '
                           'moves by up to eps = %g (2 trials, gen_fixtures.sensitivity)' % gen.PERTURB_EPS),
        categories=categories, cases=entries)
    with open(os.path.join(out, 'manifest.json'), 'w') as fh:
        fh.write(gen.to_json(manifest) + '\n')


main()
