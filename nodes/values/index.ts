// The math and value nodes: drivers without scripts (floats, vectors, rotations, matrices, time).
import type { NodeDefinition } from '../define';
import { compare } from './compare';
import { floatMath } from './float-math';
import { matrixMath } from './matrix-math';
import { quaternionMath } from './quaternion-math';
import { switchFloat } from './switch-float';
import { switchTransform } from './switch-transform';
import { switchVector } from './switch-vector';
import { time } from './time';
import { valueBool } from './value-bool';
import { valueFloat } from './value-float';
import { valueTransform } from './value-transform';
import { valueVector } from './value-vector';
import { vectorMath } from './vector-math';

export const valueNodes: NodeDefinition[] = [
  floatMath,
  vectorMath,
  quaternionMath,
  matrixMath,
  compare,
  switchFloat,
  switchVector,
  switchTransform,
  valueFloat,
  valueVector,
  valueBool,
  valueTransform,
  time,
];
