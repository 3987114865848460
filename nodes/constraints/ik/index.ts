import type { NodeDefinition } from '../../define';
import { ik } from './ik';

export const ikConstraints: NodeDefinition<any>[] = [ik];
