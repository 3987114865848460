import type { NodeDefinition } from '../../define';

export const trackingConstraints: NodeDefinition<any>[] = [];
