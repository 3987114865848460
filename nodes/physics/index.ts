import type { NodeDefinition } from '../define';
import { springBone } from './spring-bone';

export const physicsNodes: NodeDefinition[] = [springBone];
