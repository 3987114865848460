# The F-curves a user of an action plays, in every Blender from 3.4 on.
#
# Blender 4.4 made actions "slotted": one action can animate several data-blocks, each through a
# slot, and its F-curves and groups live in a channelbag per slot
# (action.layers[i].strips[j].channelbag(slot)). Whoever plays an action names the slot: an
# object's or a curve's animation data (`action_slot`), an Action constraint, an NLA strip. 4.4 and
# 4.5 still answer `action.fcurves`, but with the first slot's curves whatever slot is played; 5.0
# removed `action.fcurves`, `action.groups` and `action.id_root`. Before 4.4 an action's curves are
# its own and nobody names a slot.
#
# No bpy here: the functions read attributes only, so the test can hand them stand-ins for Blender's
# types (test/blender/slots_test.py).


def is_slotted(action):
    """Whether this Blender keeps the action's curves in slots (4.4 and later)."""
    return hasattr(action, 'slots') and hasattr(action, 'layers')


def slot_of(user):
    """The slot a user plays its action through (AnimData, Action constraint, NLA strip); None
    before 4.4, or when the user names none (then nothing of the action plays in Blender)."""
    return getattr(user, 'action_slot', None)


def channels(action, slot):
    """(fcurves, groups) of `action` as `slot` plays it: the action's own before 4.4; the slot's
    channelbag after (empty when the slot is None or has no curves). Lists, in Blender's order."""
    if not is_slotted(action):
        return list(action.fcurves), list(action.groups)
    if slot is None:
        return [], []
    for layer in action.layers:
        for strip in layer.strips:
            # Keyframe strips only: other strip types, should a later Blender add them, hold no channelbags.
            find = getattr(strip, 'channelbag', None)
            bag = find(slot) if find is not None else None
            if bag is not None:
                return list(bag.fcurves), list(bag.groups)
    return [], []


def id_root(action, slot):
    """The kind of data-block the curves animate ('OBJECT', 'ARMATURE', …): the slot's target type
    from 4.4 on, the action's own before."""
    if is_slotted(action):
        kind = getattr(slot, 'target_id_type', None) if slot is not None else None
        return kind if kind not in (None, 'UNSPECIFIED') else 'OBJECT'
    return getattr(action, 'id_root', 'OBJECT')
