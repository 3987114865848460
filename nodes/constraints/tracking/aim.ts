// What the constraints that aim one of the owner's axes at the target (Track To, Damped Track,
// Locked Track) declare alike: the target input and the Track Axis param.
import { param, type ParamSpec, type SocketSpec } from '../../define';
import { TRACK_AXES, type TrackAxis } from '../../math/aim';
import { targetConstraintInputs } from '../common';

/** Owner, target (aimed at by location), CUSTOM space and influence. */
export const aimTargetInputs = (): Record<string, SocketSpec> =>
  targetConstraintInputs('What to aim at: its location (a bone: moved towards its tail by Head/Tail).');

/** Which of the owner's axes (±X, ±Y, ±Z) points at the target. */
export const trackAxisParam = (def: TrackAxis, doc: string): ParamSpec => ({ ...param.choice(TRACK_AXES, def, doc), label: 'Track Axis' });
