import type { NodeDefinition } from '../../define';
import { copyChannels } from './copy-channels';
import { copyLocation } from './copy-location';
import { copyRotation } from './copy-rotation';
import { copyScale } from './copy-scale';
import { copyTransforms } from './copy-transforms';
import { limitDistance } from './limit-distance';
import { limitLocation } from './limit-location';
import { limitRotation } from './limit-rotation';
import { limitScale } from './limit-scale';
import { limitTransform } from './limit-transform';
import { maintainVolume } from './maintain-volume';
import { transformation } from './transformation';

export const transformConstraints: NodeDefinition[] = [
  copyLocation,
  copyRotation,
  copyScale,
  copyTransforms,
  limitDistance,
  limitLocation,
  limitRotation,
  limitScale,
  maintainVolume,
  transformation,
  copyChannels,
  limitTransform,
];
