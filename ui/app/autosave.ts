// The documents being edited, kept in localStorage so a reload, a crash or a closed tab loses
// nothing. One record per document and tab (`sinew:autosave:v2:<tab>:<doc>`), so two tabs never
// overwrite each other, and a small bounded index of them (`sinew:autosave:v2:index`) that restore
// reads without parsing every record. The tab's id lives in sessionStorage: it survives a reload
// of that tab and no other tab has it. No DOM here beyond the Storage interface, so Node tests it.
import type { SceneDocument } from '../../runtime/rig/scene/types';

export interface AutosaveRecord {
  /** The document: an id given when it was opened, imported or started, kept across restores. */
  doc: string;
  /** The tab that wrote it. */
  tab: string;
  /** File name the graph was opened from or saved as. */
  name: string;
  /** The graph file's text, as Save would write it. */
  graph: string;
  /** The scene, when the graph names it by path rather than carrying it inline. */
  scene: SceneDocument | undefined;
  savedAt: number;
  /** Whether this version was also saved to a file (so it is the first to go when space runs out). */
  saved: boolean;
}

/** What the index keeps of a record. */
export interface AutosaveEntry {
  key: string;
  doc: string;
  tab: string;
  name: string;
  savedAt: number;
  saved: boolean;
}

export type WriteOutcome =
  | { ok: true; evicted: string[] }
  | { ok: false; reason: 'quota' | 'unavailable'; message: string };

/** The one record written before tabs and documents had ids; offered like another tab's. */
export const LEGACY_KEY = 'sinew:autosave:v1';
const PREFIX = 'sinew:autosave:v2';
const INDEX_KEY = `${PREFIX}:index`;
const TAB_KEY = 'sinew:tab';

export function recordKey(doc: string, tab: string): string {
  return `${PREFIX}:${tab}:${doc}`;
}

/** A fresh random id (documents and tabs). */
export function newId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** This tab's id: kept in sessionStorage, so a reload of the tab keeps it and other tabs do not see it. */
export function tabId(session: Storage | undefined = storageOf('sessionStorage')): string {
  try {
    const id = session?.getItem(TAB_KEY);
    if (id) return id;
    const fresh = newId();
    session?.setItem(TAB_KEY, fresh);
    return fresh;
  } catch {
    return newId(); // no sessionStorage: this page load is its own tab
  }
}

/** Gives this tab a new id (a duplicated tab starts with its source's sessionStorage, and so its id). */
export function renewTabId(session: Storage | undefined = storageOf('sessionStorage')): string {
  const fresh = newId();
  try {
    session?.setItem(TAB_KEY, fresh);
  } catch {
    // kept for this page load only
  }
  return fresh;
}

export function storageOf(name: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return (globalThis as unknown as Record<string, Storage | undefined>)[name];
  } catch {
    return undefined; // blocked (a sandboxed frame, some privacy settings)
  }
}

export function isQuotaError(e: unknown): boolean {
  const name = (e as { name?: unknown })?.name;
  const code = (e as { code?: unknown })?.code;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

export class Autosave {
  /**
   * `limit` bounds the index: past it the oldest records go, those already saved to a file first.
   * A record of `protect` (the document being written) is never the one evicted.
   */
  constructor(
    private readonly storage: Storage | undefined = storageOf('localStorage'),
    readonly limit = 8,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Autosave: limit must be a whole number of at least 1, got ${limit}`);
  }

  /** Stores a record and indexes it; when storage is full, drops records already saved to files and tries once more. */
  write(record: AutosaveRecord): WriteOutcome {
    const s = this.storage;
    if (!s) return { ok: false, reason: 'unavailable', message: 'this browser gives the page no storage' };
    const key = recordKey(record.doc, record.tab);
    const text = JSON.stringify(record);
    const evicted: string[] = [];
    for (let attempt = 0; ; attempt++) {
      try {
        s.setItem(key, text);
        break;
      } catch (e) {
        if (!isQuotaError(e)) return { ok: false, reason: 'unavailable', message: `storage refused the copy (${describe(e)})` };
        const spare = attempt === 0 ? this.entries().filter((x) => x.saved && x.key !== key) : [];
        if (spare.length === 0) return { ok: false, reason: 'quota', message: `the browser's storage for this page is full (${describe(e)})` };
        for (const x of spare) {
          this.removeKey(x.key);
          evicted.push(x.key);
        }
      }
    }
    const entry: AutosaveEntry = { key, doc: record.doc, tab: record.tab, name: record.name, savedAt: record.savedAt, saved: record.saved };
    let index = [entry, ...this.entries().filter((x) => x.key !== key)];
    while (index.length > this.limit) {
      const victim = pickVictim(index, key);
      this.removeKey(victim.key);
      evicted.push(victim.key);
      index = index.filter((x) => x !== victim);
    }
    this.writeIndex(index);
    return { ok: true, evicted };
  }

  read(key: string): AutosaveRecord | undefined {
    try {
      const raw = this.storage?.getItem(key);
      if (!raw) return undefined;
      const a = JSON.parse(raw) as Partial<AutosaveRecord>;
      if (typeof a.graph !== 'string' || typeof a.name !== 'string') return undefined;
      if (key === LEGACY_KEY) return { doc: 'v1', tab: '', scene: undefined, savedAt: 0, ...a, saved: false } as AutosaveRecord;
      return typeof a.doc === 'string' && typeof a.tab === 'string' && typeof a.savedAt === 'number' ? (a as AutosaveRecord) : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Every autosaved document, newest first: the index, and any record it lost (two tabs writing the
   * index at once keep only one's version; the records themselves are never lost that way).
   */
  entries(): AutosaveEntry[] {
    const s = this.storage;
    if (!s) return [];
    const index = this.readIndex();
    const known = new Set(index.map((x) => x.key));
    const out: AutosaveEntry[] = [];
    let keys: string[];
    try {
      keys = Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => k !== null);
    } catch {
      return index;
    }
    const present = new Set(keys);
    for (const x of index) if (present.has(x.key)) out.push(x);
    for (const k of keys) {
      if (known.has(k) || (!k.startsWith(`${PREFIX}:`) && k !== LEGACY_KEY) || k === INDEX_KEY) continue;
      const r = this.read(k);
      if (r) out.push({ key: k, doc: r.doc, tab: r.tab, name: r.name, savedAt: r.savedAt, saved: r.saved });
    }
    return out.sort((a, b) => b.savedAt - a.savedAt);
  }

  /** What to restore in tab `tab`: its own newest record, else the newest any other tab left. */
  choose(tab: string): { own: AutosaveRecord | undefined; other: AutosaveRecord | undefined; count: number } {
    const all = this.entries();
    const ownEntry = all.find((x) => x.tab === tab);
    const otherEntry = all.find((x) => x.tab !== tab);
    return { own: ownEntry && this.read(ownEntry.key), other: otherEntry && this.read(otherEntry.key), count: all.length };
  }

  remove(doc: string, tab: string): void {
    this.removeKey(recordKey(doc, tab));
    if (doc === 'v1' && tab === '') this.removeKey(LEGACY_KEY);
    this.writeIndex(this.readIndex().filter((x) => x.key !== recordKey(doc, tab)));
  }

  private removeKey(key: string): void {
    try {
      this.storage?.removeItem(key);
    } catch {
      // nothing stored, nothing to remove
    }
  }

  private readIndex(): AutosaveEntry[] {
    try {
      const raw = this.storage?.getItem(INDEX_KEY);
      const list = raw ? (JSON.parse(raw) as unknown) : [];
      return Array.isArray(list) ? list.filter((x: unknown): x is AutosaveEntry => typeof x === 'object' && x !== null && typeof (x as Partial<AutosaveEntry>).key === 'string' && typeof (x as Partial<AutosaveEntry>).savedAt === 'number') : [];
    } catch {
      return [];
    }
  }

  private writeIndex(index: AutosaveEntry[]): void {
    try {
      this.storage?.setItem(INDEX_KEY, JSON.stringify(index.slice(0, this.limit)));
    } catch {
      // a full storage: the records stand without it, and entries() finds them by key
    }
  }
}

/** The record to drop when the index is full: the oldest saved to a file, else the oldest; never `keep`. */
function pickVictim(index: readonly AutosaveEntry[], keep: string): AutosaveEntry {
  const candidates = index.filter((x) => x.key !== keep);
  const oldest = (list: AutosaveEntry[]) => list.reduce((a, b) => (b.savedAt < a.savedAt ? b : a));
  const saved = candidates.filter((x) => x.saved);
  return oldest(saved.length ? saved : candidates);
}

function describe(e: unknown): string {
  return e instanceof Error || (typeof e === 'object' && e !== null && 'name' in e) ? String((e).name) : String(e);
}
