// The graph layer's public face: the document types, loading, saving, edits, undo and scheduling.
export * from './types';
export { loadGraph, type LoadOptions, type LoadResult } from './load';
export { saveGraph } from './save';
export { canonicalNumber, formatNumber } from './canonical-number';
export { migrate, MIGRATIONS, type Migration, type MigrationResult, type MigrationTable, type RawGraph } from './migrate';
export { checkParam } from './param-check';
export { formatGraphError } from './messages';
export { pointerOf } from './pointer';
export {
  addNode,
  applyEdit,
  addFrame,
  batch,
  connect,
  editGroup,
  removeFrame,
  setCollapsed,
  setFrame,
  disconnect,
  GraphEditError,
  labelOf,
  moveNode,
  removeNode,
  setParam,
  type Applied,
  type Edit,
  type FrameSlot,
  type IndexedLink,
} from './edits';
export { History, type HistoryStep } from './history';
export { expandNode, flattenGroups, FlattenError, innerId, isGroupNode } from './flatten';
export { groupSelection, ungroup, type Grouping } from './grouping';
export { schedule, type Schedule, type ScheduleCycle } from './schedule';
