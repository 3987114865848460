import type { NodeDefinition } from '../../define';
import { clampTo } from './clamp-to';
import { dampedTrack } from './damped-track';
import { lockedTrack } from './locked-track';
import { lookAt } from './look-at';
import { stretchTo } from './stretch-to';
import { trackTo } from './track-to';

export const trackingConstraints: NodeDefinition[] = [trackTo, dampedTrack, lockedTrack, stretchTo, clampTo, lookAt];
