// Settings that change only how a thing is drawn or rendered, never a matrix: an action or a driver
// setting them (a prop shown and hidden over a shot, a control's colour, a bone hidden by a rig's
// visibility switch) has no effect on the rig. Blender still evaluates a hidden object's matrix
// (measured in 3.4.1: a keyed `hide_viewport` prop tracked by another object, every owner within 1e-6).

/** An object's own settings of this kind (RNA names). */
const OBJECT: ReadonlySet<string> = new Set([
  'hide_viewport', 'hide_render', 'hide_select', 'color', 'empty_display_size', 'empty_display_type',
  'show_name', 'show_axis', 'show_in_front', 'show_wire', 'show_bounds', 'show_texture_space', 'display_type',
  'display_bounds_type', 'pass_index', 'active_material_index',
]);

/** A pose bone's (`pose.bones["B"].…`) and a bone's (`bones["B"].…`, the armature's data). */
const BONE: ReadonlySet<string> = new Set([
  'custom_shape_scale_xyz', 'custom_shape_translation', 'custom_shape_rotation_euler', 'use_custom_shape_bone_size', 'bone_group_index',
  'hide', 'hide_select', 'show_wire',
]);

/** Whether `path` (an object's data path, `data.` for its armature's) names a setting that changes only drawing. */
export function drawnOnly(path: string): boolean {
  if (OBJECT.has(path)) return true;
  const bone = /^(?:data\.)?(?:pose\.)?bones\["(?:[^"\\]|\\.)*"\]\.(\w+)$/.exec(path);
  return bone !== null && BONE.has(bone[1]);
}
