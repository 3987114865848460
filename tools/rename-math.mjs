#!/usr/bin/env node
// One naming scheme across nodes/math/: verb first, the type it works on after it (multiplyMat4,
// invertQuat, normalize3), as most of the kernel already read (and as Blender's mul_m4_m4m4,
// normalize_v3); conversions read source to target (mat3ToQuat, eulerToMat3). This renames the
// functions that were named type first, everywhere they are used.
//
// Re-runnable and idempotent: run it again after merging a branch that still uses an old name
//   node tools/rename-math.mjs          (prints what it changed; `--check` changes nothing, exits 1 if
//                                        anything would change)
// A name is renamed, as a whole word, in a file that imports it from a nodes/math module, in the
// file that declares it, and in Markdown. A file that mentions an old name without importing it (a
// local variable of the same name, or a comment) is left alone and listed, to check by eye.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const RENAMES = {
  mat4Identity: 'identityMat4',
  mat3Identity: 'identityMat3',
  mat4Multiply: 'multiplyMat4',
  mat3Multiply: 'multiplyMat3',
  mat3MultiplyVec3: 'multiplyMat3Vec3',
  mat4MultiplyAlignedScale: 'multiplyMat4AlignedScale',
  mat4MultiplySplitChannels: 'multiplyMat4SplitChannels',
  mat4RotateBasis: 'rotateMat4Basis',
  mat4TransformPoint: 'transformPointByMat4',
  mat4TransformPointOf: 'transformPointByMat4Of',
  mat3Transpose: 'transposeMat3',
  quatIdentity: 'identityQuat',
  quatCopy: 'copyQuat',
  quatMultiply: 'multiplyQuat',
  quatInvert: 'invertQuat',
  quatConjugate: 'conjugateQuat',
  quatNormalize: 'normalizeQuat',
  quatNormalizeTo: 'normalizeQuatTo',
  quatDot: 'dotQuat',
  quatSetAxisAngle: 'setQuatAxisAngle',
  quatFromAxisAngle: 'axisAngleToQuat',
  quatFromEuler: 'eulerToQuat',
  quatRotateVec3: 'rotateVec3ByQuat',
  quatSlerp: 'slerpQuat',
  quatSlerpBy: 'slerpQuatBy',
  quatRotationBetweenQuats: 'rotationBetweenQuats',
  quatAngle: 'angleOfQuat',
  quatSplitSwingAndTwist: 'splitQuatSwingAndTwist',
  quatApplyTrack: 'applyTrackToQuat',
  // One word for a vector's length: length3(a) of an array, lengthXyz(x, y, z) of three numbers;
  // hypot3 stays, a different algorithm (Math.hypot's, bit for bit).
  len3: 'lengthXyz',
};

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['graph', 'nodes', 'runtime', 'ui', 'test', 'examples', 'bin', 'docs', 'blender'];
const ROOT_FILES = ['README.md'];
const SELF = 'tools/rename-math.mjs';

function files(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(path));
    else if (/\.(ts|mjs|js|md)$/.test(entry.name)) out.push(path);
  }
  return out;
}

const word = (name) => new RegExp(`\\b${name}\\b`, 'g');
/**
 * Import (or re-export) clauses naming `name` from a nodes/math module: a path through a math/
 * folder, or for a file inside nodes/math/ any relative path (its neighbours, './vector').
 */
const importsFromMath = (source, name, insideMath) =>
  [...source.matchAll(/^[ \t]*(?:import|export)\b([^;'"`]*?)\bfrom\s*['"]([^'"\n]+)['"]/gm)].some(
    (m) => word(name).test(m[1]) && (/(^|\/)math\//.test(m[2]) || (insideMath && m[2].startsWith('.'))),
  );
const declares = (source, name) => new RegExp(`export\\s+(function|const)\\s+${name}\\b`).test(source);

const check = process.argv.includes('--check');
const paths = [...FOLDERS.flatMap((f) => files(join(ROOT, f))), ...ROOT_FILES.map((f) => join(ROOT, f))];
let changed = 0;
const leftAlone = [];
for (const path of paths) {
  const rel = relative(ROOT, path).split('\\').join('/');
  if (rel === SELF) continue;
  const before = readFileSync(path, 'utf8');
  let text = before;
  for (const [from, to] of Object.entries(RENAMES)) {
    if (!word(from).test(text)) continue;
    if (rel.endsWith('.md') || declares(text, from) || importsFromMath(text, from, rel.startsWith('nodes/math/'))) text = text.replace(word(from), to);
    else leftAlone.push(`${rel}: ${from}`);
  }
  if (text === before) continue;
  changed++;
  console.log(`${check ? 'would rename in' : 'renamed in'} ${rel}`);
  if (!check) writeFileSync(path, text);
}

const declared = [];
for (const path of paths) {
  const text = readFileSync(path, 'utf8');
  for (const from of Object.keys(RENAMES)) if (declares(text, from)) declared.push(`${relative(ROOT, path)}: ${from}`);
}
if (leftAlone.length > 0) console.log(`old names left alone (not imported from nodes/math; check by eye):\n  ${leftAlone.join('\n  ')}`);
if (!check && declared.length > 0) {
  console.error(`an old name is still exported:\n  ${declared.join('\n  ')}`);
  process.exit(1);
}
console.log(`${changed} file(s) ${check ? 'would change' : 'changed'}`);
if (check && changed > 0) process.exit(1);
