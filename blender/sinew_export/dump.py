# Writing a Blender scene as a Sinew rig: the fixture format of shared/conformance/README.md
# (`blender-constraint-fixture/1`) with the extensions of tools/README-rig-additions.md
# (custom_props, drivers, armature_targets, bone_flags) and tools/README-action-additions.md
# (actions), without `expected`. The readers follow the recorder scripts (gen_fixtures.py,
# gen_rigify.py, gen_actions.py) so an export and a recorded case say the same thing the same way;
# they are copied here because the add-on must stand alone in its zip.
import json
import contextlib
import math
import os
import re
import struct
import tempfile

import bpy
from mathutils import Vector

from . import cycles, slots, tweak

FORMAT = "blender-constraint-fixture/1"
EXPORTER = "sinew_export"

# ---------------------------------------------------------------------------
# Numbers (README.md "Numbers"): float32 values as the shortest decimal that reads back the same.
# ---------------------------------------------------------------------------

_F32 = struct.Struct('<f')


def _as_f32(x):
    try:
        return _F32.unpack(_F32.pack(x))[0]
    except (OverflowError, struct.error):
        return None


class ExportError(Exception):
    """A value the format cannot hold (a NaN, an infinity), named by where it is."""


def num(x, where=''):
    x = float(x)
    if not math.isfinite(x):
        raise ExportError("%s: the value %r is not a finite number; the format holds only finite numbers" % (where or 'a value', x))
    if x == 0.0:
        return 0.0
    if _as_f32(x) == x:
        for p in range(1, 10):
            s = '%.*g' % (p, x)
            if _as_f32(float(s)) == x:
                return float(s)
    return float('%.9g' % x)


def nvec(v, where=''):
    return [num(c, where) for c in v]


def mat_cm(m, where=''):
    """4x4 mathutils matrix -> 16 numbers, column-major (translation at 12..14)."""
    return [num(m[r][c], where) for c in range(4) for r in range(4)]


def quat_xyzw(q, where=''):
    return [num(q[1], where), num(q[2], where), num(q[3], where), num(q[0], where)]


# ---------------------------------------------------------------------------
# RNA properties (gen_fixtures.prop_value, with collections as in gen_rigify.prop_value)
# ---------------------------------------------------------------------------

SKIP_PROPS = {'rna_type', 'name', 'type', 'show_expanded', 'active',
              # An Action constraint's slot bookkeeping (Blender 4.4 and later): the exporter writes
              # the curves of the slot it plays (slots.py), so these say nothing more.
              'action_slot_handle', 'action_suitable_slots', 'last_slot_identifier'}
_SKIP = object()


def prop_value(s, p, where=''):
    ident = p.identifier
    v = getattr(s, ident)
    at = '%s.%s' % (where, ident)
    if p.type == 'POINTER':
        if v is None:
            return None
        if isinstance(v, bpy.types.ID):
            return v.name
        return _SKIP
    if p.type == 'COLLECTION':
        return [dump_struct(item, '%s[%d]' % (at, i)) for i, item in enumerate(v)]
    if p.type == 'ENUM':
        return sorted(v) if p.is_enum_flag else v
    if p.type == 'STRING':
        return v
    if p.type == 'BOOLEAN':
        return [bool(x) for x in v] if p.array_length else bool(v)
    if p.type == 'INT':
        return [int(x) for x in v] if p.array_length else int(v)
    if p.type == 'FLOAT':
        dims = tuple(d for d in p.array_dimensions if d)
        if len(dims) == 2:
            n, m = dims
            return [num(v[r][col], at) for col in range(m) for r in range(n)]
        if p.array_length or (hasattr(v, '__len__') and not isinstance(v, float)):
            return [num(x, at) for x in v]
        return num(v, at)
    return _SKIP


def dump_struct(s, where=''):
    out = {}
    for p in s.bl_rna.properties:
        if p.identifier == 'rna_type':
            continue
        v = prop_value(s, p, where)
        if v is not _SKIP:
            out[p.identifier] = v
    return out


def dump_props(c, where=''):
    out = {}
    for p in c.bl_rna.properties:
        if p.identifier in SKIP_PROPS:
            continue
        v = prop_value(c, p, where)
        if v is not _SKIP:
            out[p.identifier] = v
    return out


# ---------------------------------------------------------------------------
# Custom properties (README-rig-additions.md §3)
# ---------------------------------------------------------------------------

META_PREFIXES = ("rigify_", "_RNA_UI")
META_NAMES = {"rig_id", "rig_ui", "cycles"}


def idprop_value(v):
    """JSON value of an ID property, or None when it is not recorded (groups, ID pointers)."""
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return int(v)
    if isinstance(v, float):
        return float(v) if math.isfinite(v) else None  # doubles: written exactly (repr)
    if isinstance(v, str):
        return v
    if hasattr(v, 'to_list'):
        lst = v.to_list()
        if all(isinstance(x, (int, float)) and not (isinstance(x, float) and not math.isfinite(x)) for x in lst):
            return [x if isinstance(x, (bool, int)) else float(x) for x in lst]
    return None


def custom_props(holder):
    out = {}
    for k in sorted(holder.keys()):
        if k in META_NAMES or k.startswith(META_PREFIXES):
            continue
        v = idprop_value(holder[k])
        if v is not None:
            out[k] = v
    return out


def instanced_rigs(objects):
    """A collection instance (an empty instancing a collection, often a linked character) holding
    an armature or a constrained object: Blender evaluates what the collection holds, but those
    objects are not the scene's own and are not exported. Named so the import says so."""
    notes = []
    for o in objects:
        col = o.instance_collection if o.instance_type == 'COLLECTION' else None
        if col is None:
            continue
        rigged = sorted(x.name for x in col.all_objects if x.type == 'ARMATURE' or len(x.constraints))
        if rigged:
            notes.append('%s: instances collection "%s", whose %s %s not exported (only the scene\'s own objects are; make the instance real or a library override to export them)'
                         % (o.name, col.name, ', '.join('"%s"' % n for n in rigged[:5]) + (' and %d more' % (len(rigged) - 5) if len(rigged) > 5 else ''), 'is' if len(rigged) == 1 else 'are'))
    return notes


def missing_libraries():
    """A library file the .blend links from that is not where it says (moved, or not sent along):
    Blender opens the file without what it links from there (library overrides keep their own copy
    of the data, linked objects and instances are left empty), and the export holds what Blender
    shows. Named so the import says the rig may be incomplete."""
    notes = []
    for lib in bpy.data.libraries:
        if not os.path.exists(bpy.path.abspath(lib.filepath)):
            notes.append('library "%s" (%s) is missing: Blender opens this file without the data it links from there, and the export holds what it shows' % (lib.name, lib.filepath))
    return notes


def unexported_props(objects):
    """Notes naming the custom properties `custom_props` leaves out (a group of properties, a
    data-block pointer, a number that is not finite, an array not all numbers), by holder; add-ons'
    registered properties (in the holder's RNA) are theirs, not the rig's, and are not named."""
    notes = []
    for o in objects:
        holders = [('object %s' % o.name, o)]
        if o.type == 'ARMATURE':
            holders.append(('armature %s' % o.data.name, o.data))
            holders += [('pose bone %s/%s' % (o.name, pb.name), pb) for pb in o.pose.bones]
            holders += [('bone %s/%s' % (o.name, b.name), b) for b in o.data.bones]
        for at, h in holders:
            registered = h.bl_rna.properties.keys()
            for k in sorted(h.keys()):
                if k in META_NAMES or k.startswith(META_PREFIXES) or k in registered:
                    continue
                v = h[k]
                if idprop_value(v) is not None:
                    continue
                what = ('a data-block pointer' if isinstance(v, bpy.types.ID)
                        else 'a number that is not finite' if isinstance(v, float)
                        else 'an array that is not all finite numbers' if hasattr(v, 'to_list')
                        else 'a group of properties')
                notes.append('%s: custom property "%s" is %s, which the format does not carry (numbers, booleans, their arrays and text are): not exported' % (at, k, what))
    return notes


def custom_props_ui(holder, names):
    """Each property's UI data (Blender 3.0+): default, min/max, soft min/max, description, subtype."""
    out = {}
    for k in names:
        try:
            ui = holder.id_properties_ui(k).as_dict()
        except (TypeError, AttributeError, KeyError):
            continue
        d = {}
        for key in ('default', 'min', 'max', 'soft_min', 'soft_max', 'step', 'precision', 'description', 'subtype'):
            if key not in ui:
                continue
            v = ui[key]
            if isinstance(v, float) and not math.isfinite(v):
                continue
            if hasattr(v, 'to_list'):
                v = v.to_list()
            if isinstance(v, (list, tuple)):
                v = [x for x in v]
                if any(isinstance(x, float) and not math.isfinite(x) for x in v):
                    continue
            d[key] = v
        out[k] = d
    return out


def put_custom_props(d, holder, key='custom_props'):
    props = custom_props(holder)
    d[key] = props
    ui = custom_props_ui(holder, props.keys())
    if ui:
        d[key + '_ui'] = ui


# ---------------------------------------------------------------------------
# Objects, bones, curves (gen_fixtures.dump_object)
# ---------------------------------------------------------------------------

FORMAT_TYPES = {'EMPTY', 'ARMATURE', 'CURVE'}


def ordered_bones(arm):
    done, seen = [], set()

    def visit(b):
        if b.name in seen:
            return
        if b.parent is not None:
            visit(b.parent)
        seen.add(b.name)
        done.append(b)
    for b in arm.data.bones:
        visit(b)
    return [arm.pose.bones[b.name] for b in done]


def dump_bone(pb, handles=frozenset()):
    b = pb.bone
    at = 'bone %s' % b.name
    pose = {
        "location": nvec(pb.location, at),
        "rotation_mode": pb.rotation_mode,
        "rotation_quaternion": quat_xyzw(pb.rotation_quaternion, at),
        "rotation_euler": nvec(pb.rotation_euler, at),
        "rotation_axis_angle": nvec(pb.rotation_axis_angle, at),
        "scale": nvec(pb.scale, at),
        "ik_stretch": num(pb.ik_stretch),
        "lock_ik_x": bool(pb.lock_ik_x), "lock_ik_y": bool(pb.lock_ik_y), "lock_ik_z": bool(pb.lock_ik_z),
        "use_ik_limit_x": bool(pb.use_ik_limit_x), "use_ik_limit_y": bool(pb.use_ik_limit_y), "use_ik_limit_z": bool(pb.use_ik_limit_z),
        "ik_min_x": num(pb.ik_min_x), "ik_max_x": num(pb.ik_max_x),
        "ik_min_y": num(pb.ik_min_y), "ik_max_y": num(pb.ik_max_y),
        "ik_min_z": num(pb.ik_min_z), "ik_max_z": num(pb.ik_max_z),
        "ik_stiffness_x": num(pb.ik_stiffness_x), "ik_stiffness_y": num(pb.ik_stiffness_y), "ik_stiffness_z": num(pb.ik_stiffness_z),
        "ik_linear_weight": num(pb.ik_linear_weight), "ik_rotation_weight": num(pb.ik_rotation_weight),
        "use_ik_linear_control": bool(pb.use_ik_linear_control), "use_ik_rotation_control": bool(pb.use_ik_rotation_control),
        "lock_location": [bool(x) for x in pb.lock_location],
        "lock_rotation": [bool(x) for x in pb.lock_rotation],
        "lock_rotation_w": bool(pb.lock_rotation_w),
        "lock_rotations_4d": bool(pb.lock_rotations_4d),
        "lock_scale": [bool(x) for x in pb.lock_scale],
    }
    if b.bbone_segments > 1 or b.name in handles:
        pose.update(bbone_settings(pb, at))
    props = custom_props(pb)
    if props:
        pose["custom_props"] = props
        ui = custom_props_ui(pb, props.keys())
        if ui:
            pose["custom_props_ui"] = ui
    d = {
        "name": b.name,
        "parent": b.parent.name if b.parent else None,
        "head_local": nvec(b.head_local, at),
        "tail_local": nvec(b.tail_local, at),
        "matrix_local": mat_cm(b.matrix_local, at),
        "length": num(b.length, at),
        "roll": num(bpy.types.Bone.AxisRollFromMatrix(b.matrix_local.to_3x3())[1]),
        "use_connect": bool(b.use_connect),
        "use_inherit_rotation": bool(b.use_inherit_rotation),
        "inherit_scale": b.inherit_scale,
        "use_local_location": bool(b.use_local_location),
        "use_relative_parent": bool(b.use_relative_parent),
        "use_deform": bool(b.use_deform),
        "use_envelope_multiply": bool(b.use_envelope_multiply),
        "envelope_distance": num(b.envelope_distance), "envelope_weight": num(b.envelope_weight),
        "head_radius": num(b.head_radius), "tail_radius": num(b.tail_radius),
        "bbone_segments": int(b.bbone_segments),
        "hide": bool(b.hide),
        "pose": pose,
    }
    if b.bbone_segments > 1:
        d.update(bbone_bone(b, at))
    elif b.name in handles:
        d.update(bbone_settings(b, at))
    bprops = custom_props(b)
    if bprops:
        d["custom_props"] = bprops
    return d


BBONE_SETTINGS = ('bbone_curveinx', 'bbone_curveinz', 'bbone_curveoutx', 'bbone_curveoutz',
                  'bbone_rollin', 'bbone_rollout', 'bbone_easein', 'bbone_easeout')


def bbone_settings(holder, at):
    """The B-Bone shape settings of a Bone (its rest shape) or a PoseBone (what the pose adds)."""
    d = {k: num(getattr(holder, k), at) for k in BBONE_SETTINGS}
    d["bbone_scalein"] = nvec(holder.bbone_scalein, at)
    d["bbone_scaleout"] = nvec(holder.bbone_scaleout, at)
    return d


def bbone_handles(arm):
    """Names of the bones some B-Bone of `arm` takes as a handle: the spline reads their Roll Out."""
    names = set()
    for b in arm.data.bones:
        if b.bbone_segments <= 1:
            continue
        if b.parent is not None and b.use_connect:
            names.add(b.parent.name)
        names.update(c.name for c in b.children if c.use_connect)
        names.update(h.name for h in (b.bbone_custom_handle_start, b.bbone_custom_handle_end) if h is not None)
    return names


def bbone_bone(b, at):
    """What Blender's B-Bone spline reads of a bone with segments (bbone_x/z only draw it)."""
    d = bbone_settings(b, at)
    for end in ('start', 'end'):
        h = getattr(b, 'bbone_custom_handle_' + end)
        d['bbone_handle_type_' + end] = getattr(b, 'bbone_handle_type_' + end)
        d['bbone_custom_handle_' + end] = h.name if h is not None else None
        d['bbone_handle_use_scale_' + end] = [bool(x) for x in getattr(b, 'bbone_handle_use_scale_' + end)]
        d['bbone_handle_use_ease_' + end] = bool(getattr(b, 'bbone_handle_use_ease_' + end))
    d["use_endroll_as_inroll"] = bool(b.use_endroll_as_inroll)
    d["use_scale_easing"] = bool(b.use_scale_easing)
    return d


def key_weights(t, kind):
    """Blender's key_curve_position_weights (key.cc) for a spline's tilt or radius interpolation:
    the weights of the point before the segment, its two ends and the point after."""
    if kind == 'LINEAR':
        return (0.0, 1.0 - t, t, 0.0)
    t2, t3 = t * t, t * t * t
    if kind == 'CARDINAL':
        fc = 0.71
        return (-fc * t3 + 2 * fc * t2 - fc * t, (2 - fc) * t3 + (fc - 3) * t2 + 1,
                (fc - 2) * t3 + (3 - 2 * fc) * t2 + fc * t, fc * t3 - fc * t2)
    # BSPLINE
    return (-0.16666666 * t3 + 0.5 * t2 - 0.5 * t + 0.16666666, 0.5 * t3 - t2 + 0.66666666,
            -0.5 * t3 + 0.5 * t2 + 0.5 * t + 0.16666666, 0.16666666 * t3)


def interpolate_key(kind, pprev, a, b, nxt, t):
    """tilt_bezpart's value between keys a and b at t: EASE uses the two ends only."""
    if kind == 'EASE':
        return a + (b - a) * (3 * t * t - 2 * t * t * t)
    w = key_weights(t, kind)
    return w[0] * pprev + w[1] * a + w[2] * b + w[3] * nxt


def bezier_points(sp):
    """A Bezier spline as the polyline Blender's path follows (BKE_curve_bevelList_make): each segment
    forward-differenced into `resolution_u` points (BKE_curve_forward_diff_bezier), or its start point
    alone when both of its handles are VECTOR; tilt and radius interpolated by the spline's own
    interpolation modes (tilt_bezpart). Also the open spline's end directions, which Blender takes
    from the end handles rather than from the points, and each point's curvature direction, which
    the TANGENT twist turns frames by (forward_diff_bezier_cotangent: the normalized second
    derivative of its segment there; the t = 1 sample lands on the next point, where a segment with
    two VECTOR handles, or the open end, keeps it; zero where nothing was written). Last, which
    points are a key's own (a segment with two VECTOR handles starts with its key, an open spline
    ends with its last): Blender copies those keys' radius even where it computes no radius."""
    pts, radius, tilt, tans, keys = [], [], [], [], []
    bps = list(sp.bezier_points)
    n = len(bps)
    if n == 0:
        return pts, radius, tilt, None, tans, keys
    carry = None  # the last segment's t = 1 curvature direction, written onto the point after it
    res = max(1, sp.resolution_u)
    cyclic = sp.use_cyclic_u
    # A cyclic spline's points start with its closing segment, last point to first, as Blender's
    # bevel list does (its path, and Follow Path's and Spline IK's 0, start at the last point).
    order = ([n - 1] + list(range(n - 1))) if cyclic else list(range(n - 1))
    for i in order:
        a, b = bps[i], bps[(i + 1) % n]
        pprev = bps[i - 1] if i > 0 else (bps[-1] if cyclic else a)
        nxt = bps[(i + 2) % n] if (i + 1 < n - 1 or cyclic) else b
        if a.handle_right_type == 'VECTOR' and b.handle_left_type == 'VECTOR':
            pts.append(list(a.co))
            radius.append(a.radius)
            tilt.append(a.tilt)
            tans.append(carry or [0.0, 0.0, 0.0])
            keys.append(True)
            carry = None
            continue
        p0, p1, p2, p3 = a.co, a.handle_right, b.handle_left, b.co
        for k in range(res):
            t = k / res
            u = 1.0 - t
            pts.append([u * u * u * p0[j] + 3 * u * u * t * p1[j] + 3 * u * t * t * p2[j] + t * t * t * p3[j] for j in range(3)])
            radius.append(interpolate_key(sp.radius_interpolation, pprev.radius, a.radius, b.radius, nxt.radius, t))
            tilt.append(interpolate_key(sp.tilt_interpolation, pprev.tilt, a.tilt, b.tilt, nxt.tilt, t))
            tans.append(cotangent(p0, p1, p2, p3, t))
            keys.append(False)
        carry = cotangent(p0, p1, p2, p3, 1.0)
    if not cyclic or n == 1:
        pts.append(list(bps[-1].co))
        radius.append(bps[-1].radius)
        tilt.append(bps[-1].tilt)
        tans.append(carry or [0.0, 0.0, 0.0])
        keys.append(True)
    ends = None
    if not cyclic and n > 1:
        first, last = bps[0], bps[-1]
        ends = [[first.handle_right[j] - first.co[j] for j in range(3)], [last.co[j] - last.handle_left[j] for j in range(3)]]
    return pts, radius, tilt, ends, tans, keys


def cotangent(p0, p1, p2, p3, t):
    """forward_diff_bezier_cotangent at t: the segment's second derivative, normalized (zero when it has none)."""
    v = [(-6.0 * t + 6.0) * p0[j] + (18.0 * t - 12.0) * p1[j] + (-18.0 * t + 6.0) * p2[j] + (6.0 * t) * p3[j] for j in range(3)]
    d = v[0] * v[0] + v[1] * v[1] + v[2] * v[2]
    return [x / math.sqrt(d) for x in v] if d > 1e-35 else [0.0, 0.0, 0.0]


def nurbs_points(o, sp):
    """A curve's one NURBS spline as the points Blender's path is made of (BKE_nurb_makeCurve, read
    back from the evaluated curve's wire mesh, its modifiers off for the reading: `resolution_u`
    points a segment), each path point as a weighted sum of the control points (`basis`), the
    radius and tilt along the path, and an open spline's end directions from its end control points
    (bevlist_firstlast_direction_calc_from_bpoint). The path is linear in the control points (the
    knots, the basis and the points' weights do not move), so moving each control point by 1 along
    x and reading the path again gives its weights, without carrying Blender's knots and basis code;
    BKE_nurb_makeCurve sums the radius and tilt by the same weights. None when the curve is not a
    bare wire of that one spline (bevel, extrusion)."""
    cu = o.data
    if len(cu.splines) != 1 or cu.bevel_depth != 0 or cu.extrude != 0 or cu.bevel_object is not None:
        return None
    n = len(sp.points)
    count = max(1, sp.resolution_u) * (n if sp.use_cyclic_u else n - 1)
    if n < 2:
        return None
    with modifiers_off(o):
        pts = wire_points(o)
        if len(pts) != count:
            return None
        basis = [[] for _ in range(count)]
        for i, p in enumerate(sp.points):
            x = p.co[0]
            p.co[0] = x + 1.0
            try:
                moved = wire_points(o)
            finally:
                p.co[0] = x
            for k in range(count):
                w = moved[k][0] - pts[k][0]
                if abs(w) > 1e-6:
                    basis[k].append([i, w])
    same = all(p.radius == sp.points[0].radius and p.tilt == sp.points[0].tilt for p in sp.points)
    if same:
        radius, tilt = [sp.points[0].radius] * count, [sp.points[0].tilt] * count
    else:
        radius = [sum(w * sp.points[i].radius for i, w in row) for row in basis]
        tilt = [sum(w * sp.points[i].tilt for i, w in row) for row in basis]
    ends = None
    if not sp.use_cyclic_u:
        c = [p.co for p in sp.points]
        ends = [[c[1][j] - c[0][j] for j in range(3)], [c[-1][j] - c[-2][j] for j in range(3)]]
    return pts, radius, tilt, ends, basis


def wire_points(o):
    """The vertices of the object's evaluated curve as a mesh, in its local space."""
    dg = bpy.context.evaluated_depsgraph_get()
    dg.update()
    oe = o.evaluated_get(dg)
    me = oe.to_mesh()
    try:
        return [list(v.co) for v in me.vertices]
    finally:
        oe.to_mesh_clear()


@contextlib.contextmanager
def modifiers_off(o):
    """The object's modifiers switched off for the viewport while inside, as they were after."""
    shown = [(m, m.show_viewport) for m in o.modifiers]
    try:
        for m, _ in shown:
            m.show_viewport = False
        yield
    finally:
        for m, on in shown:
            m.show_viewport = on
        bpy.context.evaluated_depsgraph_get().update()


# Deform-only modifier types (eModifierTypeType_OnlyDeform and NonGeometrical on a curve): any other
# is constructive, and Blender applies nothing after it to the control points.
DEFORM_MODIFIERS = {'ARMATURE', 'CAST', 'CURVE', 'DISPLACE', 'HOOK', 'LAPLACIANDEFORM', 'LATTICE', 'MESH_DEFORM',
                    'SHRINKWRAP', 'SIMPLE_DEFORM', 'SMOOTH', 'CORRECTIVE_SMOOTH', 'LAPLACIANSMOOTH', 'SURFACE_DEFORM',
                    'WARP', 'WAVE', 'SOFT_BODY', 'MESH_CACHE', 'MESH_SEQUENCE_CACHE'}
HOOK_FALLOFFS = ('NONE', 'CONSTANT', 'LINEAR', 'SHARP', 'SMOOTH', 'ROOT', 'SPHERE', 'INVERSE_SQUARE')


def spline_modifiers(o):
    """The modifiers Blender applies to a curve's control points, before it makes the path from them
    (curve_get_tessellate_point): every one up to the last Hook, Soft Body, Mesh Deform or one set to
    Apply On Spline, stopping at the first constructive one. Later ones change only the drawn curve."""
    mods = [m for m in o.modifiers if m.show_viewport]
    upto = -1
    for i, m in enumerate(mods):
        if m.type not in DEFORM_MODIFIERS:
            break
        if m.type in ('HOOK', 'SOFT_BODY', 'MESH_DEFORM') or m.use_apply_on_spline:
            upto = i
    return mods[:upto + 1]


def curve_hooks(o, at, notes):
    """The Hook modifiers that move the points of a curve's first spline (MOD_hook.cc), in order,
    for Sinew to move them with their targets and make the path again; [] when none do, None (with a
    note) when something moves the points that Sinew cannot follow (the curve is then written as
    authored)."""
    pre = spline_modifiers(o)
    if not pre:
        return []
    sp = o.data.splines[0] if len(o.data.splines) else None
    other = [m for m in pre if m.type != 'HOOK']
    why = None
    if other:
        why = "modifiers %s move its points before its path is made" % ', '.join('%s (%s)' % (m.name, m.type) for m in other)
    elif sp is None or sp.type not in ('BEZIER', 'POLY', 'NURBS'):
        why = "Hook modifiers move the points of a %s spline" % (sp.type if sp else 'missing')
    elif [m for m in pre if m.object is not None and m.falloff_type == 'CURVE' and m.falloff_radius != 0]:
        why = "a Hook modifier has a custom falloff curve"
    if why:
        notes.append("%s: %s, which Sinew does not follow: the path is written as authored" % (at, why))
        return None
    count = 3 * len(sp.bezier_points) if sp.type == 'BEZIER' else len(sp.points)
    hooks = []
    for m in pre:
        if m.object is None or m.strength == 0:
            continue  # Blender skips a hook without a target (isDisabled), and one of strength 0
        where = '%s: Hook modifier %s' % (at, m.name)
        bone = m.subtarget if m.subtarget and m.object.type == 'ARMATURE' and m.subtarget in m.object.pose.bones else None
        hooks.append({
            "name": m.name,
            "object": m.object.name,
            **({"bone": bone} if bone else {}),
            "matrix_inverse": mat_cm(m.matrix_inverse, where),
            "center": nvec(m.center, where),
            "strength": num(m.strength, where),
            "falloff_type": m.falloff_type if m.falloff_type in HOOK_FALLOFFS else 'NONE',
            "falloff_radius": num(m.falloff_radius, where),
            "use_falloff_uniform": bool(m.use_falloff_uniform),
            # Indices past the first spline move other splines' points, which no path reads.
            "indices": sorted(i for i in m.vertex_indices if i < count),
        })
    return hooks


def spline_control(sp, at, basis=None):
    """A spline's control points as the Hook modifier moves them: a Bezier's left handle, point and
    right handle (three deform points each, in that order), with the handle types Blender recomputes
    the AUTO and VECTOR handles by afterwards; a POLY spline's points; a NURBS spline's points with
    each path point as a weighted sum of them (nurbs_points' `basis`)."""
    if sp.type == 'NURBS':
        return {"co": [nvec(p.co[:3], at) for p in sp.points], "nurbs_basis": [[[i, num(w, at)] for i, w in row] for row in basis]}
    if sp.type == 'POLY':
        return {"co": [nvec(p.co[:3], at) for p in sp.points]}
    bps = sp.bezier_points
    return {
        "co": [nvec(b.co, at) for b in bps],
        "handle_left": [nvec(b.handle_left, at) for b in bps],
        "handle_right": [nvec(b.handle_right, at) for b in bps],
        "handle_types": [[b.handle_left_type, b.handle_right_type] for b in bps],
        "resolution": max(1, sp.resolution_u),
    }


def dump_curve(o, notes):
    cu = o.data
    at = 'curve %s' % o.name
    hooks = curve_hooks(o, at, notes)
    splines = []
    key_points = []  # per spline: which of a Bezier's points are a key's own (bezier_points), else None
    for si, sp in enumerate(cu.splines):
        ends, tans, basis, keys = None, None, None, None
        if sp.type == 'BEZIER':
            pts, radius, tilt, ends, tans, keys = bezier_points(sp)
        elif sp.type == 'NURBS' and si == 0 and (nurbs := nurbs_points(o, sp)) is not None:
            pts, radius, tilt, ends, basis = nurbs
        else:
            pts = [p.co[:3] for p in sp.points]
            radius = [p.radius for p in sp.points]
            tilt = [p.tilt for p in sp.points]
            if sp.type != 'POLY':
                notes.append("%s: spline %d is %s, written as the POLY line through its control points" % (at, si, sp.type))
                if si == 0 and hooks:
                    notes.append("%s: Hook modifiers move the points of its %s spline, which Sinew does not follow: the path is written as authored" % (at, sp.type))
                    hooks = None
        key_points.append(keys)
        splines.append({
            "type": "POLY",
            "blender_type": sp.type,
            "points": [nvec(p, at) for p in pts],
            "cyclic": bool(sp.use_cyclic_u),
            "radius": [num(r, at) for r in radius],
            "tilt": [num(t, at) for t in tilt],
        })
        if ends is not None:
            # Blender's bevel list takes an open Bezier's end directions from its end handles.
            splines[-1]["end_directions"] = [nvec(d, at) for d in ends]
        if si == 0 and hooks:
            splines[-1]["control"] = spline_control(sp, at, basis)
        if tans and cu.twist_mode == 'TANGENT' and cu.dimensions != '2D':
            # The TANGENT twist's curvature directions (other splines have none: zero in Blender too).
            splines[-1]["tangents"] = [nvec(d, at) for d in tans]
    extra = {}
    ad = cu.animation_data
    if ad is not None and ad.action is not None:
        # Follow Path's Animate Path keys the curve's Evaluation Time in the curve's own action: that
        # curve is written with the curve (the import plays it into Follow Path); any other is noted
        # in dump_actions.
        for fc in slots.channels(ad.action, slots.slot_of(ad))[0]:
            if fc.data_path == 'eval_time' and not fc.mute:
                extra["eval_time_fcurve"] = dump_fcurve(o, fc, notes=notes)
    flat = cu.dimensions == '2D'
    # CU_DO_RADIUS: a Bezier's or NURBS's path has a radius only when the curve is 3D, has Curve
    # Radius on, or is bevelled or extruded; else Blender leaves it 0 (a POLY's is copied always),
    # but for a Bezier's points that are a key's own (a VECTOR segment's start, an open end), whose
    # radius BKE_curve_bevelList_make copies whatever it computes: Follow Path past an open flat
    # path's end scales by the last key's radius (measured in 3.4.1, rigs.py random_curves43).
    has_radius = not flat or cu.use_radius or cu.bevel_object is not None or cu.extrude != 0 or cu.bevel_depth != 0
    for s, keys in zip(splines, key_points):
        if not has_radius and s["blender_type"] in ('BEZIER', 'NURBS'):
            s["radius"] = [r if keys is not None and keys[i] else 0.0 for i, r in enumerate(s["radius"])]
    if flat and len(cu.splines) > 1 and cu.splines[0].use_cyclic_u and any(sp.use_cyclic_u for sp in list(cu.splines)[1:]):
        # Blender turns a cyclic 2D outline to run clockwise, and a hole inside another the other way.
        notes.append("%s: a 2D curve with more than one cyclic spline: Blender runs the first spline's path clockwise unless another outline holds it (a hole), which Sinew does not weigh" % at)
    if flat:
        # A 2D curve's frames are its directions' alone (make_bevel_list_2D): no twist mode, no
        # smoothing, no tilt (Blender reads a Bezier's or NURBS's tilt for 3D curves only, and copies
        # a POLY's, which turns the frames of a path of two points: Sinew applies it only there).
        twist, smooth = 'Z_UP', 0
        for s in splines:
            if s["blender_type"] != 'POLY':
                s["tilt"] = [0.0] * len(s["tilt"])
    else:
        twist = cu.twist_mode
        # BKE_curve_bevelList_make smooths by the resolution of the curve's last spline.
        smooth = int(cu.splines[-1].resolution_u * cu.twist_smooth) if len(cu.splines) else 0
    return {
        "splines": splines,
        "use_path": bool(cu.use_path),
        "use_path_follow": bool(cu.use_path_follow),
        "use_path_clamp": bool(cu.use_path_clamp),
        "use_radius": bool(cu.use_radius),
        "use_stretch": bool(cu.use_stretch),
        "use_deform_bounds": bool(cu.use_deform_bounds),
        "path_duration": int(cu.path_duration),
        "eval_time": num(cu.eval_time, at),
        "twist_mode": twist,
        "twist_smooth": num(cu.twist_smooth, at),
        "twist_smooth_iterations": smooth,
        "dimensions": cu.dimensions,
        **({"hooks": hooks} if hooks else {}),
        **extra,
    }


class MeshUse:
    """How constraints read one mesh: as a Shrinkwrap surface, by vertex groups, and which
    armatures' bones read its groups or its surface (a bone of the armature that deforms the mesh
    makes a dependency cycle in Blender, and Sinew then keeps the mesh as it is at this frame)."""
    def __init__(self):
        self.surface = False
        self.groups = set()
        self.group_readers = set()
        self.surface_readers = set()


def mesh_targets(objects):
    """The mesh objects constraints of `objects` read as meshes: a Shrinkwrap's target (its
    surface) and a vertex-group subtarget's mesh, each with how it is read (MeshUse)."""
    meshes = {}
    for owner, c in constraint_owners(objects):
        if c.type == 'SHRINKWRAP' and c.target is not None and c.target.type == 'MESH':
            use = meshes.setdefault(c.target.name, MeshUse())
            use.surface = True
            if "bone" in owner:
                use.surface_readers.add(owner["object"])
        for obj_key, sub_key in SUBTARGETS:
            o, sub = getattr(c, obj_key, None), getattr(c, sub_key, '')
            if o is not None and getattr(o, 'type', None) in ('MESH', 'LATTICE') and sub:
                use = meshes.setdefault(o.name, MeshUse())
                use.groups.add(sub)
                if "bone" in owner:
                    use.group_readers.add(owner["object"])
    return meshes


def dump_mesh(o, at, notes, use):
    """A mesh object's evaluated surface in its local space, as Shrinkwrap reads it
    (BKE_shrinkwrap_init_tree): vertices, the loop triangles, and per triangle the normal at each
    corner that BKE_shrinkwrap_compute_smooth_normal interpolates: the split normals of an
    auto-smooth mesh, else the vertex normals, and the polygon's normal thrice for a flat face;
    and every vertex's normal, which Target Normal Project solves along whatever the shading."""
    # Sinew keeps the surface as it is now: a modifier (an Armature one deforming it with the pose)
    # or shape keys would move it in Blender.
    changing = [m.type for m in o.modifiers if m.show_viewport]
    if o.data.shape_keys is not None:
        changing.append('shape keys')
    dg = bpy.context.evaluated_depsgraph_get()
    oe = o.evaluated_get(dg)
    me = oe.to_mesh()
    try:
        # Split normals: where Auto Smooth asks for them before 4.1; from 4.1 (no Auto Smooth, sharp
        # edges and custom normals always count) every triangle's, which Blender computes on demand.
        auto_smooth = bool(getattr(me, 'use_auto_smooth', False)) or bpy.app.version >= (4, 1, 0)
        surface_skin = use.surface and not split_normals_matter(o.data)
        skin = mesh_skin(o, use, at, surface_skin) if use.groups or surface_skin else None
        moving = skin is not None and "surface" in skin
        if changing and skin is None:
            notes.append("%s: a mesh constraints read, with %s: it is written as evaluated at this frame; Sinew does not deform it" % (at, ', '.join(changing)))
        elif changing and use.surface and not moving:
            why = ("its split normals (Auto Smooth, sharp edges or custom normals), which Sinew does not remake" if not surface_skin
                   else "a bone of the armature deforming it shrinkwraps onto it (a dependency cycle in Blender)")
            notes.append("%s: a mesh Shrinkwrap reads, with %s: its surface is written as evaluated at this frame (%s); Sinew deforms only the vertices of its vertex groups" % (at, ', '.join(changing), why))
        if auto_smooth and hasattr(me, 'calc_normals_split'):
            me.calc_normals_split()
        me.calc_loop_triangles()
        vertices = [num(x, at) for v in me.vertices for x in v.co]
        vertex_normals = [num(x, at) for v in me.vertices for x in v.normal]
        triangles, normals = [], []
        for t in me.loop_triangles:
            triangles += list(t.vertices)
            poly = me.polygons[t.polygon_index]
            if not poly.use_smooth:
                corners = [poly.normal] * 3
            elif auto_smooth:
                corners = list(t.split_normals)
            else:
                corners = [me.vertices[i].normal for i in t.vertices]
            normals += [num(x, at) for n in corners for x in n]
        d = {"vertices": vertices, "triangles": triangles, "vertex_normals": vertex_normals}
        # Corner normals only where they are not the vertex normals (flat faces, split normals): a
        # smooth mesh's file is then a third the size (a body mesh can have 100,000 triangles).
        if any(normals[k] != vertex_normals[triangles[k // 3] * 3 + k % 3] for k in range(len(normals))):
            d["normals"] = normals
        # The groups constraints read, with the evaluated mesh's weights (contarget_get_mesh_mat).
        wanted = {g.index: g.name for g in o.vertex_groups if g.name in use.groups}
        if wanted:
            found = {name: {"indices": [], "weights": []} for name in wanted.values()}
            for v in me.vertices:
                for ge in v.groups:
                    name = wanted.get(ge.group)
                    if name is not None:
                        found[name]["indices"].append(v.index)
                        found[name]["weights"].append(num(ge.weight, at))
            d["vertex_groups"] = found
        if skin is not None:
            if moving:
                # Each triangle's polygon, to remake the corner normals of the moved surface
                # (its vertex's on a smooth face, its polygon's on a flat one).
                skin["surface"] = {"triangle_polygons": [t.polygon_index for t in me.loop_triangles],
                                   "flat_polygons": [p.index for p in me.polygons if not p.use_smooth]}
            d["skin"] = skin
        return d
    finally:
        oe.to_mesh_clear()


def split_normals_matter(mesh):
    """Whether a mesh's corner normals are other than its vertices' and its flat polygons' (Auto
    Smooth before Blender 4.1; sharp edges or custom normals from 4.1), which Sinew does not remake
    on a deformed surface."""
    if bpy.app.version < (4, 1, 0):
        return bool(mesh.use_auto_smooth)
    sharp = mesh.attributes.get("sharp_edge")
    return bool(mesh.has_custom_normals) or (sharp is not None and any(v.value for v in sharp.data))


# Objects whose points a VERTEX or VERTEX_3 child hangs from (OB_TYPE_SUPPORT_PARVERT).
PARENT_POINT_TYPES = ('MESH', 'CURVE', 'SURFACE', 'LATTICE')
TRACK_DEFAULTS = {"track_axis": 'POS_Y', "up_axis": 'Z'}


def parent_placement(o, ptype, at, notes):
    """What places an object on its parent beyond the parent's matrix (BKE_object_get_parent_matrix):
    a vertex parent's points, and a path child's track and up axes (read by the curve's Follow)."""
    par = o.parent
    if par is None:
        return {}
    if ptype in ('VERTEX', 'VERTEX_3'):
        count = 1 if ptype == 'VERTEX' else 3
        indices = list(o.parent_vertices)[:count]
        skin = parent_skin(par, indices, at)
        if skin is not None:
            # The points as authored; Sinew deforms them by the armature each frame.
            return {"parent_vertices": [nvec(par.data.vertices[i].co if i < len(par.data.vertices) else (0, 0, 0), at) for i in indices],
                    "parent_skin": skin}
        if made_vertices(par) and (seen := placement_seen_by_child(o, par)) is not None:
            # Blender averages the evaluated vertices made from each original one (CD_ORIGINDEX),
            # which Python cannot read; the child's own matrices say where its parent frame is now.
            mods = ', '.join(m.type for m in par.modifiers if m.show_viewport)
            which = "vertex %d" % indices[0] if count == 1 else "vertices %s" % ', '.join(map(str, indices))
            notes.append("%s: hangs from %s of mesh %s, whose modifiers (%s) make new vertices: written where Blender puts %s at this frame (Sinew does not move %s with the mesh)" % (
                at, which, par.name, mods, 'it' if count == 1 else 'them', 'it' if count == 1 else 'them'))
            return {"parent_vertices": [nvec(p, at) for p in seen]}
        return {"parent_vertices": [nvec(parent_point(par, i, at, notes), at) for i in indices]}
    cu = par.data if par.type == 'CURVE' else None
    if ptype == 'OBJECT' and cu is not None and cu.use_path and cu.use_path_follow:
        return {k: getattr(o, k) for k, v in TRACK_DEFAULTS.items() if getattr(o, k) != v}
    return {}


def parent_skin(par, indices, at):
    """The armature deformation of a mesh's vertices (Blender's armature_deform_coords, linear
    blending by vertex groups), when an Armature modifier is all that changes the mesh: its object and,
    per vertex, the deforming bones whose vertex groups hold it and their weights. None when Sinew
    cannot deform it (other modifiers, shape keys, envelopes, Preserve Volume, a mask group, B-Bone
    segments): the points are then written as they are at this frame, with a note."""
    arm = skinning_armature(par)
    points = skin_points(par, arm, indices, at) if arm is not None else None
    return {"armature": arm.name, "points": points} if points is not None else None


def skinning_armature(mesh):
    """The armature whose modifier alone moves `mesh`'s vertices, by vertex groups, in a way Sinew
    deforms them (no envelopes, Preserve Volume, Multi Modifier or mask group, no shape keys); None
    otherwise."""
    if mesh.type not in ('MESH', 'LATTICE') or mesh.data.shape_keys is not None:
        return None
    mods = [m for m in mesh.modifiers if m.show_viewport]
    if len(mods) != 1 or mods[0].type != 'ARMATURE':
        return None
    m = mods[0]
    arm = m.object
    if (arm is None or arm.type != 'ARMATURE' or not m.use_vertex_groups or m.use_bone_envelopes
            or m.use_deform_preserve_volume or m.use_multi_modifier or m.vertex_group):
        return None
    return arm


def skin_points(mesh, arm, indices, at):
    """Per vertex of `indices`, the deforming bones of `arm` whose vertex groups hold it and their
    weights; None when one of them deforms by B-Bone segments (b_bone_deform), which Sinew does not."""
    bones = {b.name: b for b in arm.data.bones}
    groups = {g.index: g.name for g in mesh.vertex_groups}
    verts = points_of(mesh)
    points = []
    for i in indices:
        names, weights = [], []
        if i < len(verts):
            for ge in verts[i].groups:
                b = bones.get(groups.get(ge.group, ''))
                if b is None or not b.use_deform or ge.weight == 0:
                    continue
                if b.bbone_segments > 1:
                    return None
                names.append(b.name)
                weights.append(num(ge.weight, at))
        points.append({"bones": names, "weights": weights})
    return points


def points_of(o):
    """A mesh's vertices or a lattice's points: what its vertex groups hold."""
    return o.data.points if o.type == 'LATTICE' else o.data.vertices


def rest_of(p):
    """A vertex's or lattice point's own position, before modifiers (a lattice point's is co_deform)."""
    return p.co_deform if hasattr(p, 'co_deform') else p.co


def mesh_skin(o, use, at, surface=False):
    """What Sinew needs to deform the vertices of the groups constraints read on mesh `o` as its
    Armature modifier does, and their normals as Blender recomputes them on the deformed mesh
    (contarget_get_mesh_mat reads the evaluated mesh): the undeformed positions of those vertices and
    of their polygons' other vertices, each one's bones and weights, and those polygons; with
    `surface` (a Shrinkwrap reads it), every vertex and every polygon, in the mesh's order. None when
    Sinew cannot deform the mesh, or when a bone of the deforming armature reads a group or (for
    the surface) shrinkwraps onto it (a dependency cycle in Blender, whose result depends on the
    order it picks); a surface that cannot move still gives the groups' skin."""
    arm = skinning_armature(o)
    if arm is None or arm.name in use.group_readers:
        return None
    if surface and arm.name in use.surface_readers:
        return mesh_skin(o, use, at) if use.groups else None
    wanted = {g.index for g in o.vertex_groups if g.name in use.groups}
    verts = points_of(o)
    if surface:
        read = set(range(len(verts)))
        polygons = [list(p.vertices) for p in o.data.polygons]
    else:
        read = {k for k, v in enumerate(verts) if any(ge.group in wanted and ge.weight > 0 for ge in v.groups)}
        polygons = [list(p.vertices) for p in o.data.polygons if any(i in read for i in p.vertices)] if o.type == 'MESH' else []
    indices = sorted(read | {i for p in polygons for i in p})
    points = skin_points(o, arm, indices, at)
    if points is None:
        return None
    skin = {"armature": arm.name, "vertices": indices, "rest": [num(x, at) for i in indices for x in rest_of(verts[i])],
            "points": points, "polygons": polygons}
    if surface:
        skin["surface"] = True  # what the surface needs besides, dump_mesh writes from the evaluated mesh
    return skin


def dump_lattice(o, at, notes, use):
    """A lattice whose vertex groups constraints read, as contarget_get_lattice_mat reads it, in the
    format's mesh (`lattice` true, no triangles): its points in the object's space and, per group,
    its points and weights, and how many groups each is in (`counts`: Blender adds a point once for
    each group it is in, a quirk of its loop there). Points an Armature modifier alone moves get
    their skin, as a mesh's; other modifiers or shape keys: the points as authored, with a note."""
    changing = [m.type for m in o.modifiers if m.show_viewport]
    if o.data.shape_keys is not None:
        changing.append('shape keys')
    skin = mesh_skin(o, use, at)
    if changing and skin is None:
        notes.append("%s: a lattice constraints read, with %s: its points are written as authored; Sinew does not deform them" % (at, ', '.join(changing)))
    pts = o.data.points
    wanted = {g.index: g.name for g in o.vertex_groups if g.name in use.groups}
    found = {name: {"indices": [], "weights": [], "counts": []} for name in wanted.values()}
    for k, p in enumerate(pts):
        for ge in p.groups:
            name = wanted.get(ge.group)
            if name is not None:
                found[name]["indices"].append(k)
                found[name]["weights"].append(num(ge.weight, at))
                found[name]["counts"].append(len(p.groups))
    d = {"lattice": True, "vertices": [num(x, at) for p in pts for x in p.co_deform], "triangles": [], "vertex_groups": found}
    if skin is not None:
        d["skin"] = skin
    return d


def made_vertices(par):
    """Whether a mesh parent's modifiers give it other vertices than its own (Subdivision, …)."""
    if par.type != 'MESH':
        return False
    me = par.evaluated_get(bpy.context.evaluated_depsgraph_get()).data
    return len(me.vertices) != len(par.data.vertices)


def placement_seen_by_child(o, par):
    """Where a VERTEX or VERTEX_3 child's parent frame is now, in the parent's space, read back from
    the child as Blender placed it: with no constraint acting, its world matrix is parent · frame ·
    parent inverse · basis (BKE_object_get_parent_matrix), the frame being a VERTEX point's
    translation or a VERTEX_3 triangle's tri_to_quat rotation at its centre (ob_parvert3). Returns,
    in the parent's space, the point for a VERTEX child, and for a VERTEX_3 child three points that
    make the same frame (the frame's (−1, −1, 0), (1, −1, 0) and (0, 2, 0): their tri_to_quat is its
    rotation, their mean its centre); None when a constraint acts on the child or a matrix is
    singular."""
    if any(not c.mute and c.influence > 0 for c in o.constraints):
        return None
    dg = bpy.context.evaluated_depsgraph_get()
    try:
        local = (o.matrix_parent_inverse @ o.matrix_basis).inverted()
        parent_inverse = par.evaluated_get(dg).matrix_world.inverted()
    except ValueError:
        return None
    frame = parent_inverse @ o.evaluated_get(dg).matrix_world @ local
    c = frame.translation
    if o.parent_type == 'VERTEX':
        return [(c[0], c[1], c[2])]
    rot = frame.to_3x3()
    return [tuple(c + rot @ Vector(u)) for u in ((-1, -1, 0), (1, -1, 0), (0, 2, 0))]


def parent_point(par, nr, at, notes):
    """Blender's give_parvert: point `nr` of `par` in its local space, (0, 0, 0) when it has none
    (an index past its points, a parent type without points)."""
    if par.type == 'MESH':
        changing = [m.type for m in par.modifiers if m.show_viewport] + (['shape keys'] if par.data.shape_keys else [])
        me = par.evaluated_get(bpy.context.evaluated_depsgraph_get()).data
        if changing:
            notes.append("%s: hangs from vertex %d of mesh %s, which %s change: written where it is at this frame (Sinew does not deform meshes)" % (
                at, nr, par.name, ', '.join(changing)))
        if len(me.vertices) != len(par.data.vertices):
            # Blender averages the evaluated vertices made from this one (CD_ORIGINDEX), which Python cannot read.
            notes.append("%s: mesh %s has modifiers that change its vertices: vertex %d is written as the original one" % (at, par.name, nr))
            me = par.data
        return me.vertices[nr].co if nr < len(me.vertices) else (0, 0, 0)
    if par.type in ('CURVE', 'SURFACE'):
        if [m for m in par.modifiers if m.show_viewport] or par.data.shape_keys:
            notes.append("%s: hangs from a point of curve %s, whose modifiers or shape keys move its points: written as authored" % (at, par.name))
        k = 0
        for sp in par.data.splines:
            pts = sp.bezier_points if sp.type == 'BEZIER' else sp.points
            if nr < k + len(pts):
                co = pts[nr - k].co
                return (co[0], co[1], co[2])
            k += len(pts)
        return (0, 0, 0)
    if par.type == 'LATTICE':
        if [m for m in par.modifiers if m.show_viewport] or par.data.shape_keys:
            notes.append("%s: hangs from a point of lattice %s, whose modifiers or shape keys move its points: written as authored" % (at, par.name))
        pts = par.data.points
        return pts[nr].co_deform if nr < len(pts) else (0, 0, 0)
    return (0, 0, 0)


def dump_object(o, notes, surfaces=None):
    surfaces = surfaces or {}
    at = 'object %s' % o.name
    kind = o.type if o.type in FORMAT_TYPES else 'EMPTY'
    ptype = o.parent_type if o.parent else 'OBJECT'
    if ptype == 'VERTEX_3' and o.parent.type not in PARENT_POINT_TYPES:
        ptype = 'OBJECT'  # ob_parvert3 on a parent without points: the parent's matrix, as OBJECT on a non-curve
    d = {
        "name": o.name,
        "type": kind,
        "parent": o.parent.name if o.parent else None,
        "parent_type": ptype,
        "parent_bone": (o.parent_bone or None) if (o.parent and ptype == 'BONE') else None,
        "matrix_parent_inverse": mat_cm(o.matrix_parent_inverse, at),
        **parent_placement(o, ptype, at, notes),
        "location": nvec(o.location, at),
        "rotation_mode": o.rotation_mode,
        "rotation_euler": nvec(o.rotation_euler, at),
        "rotation_quaternion": quat_xyzw(o.rotation_quaternion, at),
        "rotation_axis_angle": nvec(o.rotation_axis_angle, at),
        "scale": nvec(o.scale, at),
    }
    if kind != o.type:
        d["blender_type"] = o.type
    if o.type == 'EMPTY':
        d["empty_display_type"] = o.empty_display_type
        d["empty_display_size"] = num(o.empty_display_size, at)
    # Delta transforms, when not identity (Sinew composes them as BKE_object_to_mat4 does).
    deltas = {
        "delta_location": (o.delta_location, (0, 0, 0)),
        "delta_rotation_euler": (o.delta_rotation_euler, (0, 0, 0)),
        "delta_scale": (o.delta_scale, (1, 1, 1)),
    }
    for key, (v, ident) in deltas.items():
        if tuple(v) != ident:
            d[key] = nvec(v, at)
    if tuple(o.delta_rotation_quaternion) != (1, 0, 0, 0):
        d["delta_rotation_quaternion"] = quat_xyzw(o.delta_rotation_quaternion, at)
    put_custom_props(d, o)
    if o.type == 'CURVE':
        d["curve"] = dump_curve(o, notes)
    if o.type == 'MESH' and o.name in surfaces:
        d["mesh"] = dump_mesh(o, at, notes, surfaces[o.name])
    if o.type == 'LATTICE' and o.name in surfaces:
        d["mesh"] = dump_lattice(o, at, notes, surfaces[o.name])
    if o.type == 'ARMATURE':
        handles = bbone_handles(o)
        d["bones"] = [dump_bone(pb, handles) for pb in ordered_bones(o)]
        d["ik_solver"] = o.pose.ik_solver
        d["pose_position"] = o.data.pose_position
        d["data_name"] = o.data.name
        put_custom_props(d, o.data, 'data_custom_props')
        if o.pose.ik_solver != 'LEGACY':
            notes.append("%s: IK solver %s; Sinew follows the legacy solver" % (at, o.pose.ik_solver))
    return d


# ---------------------------------------------------------------------------
# Constraints (README.md constraints[], README-rig-additions.md §4)
# ---------------------------------------------------------------------------

def constraint_owners(objects):
    for o in objects:
        if o.type == 'ARMATURE':
            for pb in ordered_bones(o):
                for c in pb.constraints:
                    yield {"object": o.name, "bone": pb.name}, c
        for c in o.constraints:
            yield {"object": o.name}, c


SUBTARGETS = (('target', 'subtarget'), ('pole_target', 'pole_subtarget'), ('space_object', 'space_subtarget'))


def bone_subtargets_only(props, where, notes):
    """A subtarget of a target that is not an armature is a vertex group (meshes, lattices): the
    format names bones there, so the group is written as `blender_<key>` and the subtarget left
    empty. A mesh's or lattice's group is written with it (`vertex_groups`, dump_mesh, dump_lattice)
    and read by Sinew's Vertex Group node; any other object's is noted (Sinew uses its origin)."""
    for obj_key, sub_key in SUBTARGETS:
        name, sub = props.get(obj_key), props.get(sub_key)
        if not isinstance(name, str) or not sub:
            continue
        o = bpy.data.objects.get(name)
        if o is not None and o.type != 'ARMATURE':
            props['blender_' + sub_key] = sub
            props[sub_key] = ''
            if o.type not in ('MESH', 'LATTICE'):
                notes.append("%s: %s targets vertex group %s of %s %s; Sinew uses the object's origin" % (where, sub_key, sub, o.type.lower(), name))
    for i, t in enumerate(props.get('targets') or []):
        if isinstance(t, dict):
            bone_subtargets_only(t, '%s.targets[%d]' % (where, i), notes)


def dump_constraints(objects, notes):
    out = []
    for owner, c in constraint_owners(objects):
        where = '%s: constraint %s' % ('/'.join(owner.values()), c.name)
        props = dump_props(c, where)
        bone_subtargets_only(props, where, notes)
        out.append({"owner": owner, "type": c.type, "name": c.name, "props": props})
    return out


# ---------------------------------------------------------------------------
# F-curves: actions (README-action-additions.md §3) and drivers (README-rig-additions.md §6)
# ---------------------------------------------------------------------------

KEY_PROPS = ('interpolation', 'easing', 'back', 'amplitude', 'period', 'handle_left_type', 'handle_right_type', 'type')


def dump_modifier(m, where=''):
    out = {"type": m.type}
    for p in m.bl_rna.properties:
        k = p.identifier
        if k in ('rna_type', 'type', 'show_expanded', 'active', 'is_override_data'):
            continue
        v = prop_value(m, p, where)
        if v is not _SKIP:
            out[k] = v
    return out


def dump_keyframes(fc, where):
    kps = []
    for kp in fc.keyframe_points:
        d = {"co": nvec(kp.co, where), "handle_left": nvec(kp.handle_left, where), "handle_right": nvec(kp.handle_right, where)}
        for p in KEY_PROPS:
            v = getattr(kp, p)
            d[p] = num(v, where) if isinstance(v, float) else v
        kps.append(d)
    return kps


BONE_PREFIX = 'pose.bones["'


def fc_target(obj, fc):
    path = fc.data_path
    bone, prop = None, path
    if path.startswith(BONE_PREFIX):
        end = path.find('"]', len(BONE_PREFIX))
        if end > 0:
            bone = path[len(BONE_PREFIX):end]
            prop = path[end + 3:]
    return {"object": obj.name if obj is not None else None, "bone": bone, "property": prop, "index": fc.array_index}


# A Noise modifier reads Blender's own noise tables, which Sinew does not have: its noise is sampled
# here at each whole frame of the scene's range and of the action's, NOISE_PAD frames either side.
NOISE_PAD = 10
NOISE_MAX_SAMPLES = 100000
# What the probe curve does not copy from the modifier: it gives the noise alone, everywhere.
NOISE_NOT_COPIED = {'rna_type', 'type', 'active', 'show_expanded', 'mute', 'is_valid', 'is_override_data',
                    'use_restricted_range', 'frame_start', 'frame_end', 'blend_in', 'blend_out',
                    'use_influence', 'influence', 'strength', 'blend_type'}


def noise_samples(m, fc, where, notes, frame_range=None):
    """A Noise modifier's noise (BLI_noise_turbulence of its settings) as Blender gives it at each whole
    frame of the curve's action's range (or `frame_range`: an NLA strip's, whose modifier has no
    curve) and the scene's, ±NOISE_PAD: {start, values}, which Sinew reads (exact at those frames,
    linear between, the end values outside). Sampled from a probe curve holding a copy of the
    modifier with strength 1, blended by ADD onto 0, so its value is the noise alone whatever the
    modifier's range, influence and blend (its noise depends on the frame and its settings alone).
    None when no probe curve can be made."""
    sc = bpy.context.scene
    act = fc.id_data if fc is not None else None
    a0, a1 = (frame_range if frame_range is not None
              else act.frame_range if isinstance(act, bpy.types.Action) else (sc.frame_start, sc.frame_end))
    lo = int(math.floor(min(sc.frame_start, a0))) - NOISE_PAD
    hi = min(int(math.ceil(max(sc.frame_end, a1))) + NOISE_PAD, lo + NOISE_MAX_SAMPLES - 1)
    holder = bpy.data.actions.new("sinew-noise-probe")
    try:
        try:
            probe = holder.fcurves.new("location", index=0)
        except (AttributeError, RuntimeError, TypeError):
            return None  # a Blender without the legacy action API: the import names the modifier
        probe.keyframe_points.insert(0.0, 0.0)
        n = probe.modifiers.new('NOISE')
        for p in m.bl_rna.properties:
            if p.identifier in NOISE_NOT_COPIED or p.is_readonly:
                continue
            try:
                setattr(n, p.identifier, getattr(m, p.identifier))
            except (AttributeError, TypeError, ValueError):
                pass
        n.strength, n.blend_type = 1.0, 'ADD'
        values = [num(probe.evaluate(f), where) for f in range(lo, hi + 1)]
    finally:
        bpy.data.actions.remove(holder)
    notes.append("%s: Noise modifier sampled by Blender at each whole frame %d to %d (exact there, linear "
                 "between, its end values outside)" % (where, lo, hi))
    return {"start": lo, "values": values}


def dump_fcurve(obj, fc, act=None, notes=None):
    """`obj` the object playing the action; None for an action only constraints name (its key then
    starts with the action's name). A Noise modifier gets its samples (noise_samples) when `notes`
    is given."""
    key = "%s:%s[%d]" % (obj.name if obj is not None else act.name, fc.data_path, fc.array_index)
    modifiers = []
    for m in fc.modifiers:
        d = dump_modifier(m, key)
        if m.type == 'NOISE' and not m.mute and notes is not None:
            samples = noise_samples(m, fc, key, notes)
            if samples is not None:
                d["noise_samples"] = samples
        modifiers.append(d)
    out = {
        "key": key,
        "data_path": fc.data_path,
        "array_index": fc.array_index,
        "target": fc_target(obj, fc),
        "group": fc.group.name if fc.group else None,
        "extrapolation": fc.extrapolation,
        "auto_smoothing": fc.auto_smoothing,
        "mute": bool(fc.mute),
        "is_valid": bool(fc.is_valid),
        "keyframes": dump_keyframes(fc, key),
        "modifiers": modifiers,
    }
    out.update(value_flags(obj, fc))
    items = enum_items(obj, fc.data_path) if obj is not None else None
    if items is not None:
        # Keying an enum setting (a constraint's Mix mode): its items' values, as for a driver.
        out["enum_items"] = items
    default = rna_default(obj, fc.data_path, fc.array_index) if obj is not None and keys_constraint(fc.data_path) else None
    if default is not None:
        # A constraint setting's RNA default: where an NLA plays the curve, it blends from it.
        out["default"] = default
    return out


def keys_constraint(path):
    """Whether an F-curve's path is a constraint setting (an object's or a pose bone's)."""
    return '.constraints[' in path or path.startswith('constraints[')


def rna_default(idb, path, index):
    """The RNA default of the number setting at `path` on `idb` (element `index` of an array), or None."""
    prop = rna_property(idb, path)
    if prop is not None and prop.type == 'ENUM' and not prop.is_enum_flag:
        # An enum's default as the value of its item (what its curve keys).
        item = prop.enum_items.get(prop.default)
        return num(float(item.value)) if item is not None else None
    if prop is None or prop.type not in ('FLOAT', 'INT', 'BOOLEAN'):
        return None
    if getattr(prop, 'is_array', False) or getattr(prop, 'array_length', 0) > 0:
        arr = list(prop.default_array)
        return num(float(arr[index])) if index < len(arr) else None
    return num(float(prop.default))


# Points between two keys where the flags are read, as fractions of the segment: far from simple
# fractions, so a linear or eased curve between whole values is not whole there by chance.
FLAG_PROBES = (0.3183, 0.5, 0.7071)


def value_flags(obj, fc):
    """Blender's FCURVE_INT_VALUES and FCURVE_DISCRETE_VALUES, which RNA does not show. Inserting a
    key on an int property sets the first (the curve's value is rounded, floorf(v + 0.5f), after its
    modifiers), on a bool or enum property both (no interpolation between keys nor past the ends); a
    curve made by `fcurves.new` has neither. Read from what the curve gives (`evaluate`, which applies
    them) on a property of such a type: whole numbers at its keys, between them and past its ends
    mean rounded; its keys alone (modifiers muted meanwhile) giving the key before at every point
    between keys and the end key past the ends, discrete. A curve read as rounded that is not flagged
    gives whole numbers anyway (keys held, or equal), so rounding it changes nothing."""
    if obj is None or not len(fc.keyframe_points):
        return {}
    try:
        value = obj.path_resolve(fc.data_path)
    except (ValueError, TypeError, AttributeError):
        # A path that resolves to nothing (or an owner that cannot resolve one): no property, no flags.
        return {}
    if not isinstance(value, (int, float, str)) and hasattr(value, '__len__'):
        value = value[fc.array_index] if fc.array_index < len(value) else None
    if isinstance(value, float) or not isinstance(value, (int, str)):
        return {}
    xs = sorted(k.co[0] for k in fc.keyframe_points)
    # (a frame, the frame of the key a discrete curve holds there: the key before it, or the end key past it)
    between = [(a + (b - a) * t, a) for a, b in zip(xs, xs[1:]) if b > a for t in FLAG_PROBES]
    probes = [(x, x) for x in xs] + between + [(xs[0] - 1.5, xs[0]), (xs[-1] + 1.5, xs[-1])]
    if not all(math.isfinite(v) and float(v).is_integer() for v in (fc.evaluate(x) for x, _ in probes)):
        return {}
    flags = {"int_values": True}
    if isinstance(value, (bool, str)):
        # The keys alone: a modifier (a Generator of the frame) may change the value between keys.
        # Muted for the reading and restored; the file is not changed.
        live = [m for m in fc.modifiers if not m.mute]
        for m in live:
            m.mute = True
        try:
            if all(fc.evaluate(x) == fc.evaluate(held) for x, held in probes):
                flags["discrete_values"] = True
        finally:
            for m in live:
                m.mute = False
    return flags


def dump_groups(groups):
    """The action's groups in Blender's order, empty ones too: an Action constraint on a bone reads only
    the group named after the bone when the action has one, and a muted group's curves do not play."""
    return [{"name": g.name, "mute": bool(g.mute)} for g in groups]


def action_slots(objects, strips):
    """For each action that exported Action constraints or NLA strips play, the slots they play it
    through, in the order met (one slot, None, before Blender 4.4)."""
    found = {}
    users = [c for o in objects for c in o.constraints]
    users += [c for o in objects if o.type == 'ARMATURE' and o.pose for pb in o.pose.bones for c in pb.constraints]
    for u in [c for c in users if c.type == 'ACTION'] + list(strips):
        if u.action is None:
            continue
        met = found.setdefault(u.action.name, [])
        slot = slots.slot_of(u)
        if all(slot is not s for s in met):
            met.append(slot)
    return found


NLA_STRIP_PROPS = ('name', 'type', 'frame_start', 'frame_end', 'action_frame_start', 'action_frame_end', 'scale', 'repeat',
                   'use_reverse', 'extrapolation', 'blend_type', 'influence', 'use_animated_influence', 'use_animated_time',
                   'use_animated_time_cyclic', 'blend_in', 'blend_out', 'mute')


def nested_strips(strips):
    """Strips and, for each meta strip, the strips inside it (depth first)."""
    out = []
    for st in strips:
        out.append(st)
        if st.type == 'META':
            out += nested_strips(st.strips)
    return out


def strip_action_range(st, track_strips):
    """The action frames the clips a strip's modifiers apply to play: a clip's own, a meta strip's
    clips', a transition's neighbours' (a strip's time is its action's frame: the frames its Noise
    modifier is read at)."""
    if st.type == 'TRANSITION':
        i = list(track_strips).index(st)
        around = [track_strips[j] for j in (i - 1, i + 1) if 0 <= j < len(track_strips)]
        clips = [c for a in around for c in nested_strips([a]) if c.type == 'CLIP']
    else:
        clips = [c for c in nested_strips([st]) if c.type == 'CLIP']
    if not clips:
        return None
    return (min(c.action_frame_start for c in clips), max(c.action_frame_end for c in clips))


def dump_strip(st, notes=None, track_strips=()):
    """An NLA strip: every setting the evaluation reads, its own F-curves, its F-curve modifiers with
    every setting (a Noise one with its samples, when `notes` is given); a meta strip's strips inside
    it. `track_strips`: the strips beside it (a transition's neighbours)."""
    d = {}
    for k in NLA_STRIP_PROPS:
        v = getattr(st, k)
        d[k] = num(v, 'nla strip %s.%s' % (st.name, k)) if isinstance(v, float) else v
    d["action"] = st.action.name if st.action is not None else None
    # Its own curves (an animated influence or strip time), keys and all.
    d["fcurves"] = [{"data_path": fc.data_path, "array_index": fc.array_index, "extrapolation": fc.extrapolation,
                     "mute": bool(fc.mute), "keyframes": dump_keyframes(fc, "nla strip %s.%s" % (st.name, fc.data_path)),
                     "modifiers": [dump_modifier(m) for m in fc.modifiers]} for fc in st.fcurves]
    where = "nla strip %s" % st.name
    modifiers = []
    for m in st.modifiers:
        md = dump_modifier(m, where)
        if m.type == 'NOISE' and not m.mute and notes is not None:
            samples = noise_samples(m, None, where, notes, strip_action_range(st, track_strips))
            if samples is not None:
                md["noise_samples"] = samples
        modifiers.append(md)
    d["modifiers"] = modifiers
    if st.type == 'META':
        d["strips"] = [dump_strip(c, notes, st.strips) for c in st.strips]
    return d


def dump_nla(o, ad, tweak_state=None, notes=None):
    """The NLA of an object that plays one: its tracks bottom to top with their strips, and the active
    action's blending on top (docs/blender-exporter.md). In tweak mode (`tweak_state`, tweak.py) the
    NLA Blender plays then: the tweaked strip alone in its track, over its synced bounds; that track's
    other strips, and the tracks above it unless they play, kept muted (Blender still resets the
    channels their actions key: the NLA's domain); no active action on top."""
    tracks = []
    for ti, t in enumerate(ad.nla_tracks):
        track = {"name": t.name, "mute": bool(t.mute), "is_solo": bool(t.is_solo), "strips": [dump_strip(st, notes, t.strips) for st in t.strips]}
        if tweak_state is not None and ti == tweak_state[0]:
            strip = tweak_state[1]
            others = [dict(d, mute=True) for st, d in zip(t.strips, track["strips"]) if st != strip]
            d = dump_strip(strip, notes, t.strips)
            d["frame_start"], d["frame_end"], d["action_frame_start"], d["action_frame_end"] = (
                num(x, 'nla strip %s bounds' % strip.name) for x in tweak.synced_bounds(strip))
            if not tweak_state[3]:
                # Tweaked not in place: every frame at the scene's frame, held (animsys_create_tweak_strip).
                d["global_time"], d["extrapolation"] = True, 'HOLD'
            track["strips"] = [d]
            tracks.append(track)
            if others:
                tracks.append(dict(track, name=t.name + " (its other strips, while tweaking)", strips=others))
            continue
        if tweak_state is not None and ti > tweak_state[0] and not tweak_state[2]:
            track["strips"] = [dict(d, mute=True) for d in track["strips"]]
        tracks.append(track)
    action = ad.action.name if ad.action is not None and tweak_state is None else None
    out = {"object": o.name, "action": action,
           "action_extrapolation": ad.action_extrapolation, "action_blend_type": ad.action_blend_type,
           "action_influence": num(ad.action_influence), "tracks": tracks}
    if action is not None and ad.action_extrapolation == 'NOTHING':
        # Extrapolation Nothing: the action plays only inside its range (animsys_create_action_track_strip).
        out["action_range"] = [num(x, 'action %s range' % action) for x in action_track_range(ad)]
    return out


# Blender's MINAFRAMEF and MAXFRAMEF: the frames an open side of a range reaches.
MIN_FRAME, MAX_FRAME = -1048574.0, 1048574.0


def action_track_range(ad):
    """The frames the active action plays over the NLA (animsys_create_action_track_strip): its keys'
    range widened by each curve's last modifier (calc_action_range with modifiers: a Limits modifier to
    its x bounds, a Cycles one to the end of time on each side it cycles, any other kind both ways),
    one frame long at least; in float32, as Blender keeps it."""
    f32 = lambda x: struct.unpack('<f', struct.pack('<f', x))[0]
    lo, hi, found = 999999999.0, -999999999.0, False
    for fc in slots.channels(ad.action, slots.slot_of(ad))[0]:
        keys = fc.keyframe_points
        if len(keys):
            lo, hi, found = min(lo, f32(keys[0].co[0])), max(hi, f32(keys[len(keys) - 1].co[0])), True
        if len(fc.modifiers):
            m = fc.modifiers[len(fc.modifiers) - 1]
            if m.type == 'LIMITS':
                lo = min(lo, f32(m.min_x)) if m.use_min_x else lo
                hi = max(hi, f32(m.max_x)) if m.use_max_x else hi
            elif m.type == 'CYCLES':
                lo = MIN_FRAME if m.mode_before != 'NONE' else lo
                hi = MAX_FRAME if m.mode_after != 'NONE' else hi
            else:
                lo, hi = MIN_FRAME, MAX_FRAME
            found = True
    if not found:
        lo, hi = 0.0, 1.0
    elif lo == hi:
        hi = f32(hi + 1.0)
    # The strip's end: one frame past its start when the range is (nearly) empty (IS_EQF).
    end = f32(lo + 1.0) if abs(lo - hi) < 1.1920928955078125e-07 else hi
    return lo, end


# A custom property of an armature's datablock or of one of its bones, keyed in the datablock's own
# action: `["switch"]`, `bones["Bone"]["switch"]` (a name's quotes escaped by Blender as \\").
DATA_PROP_PATH = re.compile(r'^(bones\["(?:[^"\\]|\\.)*"\])?\["(?:[^"\\]|\\.)*"\]$')


def dump_actions(objects, constraints, notes, nla=None, data_actions=None):
    """Each exported object's active action, then every action an exported Action constraint or NLA
    strip names that no exported object plays, with `id` null (README-action-additions.md §3,
    extended: docs/blender-exporter.md). `nla` receives each object's NLA when Blender plays one;
    `data_actions` the custom-property curves of an armature datablock's own action."""
    nla = [] if nla is None else nla
    data_actions = [] if data_actions is None else data_actions
    strips = []
    out = []
    for o in objects:
        data_ad = getattr(o.data, 'animation_data', None) if o.data is not None else None
        data_curves = [] if data_ad is None or data_ad.action is None else [
            fc for fc in slots.channels(data_ad.action, slots.slot_of(data_ad))[0]
            if not (o.type == 'CURVE' and fc.data_path == 'eval_time')]
        if o.type == 'ARMATURE':
            # Keyed switches on the armature datablock (a rig's global IK/FK): exported, read by drivers.
            props = [fc for fc in data_curves if DATA_PROP_PATH.match(fc.data_path)]
            data_curves = [fc for fc in data_curves if not DATA_PROP_PATH.match(fc.data_path)]
            if props:
                data_actions.append({"object": o.name, "action": data_ad.action.name,
                                     "fcurves": [dump_fcurve(o.data, fc, notes=notes) for fc in props]})
        if data_curves:
            what = ("its bones' B-Bone settings and other bone data" if o.type == 'ARMATURE'
                    else "curve data" if o.type == 'CURVE'
                    else "%s data" % o.type.lower())
            notes.append("object %s: the %s datablock's own action %s (%s: %s) is not exported; its values at the exported frame are" % (
                o.name, o.type.lower(), data_ad.action.name, what, ", ".join(sorted({fc.data_path for fc in data_curves}))))
        ad = o.animation_data
        if ad is None:
            continue
        # Blender plays the NLA tracks (with the active action, if any, on top) when NLA is on and a
        # track it evaluates has strips: the solo track when there is one, muted or not
        # (is_nlatrack_evaluatable), else the unmuted ones. An object whose action was pushed down has
        # tracks and no active action: it is animated all the same.
        solo = any(t.is_solo for t in ad.nla_tracks)
        playing = [t for t in ad.nla_tracks if (t.is_solo if solo else not t.mute) and len(t.strips)] if ad.use_nla else []
        tweak_state = tweak.tweaked(ad, notes, o.name) if playing else None
        if playing:
            nla.append(dump_nla(o, ad, tweak_state, notes))
            strips += [st for t in ad.nla_tracks for st in nested_strips(t.strips)]
        # In tweak mode the active action is the tweaked strip's, which its strip plays.
        if ad.action is None or tweak_state is not None:
            continue
        act = ad.action
        fcurves, groups = slots.channels(act, slots.slot_of(ad))
        out.append({
            "name": act.name,
            "id": {"object": o.name},
            "anim_data": {"action_extrapolation": ad.action_extrapolation,
                          "action_blend_type": ad.action_blend_type,
                          "action_influence": num(ad.action_influence),
                          "use_nla": bool(ad.use_nla), "nla_tracks": len(ad.nla_tracks),
                          "drivers": len(ad.drivers)},
            "frame_range": nvec(act.frame_range),
            "groups": dump_groups(groups),
            "fcurves": [dump_fcurve(o, fc, notes=notes) for fc in fcurves],
        })
    written = {a["name"] for a in out}
    played = action_slots(objects, strips)
    named = [c["props"].get("action") if c["type"] == 'ACTION' else None for c in constraints] + [
        st.action.name for st in strips if st.action is not None]
    for name in named:
        act = bpy.data.actions.get(name) if isinstance(name, str) else None
        if act is None or name in written:
            continue
        written.add(name)
        # The format keeps one set of curves per action name: when users play it through different
        # slots (Blender 4.4 and later), the first user's are written.
        met = played.get(name) or [None]
        if len(met) > 1:
            notes.append("action %s: played through %d different slots by Action constraints or NLA strips; "
                         "only the first one's curves are exported (%s)" % (
                             name, len(met), getattr(met[0], 'identifier', '?')))
        fcurves, groups = slots.channels(act, met[0])
        curves = [dump_fcurve(None, fc, act, notes) for fc in fcurves]
        # What a strip's curve needs of the setting it keys (its flags, a constraint setting's RNA default
        # and enum items): read on an object whose NLA plays the action.
        player = next((o for o in objects if o.animation_data is not None and any(
            st.action is act for t in o.animation_data.nla_tracks for st in nested_strips(t.strips))), None)
        for d, fc in zip(curves, fcurves):
            if player is not None:
                # Rounded or held as on the object that plays it (an int or a bool, an enum setting).
                d.update(value_flags(player, fc))
            if player is not None and keys_constraint(fc.data_path):
                v = rna_default(player, fc.data_path, fc.array_index)
                if v is not None:
                    d["default"] = v
                items = enum_items(player, fc.data_path)
                if items is not None:
                    d["enum_items"] = items
        out.append({
            "name": act.name,
            "id": None,
            "id_root": slots.id_root(act, met[0]),
            "frame_range": nvec(act.frame_range),
            "groups": dump_groups(groups),
            "fcurves": curves,
        })
    return out


def driven_key(kind, idb, fc):
    try:
        val = idb.path_resolve(fc.data_path)
    except ValueError:
        val = None
    key = ('' if kind == 'OBJECT' else 'data.') + fc.data_path
    if val is not None and hasattr(val, '__len__') and not isinstance(val, str):
        key += '[%d]' % fc.array_index
    return key


def dump_driver(obj, kind, idb, fc):
    d = fc.driver
    key = driven_key(kind, idb, fc)
    e = {"owner": {"object": obj.name, "id_type": kind},
         "data_path": fc.data_path, "array_index": fc.array_index, "key": key, "type": d.type}
    if d.type == 'SCRIPTED':
        e["expression"] = d.expression
        e["is_simple_expression"] = bool(d.is_simple_expression)
    e["use_self"] = bool(d.use_self)
    variables = []
    for v in d.variables:
        targets = []
        for t in v.targets:
            targets.append({"id_type": t.id_type, "id": t.id.name if t.id is not None else None,
                            "data_path": t.data_path, "bone_target": t.bone_target,
                            "transform_type": t.transform_type, "transform_space": t.transform_space,
                            "rotation_mode": t.rotation_mode})
            # Blender 4.x: a Context Property reads the active scene or view layer. The active scene
            # is the exported one: written as a SCENE target, so the import reads it as one.
            if v.type == 'CONTEXT_PROP':
                targets[-1]["context_property"] = getattr(t, 'context_property', None)
                if targets[-1]["context_property"] == 'ACTIVE_SCENE':
                    targets[-1]["id_type"], targets[-1]["id"] = 'SCENE', bpy.context.scene.name
            # Blender 4.x: a Single Property target whose path did not resolve reads its fallback
            # value; written only when Blender used it, so the import reads that constant.
            if getattr(t, 'use_fallback_value', False) and getattr(t, 'is_fallback_used', False):
                targets[-1]["fallback_value"] = num(t.fallback_value, key)
            # A property path Blender cannot resolve (a renamed bone, a deleted property): Blender
            # reads 0, flags the driver invalid and skips it from then on. Written only when so.
            elif v.type == 'SINGLE_PROP' and t.id is not None and not path_resolves(t.id, t.data_path):
                targets[-1]["path_resolves"] = False
        variables.append({"name": v.name, "type": v.type, "targets": targets})
    e["variables"] = variables
    if len(fc.keyframe_points):
        e["keyframes"] = [[num(k.co[0], key), num(k.co[1], key)] for k in fc.keyframe_points]
        e["keyframe_interpolation"] = [k.interpolation for k in fc.keyframe_points]
        # The whole keys too (handles, easing), as actions write them, for Bezier driver curves.
        e["keyframe_points"] = dump_keyframes(fc, key)
    e["modifiers"] = [dump_modifier(m, key) for m in fc.modifiers]
    e["extrapolation"] = fc.extrapolation
    e["mute"] = bool(fc.mute)
    e["is_valid"] = bool(fc.is_valid) and bool(d.is_valid)
    items = enum_items(idb, fc.data_path)
    if items is not None:
        e["enum_items"] = items
    if not path_resolves(idb, fc.data_path):
        # Driving something that is gone (a deleted bone or constraint): Blender writes nothing.
        e["path_resolves"] = False
    return e


def enum_items(idb, path):
    """When `path` on `idb` is an enum setting (a constraint's Mix mode, a space), Blender's value of
    each of its items by identifier: a driver writes the value, and the setting takes that item."""
    prop = rna_property(idb, path)
    if prop is None or prop.type != 'ENUM' or prop.is_enum_flag:
        return None
    return {item.identifier: item.value for item in prop.enum_items}


def rna_property(idb, path):
    """The RNA definition of the property at `path` on `idb` (its struct's `bl_rna` entry), or None."""
    holder_path, _, name = path.rpartition('.')
    try:
        holder = idb.path_resolve(holder_path) if holder_path else idb
    except (ValueError, TypeError, AttributeError):
        return None
    return getattr(getattr(holder, 'bl_rna', None), 'properties', {}).get(name)


def path_resolves(idb, path):
    """Whether Blender finds the property at `path` on `idb` (an empty path names nothing)."""
    if not path:
        return False
    try:
        idb.path_resolve(path)
    except (ValueError, TypeError):
        return False
    return True


def dump_drivers(objects):
    out = []
    for o in objects:
        holders = [('OBJECT', o)]
        if o.type == 'ARMATURE':
            holders.append(('ARMATURE', o.data))
        elif o.type == 'CURVE':
            holders.append(('CURVE', o.data))
        for kind, idb in holders:
            ad = idb.animation_data
            if ad is None:
                continue
            for fc in ad.drivers:
                out.append(dump_driver(o, kind, idb, fc))
    return out


# ---------------------------------------------------------------------------
# Which objects: all of the scene, or one armature and everything it depends on
# ---------------------------------------------------------------------------

def references(o):
    """Objects `o` needs to be evaluated: its parent, constraint targets and driver sources."""
    refs = []
    if o.parent:
        refs.append(o.parent)
        if o.parent_type in ('VERTEX', 'VERTEX_3') and o.parent.type == 'MESH':
            # The armature that deforms the vertices it hangs from.
            refs.extend(m.object for m in o.parent.modifiers if m.type == 'ARMATURE' and m.object is not None)
    if o.type == 'CURVE':
        # The objects whose Hook modifiers move its points (curve_hooks).
        refs.extend(m.object for m in o.modifiers if m.type == 'HOOK' and m.show_viewport and m.object is not None)
    cons = list(o.constraints)
    if o.type == 'ARMATURE':
        for pb in o.pose.bones:
            cons.extend(pb.constraints)
    for c in cons:
        for p in c.bl_rna.properties:
            if p.type == 'POINTER':
                v = getattr(c, p.identifier)
                if isinstance(v, bpy.types.Object):
                    refs.append(v)
            elif p.type == 'COLLECTION':
                for item in getattr(c, p.identifier):
                    for q in item.bl_rna.properties:
                        if q.type == 'POINTER':
                            v = getattr(item, q.identifier)
                            if isinstance(v, bpy.types.Object):
                                refs.append(v)
    for idb in (o, o.data):
        ad = getattr(idb, 'animation_data', None) if idb is not None else None
        if ad is None:
            continue
        for fc in ad.drivers:
            for v in fc.driver.variables:
                for t in v.targets:
                    if isinstance(t.id, bpy.types.Object):
                        refs.append(t.id)
    return refs


def select_objects(scene, armature=None):
    """Parents before children, otherwise scene order; with `armature`, that armature and the
    objects it depends on (parents, targets, driver sources, transitively) and its children."""
    all_objs = list(scene.objects)
    if armature is None:
        # Everything the scene's objects need, also objects linked to no scene (a target kept
        # only in the file): the import refuses a reference to an object it does not have.
        seen_names = {o.name for o in all_objs}
        todo = list(all_objs)
        while todo:
            for r in references(todo.pop()):
                if r.name not in seen_names:
                    seen_names.add(r.name)
                    all_objs.append(r)
                    todo.append(r)
    else:
        arm = scene.objects.get(armature)
        if arm is None or arm.type != 'ARMATURE':
            names = sorted(x.name for x in all_objs if x.type == 'ARMATURE')
            raise ExportError('there is no armature "%s" in scene "%s"; its armatures: %s' % (armature, scene.name, ', '.join(names) or 'none'))
        keep = {}
        todo = [arm] + [c for c in all_objs if c.parent == arm]
        while todo:
            o = todo.pop()
            if o.name in keep:
                continue
            keep[o.name] = o
            todo.extend(references(o))
        in_scene = [o for o in all_objs if o.name in keep]
        all_objs = in_scene + [o for name, o in keep.items() if name not in {x.name for x in in_scene}]
    done, seen = [], set()
    names = {o.name for o in all_objs}

    def visit(o):
        if o.name in seen:
            return
        seen.add(o.name)
        if o.parent is not None and o.parent.name in names:
            visit(o.parent)
        done.append(o)
    for o in all_objs:
        visit(o)
    return done


# ---------------------------------------------------------------------------
# The document
# ---------------------------------------------------------------------------

def rig_document(scene=None, armature=None):
    """The export as a dict, and the notes on what the format cannot carry exactly."""
    scene = scene or bpy.context.scene
    # Drivers write their results back into the original data on an update (README-rig-additions §6.3).
    bpy.context.view_layer.update()
    notes = []
    objects = select_objects(scene, armature)
    surfaces = mesh_targets(objects)
    objs = [dump_object(o, notes, surfaces) for o in objects]
    constraints = dump_constraints(objects, notes)
    notes += unexported_props(objects)
    notes += instanced_rigs(objects)
    notes += missing_libraries()
    drivers = dump_drivers(objects)
    nla = []
    data_actions = []
    actions = dump_actions(objects, constraints, notes, nla, data_actions)
    extensions = ["custom_props"]
    if drivers:
        extensions.append("drivers")
    if any(o.type == 'ARMATURE' for o in objects):
        extensions += ["armature_targets", "bone_flags"]
    if actions:
        extensions.append("actions")
    if nla:
        extensions.append("nla")
    if data_actions:
        extensions.append("data_actions")
    name = bpy.path.display_name_from_filepath(bpy.data.filepath) or scene.name
    kinds = {}
    for c in constraints:
        kinds[c["type"]] = kinds.get(c["type"], 0) + 1
    bones = sum(len(o.get("bones", [])) for o in objs)
    description = "exported from %s (scene %s, frame %d): %d objects, %d bones, %d constraints (%s), %d drivers, %d actions" % (
        bpy.path.basename(bpy.data.filepath) or 'an unsaved file', scene.name, scene.frame_current, len(objs), bones,
        len(constraints), ', '.join('%s %d' % kv for kv in sorted(kinds.items())) or 'none', len(drivers), len(actions))
    doc = {
        "format": FORMAT,
        "extensions": extensions,
        "blender": bpy.app.version_string,
        "name": name,
        "category": "export",
        "seed": 0,
        "description": description,
        "exporter": {"name": EXPORTER, "version": ".".join(str(x) for x in EXPORTER_VERSION),
                     "file": bpy.data.filepath, "scene": scene.name, "armature": armature,
                     "frame_current": scene.frame_current, "subframe": num(scene.frame_subframe),
                     "fps": scene.render.fps, "fps_base": num(scene.render.fps_base),
                     # Time Stretching: Blender plays animation and drivers at frame · old ÷ new.
                     "frame_map_old": scene.render.frame_map_old, "frame_map_new": scene.render.frame_map_new,
                     "frame_start": scene.frame_start, "frame_end": scene.frame_end,
                     "notes": notes},
        "objects": objs,
        "actions": actions,
        "nla": nla,
        "data_actions": data_actions,
        "constraints": constraints,
        "drivers": drivers,
    }
    if not actions:
        del doc["actions"]
    if not nla:
        del doc["nla"]
    if not drivers:
        del doc["drivers"]
    scene_props = scene_properties_read(scene, drivers)
    if scene_props is not None:
        doc["scene"] = scene_props
    broken = dependency_cycles(objects, notes)
    if broken:
        doc["dependency_cycles"] = broken
    return doc, notes


def dependency_cycles(objects, notes):
    """The relations Blender's depsgraph set aside to break dependency cycles among the exported
    objects (cycles.py), so Sinew breaks each cycle where Blender does: what a cyclic rig shows
    depends on it. Empty when there is none, or when this Blender cannot dump its relations."""
    graph = bpy.context.evaluated_depsgraph_get()
    dump_relations = getattr(graph, 'debug_relations_graphviz', None)
    if dump_relations is None:
        return []
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "relations.dot")
        try:
            dump_relations(path)
            with open(path, encoding='utf-8', errors='replace') as fh:
                text = fh.read()
        except (OSError, TypeError, RuntimeError) as e:
            notes.append("dependency cycles: Blender's relations could not be read (%s); Sinew breaks any cycle by its own rule" % e)
            return []
    by_name = {o.name: o for o in objects}
    found = [r for r in cycles.cyclic_relations(text) if r["source"]["object"] in by_name and r["reader"]["object"] in by_name]
    for r in found:
        reader = by_name[r["reader"]["object"]]
        bone = r["reader"].get("bone")
        stack = reader.pose.bones[bone].constraints if bone is not None and reader.pose and bone in reader.pose.bones else reader.constraints
        if r["reader"]["operation"] in cycles.STACK_OPERATIONS:
            r["constraints"] = cycles.constraints_of_relation(stack, r)
    return found


def scene_properties_read(scene, drivers):
    """The scene's name and the custom properties of it that the exported drivers read through a
    SCENE target (a rig's global switches), or None when no driver reads the scene."""
    names = set()
    reads_scene = False
    for d in drivers:
        for v in d["variables"]:
            for t in v["targets"]:
                if t.get("id_type") == 'SCENE' and t.get("id") == scene.name:
                    reads_scene = True
                    m = re.match(r'^\["((?:[^"\\]|\\.)*)"\]', t.get("data_path") or '')
                    if m and m.group(1) in scene.keys():
                        names.add(m.group(1))
    if not reads_scene:
        return None
    out = {"name": scene.name}
    props = {k: v for k, v in ((k, idprop_value(scene[k])) for k in sorted(names)) if v is not None}
    out["custom_props"] = props
    ui = custom_props_ui(scene, props.keys())
    if ui:
        out["custom_props_ui"] = ui
    return out


EXPORTER_VERSION = (0, 1, 0)


def compact(v):
    """One line, no spaces; floats by repr (the shortest that reads back), 0 as 0.0."""
    if v is None:
        return 'null'
    if v is True:
        return 'true'
    if v is False:
        return 'false'
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return '0.0' if v == 0.0 else repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=True)
    if isinstance(v, dict):
        return '{' + ','.join(json.dumps(k, ensure_ascii=True) + ':' + compact(x) for k, x in v.items()) + '}'
    if isinstance(v, (list, tuple)):
        return '[' + ','.join(compact(x) for x in v) + ']'
    raise TypeError("cannot write %r" % (v,))


def layout(v, indent=0, width=4000):
    """As gen_rigify.layout: containers longer than `width` open one entry per line."""
    c = compact(v)
    if len(c) <= width or not isinstance(v, (dict, list, tuple)) or not v:
        return c
    sp = '  ' * (indent + 1)
    if isinstance(v, dict):
        body = ',\n'.join(sp + json.dumps(k, ensure_ascii=True) + ': ' + layout(x, indent + 1, width) for k, x in v.items())
        return '{\n' + body + '\n' + '  ' * indent + '}'
    body = ',\n'.join(sp + layout(x, indent + 1, width) for x in v)
    return '[\n' + body + '\n' + '  ' * indent + ']'


def write_rig(path, scene=None, armature=None):
    """Writes the export to `path` (through a temporary file renamed into place); returns (doc, notes)."""
    import os
    doc, notes = rig_document(scene, armature)
    text = layout(doc, 0, 200) + '\n'
    tmp = path + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as fh:
        fh.write(text)
    os.replace(tmp, path)
    return doc, notes
