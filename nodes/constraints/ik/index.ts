import type { NodeDefinition } from '../../define';

export const ikConstraints: NodeDefinition<any>[] = [];
