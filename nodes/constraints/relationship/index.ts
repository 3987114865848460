import type { NodeDefinition } from '../../define';

export const relationshipConstraints: NodeDefinition<any>[] = [];
