# NLA tweak mode: a file saved while a strip's action is being edited (Tab on a strip in the NLA
# editor). Blender then plays the NLA differently (anim_sys animsys_evaluate_nla_for_flush): the
# tweaked strip alone in its track, in its own time (and, with Sync Length, over its action's
# current frame range), the tracks above it only when tweaking with the full stack, and not the
# object's own active action. A strip tweaked not in place — its time animated, or tweaked without
# its time mapping (ADT_NLA_EDIT_NOMAP) — plays at every frame at the scene's frame
# (animsys_create_tweak_strip: NLASTRIP_FLAG_NO_TIME_MAP), which the export writes as `global_time`. The export writes the NLA Blender plays, so nothing downstream needs
# to know about tweak mode.
#
# Which strip is tweaked, and whether the tracks above it play, Blender 3.4 keeps in the AnimData
# struct (act_track, actstrip, flag ADT_NLA_EVAL_UPPER_TRACKS) and not in its Python API. They are
# read from the struct with ctypes, once the fields around them have been checked against what the
# Python API says (the action, the first and last track, the active action's influence): a Blender
# whose struct differs gets a best guess from the API (the active track's active or selected strip,
# the tracks above it not playing) and a note saying so.
import ctypes
import struct

# Blender 3.4's AnimData (DNA_anim_types.h): byte offsets of the fields read here.
ACTION, NLA_FIRST, NLA_LAST, ACT_TRACK, ACTSTRIP, FLAG, ACT_INFLUENCE = 0, 16, 24, 32, 40, 88, 100
ADT_NLA_EDIT_NOMAP = 1 << 3
ADT_NLA_EVAL_UPPER_TRACKS = 1 << 5


def _pointer(address):
    return ctypes.c_void_p.from_address(address).value or 0


def _struct_fields(ad):
    """(act_track, actstrip, flag) read from the AnimData struct, or None when its layout is not 3.4's."""
    base = ad.as_pointer()
    tracks = list(ad.nla_tracks)
    if not base or not tracks or ad.action is None:
        return None
    influence = ctypes.c_float.from_address(base + ACT_INFLUENCE).value
    if (_pointer(base + ACTION) != ad.action.as_pointer() or _pointer(base + NLA_FIRST) != tracks[0].as_pointer()
            or _pointer(base + NLA_LAST) != tracks[-1].as_pointer()
            or struct.pack('<f', influence) != struct.pack('<f', ad.action_influence)):
        return None
    return _pointer(base + ACT_TRACK), _pointer(base + ACTSTRIP), ctypes.c_int.from_address(base + FLAG).value


def tweaked(ad, notes, owner):
    """For AnimData in tweak mode: (track index, strip, whether the tracks above play, whether it is
    tweaked in place); None otherwise."""
    if not ad.use_tweak_mode:
        return None
    tracks = list(ad.nla_tracks)
    fields = _struct_fields(ad)
    if fields is not None:
        track_ptr, strip_ptr, flag = fields
        for ti, t in enumerate(tracks):
            if t.as_pointer() != track_ptr:
                continue
            strip = next((s for s in t.strips if s.as_pointer() == strip_ptr), None)
            if strip is not None:
                # Not in place: Blender plays its action at the scene's frame, at every frame.
                in_place = not (flag & ADT_NLA_EDIT_NOMAP or strip.use_animated_time)
                return ti, strip, bool(flag & ADT_NLA_EVAL_UPPER_TRACKS), in_place
    # Not Blender 3.4's struct: the strip Blender would tweak on entering tweak mode now.
    for ti, t in enumerate(tracks):
        if t.active:
            strip = next((s for s in t.strips if s.active), None) or next((s for s in t.strips if s.select), None)
            if strip is not None and strip.action == ad.action:
                notes.append("object %s: saved in NLA tweak mode; the tweaked strip (%s), whether the tracks above it "
                             "play and whether it is tweaked in place are not in this Blender's Python API: taken as the "
                             "active track's strip, tracks above not playing, in place unless its time is animated "
                             "(approximate)" % (owner, strip.name))
                return ti, strip, False, not strip.use_animated_time
    notes.append("object %s: saved in NLA tweak mode, and the tweaked strip could not be found; its NLA is exported "
                 "as if tweak mode were off (approximate)" % owner)
    return None


def synced_bounds(strip):
    """The tweaked strip's (frame_start, frame_end, action_frame_start, action_frame_end) as Blender plays it:
    with Sync Length, over its action's frame range now (BKE_nlastrip_recalculate_bounds_sync_action),
    its keys kept where they are; otherwise as saved. In float32, as Blender computes them."""
    f32 = lambda x: struct.unpack('<f', struct.pack('<f', x))[0]
    start, end = f32(strip.frame_start), f32(strip.frame_end)
    act_start, act_end = f32(strip.action_frame_start), f32(strip.action_frame_end)
    if not strip.use_sync_length or strip.action is None or strip.type != 'CLIP':
        return start, end, act_start, act_end
    new_start, new_end = (f32(x) for x in strip.action.frame_range)
    if new_end <= new_start:
        new_end = f32(new_start + 1)
    start = f32(start + f32(f32(new_start - act_start) * f32(strip.scale)))
    mapping = f32(f32(strip.scale) * f32(strip.repeat))
    if mapping != 0:
        end = f32(f32(f32(new_end - new_start) * mapping) + start)
    return start, end, new_start, new_end
