// ui/app/autosave.ts over an in-memory Storage: one record per document and tab, a bounded index,
// restore's choice, and what happens when storage is full.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Autosave, LEGACY_KEY, recordKey, renewTabId, tabId, type AutosaveRecord } from '../../ui/app/autosave';

/** localStorage's contract, with an optional quota (characters of keys and values together). */
class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  constructor(private readonly quota = Infinity) {}
  get length() { return this.map.size; }
  key(i: number) { return [...this.map.keys()][i] ?? null; }
  getItem(k: string) { return this.map.get(k) ?? null; }
  removeItem(k: string) { this.map.delete(k); }
  clear() { this.map.clear(); }
  setItem(k: string, v: string) {
    const used = [...this.map].reduce((n, [key, value]) => n + (key === k ? 0 : key.length + value.length), 0);
    if (used + k.length + v.length > this.quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.map.set(k, v);
  }
  keys() { return [...this.map.keys()]; }
}

const record = (doc: string, tab: string, savedAt: number, extra: Partial<AutosaveRecord> = {}): AutosaveRecord => ({
  doc, tab, name: `${doc}.sinew.json`, graph: `{"doc":"${doc}","tab":"${tab}","t":${savedAt}}`, scene: undefined, savedAt, saved: false, ...extra,
});

describe('autosave', () => {
  it('two tabs autosaving different documents each get their own back, and see the other as the newest other', () => {
    const storage = new MemoryStorage();
    const a = new Autosave(storage), b = new Autosave(storage);
    expect(a.write(record('docA', 'tab1', 100)).ok).toBe(true);
    expect(b.write(record('docB', 'tab2', 200)).ok).toBe(true);
    expect(a.write(record('docA', 'tab1', 300, { graph: 'A, edited' })).ok).toBe(true);
    expect(a.choose('tab1').own?.graph).toBe('A, edited');
    expect(b.choose('tab2').own?.graph).toBe(record('docB', 'tab2', 200).graph);
    expect(a.choose('tab3')).toMatchObject({ own: undefined, other: { doc: 'docA', savedAt: 300 }, count: 2 });
    expect(recordKey('docA', 'tab1')).not.toBe(recordKey('docA', 'tab2'));
  });

  it('the same document in two tabs is two records', () => {
    const storage = new MemoryStorage();
    const s = new Autosave(storage);
    s.write(record('doc', 'tab1', 1, { graph: 'one' }));
    s.write(record('doc', 'tab2', 2, { graph: 'two' }));
    expect(s.choose('tab1').own?.graph).toBe('one');
    expect(s.choose('tab2').own?.graph).toBe('two');
  });

  it('a record the index lost (two tabs wrote it at once) is still found', () => {
    const storage = new MemoryStorage();
    const s = new Autosave(storage);
    s.write(record('docA', 'tab1', 100));
    s.write(record('docB', 'tab2', 200));
    storage.setItem('sinew:autosave:v2:index', JSON.stringify([])); // the other tab's stale index won
    expect(s.entries().map((e) => e.doc)).toEqual(['docB', 'docA']);
    expect(s.choose('tab1').own?.doc).toBe('docA');
  });

  it('the record from before tabs had ids is offered as another tab\'s, and can be removed', () => {
    const storage = new MemoryStorage();
    storage.setItem(LEGACY_KEY, JSON.stringify({ name: 'old.sinew.json', graph: '{}', scene: undefined, savedAt: 50 }));
    const s = new Autosave(storage);
    expect(s.choose('tab1')).toMatchObject({ own: undefined, other: { name: 'old.sinew.json', tab: '', savedAt: 50 } });
    s.remove('v1', '');
    expect(storage.getItem(LEGACY_KEY)).toBeNull();
  });

  it('a full storage: records already saved to files make room; else the write fails as quota, naming it', () => {
    const storage = new MemoryStorage(1200);
    const s = new Autosave(storage);
    const big = (doc: string, t: number, saved: boolean) => record(doc, 'tab1', t, { graph: doc.repeat(80), saved });
    expect(s.write(big('aaaa', 1, true)).ok).toBe(true);
    expect(s.write(big('bbbb', 2, false)).ok).toBe(true);
    const made = s.write(big('cccc', 3, false));
    expect(made).toEqual({ ok: true, evicted: [recordKey('aaaa', 'tab1')] });
    expect(storage.getItem(recordKey('bbbb', 'tab1'))).not.toBeNull(); // unsaved work is kept
    const refused = s.write(big('dddd', 4, false));
    expect(refused).toMatchObject({ ok: false, reason: 'quota' });
    expect(refused.ok || refused.message).toMatch(/full \(QuotaExceededError\)/);
    expect(storage.getItem(recordKey('bbbb', 'tab1'))).not.toBeNull();
    expect(storage.getItem(recordKey('cccc', 'tab1'))).not.toBeNull();
  });

  it('no storage at all is reported, not thrown', () => {
    expect(new Autosave(undefined).write(record('d', 't', 1))).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('random writes from tabs and documents: the index stays bounded and true, the newest write of each survives, saved copies go first', () => {
    const write = fc.record({ doc: fc.constantFrom('d1', 'd2', 'd3', 'd4', 'd5'), tab: fc.constantFrom('t1', 't2', 't3'), saved: fc.boolean() });
    fc.assert(
      fc.property(fc.array(write, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 6 }), (writes, limit) => {
        const storage = new MemoryStorage();
        const s = new Autosave(storage, limit);
        const latest = new Map<string, AutosaveRecord>();
        writes.forEach((w, i) => {
          const r = record(w.doc, w.tab, i + 1, { saved: w.saved, graph: `${w.doc}/${w.tab}@${i}` });
          const before = new Set(storage.keys());
          const out = s.write(r);
          expect(out.ok).toBe(true);
          latest.set(recordKey(w.doc, w.tab), r);
          if (out.ok) {
            for (const k of out.evicted) {
              expect(before.has(k)).toBe(true);
              // An unsaved copy went only when every other was unsaved too.
              if (!latest.get(k)!.saved) expect([...latest.entries()].some(([key, x]) => key !== k && key !== recordKey(w.doc, w.tab) && storage.getItem(key) && x.saved)).toBe(false);
              latest.delete(k);
            }
          }
          const records = storage.keys().filter((k) => k.startsWith('sinew:autosave:v2:') && !k.endsWith(':index'));
          expect(records.length).toBeLessThanOrEqual(limit);
          expect(new Set(s.entries().map((e) => e.key))).toEqual(new Set(records));
          expect(JSON.parse(storage.getItem('sinew:autosave:v2:index')!).length).toBeLessThanOrEqual(limit);
          // The copy just written is there, and each kept copy is the newest of its document and tab.
          expect(s.choose(w.tab).own).toEqual(r);
          for (const k of records) expect(s.read(k)).toEqual(latest.get(k));
        });
      }),
      { numRuns: 150 },
    );
  });

  it('the tab id survives a reload (sessionStorage) and a renewed one differs', () => {
    const session = new MemoryStorage();
    const id = tabId(session);
    expect(tabId(session)).toBe(id);
    expect(tabId(new MemoryStorage())).not.toBe(id);
    const renewed = renewTabId(session);
    expect(renewed).not.toBe(id);
    expect(tabId(session)).toBe(renewed);
  });
});
