// The program's slot allocator: views from the start (`alloc`) and from the end (`allocCold`) of one
// buffer never overlap, every request within the capacity is met, and one past it is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlotAllocator } from '../../runtime/eval/slots';

describe('SlotAllocator', () => {
  it('hands out disjoint views from both ends until the capacity, then refuses', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 40 })), { maxLength: 30 }), fc.integer({ min: 0, max: 200 }), (requests, capacity) => {
      const slots = new SlotAllocator(capacity);
      const owner = new Int32Array(capacity).fill(-1);
      let total = 0;
      requests.forEach(([cold, size], k) => {
        if (total + size > capacity) {
          expect(() => (cold ? slots.allocCold(size) : slots.alloc(size))).toThrow(/slot buffer overflow/);
          return;
        }
        const view = cold ? slots.allocCold(size) : slots.alloc(size);
        total += size;
        expect(view.length).toBe(size);
        expect(view.buffer).toBe(slots.buffer.buffer);
        const start = view.byteOffset / 8;
        for (let i = start; i < start + size; i++) {
          expect(owner[i]).toBe(-1);
          owner[i] = k;
        }
      });
      expect(slots.size).toBe(total);
    }));
  });
});
