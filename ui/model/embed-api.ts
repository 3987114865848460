// The API a page uses to embed Sinew, shared by <sinew-editor> and <sinew-app>: properties `graph`
// and `scene`, methods `load`, `save`, `evaluate`, the `src` attribute, and the events
// `graph-change`, `pose-change` and `error` (bubbling and composed, so they cross shadow roots).
// An element that was handed another element's session stays quiet: the owner speaks for both.
import type { GraphDocument, GraphError } from '../../graph/types';
import { loadScene } from '../../runtime/io/scene/load';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { describeErrors, fetchScene, openDocument } from './document-io';
import { Session } from './session';

export interface GraphChangeDetail {
  graph: GraphDocument;
  reason: string;
}

export interface PoseChangeDetail {
  frame: number;
  /** Each owner's evaluated world matrix (column-major, 16 numbers): live views, read them now. */
  matrices: Record<string, Float64Array>;
  dragging: boolean;
}

export interface ErrorDetail {
  /** What was being done: `load`, `src`, `scene`, `file`, `edit`. */
  source: string;
  errors: GraphError[];
  /** The errors in one readable paragraph. */
  message: string;
}

export type LoadOutcome = { ok: true; warnings: GraphError[] } | { ok: false; errors: GraphError[] };

export class EmbedApi {
  private current: Session | undefined;
  private owned = false;
  private unsubscribe: (() => void)[] = [];

  constructor(private readonly host: HTMLElement) {}

  get session(): Session {
    if (!this.current) this.attach(new Session(), true);
    return this.current!;
  }

  set session(s: Session) {
    if (s !== this.current) this.attach(s, false);
  }

  private attach(s: Session, owned: boolean) {
    this.unsubscribe.forEach((u) => { u(); });
    this.unsubscribe = [];
    this.current = s;
    this.owned = owned;
    if (!owned) return;
    this.unsubscribe.push(
      s.on('graph', (e) => {
        if (e.detail.reason !== 'preview') this.emit<GraphChangeDetail>('graph-change', { graph: s.graph, reason: e.detail.reason });
      }),
      s.on('pose', (e) => {
        const matrices: Record<string, Float64Array> = {};
        for (const id of s.rig.ownerIds()) matrices[id] = s.rig.matrix(id)!;
        this.emit<PoseChangeDetail>('pose-change', { frame: s.frame, matrices, dragging: e.detail.dragging });
      }),
    );
  }

  get graph(): GraphDocument {
    return this.session.fileDocument();
  }

  set graph(g: GraphDocument) {
    this.load(g);
  }

  get scene(): SceneDocument | undefined {
    return this.session.scene;
  }

  set scene(s: SceneDocument | undefined) {
    if (!s) return;
    const r = loadScene(s);
    if (r.ok) this.session.setScene(r.scene);
    else this.reportError('scene', r.errors, 'the scene');
  }

  /** Opens a graph (or a scene) given as JSON text or data. A bad one changes nothing and fires `error`. */
  load(json: string | object, name = 'the graph'): LoadOutcome {
    const opened = openDocument(json, this.session.catalog);
    if (!opened.ok) {
      this.reportError('load', opened.errors, name);
      return { ok: false, errors: opened.errors };
    }
    if (opened.kind === 'scene') {
      this.session.setScene(opened.scene);
      return { ok: true, warnings: [] };
    }
    this.session.load(opened.graph, opened.scene ?? this.session.scene);
    return { ok: true, warnings: opened.warnings };
  }

  /** Fetches a graph and the scene it names, then opens them. */
  async fetchSrc(url: string): Promise<LoadOutcome> {
    let text: string;
    try {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      text = await res.text();
    } catch (e) {
      const errors = [{ code: 'unreadable', pointer: '', message: `could not fetch ${url} (${e instanceof Error ? e.message : String(e)})` }];
      this.reportError('src', errors, url);
      return { ok: false, errors };
    }
    const opened = openDocument(text, this.session.catalog);
    if (!opened.ok) {
      this.reportError('src', opened.errors, url);
      return { ok: false, errors: opened.errors };
    }
    if (opened.kind === 'scene') {
      this.session.setScene(opened.scene);
      return { ok: true, warnings: [] };
    }
    let scene = opened.scene;
    if (!scene && opened.sceneRef) {
      const s = await fetchScene(opened.sceneRef, url);
      if (!s.ok) {
        this.reportError('src', s.errors, url);
        return { ok: false, errors: s.errors };
      }
      scene = s.scene;
    }
    this.session.load(opened.graph, scene ?? this.session.scene);
    void this.attachNamedCharacter((path) => new URL(path, new URL(url, location.href)).href);
    return { ok: true, warnings: opened.warnings };
  }

  /**
   * Draws the character the scene names in an armature's `gltf_file` (a scene imported from glTF),
   * fetched from `urlOf(path)`. glTF support loads only now. Nothing happens when there is none.
   */
  async attachNamedCharacter(urlOf: (path: string) => string | undefined): Promise<void> {
    const s = this.session;
    const scene = s.scene;
    const named = scene?.objects.find((o) => typeof (o as { gltf_file?: unknown }).gltf_file === 'string') as { gltf_file?: string } | undefined;
    const url = named?.gltf_file && urlOf(named.gltf_file);
    if (!scene || !url) return;
    try {
      const g = await import('../gltf/index');
      const character = await g.characterForScene(scene, async (path) => {
        const res = await fetch(url);
        if (!res.ok) throw new Error(`HTTP ${res.status} for ${path}`);
        return res.arrayBuffer();
      });
      if (character && s.scene === scene) s.setCharacter(character);
    } catch (e) {
      this.reportError('character', [{ code: 'no-character', pointer: '', message: `the character ${named.gltf_file} could not be loaded (${e instanceof Error ? e.message : String(e)}); the rig is shown without it` }], 'the scene');
    }
  }

  /** The graph as canonical JSON text, ready to write to a `.sinew.json` file. */
  save(): string {
    return this.session.save();
  }

  /** Evaluates (at `frame`, if given) and returns every owner's world matrix as a plain array. */
  evaluate(frame?: number): Record<string, number[]> {
    const s = this.session;
    if (frame !== undefined) s.setFrame(frame);
    else s.rig.evaluate(s.frame);
    const out: Record<string, number[]> = {};
    for (const id of s.rig.ownerIds()) out[id] = Array.from(s.rig.matrix(id)!);
    return out;
  }

  reportError(source: string, errors: GraphError[], name = 'the graph'): void {
    this.emit<ErrorDetail>('error', { source, errors, message: describeErrors(name, errors) });
  }

  // T is given at each call (emit<SinewErrorDetail>(…)) so that the detail is checked against the event's type.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  private emit<T>(type: string, detail: T): void {
    this.host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}
