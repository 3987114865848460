// Where tests find the project and the shared folder (DESIGN.md, Blender fixtures, assets): the
// shared folder sits beside the project as `../shared`, wherever the project is checked out. One
// place derives it from this file's own location, so no test names a path on one machine.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder holding package.json). */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The shared folder beside the project. */
export const SHARED_DIR = join(PROJECT_ROOT, '../shared');
/** The Blender conformance fixtures. */
export const FIXTURES_DIR = join(SHARED_DIR, 'conformance/fixtures');
