// A tiny catalog standing in for nodes/: enough kinds to exercise every socket and param check.
import type { Catalog, CatalogEntry } from '../../graph/types';

const entries: Record<string, CatalogEntry> = {
  'object/owner': {
    inputs: {},
    outputs: { pre: { type: 'transform' }, final: { type: 'transform' } },
    params: { owner: { kind: 'owner' } },
  },
  'constraint/damped-track': {
    inputs: { owner: { type: 'transform' }, target: { type: 'transform' }, influence: { type: 'float' } },
    outputs: { owner: { type: 'transform' } },
    params: {
      influence: { kind: 'float', min: 0, max: 1 },
      trackAxis: { kind: 'choice', options: ['+X', '+Y', '+Z', '-X', '-Y', '-Z'] },
      headTail: { kind: 'float', min: 0, max: 1 },
    },
  },
  'test/everything': {
    inputs: { value: { type: 'float' } },
    outputs: {},
    params: {
      any: { kind: 'float' },
      atLeast: { kind: 'float', min: 0, max: undefined },
      count: { kind: 'int', min: 0, max: 10 },
      enabled: { kind: 'bool' },
      label: { kind: 'string' },
      clip: { kind: 'action' },
      offset: { kind: 'vector', size: 3 },
      rest: { kind: 'matrix' },
    },
  },
};

export const fakeCatalog: Catalog = {
  get: (type) => (Object.hasOwn(entries, type) ? entries[type] : undefined),
};
