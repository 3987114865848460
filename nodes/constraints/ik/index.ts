import type { NodeDefinition } from '../../define';
import { ik } from './ik';
import { splineIk } from './spline-ik';

export const ikConstraints: NodeDefinition[] = [ik, splineIk];
