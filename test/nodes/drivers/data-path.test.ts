import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathTarget } from '../../../nodes/drivers/data-path';

// Custom property paths as Blender writes them (`["p"]`, `pose.bones["B"]["p"]`, `data["p"]`,
// `data.bones["B"]["p"]`), plain or with an array element, read back by meaning.
const name = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/["\\\]]/.test(s));
const quoted = (s: string) => JSON.stringify(s);

describe('pathTarget: custom properties', () => {
  it('reads the holder, the property and the element of every custom-property path', () => {
    fc.assert(
      fc.property(name, name, fc.option(fc.nat(64), { nil: undefined }), fc.option(fc.nat(8), { nil: undefined }), (bone, prop, explicit, curveIndex) => {
        const element = explicit === undefined ? '' : `[${explicit}]`;
        // An explicit element wins; without one, the F-curve's index is the element; a read has neither.
        const index = explicit ?? curveIndex;
        const expectIndex = index === undefined ? {} : { index };
        expect(pathTarget(`[${quoted(prop)}]${element}`, curveIndex)).toEqual({ kind: 'object-prop', prop, ...expectIndex });
        expect(pathTarget(`pose.bones[${quoted(bone)}][${quoted(prop)}]${element}`, curveIndex)).toEqual({ kind: 'bone-prop', bone, prop, ...expectIndex });
        expect(pathTarget(`data[${quoted(prop)}]${element}`, curveIndex)).toEqual({ kind: 'data-prop', prop, ...expectIndex });
        expect(pathTarget(`data.bones[${quoted(bone)}][${quoted(prop)}]${element}`, curveIndex)).toEqual({ kind: 'data-bone-prop', bone, prop, ...expectIndex });
      }),
    );
  });

  it('is not a property when something else follows its key', () => {
    expect(pathTarget('["p"].x')).toBeNull();
    expect(pathTarget('pose.bones["B"]["p"][1][2]')).toBeNull();
    expect(pathTarget('["p"]["q"]')).toBeNull();
  });

  it('leaves channels as they were: an index from the path, else the F-curve, else 0', () => {
    expect(pathTarget('pose.bones["B"].location[2]')).toEqual({ kind: 'bone-channel', bone: 'B', channel: 'location', index: 2 });
    expect(pathTarget('pose.bones["B"].location', 1)).toEqual({ kind: 'bone-channel', bone: 'B', channel: 'location', index: 1 });
    expect(pathTarget('scale')).toEqual({ kind: 'object-channel', channel: 'scale', index: 0 });
  });
});
