// <sinew-app>: the editor, the 3D view and the inspector over one session, with a toolbar (new,
// open, save, import scene, undo, redo, frame), file drag-and-drop and autosave.
import { LitElement, css, html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { saveGraph } from '../../graph/save';
import type { GraphDocument, JsonValue } from '../../graph/types';
import { GltfError } from '../../runtime/io/gltf/error';
import { clipDuration, playingClip } from '../../runtime/rig/scene/playback';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import type { SinewEditor } from '../editor/sinew-editor';
import { Playback } from '../model/playback';
import { sceneEdit } from '../model/session-edits';
import type { TimelineRange } from '../timeline/sinew-timeline';
import { describeErrors, openDocument } from '../model/document-io';
import { EmbedApi, type ErrorDetail } from '../model/embed-api';
import { emptyGraph, type Session } from '../model/session';
import { baseStyles } from '../theme';
import { Autosave, newId, renewTabId, tabId, type AutosaveRecord, type WriteOutcome } from './autosave';
import type { GltfCharacter } from '../gltf/index';
import { demo, exampleAsset } from './demo';

const GLTF_NAME = /\.(glb|gltf|vrm)$/i;
/** glTF support (three's loader and the importer) loads when a glTF file is first opened. */
const gltf = () => import('../gltf/index');

interface Message {
  id: number;
  kind: 'error' | 'info';
  text: string;
  action?: { label: string; run: () => void };
}

const FRAME_MAX = 250;
/** When an autosaved copy was written, the way the person reads dates. */
const when = (t: number) => (t > 0 ? new Date(t).toLocaleString() : 'an unknown time');
let messageIds = 0;

export class SinewApp extends LitElement {
  static override styles = [baseStyles, css`
    :host { display: grid; grid-template-rows: auto auto 1fr; height: 100%; min-height: 480px; background: var(--_bg); color: var(--_text); position: relative; }
    header {
      display: flex; align-items: center; gap: 6px; padding: 6px 10px; background: var(--_panel);
      border-bottom: 1px solid var(--_border); flex-wrap: wrap; min-height: 44px;
    }
    .brand { display: flex; align-items: center; gap: 8px; font-weight: 700; letter-spacing: 0.02em; margin-right: 8px; font-size: 13px; }
    .logo { width: 22px; height: 22px; border-radius: 6px; background: linear-gradient(135deg, #f0a94a, #d9534f 55%, #6d6dd8); display: grid; place-items: center; color: white; font-size: 13px; }
    .sep { width: 1px; height: 22px; background: var(--_border); margin: 0 4px; }
    .group { display: flex; gap: 4px; align-items: center; }
    .file { color: var(--_muted); font-size: 11.5px; margin-left: auto; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 30%; }
    .file b { color: var(--_text); font-weight: 500; }
    .dialog { position: absolute; inset: 0; display: grid; place-items: center; background: rgba(0, 0, 0, 0.45); z-index: 20; }
    .dialog form { background: var(--_panel); border: 1px solid var(--_border); border-radius: 8px; padding: 14px 18px; display: grid; gap: 10px; min-width: 300px; }
    .dialog h3 { margin: 0; font-size: 14px; }
    .dialog label { display: flex; align-items: center; gap: 8px; }
    .dialog input[type=number] { width: 72px; }
    .dialog .buttons { display: flex; justify-content: flex-end; gap: 8px; }
    .messages { display: flex; flex-direction: column; }
    .msg { display: flex; align-items: center; gap: 10px; padding: 6px 12px; border-bottom: 1px solid var(--_border); line-height: 1.45; }
    .msg.error { background: rgba(239, 91, 82, 0.14); border-left: 3px solid var(--_danger); }
    .msg.info { background: rgba(75, 141, 255, 0.1); border-left: 3px solid var(--_accent); }
    .msg .text { flex: 1; }
    .msg button { padding: 2px 10px; }
    main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(320px, 38%); min-height: 0; }
    sinew-editor { min-height: 0; border-right: 1px solid var(--_border); }
    .side { display: grid; grid-template-rows: minmax(200px, 58%) minmax(0, 1fr) auto; min-height: 0; }
    sinew-rig-controls { max-height: 28vh; border-top: 1px solid var(--_border); }
    sinew-viewport { min-height: 0; border-bottom: 1px solid var(--_border); }
    sinew-inspector { min-height: 0; }
    .drop { position: absolute; inset: 0; z-index: 50; display: grid; place-items: center; background: rgba(20, 24, 32, 0.72); border: 2px dashed var(--_accent); color: white; font-size: 16px; pointer-events: none; }
    input[type=file] { display: none; }
    @media (max-width: 900px) { main { grid-template-columns: 1fr; grid-template-rows: 1fr 1fr; } }
  `];

  /** Where the graph is fetched from; without it the app opens the autosaved graph or the demo. */
  @property() src: string | undefined;
  @property({ type: Boolean, reflect: true }) readonly = false;
  /** Saves through the browser's file picker where it has one (else by download). */
  @property({ type: Boolean, attribute: 'file-picker' }) filePicker = true;
  /** Keeps the graph in localStorage while it is edited. */
  @property({ type: Boolean, attribute: 'no-autosave' }) noAutosave = false;
  /**
   * Milliseconds from an edit to its autosaved copy (edits in between share one write). A page
   * that hides or unloads writes at once, whatever this is.
   */
  @property({ type: Number, attribute: 'autosave-delay' }) autosaveDelay = 300;

  @state() private messages: Message[] = [];
  @state() private fileName = 'untitled.sinew.json';
  @state() private dirty = false;
  @state() private dropping = false;
  @state() private frame = 1;
  @state() private historyTick = 0;
  @state() private range: TimelineRange = { start: 1, end: FRAME_MAX, fps: 24, loop: true };
  @state() private playing = false;
  /** Milliseconds the last evaluated frame took (shown by the timeline). */
  @state() private frameTime = 0;
  @state() private exporting = false;
  /** The clock behind the timeline: every frame it reaches or passes is evaluated. */
  private readonly playback = new Playback(this.range, (f) => { this.showFrame(f); }, 1);
  private animationFrame = 0;

  @query('sinew-editor') private editorEl!: SinewEditor;
  @query('#open') private openInput!: HTMLInputElement;
  @query('#import') private importInput!: HTMLInputElement;

  readonly api = new EmbedApi(this);
  readonly autosave = new Autosave();
  /** This tab's id (sessionStorage) and the open document's: the autosave record's key. */
  private tab = tabId();
  private docId = newId();
  private fileHandle: FileSystemFileHandle | undefined;
  private autosaveTimer: ReturnType<typeof setTimeout> | undefined;
  /** An edit not yet in the autosaved copy; pagehide and a hidden tab write it at once. */
  private autosavePending = false;
  private autosaveFailing = false;
  private tabs: BroadcastChannel | undefined;
  private started = false;

  get session(): Session { return this.api.session; }
  get graph(): GraphDocument { return this.api.graph; }
  set graph(g: GraphDocument) { this.api.graph = g; }
  get scene(): SceneDocument | undefined { return this.api.scene; }
  set scene(s: SceneDocument | undefined) { this.api.scene = s; }
  load(json: string | object) { return this.api.load(json); }
  save(): string { return this.api.save(); }
  evaluate(frame?: number) { return this.api.evaluate(frame); }

  override connectedCallback() {
    super.connectedCallback();
    if (!this.hasAttribute('tabindex')) this.tabIndex = -1;
    this.addEventListener('keydown', this.onKeyDown);
    this.addEventListener('dragover', this.onDragOver);
    this.addEventListener('dragleave', this.onDragLeave);
    this.addEventListener('drop', (e) => { void this.onDrop(e); });
    this.addEventListener('error', this.onError as EventListener);
    window.addEventListener('pagehide', this.flushAutosave);
    document.addEventListener('visibilitychange', this.onVisibility);
    this.watchTabs();
    if (!this.started) this.start();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.flushAutosave();
    window.removeEventListener('pagehide', this.flushAutosave);
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.tabs?.close();
    this.tabs = undefined;
  }

  /**
   * A duplicated tab starts with its source's sessionStorage, and so its tab id: each tab says its
   * id once, and a tab that hears its own id from an older tab takes a new one before it writes.
   */
  private watchTabs() {
    if (this.tabs || typeof BroadcastChannel === 'undefined') return;
    this.tabs = new BroadcastChannel('sinew-tabs');
    this.tabs.onmessage = (e: MessageEvent<{ type: string; tab: string }>) => {
      if (e.data?.tab !== this.tab) return;
      if (e.data.type === 'hello') this.tabs?.postMessage({ type: 'taken', tab: this.tab });
      else if (e.data.type === 'taken') this.tab = renewTabId();
    };
    this.tabs.postMessage({ type: 'hello', tab: this.tab });
  }

  private start() {
    this.started = true;
    const s = this.session;
    s.on('graph', (e) => {
      this.historyTick++;
      if (e.detail.reason === 'edit' || e.detail.reason === 'undo' || e.detail.reason === 'redo') {
        this.dirty = true;
        this.scheduleAutosave();
      }
    });
    s.on('scene', (e) => {
      if (e.detail.reason !== 'load') {
        this.dirty = true;
        this.scheduleAutosave();
      } else {
        this.fitRangeToClip();
        this.showSavedFrame();
      }
    });
    if (this.src) return; // fetched in firstUpdated
    const found = this.noAutosave ? undefined : this.autosave.choose(this.tab);
    if (found?.own && this.restoreRecord(found.own)) {
      this.say('info', `Restored “${found.own.name}” as you left it in this tab (autosaved ${when(found.own.savedAt)}).`, { label: 'Discard restored copy', run: () => { this.discardRestored(); } });
      return;
    }
    this.openDemo();
    const other = found?.other;
    if (other) {
      const more = found.count > 1 ? ` It is the newest of ${found.count} autosaved documents.` : '';
      this.say('info', `“${other.name}” was autosaved ${other.tab ? 'in another tab' : 'by an earlier version of Sinew'} at ${when(other.savedAt)} and is not open here.${more}`, {
        label: `Restore “${other.name}”`,
        run: () => {
          if (this.restoreRecord(other)) this.say('info', `Restored “${other.name}” (autosaved ${when(other.savedAt)}).`);
          else this.say('error', `The autosaved copy of “${other.name}” could not be opened.`);
        },
      });
    }
  }

  /** Opens an autosaved record; it becomes this tab's document (the other tab's record stays as it is). */
  private restoreRecord(r: AutosaveRecord): boolean {
    this.flushAutosave(); // what was open keeps its own copy
    if (!this.restore(r.graph, r.scene, r.name)) return false;
    this.docId = r.tab ? r.doc : newId();
    this.fileHandle = undefined;
    if (!r.tab) {
      // The pre-tab record: moved to this tab's key, then let go.
      if (this.writeAutosave()) this.autosave.remove('v1', '');
    }
    return true;
  }

  private restore(text: string, scene: SceneDocument | undefined, name: string): boolean {
    const opened = openDocument(text, this.session.catalog);
    if (!opened.ok || opened.kind !== 'graph') return false;
    this.session.load(opened.graph, opened.scene ?? scene ?? demo()?.scene);
    this.fileName = name;
    this.dirty = true;
    return true;
  }

  private openDemo() {
    const d = demo();
    if (!d) {
      this.session.load(emptyGraph(), undefined);
      return;
    }
    const opened = openDocument(d.graph, this.session.catalog);
    if (!opened.ok || opened.kind !== 'graph') {
      this.session.load(emptyGraph(), d.scene);
      if (!opened.ok) this.say('error', describeErrors(d.name, opened.errors));
      return;
    }
    this.session.load(opened.graph, opened.scene ?? d.scene);
    this.fileName = d.name;
    this.dirty = false;
    void this.api.attachNamedCharacter((path) => exampleAsset(path));
  }

  private discardRestored() {
    clearTimeout(this.autosaveTimer);
    this.autosavePending = false;
    this.autosave.remove(this.docId, this.tab);
    this.docId = newId();
    this.fileHandle = undefined;
    this.openDemo();
    this.messages = [];
  }

  override firstUpdated() {
    this.editorEl.session = this.session;
    if (this.src) void this.openSrc(this.src);
  }

  override updated(changed: Map<string, unknown>) {
    if (changed.has('readonly')) this.session.readonly = this.readonly;
    if (changed.has('src') && changed.get('src') !== undefined && this.src) void this.openSrc(this.src);
  }

  private async openSrc(src: string) {
    const r = await this.api.fetchSrc(src);
    if (!r.ok) return;
    this.fileName = src.slice(src.lastIndexOf('/') + 1);
    this.fileHandle = undefined;
    this.dirty = false;
  }

  override render() {
    const s = this.session;
    const undo = s.history.undoLabel();
    const redo = s.history.redoLabel();
    const ro = this.readonly;
    return html`
      <header part="toolbar">
        <div class="brand"><span class="logo">S</span>Sinew</div>
        <div class="group">
          <button data-testid="new" ?disabled=${ro} title="Start an empty graph on the current rig" @click=${this.newGraph}>New</button>
          <button data-testid="open" title="Open a .sinew.json graph or a scene file (Ctrl+O)" @click=${() => { this.openInput.click(); }}>Open…</button>
          <button data-testid="save" title="Save the graph as .sinew.json (Ctrl+S)" @click=${() => this.saveFile()}>Save</button>
          <button data-testid="import-scene" ?disabled=${ro} title="Replace the rig with a scene file, or a glTF/VRM character" @click=${() => { this.importInput.click(); }}>Import scene…</button>
          <button data-testid="export-glb" title="Bake a frame range to a glTF animation (.glb), on the character when there is one" @click=${() => { this.exporting = true; }}>Export GLB</button>
        </div>
        <span class="sep"></span>
        <div class="group">
          <button data-testid="undo" ?disabled=${ro || !undo} title=${undo ? `Undo ${undo} (Ctrl+Z)` : 'Nothing to undo'} @click=${() => { s.undo(); }}>Undo</button>
          <button data-testid="redo" ?disabled=${ro || !redo} title=${redo ? `Redo ${redo} (Ctrl+Shift+Z)` : 'Nothing to redo'} @click=${() => { s.redo(); }}>Redo</button>
        </div>
        <span class="sep"></span>
        <sinew-timeline part="timeline" .frame=${this.frame} .range=${this.range} ?playing=${this.playing} .frameTime=${this.frameTime}
          .clips=${(s.scene?.clips ?? []).map((c) => c.name)} .clip=${s.scene?.playback?.clip ?? ''}
          @timeline-play=${(e: CustomEvent<{ playing: boolean }>) => { this.setPlaying(e.detail.playing); }}
          @timeline-frame=${(e: CustomEvent<{ frame: number }>) => { this.playback.goTo(e.detail.frame); }}
          @timeline-range=${(e: CustomEvent<TimelineRange>) => { this.setRange(e.detail); }}
          @timeline-clip=${(e: CustomEvent<{ clip: string }>) => { this.playClip(e.detail.clip); }}></sinew-timeline>
        <span class="file" title=${this.fileName}><b>${this.fileName}</b>${this.dirty ? ' — edited' : ''}</span>
        <input id="open" type="file" accept=".json,application/json,.glb,.gltf,.vrm" @change=${this.onOpenPicked}>
        <input id="import" type="file" accept=".json,application/json,.glb,.gltf,.vrm" @change=${this.onImportPicked}>
      </header>
      <div class="messages" part="messages">
        ${this.messages.map((m) => html`<div class="msg ${m.kind}" data-testid="message" data-kind=${m.kind} role=${m.kind === 'error' ? 'alert' : 'status'}>
          <span class="text">${m.text}</span>
          ${m.action ? html`<button data-testid="message-action" @click=${() => { this.dismiss(m.id); m.action!.run(); }}>${m.action.label}</button>` : nothing}
          <button title="Dismiss" aria-label="Dismiss" @click=${() => { this.dismiss(m.id); }}>×</button>
        </div>`)}
      </div>
      <main>
        <sinew-editor part="editor" ?readonly=${ro}></sinew-editor>
        <div class="side">
          <sinew-viewport part="viewport" .session=${s}></sinew-viewport>
          <sinew-inspector part="inspector" .session=${s}></sinew-inspector>
          <sinew-rig-controls part="rig-controls" .session=${s}></sinew-rig-controls>
        </div>
      </main>
      ${this.exporting ? this.exportDialog() : nothing}
      ${this.dropping ? html`<div class="drop">Drop a .sinew.json graph or a scene file to open it</div>` : nothing}
    `;
  }

  // ----- messages -----

  say(kind: 'error' | 'info', text: string, action?: Message['action']) {
    const m: Message = { id: ++messageIds, kind, text, action };
    this.messages = [...this.messages.filter((x) => x.text !== text), m].slice(-3);
  }

  private dismiss(id: number) {
    this.messages = this.messages.filter((m) => m.id !== id);
  }

  private onError = (e: CustomEvent<ErrorDetail>) => {
    // Errors from this element (not only its children) are shown too: file loads report here.
    if (e.detail?.message) this.say('error', e.detail.message);
  };

  // ----- files -----

  /** An empty graph on the current rig, as a new document (the one before keeps its autosaved copy). */
  private newGraph = () => {
    const s = this.session;
    // The scene file the old graph named, when the rig is still that file; else the rig inline.
    const ref = s.sceneInline ? undefined : s.sceneFile;
    this.flushAutosave();
    s.load(ref ? { ...emptyGraph(), scene: ref } : emptyGraph(), s.scene, { sceneInline: !ref && Boolean(s.scene) });
    this.fileName = 'untitled.sinew.json';
    this.fileHandle = undefined;
    this.docId = newId();
    this.dirty = false;
  };

  /** Opens a file a user picked or dropped: a graph replaces the graph, a scene replaces the rig. */
  async openFile(file: File): Promise<boolean> {
    if (GLTF_NAME.test(file.name)) return this.openGltf(file.name, file);
    let text: string;
    try {
      text = await file.text();
    } catch {
      this.say('error', `${file.name} could not be read.`);
      return false;
    }
    return this.openText(file.name, text);
  }

  /**
   * Opens a glTF/VRM file: the character of the current scene when the scene names this file
   * (`gltf_file`), else a graph and scene imported from it, its meshes posed by the rig: as a new
   * document (`open`, from Open… or a drop) or as one undoable step of this one (`import`, from
   * Import scene…). Either way a saved file carries that scene inline and names the glTF file.
   * A File is measured before it is read (ui/gltf, the glTF limits).
   */
  async openGltf(name: string, bytes: ArrayBuffer | Blob, mode: 'open' | 'import' = 'open'): Promise<boolean> {
    try {
      const g = await gltf();
      const s = this.session;
      const named = s.scene?.objects.find((o) => typeof (o as { gltf_file?: unknown }).gltf_file === 'string') as { gltf_file?: string } | undefined;
      if (s.scene && named?.gltf_file && named.gltf_file.split('/').pop() === name) {
        const character = await g.characterForScene(s.scene, () => Promise.resolve(bytes));
        if (character) {
          s.setCharacter(character);
          this.say('info', `${name} is drawn with the rig.`);
          return true;
        }
      }
      const imported = await g.importGltfBytes(bytes, name);
      if (mode === 'import') {
        const label = `Import ${name}`;
        s.perform({ kind: 'steps', label, edits: [
          { kind: 'replace-graph', label, graph: imported.graph },
          { kind: 'replace-scene', label, scene: imported.scene, inline: true, character: imported.character },
        ] });
      } else {
        this.flushAutosave();
        s.load(imported.graph, imported.scene, { sceneInline: true });
        s.setCharacter(imported.character);
        this.fileName = name.replace(GLTF_NAME, '.sinew.json');
        this.fileHandle = undefined;
        this.docId = newId();
      }
      this.dirty = true;
      this.messages = this.messages.filter((m) => m.kind !== 'error');
      const bones = imported.scene.objects.reduce((n, o) => n + (o.bones?.length ?? 0), 0);
      this.say('info', `${name} imported: ${bones} bones${imported.graph.nodes.length ? `, ${imported.graph.nodes.length} constraint nodes` : ''}. ${imported.notes.join(' ')}`.trim());
      this.scheduleAutosave();
      return true;
    } catch (e) {
      // A GltfError names where in the file (a URI the policy refused: /buffers/0/uri).
      const where = e instanceof GltfError ? e.pointer : '';
      const code = e instanceof GltfError ? e.code : 'bad-gltf';
      const text = `${name} could not be opened: ${where ? `${where}: ` : ''}${e instanceof Error ? e.message : String(e)}`;
      this.say('error', text);
      this.dispatchEvent(new CustomEvent<ErrorDetail>('error', { detail: { source: 'file', errors: [{ code, pointer: where, message: text }], message: text }, bubbles: true, composed: true }));
      return false;
    }
  }

  /** The Export GLB form: the clip to bake on top of, the frame range and fps (the timeline's by default). */
  private exportDialog() {
    const clips = this.session.scene?.clips ?? [];
    const clip = this.session.scene?.playback?.clip ?? '';
    const r = this.range;
    return html`<div class="dialog" role="dialog" aria-label="Export GLB" data-testid="export-dialog" @keydown=${(e: KeyboardEvent) => { e.stopPropagation(); if (e.key === 'Escape') this.exporting = false; }}>
      <form @submit=${(e: Event) => { e.preventDefault(); const f = new FormData(e.target as HTMLFormElement); const clip = f.get('clip'); void this.exportGlb({ clip: typeof clip === 'string' ? clip : '', start: Number(f.get('start')), end: Number(f.get('end')), fps: Number(f.get('fps')) }); }}>
        <h3>Export GLB</h3>
        ${clips.length ? html`<label>Clip <select name="clip" data-testid="export-clip"><option value="" ?selected=${clip === ''}>none</option>${clips.map((c) => html`<option value=${c.name} ?selected=${c.name === clip}>${c.name}</option>`)}</select></label>` : nothing}
        <label>Frames <input name="start" data-testid="export-start" type="number" step="any" required .value=${String(r.start)}> to <input name="end" data-testid="export-end" type="number" step="any" required .value=${String(r.end)}></label>
        <label>fps <input name="fps" data-testid="export-fps" type="number" step="any" min="0.001" max="1000" required .value=${String(r.fps)}></label>
        <div class="buttons"><button type="button" @click=${() => { this.exporting = false; }}>Cancel</button><button type="submit" data-testid="export-go">Export</button></div>
      </form>
    </div>`;
  }

  /** Bakes the graph over a frame range (on top of a clip, when one is chosen) to a GLB and downloads it. */
  async exportGlb(options: { clip?: string; start?: number; end?: number; fps?: number } = {}): Promise<void> {
    const s = this.session;
    this.exporting = false;
    if (!s.scene) { this.say('error', 'There is no scene to bake.'); return; }
    const { start = this.range.start, end = this.range.end, fps = this.range.fps } = options;
    if (!(Number.isFinite(start) && Number.isFinite(end) && end >= start)) { this.say('error', `The frame range ${start}–${end} is not a range: the last frame must not come before the first.`); return; }
    if (!(fps > 0 && fps <= 1000)) { this.say('error', `${fps} fps: the rate must be above 0 and at most 1000.`); return; }
    let scene = s.scene;
    if (options.clip) {
      const playing = playingClip(scene, options.clip, fps);
      if (!playing.ok) { this.say('error', playing.message.replace(/^--clip: /, '')); return; }
      scene = playing.scene;
    } else if (scene.playback) {
      const { playback: _none, ...still } = scene;
      scene = still;
    }
    try {
      const g = await gltf();
      const blob = g.exportGlb(s.graph, scene, { start, end, fps, name: options.clip ? `${options.clip}+Sinew` : undefined }, s.character as GltfCharacter | undefined);
      this.download(blob, this.fileName.replace(/(\.sinew)?\.json$/i, '') + '.glb');
    } catch (e) {
      this.say('error', `The animation could not be baked: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private download(blob: Blob, name: string) {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    this.renderRoot.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => { URL.revokeObjectURL(url); }, 1000);
  }

  /** Opens file contents by name; a bad file leaves everything as it was and says what is wrong. */
  openText(name: string, text: string): boolean {
    const opened = openDocument(text, this.session.catalog);
    if (!opened.ok) {
      this.say('error', describeErrors(name, opened.errors));
      this.dispatchEvent(new CustomEvent<ErrorDetail>('error', { detail: { source: 'file', errors: opened.errors, message: describeErrors(name, opened.errors) }, bubbles: true, composed: true }));
      return false;
    }
    if (opened.kind === 'scene') {
      this.session.setScene(opened.scene);
      this.say('info', `Scene ${name} imported: ${opened.scene.objects.length} objects.`);
      return true;
    }
    this.flushAutosave();
    this.session.load(opened.graph, opened.scene ?? this.session.scene);
    // A Blender rig becomes a new graph: saved beside it as NAME.sinew.json, never over the export.
    this.fileName = opened.imported === 'blender' ? name.replace(/(\.sinew)?\.json$/i, '') + '.sinew.json' : name;
    this.fileHandle = undefined;
    this.docId = newId();
    this.dirty = opened.imported === 'blender';
    this.messages = this.messages.filter((m) => m.kind !== 'error');
    if (opened.imported === 'blender') {
      const bones = opened.scene?.objects.reduce((n, o) => n + (o.bones?.length ?? 0), 0) ?? 0;
      this.say('info', `Blender rig ${name} imported: ${opened.scene?.objects.length ?? 0} objects, ${bones} bones, ${opened.graph.nodes.length} nodes.`);
    }
    if (!opened.scene && opened.sceneRef) {
      this.say('info', `${name} uses the scene “${opened.sceneRef}”; the current rig was kept. Import that scene if it is a different rig.`);
    }
    if (opened.warnings.length) this.say('info', `${name} opened with ${opened.warnings.length} warning(s): ${opened.warnings[0].message}`);
    this.scheduleAutosave();
    return true;
  }

  private onOpenPicked = async (e: Event) => {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) await this.openFile(file);
  };

  private onImportPicked = async (e: Event) => {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (GLTF_NAME.test(file.name)) {
      await this.openGltf(file.name, file, 'import');
      return;
    }
    const opened = openDocument(await file.text(), this.session.catalog);
    if (!opened.ok) this.say('error', describeErrors(file.name, opened.errors));
    else if (opened.kind !== 'scene') this.say('error', `${file.name} is a graph, not a scene; use Open to open graphs.`);
    else this.openText(file.name, JSON.stringify(opened.scene));
  };

  /** Saves through the file picker where there is one (and it is allowed), else as a download. */
  async saveFile(): Promise<void> {
    this.keepView();
    const text = this.save();
    const picker = (window as unknown as { showSaveFilePicker?: (o: unknown) => Promise<FileSystemFileHandle> }).showSaveFilePicker;
    if (this.filePicker && picker) {
      try {
        this.fileHandle ??= await picker({ suggestedName: this.fileName, types: [{ description: 'Sinew graph', accept: { 'application/json': ['.json'] } }] });
        const w = await this.fileHandle.createWritable();
        await w.write(text);
        await w.close();
        this.fileName = this.fileHandle.name;
        this.saved();
        this.tellWhereSaved();
        return;
      } catch (err) {
        if ((err as DOMException)?.name === 'AbortError') return;
        this.fileHandle = undefined; // fall back to a download
      }
    }
    if (!this.fileName.endsWith('.json')) this.fileName = `${this.fileName}.sinew.json`;
    this.download(new Blob([text], { type: 'application/json' }), this.fileName);
    this.saved();
    this.tellWhereSaved();
  }

  /** A saved file opens where the editor was left: its pan and zoom go into the graph's `view`. */
  private keepView() {
    const v = this.editorEl?.currentView();
    if (v) this.session.keepView(v);
  }

  private saved() {
    this.dirty = false;
    this.writeAutosave();
  }

  /**
   * Says where the scene went: a page cannot write a file beside the graph, so an edited scene
   * that came from a file is saved inline (and offered as that file too); a character's meshes
   * stay in their glTF file, which the saved scene names.
   */
  private tellWhereSaved() {
    const s = this.session;
    const ref = s.sceneFile;
    const scene = s.scene;
    let text: string;
    let action: Message['action'];
    if (!scene) text = `Saved “${this.fileName}”. It has no scene: import one to see the rig.`;
    else if (!s.sceneInline && ref) text = `Saved “${this.fileName}”; the scene stays in “${ref}”, unchanged, beside it.`;
    else if (ref) {
      text = `Saved “${this.fileName}” with the scene inline: the rig was changed since it was read from “${ref}”, and a page cannot rewrite that file.`;
      action = { label: `Download ${ref} too`, run: () => { this.download(new Blob([`${JSON.stringify(scene, null, 2)}\n`], { type: 'application/json' }), ref.slice(ref.lastIndexOf('/') + 1)); } };
    } else text = `Saved “${this.fileName}” with the scene inline.`;
    const character = scene?.objects.map((o) => (o as { gltf_file?: unknown }).gltf_file).find((f): f is string => typeof f === 'string');
    if (character) text += ` The character's meshes are not in it: they stay in “${character}”, which the scene names; open that file with the graph to draw them.`;
    this.say('info', text, action);
  }

  private scheduleAutosave() {
    if (this.noAutosave) return;
    this.autosavePending = true;
    clearTimeout(this.autosaveTimer);
    this.autosaveTimer = setTimeout(() => this.writeAutosave(), this.autosaveDelay);
  }

  /** Writes a pending autosave now: the page is going away or out of sight, and may never come back. */
  private flushAutosave = () => {
    if (this.autosavePending) this.writeAutosave();
  };

  private onVisibility = () => {
    if (document.visibilityState === 'hidden') this.flushAutosave();
  };

  /** Writes this document's copy; false (and a message with a way out) when storage refuses it. */
  private writeAutosave(): boolean {
    clearTimeout(this.autosaveTimer);
    this.autosavePending = false;
    if (this.noAutosave) return false;
    const s = this.session;
    const outcome = this.autosave.write({
      doc: this.docId, tab: this.tab, name: this.fileName, graph: s.save(), scene: s.sceneInline ? undefined : s.scene, savedAt: Date.now(), saved: !this.dirty,
    });
    if (!outcome.ok) this.autosaveFailed(outcome);
    else if (this.autosaveFailing) {
      this.autosaveFailing = false;
      this.messages = this.messages.filter((m) => !m.text.startsWith('Autosave failed'));
      this.say('info', `Autosave works again: “${this.fileName}” is kept.`);
    }
    return outcome.ok;
  }

  private autosaveFailed(outcome: Extract<WriteOutcome, { ok: false }>) {
    this.autosaveFailing = true;
    this.autosavePending = true; // tried again at the next edit or flush
    this.say('error', `Autosave failed: ${outcome.message}, so “${this.fileName}” is not kept if this page closes. Download it to keep your work.`, {
      label: 'Download the work',
      run: () => { this.downloadWork(); },
    });
  }

  /** The whole work as one file (the scene inline, whatever Save would do), for when autosave cannot keep it. */
  downloadWork() {
    this.keepView();
    const s = this.session;
    const text = saveGraph(s.scene ? { ...s.graph, scene: s.scene as unknown as JsonValue } : s.graph);
    this.download(new Blob([text], { type: 'application/json' }), this.fileName.endsWith('.json') ? this.fileName : `${this.fileName}.sinew.json`);
  }

  // ----- drag and drop -----

  private onDragOver = (e: DragEvent) => {
    if (!e.dataTransfer?.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    this.dropping = true;
  };

  private onDragLeave = (e: DragEvent) => {
    if (e.relatedTarget && this.contains(e.relatedTarget as Node)) return;
    this.dropping = false;
  };

  private onDrop = async (e: DragEvent) => {
    e.preventDefault();
    this.dropping = false;
    const files = [...(e.dataTransfer?.files ?? [])];
    const models = files.filter((f) => GLTF_NAME.test(f.name));
    // Scenes first, so a graph dropped with its scene opens on it; characters last, to join that scene.
    const texts = await Promise.all(files.filter((f) => !GLTF_NAME.test(f.name)).map(async (f) => ({ f, text: await f.text().catch(() => '') })));
    const isScene = (t: string) => /"format"\s*:\s*"sinew-scene"/.test(t.slice(0, 400));
    for (const { f, text } of texts.sort((a, b) => Number(isScene(b.text)) - Number(isScene(a.text)))) this.openText(f.name, text);
    for (const f of models) await this.openGltf(f.name, f);
  };

  // ----- keys and frame -----

  private onKeyDown = (e: KeyboardEvent) => {
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    const t = e.composedPath()[0] as HTMLElement;
    const typing = t?.tagName === 'TEXTAREA' || t?.tagName === 'SELECT' || t?.isContentEditable || (t?.tagName === 'INPUT' && !['range', 'checkbox', 'button'].includes((t as HTMLInputElement).type));
    if (!mod) {
      // Space plays and pauses, the arrows step a frame: not while typing, nor over a button Space would press.
      if (typing || e.altKey) return;
      if (e.key === ' ' && t?.tagName !== 'BUTTON') { e.preventDefault(); this.setPlaying(!this.playing); }
      else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') { e.preventDefault(); this.setPlaying(false); this.playback.step(e.key === 'ArrowLeft' ? -1 : 1); }
      return;
    }
    if (t?.tagName === 'INPUT' && (t as HTMLInputElement).type === 'text') return;
    if (key === 's') { e.preventDefault(); void this.saveFile(); }
    else if (key === 'o') { e.preventDefault(); this.openInput.click(); }
    else if (key === 'z' && !e.shiftKey) { e.preventDefault(); this.session.undo(); }
    else if ((key === 'z' && e.shiftKey) || key === 'y') { e.preventDefault(); this.session.redo(); }
  };

  // ----- playback -----

  /** Evaluates the rig at a frame the clock reached, timing it. */
  private showFrame(frame: number): void {
    const t0 = performance.now();
    this.session.setFrame(frame);
    this.frameTime = performance.now() - t0;
    this.frame = frame;
  }

  /** Plays or pauses at the display's rate (requestAnimationFrame). */
  setPlaying(playing: boolean): void {
    if (playing === this.playing) return;
    this.playing = playing;
    cancelAnimationFrame(this.animationFrame);
    if (!playing) { this.playback.pause(); return; }
    this.playback.play(performance.now());
    const tick = (now: number) => {
      this.playback.tick(now);
      if (!this.playback.playing) { this.playing = false; return; }
      this.animationFrame = requestAnimationFrame(tick);
    };
    this.animationFrame = requestAnimationFrame(tick);
  }

  private setRange(range: TimelineRange): void {
    this.range = range;
    this.playback.range = range;
    // A clip plays at the timeline's rate, so a baked or played second is the clip's second.
    const playback = this.session.scene?.playback;
    if (playback && playback.fps !== range.fps && !this.session.readonly) this.session.perform(sceneEdit({ kind: 'set-playback', playback: { ...playback, fps: range.fps } }));
    if (this.frame < range.start || this.frame > range.end) this.playback.goTo(Math.min(range.end, Math.max(range.start, this.frame)));
  }

  /** A scene saved at a frame (a Blender import: the file's current frame) opens on it, as Blender shows the file. */
  private showSavedFrame(): void {
    const saved = this.session.scene?.frame_current;
    if (saved === undefined) return;
    const r = this.range;
    if (saved < r.start || saved > r.end) this.setRange({ ...r, start: Math.min(r.start, Math.floor(saved)), end: Math.max(r.end, Math.ceil(saved)) });
    this.playback.goTo(saved);
  }

  /** A document that opens playing a clip shows the clip's frames and plays at its rate. */
  private fitRangeToClip(): void {
    const scene = this.session.scene;
    const clip = scene?.playback && scene.clips?.find((c) => c.name === scene.playback!.clip);
    if (!scene?.playback || !clip) return;
    const fps = scene.playback.fps ?? 24;
    const start = scene.playback.start_frame ?? 1;
    this.range = { ...this.range, fps, start, end: start + Math.max(1, Math.ceil(clipDuration(clip) * fps - 1e-3)) };
    this.playback.range = this.range;
  }

  /** Plays a clip of the scene under the constraints (one undoable step), the range fitted to it. */
  private playClip(name: string): void {
    const s = this.session;
    if (!s.scene || s.readonly) return;
    if (!name) { s.perform(sceneEdit({ kind: 'set-playback', playback: undefined })); return; }
    const clip = s.scene.clips?.find((c) => c.name === name);
    if (!clip) return;
    s.perform(sceneEdit({ kind: 'set-playback', playback: { ...s.scene.playback, clip: name, fps: this.range.fps } }));
    const start = s.scene.playback?.start_frame ?? 1;
    this.setRange({ ...this.range, start, end: start + Math.max(1, Math.ceil(clipDuration(clip) * this.range.fps - 1e-3)) });
  }
}
