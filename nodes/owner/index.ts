import { bbone } from './bbone';
import { ownerInput } from './owner-input';
import { ownerOutput } from './owner-output';
import { ownerRead } from './owner-read';

export const ownerNodes = [ownerInput, ownerOutput, ownerRead, bbone];
