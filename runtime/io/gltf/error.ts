// What is wrong with a glTF file, and where: the JSON pointer of the value at fault ('' for the
// file as a whole) and a code, so the CLI and the app name the place as the graph loader does.

/** A file that is not a glTF Sinew can read, with what is wrong. */
export class GltfError extends Error {
  constructor(
    message: string,
    /** JSON pointer of the value at fault, e.g. `/buffers/0/uri`; '' for the whole file. */
    readonly pointer = '',
    /**
     * `bad-gltf`; `uri-refused` (the URI policy, a link out of the folder, a device); `limit-exceeded`;
     * `unreadable` (a file that cannot be read); the JSON reader's `json-syntax`, `number-out-of-range`.
     */
    readonly code = 'bad-gltf',
  ) {
    super(message);
    this.name = 'GltfError';
  }
}
