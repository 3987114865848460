// Parsed JSON as tests read it: a Blender fixture, a manifest, a file written by the CLI. Tests
// check it field by field as its format says (runtime/io/blender/fixture.ts, graph/types.ts);
// declaring each read's type would restate the format in every test. The one `any` of the tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ParsedJson = any;
