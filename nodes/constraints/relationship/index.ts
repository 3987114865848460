// The Relationship constraints: Child Of, Floor, Follow Path, Pivot, Shrinkwrap, Armature, Action.
import type { NodeDefinition } from '../../define';
import { action } from './action';
import { armature } from './armature';
import { childOf } from './child-of';
import { floor } from './floor';
import { followPath } from './follow-path';
import { pivot } from './pivot';
import { shrinkwrap } from './shrinkwrap';

export const relationshipConstraints: NodeDefinition[] = [childOf, floor, followPath, pivot, shrinkwrap, armature, action];
