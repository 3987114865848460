import type { NodeDefinition } from '../../define';

export const transformConstraints: NodeDefinition<any>[] = [];
