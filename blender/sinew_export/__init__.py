# Sinew rig exporter: File › Export › Sinew rig (.json). Writes the scene's armatures, bones, helper
# objects, curves, constraints, drivers, custom properties, the current pose and the actions in the
# fixture format Sinew imports (`sinew import-blender EXPORT.json`, or the app's Open). Headless:
# `blender -b RIG.blend --python sinew_export/headless.py -- -o OUT.json [--armature NAME]`.
bl_info = {
    "name": "Sinew rig exporter",
    "author": "Sinew",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "File > Export > Sinew rig (.json)",
    "description": "Export armatures, constraints, drivers, custom properties and actions for Sinew",
    "category": "Import-Export",
}

if "bpy" in locals():
    import importlib
    importlib.reload(slots)  # noqa: F821 (reloading the add-on in a running Blender)
    importlib.reload(cycles)  # noqa: F821
    importlib.reload(dump)  # noqa: F821
else:
    from . import cycles, dump, slots  # noqa: F401 (cycles, slots: for the reload above)

import bpy
from bpy.props import EnumProperty, StringProperty
from bpy_extras.io_utils import ExportHelper


def _armature_items(self, context):
    items = [('__ALL__', "Whole scene", "Every object of the scene")]
    for o in context.scene.objects:
        if o.type == 'ARMATURE':
            items.append((o.name, o.name, "Armature %s and the objects it depends on" % o.name))
    return items


class EXPORT_OT_sinew_rig(bpy.types.Operator, ExportHelper):
    """Export the rig for Sinew (fixture JSON: objects, bones, constraints, drivers, actions)"""
    bl_idname = "export_scene.sinew_rig"
    bl_label = "Export Sinew rig"
    bl_options = {'PRESET'}

    filename_ext = ".json"
    filter_glob: StringProperty(default="*.json", options={'HIDDEN'})
    armature: EnumProperty(name="Rig", description="The armature to export with what it depends on, or the whole scene", items=_armature_items)

    def execute(self, context):
        arm = None if self.armature in ('', '__ALL__') else self.armature
        try:
            doc, notes = dump.write_rig(self.filepath, context.scene, arm)
        except dump.ExportError as e:
            self.report({'ERROR'}, str(e))
            return {'CANCELLED'}
        for n in notes:
            self.report({'WARNING'}, n)
        bones = sum(len(o.get("bones", [])) for o in doc["objects"])
        self.report({'INFO'}, "Sinew rig: %d objects, %d bones, %d constraints written to %s" % (len(doc["objects"]), bones, len(doc["constraints"]), self.filepath))
        return {'FINISHED'}


def menu_func_export(self, context):
    self.layout.operator(EXPORT_OT_sinew_rig.bl_idname, text="Sinew rig (.json)")


def register():
    bpy.utils.register_class(EXPORT_OT_sinew_rig)
    bpy.types.TOPBAR_MT_file_export.append(menu_func_export)


def unregister():
    bpy.types.TOPBAR_MT_file_export.remove(menu_func_export)
    bpy.utils.unregister_class(EXPORT_OT_sinew_rig)
