// The parts of glTF 2.0's JSON that Sinew reads or writes. Everything else in a file is kept as it
// is (`[key: string]: unknown`), so a baked file loses nothing of the original.

export interface GltfNode {
  name?: string;
  children?: number[];
  translation?: number[];
  rotation?: number[];
  scale?: number[];
  matrix?: number[];
  mesh?: number;
  skin?: number;
  extensions?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface GltfSkin {
  name?: string;
  joints: number[];
  inverseBindMatrices?: number;
  skeleton?: number;
  [key: string]: unknown;
}

export interface GltfAccessor {
  bufferView?: number;
  byteOffset?: number;
  componentType: number;
  normalized?: boolean;
  count: number;
  type: 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4' | 'MAT2' | 'MAT3' | 'MAT4';
  min?: number[];
  max?: number[];
  sparse?: {
    count: number;
    indices: { bufferView: number; byteOffset?: number; componentType: number };
    values: { bufferView: number; byteOffset?: number };
  };
  [key: string]: unknown;
}

export interface GltfBufferView {
  buffer: number;
  byteOffset?: number;
  byteLength: number;
  byteStride?: number;
  target?: number;
  [key: string]: unknown;
}

export interface GltfBuffer {
  byteLength: number;
  uri?: string;
  [key: string]: unknown;
}

export interface GltfAnimation {
  name?: string;
  channels: { sampler: number; target: { node?: number; path: 'translation' | 'rotation' | 'scale' | 'weights' } }[];
  samplers: { input: number; output: number; interpolation?: 'LINEAR' | 'STEP' | 'CUBICSPLINE' }[];
  [key: string]: unknown;
}

export interface GltfJson {
  asset: { version: string; generator?: string; [key: string]: unknown };
  scene?: number;
  scenes?: { name?: string; nodes?: number[]; [key: string]: unknown }[];
  nodes?: GltfNode[];
  skins?: GltfSkin[];
  accessors?: GltfAccessor[];
  bufferViews?: GltfBufferView[];
  buffers?: GltfBuffer[];
  animations?: GltfAnimation[];
  images?: { uri?: string; bufferView?: number; mimeType?: string; [key: string]: unknown }[];
  extensionsUsed?: string[];
  extensionsRequired?: string[];
  [key: string]: unknown;
}

/** A glTF asset in memory: its JSON and the bytes of each of its buffers (index for index). */
export interface GltfAsset {
  json: GltfJson;
  buffers: Uint8Array[];
}
