import type { NodeDefinition } from '../define';

export const valueNodes: NodeDefinition<any>[] = [];
