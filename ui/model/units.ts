// How a value's unit is shown and typed. Files keep Blender's units (angles in radians); people read
// and type degrees, so a field whose definition says `rad` shows `°` and converts both ways here, in
// the one place every number field (node and inspector) goes through.

/** A unit as the editor shows it: its label and the conversion between stored and shown values. */
export interface ShownUnit {
  /** What follows the number: `°`, `m`, `frames`, or nothing. */
  label: string;
  /** The stored value (file, runtime) as shown. */
  toShown(stored: number): number;
  /** A shown (typed or dragged) value as stored. */
  toStored(shown: number): number;
}

const identity = (v: number) => v;

/** Degrees for radians: `-90` typed is −π/2 stored. */
const DEGREES: ShownUnit = {
  label: '°',
  toShown: (rad) => (rad * 180) / Math.PI,
  toStored: (deg) => (deg * Math.PI) / 180,
};

/** The shown form of a definition's unit (`rad` → degrees; any other unit is shown as it is). */
export function shownUnit(unit: string | undefined): ShownUnit {
  if (unit === 'rad') return DEGREES;
  return { label: unit ?? '', toShown: identity, toStored: identity };
}

/** True when the unit is an angle stored in radians. */
export function isAngleUnit(unit: string | undefined): boolean {
  return unit === 'rad';
}
