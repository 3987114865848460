// <sinew-viewport>: the rig in 3D (three.js), posed live. Click an owner to select its nodes; drag
// a target or pole with the gizmo and the rig is evaluated again on every frame of the drag.
import { LitElement, css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import type { Session } from '../model/session';
import { baseStyles } from '../theme';
import { RigView, type MovedSpline } from './rig-view';
import { updateHookedCurve } from '../../nodes/math/hooked-curve';
import type { RigOwner } from '../../runtime/rig/rig';
import { paramText } from '../../graph/param-text';

/** Timings of one drag step, in milliseconds. */
export interface DragSample {
  /** Basis update and evaluation of the whole program. */
  evaluate: number;
  /** Evaluation plus copying matrices into the scene and rendering. */
  total: number;
}

export class SinewViewport extends LitElement {
  static override styles = [baseStyles, css`
    :host {
      display: block; position: relative; overflow: hidden; min-height: 120px;
      background: var(--sinew-viewport-bg, radial-gradient(ellipse at 50% 35%, #3a3f47 0%, #2a2d33 55%, #212328 100%));
    }
    canvas { display: block; width: 100%; height: 100%; outline: none; touch-action: none; }
    .wrap { position: absolute; inset: 0; }
    .hud { position: absolute; left: 8px; top: 8px; display: flex; gap: 4px; }
    .hud button { padding: 2px 8px; background: rgba(30, 32, 36, 0.85); font-size: 11px; }
    .hud button[aria-pressed='true'] { background: var(--_accent); border-color: var(--_accent); color: white; }
    .note { position: absolute; left: 8px; top: 40px; padding: 3px 8px; border-radius: 4px; background: rgba(20, 22, 26, 0.9); border-left: 3px solid var(--_warning); color: var(--_text); font-size: 11.5px; pointer-events: none; }
    .label { position: absolute; right: 8px; bottom: 8px; padding: 2px 8px; border-radius: 4px; background: rgba(20, 22, 26, 0.8); color: var(--_text); font-size: 11px; pointer-events: none; }
    .hint { position: absolute; left: 8px; bottom: 8px; color: var(--_muted); font-size: 11px; pointer-events: none; }
    .empty { position: absolute; inset: 0; display: grid; place-items: center; color: var(--_muted); text-align: center; padding: 16px; }
  `];

  @property({ attribute: false }) session: Session | undefined;
  @state() private mode: 'translate' | 'rotate' = 'translate';
  @state() private hovered = '';
  /** Said when a clicked owner has no nodes (so nothing in the graph is selected). */
  @state() private pickNote = '';
  @state() private unavailable = '';

  /** Timings of the drag steps since the last `resetDragStats`. */
  readonly dragSamples: DragSample[] = [];

  private renderer: THREE.WebGLRenderer | undefined;
  private scene3 = new THREE.Scene();
  private camera = new THREE.PerspectiveCamera(35, 1, 0.01, 500);
  private orbit: OrbitControls | undefined;
  private gizmo: TransformControls | undefined;
  private readonly proxy = new THREE.Object3D();
  private rigView: RigView | undefined;
  private attachedId: string | undefined;
  private dragging = false;
  private frameRequested = false;
  private resizeObserver: ResizeObserver | undefined;
  private unsubscribe: (() => void)[] = [];
  private down: { x: number; y: number } | undefined;
  private readonly raycaster = new THREE.Raycaster();
  private readonly tmp = new THREE.Vector3();
  private boundSession: Session | undefined;

  override render() {
    return html`<div class="wrap" part="viewport">
      <canvas tabindex="0" aria-label="3D view of the rig"
        @pointerdown=${this.onPointerDown} @pointerup=${this.onPointerUp} @pointermove=${this.onPointerMove}></canvas>
      ${this.unavailable ? html`<div class="empty">${this.unavailable}</div>` : html`
        <div class="hud" part="viewport-toolbar">
          <button title="Move the selected object (G)" aria-pressed=${this.mode === 'translate'} @click=${() => { this.setMode('translate'); }}>Move</button>
          <button title="Rotate the selected object (R)" aria-pressed=${this.mode === 'rotate'} @click=${() => { this.setMode('rotate'); }}>Rotate</button>
          <button title="Frame the whole rig (Home)" @click=${() => { this.frameAll(); }}>Frame</button>
        </div>
        ${this.hovered ? html`<div class="label" data-testid="viewport-hover">${this.hovered}</div>` : nothing}
        ${this.pickNote ? html`<div class="note" data-testid="viewport-note">${this.pickNote}</div>` : nothing}
        <div class="hint">Click an owner to select its nodes · drag a target's gizmo to pose</div>`}
    </div>`;
  }

  override firstUpdated() {
    const canvas = this.renderRoot.querySelector('canvas')!;
    if (!webglAvailable()) {
      this.unavailable = '3D view unavailable: this browser has no WebGL. The graph still evaluates.';
      return;
    }
    // Transparent: the element's CSS background (a custom property) shows through.
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: true, alpha: true });
    this.renderer.setClearColor(0x000000, 0);
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.camera.up.set(0, 0, 1);
    this.camera.position.set(2.5, -4, 2.2);
    this.scene3.add(new THREE.HemisphereLight('#dfe6ff', '#30302c', 2.2));
    const sun = new THREE.DirectionalLight('#ffffff', 1.6);
    sun.position.set(3, -4, 6);
    this.scene3.add(sun);
    const grid = new THREE.GridHelper(10, 20, '#5a606a', '#3c4048');
    grid.rotation.x = Math.PI / 2; // Blender's floor is XY, Z up
    this.scene3.add(grid);
    this.scene3.add(this.proxy);

    this.orbit = new OrbitControls(this.camera, canvas);
    this.orbit.enableDamping = false;
    this.orbit.addEventListener('change', () => { this.requestFrame(); });
    this.gizmo = new TransformControls(this.camera, canvas);
    this.gizmo.setSize(0.8);
    this.gizmo.addEventListener('change', () => { this.requestFrame(); });
    this.gizmo.addEventListener('dragging-changed', (e) => {
      this.dragging = Boolean(e.value);
      this.orbit!.enabled = !this.dragging;
      if (!this.dragging) this.commitDrag();
    });
    this.gizmo.addEventListener('objectChange', () => { this.onGizmoMove(); });
    this.scene3.add(this.gizmo.getHelper());

    this.resizeObserver = new ResizeObserver(() => { this.resize(); });
    this.resizeObserver.observe(this);
    this.addEventListener('keydown', this.onKey);
    this.resize();
    this.bind();
  }

  override updated(changed: Map<string, unknown>) {
    if (changed.has('session')) this.bind();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.unsubscribe.forEach((u) => { u(); });
    this.unsubscribe = [];
    this.boundSession = undefined;
    this.resizeObserver?.disconnect();
  }

  override connectedCallback() {
    super.connectedCallback();
    if (this.renderer) {
      this.resizeObserver?.observe(this);
      this.bind();
    }
  }

  private bind() {
    if (!this.renderer || this.boundSession === this.session) return;
    this.unsubscribe.forEach((u) => { u(); });
    this.unsubscribe = [];
    this.boundSession = this.session;
    const s = this.session;
    if (!s) return;
    this.unsubscribe.push(
      s.on('scene', (e) => { if (e.detail.reason !== 'move') this.buildScene(); }),
      s.on('pose', () => { this.onPose(); }),
      s.on('selection', () => { this.onSelection(); }),
      s.on('character', () => { this.attachCharacter(); }),
    );
    this.buildScene();
  }

  private character: THREE.Object3D | undefined;

  /** Shows the session's character (a glTF's meshes); bones are then drawn in front, as Blender's In Front. */
  private attachCharacter() {
    if (this.character) this.scene3.remove(this.character);
    const object = this.session?.character?.object as THREE.Object3D | undefined;
    this.character = object;
    if (object) this.scene3.add(object);
    this.rigView?.setInFront(Boolean(object));
    this.onPose();
  }

  private buildScene() {
    if (this.rigView) {
      this.scene3.remove(this.rigView.group);
      this.rigView.dispose();
      this.rigView = undefined;
    }
    const scene = this.session?.scene;
    if (scene) {
      this.rigView = new RigView(scene);
      this.scene3.add(this.rigView.group);
    }
    this.attachCharacter();
    this.onSelection();
    this.frameAll();
  }

  private onPose() {
    const s = this.session;
    if (!s || !this.rigView) return;
    const matrixOf = (id: string) => s.rig.matrix(id);
    this.rigView.update(matrixOf, (id) => movedSpline(s.rig.owner(id)));
    s.character?.update(matrixOf);
    if (!this.dragging) this.placeProxy();
    this.requestFrame();
  }

  private onSelection() {
    const s = this.session;
    if (!s || !this.rigView || !this.gizmo) return;
    const owners = new Set<string>();
    for (const id of s.selection) {
      const node = s.graph.nodes.find((n) => n.id === id);
      const def = node && s.catalog.get(node.type);
      if (node && def?.owner) owners.add(paramText(node.params[def.owner.param]));
    }
    if (s.selectedOwner) owners.add(s.selectedOwner);
    const constrained = new Set<string>();
    for (const n of s.graph.nodes) {
      const def = s.catalog.get(n.type);
      if (def?.owner?.role === 'write') constrained.add(paramText(n.params[def.owner.param]));
    }
    this.rigView.highlight(owners, constrained, this.hovered);
    // The gizmo goes on the picked object, else on the one object the selected nodes name.
    const objects = [...owners].filter((id) => this.rigView!.visuals.get(id)?.kind === 'empty' || this.rigView!.visuals.get(id)?.kind === 'curve');
    const target = s.selectedOwner && s.rig.owner(s.selectedOwner)?.kind === 'object' ? s.selectedOwner : objects.length === 1 ? objects[0] : undefined;
    this.attach(target);
    this.requestFrame();
  }

  private attach(id: string | undefined) {
    if (!this.gizmo) return;
    if (this.session?.readonly) id = undefined;
    this.attachedId = id;
    if (!id) {
      this.gizmo.detach();
      return;
    }
    this.placeProxy();
    this.gizmo.attach(this.proxy);
    this.gizmo.setMode(this.mode);
  }

  /** Puts the gizmo's proxy on the attached object's evaluated matrix. */
  private placeProxy() {
    const m = this.attachedId ? this.session?.rig.matrix(this.attachedId) : undefined;
    if (!m) return;
    const mat = new THREE.Matrix4().fromArray(m);
    mat.decompose(this.proxy.position, this.proxy.quaternion, this.proxy.scale);
    this.proxy.updateMatrix();
  }

  private onGizmoMove() {
    const s = this.session;
    const id = this.attachedId;
    if (!s || !id) return;
    const t0 = performance.now();
    this.proxy.updateMatrix();
    s.moveObject(id, this.proxy.matrix.elements, false);
    const t1 = performance.now();
    this.renderNow();
    const t2 = performance.now();
    this.dragSamples.push({ evaluate: t1 - t0, total: t2 - t0 });
  }

  private commitDrag() {
    const s = this.session;
    if (!s || !this.attachedId) return;
    this.proxy.updateMatrix();
    s.moveObject(this.attachedId, this.proxy.matrix.elements, true);
  }

  /** Moves an object as one drag step would (used by tests and scripts). */
  dragObjectTo(id: string, position: [number, number, number], done = false): boolean {
    const s = this.session;
    const m = s?.rig.matrix(id);
    if (!s || !m) return false;
    const world = Array.from(m);
    world[12] = position[0]; world[13] = position[1]; world[14] = position[2];
    const t0 = performance.now();
    const ok = s.moveObject(id, world, done);
    const t1 = performance.now();
    this.renderNow();
    this.dragSamples.push({ evaluate: t1 - t0, total: performance.now() - t0 });
    return ok;
  }

  resetDragStats() {
    this.dragSamples.length = 0;
  }

  /** Screen position (client pixels) of an owner's origin, for tests and overlays. */
  screenPosition(id: string): { x: number; y: number } | undefined {
    const m = this.session?.rig.matrix(id);
    const canvas = this.renderer?.domElement;
    if (!m || !canvas) return undefined;
    const p = new THREE.Vector3(m[12], m[13], m[14]).project(this.camera);
    const r = canvas.getBoundingClientRect();
    return { x: r.left + ((p.x + 1) / 2) * r.width, y: r.top + ((1 - p.y) / 2) * r.height };
  }

  private setMode(mode: 'translate' | 'rotate') {
    this.mode = mode;
    this.gizmo?.setMode(mode);
    this.requestFrame();
  }

  private onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'g' || e.key === 'G') this.setMode('translate');
    else if (e.key === 'r' || e.key === 'R') this.setMode('rotate');
    else if (e.key === 'Home') this.frameAll();
    else return;
    e.preventDefault();
  };

  frameAll() {
    if (!this.rigView || !this.orbit) return;
    const box = this.rigView.bounds();
    if (box.isEmpty()) return;
    const center = box.getCenter(new THREE.Vector3());
    const radius = Math.max(0.4, box.getSize(new THREE.Vector3()).length() / 2);
    const fov = Math.min(this.camera.fov, this.camera.fov * this.camera.aspect);
    const dist = (radius / Math.sin(THREE.MathUtils.degToRad(fov / 2))) * 0.95;
    const dir = new THREE.Vector3(0.55, -1, 0.45).normalize();
    this.camera.position.copy(center).addScaledVector(dir, dist);
    this.orbit.target.copy(center);
    this.orbit.update();
    this.requestFrame();
  }

  private onPointerDown(e: PointerEvent) {
    this.down = { x: e.clientX, y: e.clientY };
  }

  private onPointerUp(e: PointerEvent) {
    const d = this.down;
    this.down = undefined;
    if (!d || Math.hypot(e.clientX - d.x, e.clientY - d.y) > 4 || this.gizmo?.dragging) return;
    const hit = this.pick(e);
    const s = this.session;
    if (!s) return;
    const nodes = hit ? s.nodesOfOwner(hit) : [];
    this.pickNote = hit && nodes.length === 0 ? `"${hit}" has no nodes: add an Owner In and Owner Out for it to constrain it` : '';
    if (hit) s.select(nodes, hit);
    else if (!this.gizmo?.axis) s.select([], undefined);
  }

  private onPointerMove(e: PointerEvent) {
    if (e.buttons) return;
    const hit = this.pick(e) ?? '';
    if (hit !== this.hovered) {
      this.hovered = hit;
      this.onSelection(); // tints the owner under the pointer
    }
  }

  /**
   * The owner under the pointer. Empties and bones are small on screen, so they are picked by
   * distance in pixels (to an empty's origin, to a bone's head–tail segment); curves by ray.
   */
  private pick(e: PointerEvent): string | undefined {
    const s = this.session;
    if (!this.rigView || !this.renderer || !s) return undefined;
    const r = this.renderer.domElement.getBoundingClientRect();
    const px = e.clientX - r.left;
    const py = e.clientY - r.top;
    const toScreen = (x: number, y: number, z: number) => {
      const p = this.tmp.set(x, y, z).project(this.camera);
      return { x: ((p.x + 1) / 2) * r.width, y: ((1 - p.y) / 2) * r.height, behind: p.z > 1 };
    };
    let best: string | undefined;
    let bestDist = PICK_RADIUS;
    for (const v of this.rigView.visuals.values()) {
      if (v.kind !== 'empty' && v.kind !== 'bone') continue;
      const m = s.rig.matrix(v.id);
      if (!m) continue;
      const head = toScreen(m[12], m[13], m[14]);
      if (head.behind) continue;
      let d: number;
      if (v.kind === 'empty') d = Math.hypot(px - head.x, py - head.y);
      else {
        const l = v.length;
        const tail = toScreen(m[12] + m[4] * l, m[13] + m[5] * l, m[14] + m[6] * l);
        d = segmentDistance(px, py, head.x, head.y, tail.x, tail.y);
      }
      // Prefer empties a little: targets sit on bones' tips and are what a rigger grabs.
      if (v.kind === 'empty') d -= 3;
      if (d < bestDist) { bestDist = d; best = v.id; }
    }
    if (best) return best;
    const ndc = new THREE.Vector2((px / r.width) * 2 - 1, -(py / r.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    this.raycaster.params.Line = { threshold: 0.03 };
    const hits = this.raycaster.intersectObjects(this.rigView.pickables(), false);
    return hits[0]?.object.userData.ownerId as string | undefined;
  }

  private resize() {
    if (!this.renderer) return;
    const w = Math.max(1, this.clientWidth);
    const h = Math.max(1, this.clientHeight);
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.requestFrame();
  }

  private requestFrame() {
    if (this.frameRequested || !this.renderer) return;
    this.frameRequested = true;
    requestAnimationFrame(() => {
      this.frameRequested = false;
      this.renderNow();
    });
  }

  private renderNow() {
    this.renderer?.render(this.scene3, this.camera);
  }
}

/** Pixels from a bone's segment or an empty's origin within which a click picks it. */
const PICK_RADIUS = 16;

function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function webglAvailable(): boolean {
  try {
    const c = document.createElement('canvas');
    return Boolean(c.getContext('webgl2') ?? c.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * A curve owner's first spline as its hooks put it now, made current first (a curve no constraint
 * reads is not remade by the evaluation, but is drawn where Blender draws it); undefined for any other owner.
 */
function movedSpline(owner: RigOwner | undefined): MovedSpline | undefined {
  const hooked = owner?.curve?.hooked;
  if (!owner || !hooked) return undefined;
  updateHookedCurve(hooked, owner.final);
  return hooked;
}
