import { bbone } from './bbone';
import { ownerInput } from './owner-input';
import { ownerOutput } from './owner-output';
import { ownerRead } from './owner-read';
import { vertexGroup } from './vertex-group';

export const ownerNodes = [ownerInput, ownerOutput, ownerRead, vertexGroup, bbone];
