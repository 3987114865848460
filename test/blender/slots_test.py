# Run by test/blender/slots.test.ts inside Blender 3.4 (blender -b --factory-startup --python THIS).
# Blender 4.4 keeps an action's F-curves per slot, and 5.0 removed action.fcurves / .groups /
# .id_root; this Blender has neither, so the exporter's reading of actions is checked on stand-ins
# shaped like 5.0's types (slots, layers, strips, channelbag(slot); no fcurves attribute), whose
# channelbags hold real F-curves of real actions built here. Prints RESULT and a JSON document
# for the test to check; any failure exits non-zero with the reason.
import json
import os
import sys
from types import SimpleNamespace as NS

import bpy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'blender'))
from sinew_export import dump, slots  # noqa: E402


def real_action(name, path, values, group):
    """A real action keyed on one channel (so its F-curves are Blender's own), and that curve's group."""
    a = bpy.data.actions.new(name)
    fc = a.fcurves.new(path, index=0, action_group=group)
    for frame, v in values:
        fc.keyframe_points.insert(frame, v)
    return a


class Slot:
    def __init__(self, identifier, kind):
        self.identifier, self.target_id_type = identifier, kind


class Slotted:
    """An action as Blender 5.0 shows it: no fcurves, groups or id_root; curves in channelbags."""
    def __init__(self, name, bags):
        self.name = name
        self.slots = [slot for slot, _ in bags]
        self.frame_range = (1.0, 10.0)
        strip = NS(channelbag=lambda slot: next((NS(fcurves=a.fcurves, groups=a.groups) for s, a in bags if s is slot), None))
        self.layers = [NS(strips=[strip])]


def player(name, action, slot):
    """An object playing `action` through `slot`, as much of one as dump_actions reads."""
    ad = NS(action=action, action_slot=slot, nla_tracks=[], use_nla=True, action_extrapolation='HOLD_FORWARD',
            action_blend_type='REPLACE', action_influence=1.0, drivers=[])
    return NS(name=name, type='EMPTY', data=None, animation_data=ad, constraints=[])


legacy = real_action('Legacy', 'location', [(1, 0.0), (5, 2.0)], 'Object Transforms')
legacy.id_root = 'OBJECT'  # as assigning it to an object does
walk_a = real_action('A-curves', 'location', [(1, 0.0), (10, 1.0)], 'A group')
walk_b = real_action('B-curves', 'rotation_euler', [(1, 0.0), (10, 3.0)], 'B group')
slot_a, slot_b, slot_c = Slot('OBA', 'OBJECT'), Slot('OBB', 'UNSPECIFIED'), Slot('OBC', 'OBJECT')
shared = Slotted('Shared', [(slot_a, walk_a), (slot_b, walk_b)])
cons_only = Slotted('ConstraintOnly', [(slot_c, walk_b), (slot_a, walk_a)])

# slots.py on its own.
assert not slots.is_slotted(legacy) and slots.is_slotted(shared)
assert [f.data_path for f in slots.channels(legacy, None)[0]] == ['location']
assert [f.data_path for f in slots.channels(shared, slot_b)[0]] == ['rotation_euler']
assert [g.name for g in slots.channels(shared, slot_a)[1]] == ['A group']
assert slots.channels(shared, None) == ([], [])
assert slots.channels(shared, Slot('nobody', 'OBJECT')) == ([], [])
assert slots.id_root(shared, slot_a) == 'OBJECT' and slots.id_root(shared, slot_b) == 'OBJECT'
assert slots.id_root(shared, Slot('ARM', 'ARMATURE')) == 'ARMATURE'
assert slots.id_root(legacy, None) == 'OBJECT'
assert not hasattr(shared, 'fcurves')

# dump_actions: each object gets the curves of the slot it plays; an Action constraint's action is
# written with the curves of the slot the first constraint met plays (a note says a second one
# plays another slot); the legacy action as before.
objects = [player('First', shared, slot_a), player('Second', shared, slot_b), player('Old', legacy, None)]
objects[0].constraints = [NS(type='ACTION', action=cons_only, action_slot=slot_c)]
objects[2].constraints = [NS(type='ACTION', action=cons_only, action_slot=slot_a), NS(type='COPY_LOCATION')]
dumped_constraints = [{"type": 'ACTION', "props": {"action": 'ConstraintOnly'}}]
notes = []
real_bpy = dump.bpy
dump.bpy = NS(data=NS(actions={'ConstraintOnly': cons_only}), context=bpy.context, types=bpy.types, app=bpy.app)
try:
    out = dump.dump_actions(objects, dumped_constraints, notes)
finally:
    dump.bpy = real_bpy
print('RESULT ' + json.dumps({"actions": out, "notes": notes}))
