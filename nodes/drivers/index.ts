// Drivers and custom properties: Blender's way of making one setting follow others.
import type { NodeDefinition } from '../define';
import { animatedChannel } from './animated-value';
import { boneInheritance } from './bone-inheritance';
import { curveTime } from './curve-time';
import { customProperty } from './custom-property';
import { driverDifference } from './difference';
import { enumChoice } from './enum-choice';
import { driverEvaluated } from './evaluated-read';
import { nlaValue } from './nla-value';
import { driver } from './driver';
import { poseChannels } from './pose-channels';
import { driverTransform } from './transform-channel';

export const driverNodes: NodeDefinition[] = [driver, customProperty, driverDifference, driverTransform, driverEvaluated, poseChannels, curveTime, animatedChannel, enumChoice, boneInheritance, nlaValue];
