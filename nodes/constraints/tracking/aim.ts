// What the constraints that aim one of the owner's axes at the target (Track To, Damped Track,
// Locked Track) declare alike: the target input and the Track Axis param.
import { param, type SocketSpec } from '../../define';
import type { ChoiceParam } from '../../params';
import { TRACK_AXES, type TrackAxis } from '../../math/aim';
import { targetInput } from '../common';

/** The target, aimed at by its location (defineConstraint adds the owner, CUSTOM space and influence). */
export const aimTargetInputs = (): Record<string, SocketSpec> =>
  ({ target: targetInput('What to aim at: its location (a bone: moved towards its tail by Head/Tail).') });

/** Which of the owner's axes (±X, ±Y, ±Z) points at the target. */
export const trackAxisParam = (def: TrackAxis, doc: string): ChoiceParam<TrackAxis> & { label: string } => ({ ...param.choice(TRACK_AXES, def, doc), label: 'Track Axis' });
