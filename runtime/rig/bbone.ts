// A scene bone's B-Bone: its settings as numbers, the handle bones Blender picks for it
// (BKE_pchan_bbone_handles_get) and the views its shape is written to. Built with the rig; the
// importer uses the same handle rule to wire a B-Bone node's handles.
import { BBONE_MAX_SEGMENTS, BBONE_POSE_VALUES, BBONE_REST_VALUES, BBONE_SETTINGS, BBONE_START_ROLL_OUT, BBONE_VALUES_SIZE, bboneSettingDefault, type BBoneSetting } from '../../nodes/math/bbone';
import type { BBoneHandleInfo, BBoneInfo, OwnerHandle } from '../../nodes/define';
import type { BBoneProps, SceneBone } from './scene/types';

/** Blender's property of each setting, in BBONE_SETTINGS order ([name, index] for vectors). */
const PROPS: Record<BBoneSetting, readonly [keyof BBoneProps, number]> = {
  curveInX: ['bbone_curveinx', 0], curveInZ: ['bbone_curveinz', 0], curveOutX: ['bbone_curveoutx', 0], curveOutZ: ['bbone_curveoutz', 0],
  rollIn: ['bbone_rollin', 0], rollOut: ['bbone_rollout', 0], easeIn: ['bbone_easein', 0], easeOut: ['bbone_easeout', 0],
  scaleInX: ['bbone_scalein', 0], scaleInY: ['bbone_scalein', 1], scaleInZ: ['bbone_scalein', 2],
  scaleOutX: ['bbone_scaleout', 0], scaleOutY: ['bbone_scaleout', 1], scaleOutZ: ['bbone_scaleout', 2],
};

/** Blender's RNA path of a setting on a bone or pose bone (`bbone_scalein`) and its array index. */
export function bboneSettingProp(s: BBoneSetting): readonly [keyof BBoneProps, number] {
  return PROPS[s];
}

/** The setting a Blender property and index name (`bbone_scalein`, 1 → scaleInY), if it is one. */
export function bboneSettingOf(prop: string, index: number): BBoneSetting | undefined {
  return BBONE_SETTINGS.find((s) => PROPS[s][0] === prop && (PROPS[s][0] === 'bbone_scalein' || PROPS[s][0] === 'bbone_scaleout' ? PROPS[s][1] === index : true));
}

/** A setting's value in props, Blender's default when absent or not a finite number. */
function settingValue(props: BBoneProps | undefined, s: BBoneSetting, pose: boolean): number {
  const [name, i] = PROPS[s];
  const v = props?.[name];
  const x = Array.isArray(v) ? v[i] : v;
  return typeof x === 'number' && Number.isFinite(x) ? x : bboneSettingDefault(s, pose);
}

/** Segments as Blender uses them: at most 32; 1 (a plain bone) for anything not above 1. */
export function bboneSegments(sb: SceneBone): number {
  const n = sb.bbone_segments;
  return typeof n === 'number' && Number.isFinite(n) && n > 1 ? Math.min(Math.floor(n), BBONE_MAX_SEGMENTS) : 1;
}

/** Doubles of the program's buffer a bone's B-Bone takes (0 for a plain bone). */
export function bboneSlots(sb: SceneBone): number {
  const n = bboneSegments(sb);
  return n > 1 ? 3 * 16 * (n + 1) + BBONE_VALUES_SIZE : 0;
}

/**
 * The names of a bone's handle bones as Blender picks them (BKE_pchan_bbone_handles_get): AUTO takes
 * the parent when the bone is connected to it, and the last connected child (in the armature's
 * order, which is Blender's child order); the other types take the custom handle bone, or none.
 */
export function bboneHandleNames(bones: readonly SceneBone[], index: number): { start: string | undefined; end: string | undefined } {
  const b = bones[index];
  const start = (b.bbone_handle_type_start ?? 'AUTO') === 'AUTO'
    ? (b.use_connect === true && b.parent ? b.parent : undefined)
    : (b.bbone_custom_handle_start ?? undefined);
  let end: string | undefined;
  if ((b.bbone_handle_type_end ?? 'AUTO') === 'AUTO') {
    for (const c of bones) if (c.parent === b.name && c.use_connect === true) end = c.name;
  } else end = b.bbone_custom_handle_end ?? undefined;
  return { start: start ?? undefined, end };
}

/**
 * The B-Bone info of scene bone `index` (more than one segment), with views from `alloc` and handles
 * found by name through `bone` (`bone(name)` undefined: the name is not a bone of the armature).
 */
export function buildBBone(bones: readonly SceneBone[], index: number, alloc: (size: number) => Float64Array, bone: (name: string) => OwnerHandle | undefined): BBoneInfo {
  const sb = bones[index];
  const segments = bboneSegments(sb);
  const names = bboneHandleNames(bones, index);
  const handle = (name: string | undefined, end: boolean): BBoneHandleInfo | undefined => {
    const owner = name === undefined ? undefined : bone(name);
    if (!owner) return undefined;
    const scale = (end ? sb.bbone_handle_use_scale_end : sb.bbone_handle_use_scale_start) ?? [];
    return {
      owner,
      type: (end ? sb.bbone_handle_type_end : sb.bbone_handle_type_start) ?? 'AUTO',
      useScale: [scale.length > 0 && scale[0], scale.length > 1 && scale[1], scale.length > 2 && scale[2]],
      useEase: (end ? sb.bbone_handle_use_ease_end : sb.bbone_handle_use_ease_start) === true,
    };
  };
  const values = alloc(BBONE_VALUES_SIZE);
  BBONE_SETTINGS.forEach((s, i) => {
    values[BBONE_REST_VALUES + i] = settingValue(sb, s, false);
    values[BBONE_POSE_VALUES + i] = settingValue(sb.pose, s, true);
  });
  const startBone = names.start === undefined ? undefined : bones.find((x) => x.name === names.start);
  values[BBONE_START_ROLL_OUT] = settingValue(startBone, 'rollOut', false);
  values[BBONE_START_ROLL_OUT + 1] = settingValue(startBone?.pose, 'rollOut', true);
  const joints = 16 * (segments + 1);
  return {
    segments,
    start: handle(names.start, false),
    end: handle(names.end, true),
    addStartRollOut: sb.use_endroll_as_inroll === true,
    scaleEasing: sb.use_scale_easing === true,
    values,
    shape: { pose: alloc(joints), rest: alloc(joints), deform: alloc(joints), writer: undefined },
  };
}
