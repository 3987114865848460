// The scene drawn the way Blender draws it: bones as octahedra from head to tail, empties as plain
// axes, curves as lines. Built once per scene; `update` copies the evaluated matrices in place, and
// redraws a curve whose points hooks move where they put them now.
import * as THREE from 'three';
import type { SceneDocument, SceneMesh } from '../../runtime/rig/scene/types';

export interface OwnerVisual {
  id: string;
  kind: 'bone' | 'empty' | 'curve' | 'armature';
  /** What carries the owner's world matrix. */
  root: THREE.Object3D;
  /** Meshes a click can hit. */
  pickables: THREE.Object3D[];
  /** Bone length: the octahedron is scaled by it. */
  length: number;
  /** Materials to tint when selected. */
  tint: THREE.Material[];
}

/** A curve's first spline as its hooks put it now (nodes/math/hooked-curve.ts): its path points, and how many times they have been moved. */
export interface MovedSpline {
  points: Float64Array;
  moves: number;
}

/** A curve's first-spline line, redrawn when its hooks move it. */
interface CurveLine {
  geometry: THREE.BufferGeometry;
  moves: number;
}

const BONE = new THREE.Color('#d3d6dc');
const BONE_SELECTED = new THREE.Color('#4b8dff');
const BONE_CONSTRAINED = new THREE.Color('#7fb2a0');
/** The owner under the pointer: what a click would pick. */
const HOVERED = new THREE.Color('#ffd166');
const EMPTY_HANDLE = new THREE.Color('#f0a94a');

/** A unit bone: head at the origin, tail at +Y 1, widest 0.1 along with half-width 0.1. */
function boneGeometry(): THREE.BufferGeometry {
  const w = 0.1;
  const v = [
    [0, 0, 0], [w, w, w], [w, w, -w], [-w, w, -w], [-w, w, w], [0, 1, 0],
  ];
  // Widest ring at y = 0.1 (x/z at ±0.1), a square cross-section like Blender's octahedral bone.
  v[1] = [w, 0.1, 0]; v[2] = [0, 0.1, -w]; v[3] = [-w, 0.1, 0]; v[4] = [0, 0.1, w];
  const faces = [[0, 2, 1], [0, 3, 2], [0, 4, 3], [0, 1, 4], [5, 1, 2], [5, 2, 3], [5, 3, 4], [5, 4, 1]];
  const pos: number[] = [];
  for (const f of faces) for (const i of f) pos.push(...v[i]);
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(pos, 3));
  g.computeVertexNormals();
  return g;
}

function axesGeometry(size: number): THREE.BufferGeometry {
  const p = [-size, 0, 0, size, 0, 0, 0, -size, 0, 0, size, 0, 0, 0, -size, 0, 0, size];
  const c = [0.9, 0.3, 0.3, 0.9, 0.3, 0.3, 0.4, 0.85, 0.35, 0.4, 0.85, 0.35, 0.35, 0.55, 0.95, 0.35, 0.55, 0.95];
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(p, 3));
  g.setAttribute('color', new THREE.Float32BufferAttribute(c, 3));
  return g;
}

export class RigView {
  readonly group = new THREE.Group();
  readonly visuals = new Map<string, OwnerVisual>();
  private readonly boneGeo = boneGeometry();
  private readonly boneEdges = new THREE.EdgesGeometry(this.boneGeo);
  private readonly axesGeo = axesGeometry(0.25);
  private readonly handleGeo = new THREE.OctahedronGeometry(0.035);
  private readonly lengthScale = new THREE.Matrix4();
  private readonly curveLines = new Map<string, CurveLine>();

  constructor(scene: SceneDocument) {
    this.group.name = 'rig';
    for (const o of scene.objects) {
      if (o.type === 'ARMATURE') {
        const root = new THREE.Object3D();
        root.matrixAutoUpdate = false;
        this.group.add(root);
        this.visuals.set(o.name, { id: o.name, kind: 'armature', root, pickables: [], length: 0, tint: [] });
        for (const b of o.bones ?? []) this.addBone(`${o.name}/${b.name}`, b.length);
      } else if (o.type === 'EMPTY') {
        this.addEmpty(o.name);
        if (o.mesh) this.addSurface(o.name, o.mesh);
      } else if (o.type === 'CURVE') {
        this.addCurve(o.name, o.curve?.splines ?? []);
      }
    }
  }

  private addBone(id: string, length: number) {
    const material = new THREE.MeshStandardMaterial({ color: BONE, roughness: 0.65, metalness: 0.0, flatShading: true, emissive: '#2a2c30' });
    const mesh = new THREE.Mesh(this.boneGeo, material);
    const edges = new THREE.LineSegments(this.boneEdges, new THREE.LineBasicMaterial({ color: '#101214' }));
    const root = new THREE.Object3D();
    root.matrixAutoUpdate = false;
    root.add(mesh, edges);
    mesh.userData.ownerId = id;
    this.group.add(root);
    this.visuals.set(id, { id, kind: 'bone', root, pickables: [mesh], length, tint: [material] });
  }

  private addEmpty(id: string) {
    const root = new THREE.Object3D();
    root.matrixAutoUpdate = false;
    const axes = new THREE.LineSegments(this.axesGeo, new THREE.LineBasicMaterial({ vertexColors: true }));
    const material = new THREE.MeshBasicMaterial({ color: EMPTY_HANDLE });
    const handle = new THREE.Mesh(this.handleGeo, material);
    handle.userData.ownerId = id;
    root.add(axes, handle);
    this.group.add(root);
    this.visuals.set(id, { id, kind: 'empty', root, pickables: [handle], length: 0, tint: [material] });
  }

  /** A mesh's surface (a Shrinkwrap target), drawn faint under its empty; picking stays on the empty's handle. */
  private addSurface(id: string, mesh: SceneMesh) {
    const root = this.visuals.get(id)?.root;
    if (!root) return;
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.Float32BufferAttribute(mesh.vertices, 3));
    g.setIndex(mesh.triangles);
    g.computeVertexNormals();
    const surface = new THREE.Mesh(g, new THREE.MeshStandardMaterial({ color: '#7d8b99', transparent: true, opacity: 0.35, roughness: 0.9, side: THREE.DoubleSide, depthWrite: false }));
    const wire = new THREE.LineSegments(new THREE.WireframeGeometry(g), new THREE.LineBasicMaterial({ color: '#56616c', transparent: true, opacity: 0.5 }));
    root.add(surface, wire);
  }

  private addCurve(id: string, splines: { points: number[][]; cyclic?: boolean }[]) {
    const root = new THREE.Object3D();
    root.matrixAutoUpdate = false;
    const pickables: THREE.Object3D[] = [];
    const material = new THREE.LineBasicMaterial({ color: '#36c9a4' });
    for (const s of splines) {
      const g = new THREE.BufferGeometry().setFromPoints(s.points.map((p) => new THREE.Vector3(p[0], p[1], p[2])));
      if (s === splines[0]) this.curveLines.set(id, { geometry: g, moves: -1 });
      const line = s.cyclic ? new THREE.LineLoop(g, material) : new THREE.Line(g, material);
      line.userData.ownerId = id;
      root.add(line);
      pickables.push(line);
    }
    this.group.add(root);
    this.visuals.set(id, { id, kind: 'curve', root, pickables, length: 0, tint: [material] });
  }

  /**
   * Copies every owner's evaluated world matrix into its visual, and redraws the first spline of each
   * curve `movedSplineOf` gives points for (a curve its hooks move) when they have moved since.
   */
  update(matrixOf: (id: string) => ArrayLike<number> | undefined, movedSplineOf?: (id: string) => MovedSpline | undefined): void {
    if (movedSplineOf) for (const [id, line] of this.curveLines) redrawSpline(line, movedSplineOf(id));
    for (const v of this.visuals.values()) {
      const m = matrixOf(v.id);
      if (!m) continue;
      const target = v.root.matrix;
      for (let i = 0; i < 16; i++) target.elements[i] = m[i];
      if (v.kind === 'bone') {
        const l = v.length;
        this.lengthScale.makeScale(l, l, l);
        target.multiply(this.lengthScale);
      }
      v.root.matrixWorldNeedsUpdate = true;
    }
  }

  /** Tints selected owners, the hovered one, and owners that have a constraint stack. */
  highlight(selected: ReadonlySet<string>, constrained: ReadonlySet<string>, hovered = ''): void {
    for (const v of this.visuals.values()) {
      for (const m of v.tint) {
        const color = (m as THREE.MeshStandardMaterial).color;
        if (!color) continue;
        if (v.id === hovered && !selected.has(v.id) && v.kind !== 'curve') { color.copy(HOVERED); continue; }
        if (v.kind === 'bone') color.copy(selected.has(v.id) ? BONE_SELECTED : constrained.has(v.id) ? BONE_CONSTRAINED : BONE);
        else if (v.kind === 'empty') color.copy(selected.has(v.id) ? BONE_SELECTED : EMPTY_HANDLE);
        else if (v.kind === 'curve') color.set(selected.has(v.id) ? '#4b8dff' : '#36c9a4');
      }
    }
  }

  /** Draws bones over everything (a character's mesh would hide them), half transparent. */
  setInFront(inFront: boolean): void {
    for (const v of this.visuals.values()) {
      if (v.kind !== 'bone') continue;
      v.root.traverse((o) => {
        const m = (o as THREE.Mesh).material as THREE.Material | undefined;
        if (!m) return;
        m.depthTest = !inFront;
        m.transparent = inFront;
        m.opacity = inFront ? 0.55 : 1;
        o.renderOrder = inFront ? 10 : 0;
      });
    }
  }

  pickables(): THREE.Object3D[] {
    return [...this.visuals.values()].flatMap((v) => v.pickables);
  }

  /** World-space box around the bones and empties (curves only when there is nothing else), for framing. */
  bounds(): THREE.Box3 {
    this.group.updateMatrixWorld(true);
    const box = new THREE.Box3();
    for (const v of this.visuals.values()) if (v.kind === 'bone' || v.kind === 'empty') box.expandByObject(v.root);
    if (box.isEmpty()) for (const v of this.visuals.values()) if (v.kind === 'curve') box.expandByObject(v.root);
    return box;
  }

  dispose(): void {
    this.boneGeo.dispose();
    this.boneEdges.dispose();
    this.axesGeo.dispose();
    this.handleGeo.dispose();
    this.group.traverse((o) => {
      const m = (o as THREE.Mesh).material;
      if (m && !Array.isArray(m)) m.dispose();
      if ((o as THREE.Line).isLine && (o as THREE.Line).geometry !== this.axesGeo && (o as THREE.Line).geometry !== this.boneEdges) (o as THREE.Line).geometry.dispose();
    });
  }
}

/** Rewrites a curve line's points from where its hooks put them, when they moved since the last time. */
function redrawSpline(line: CurveLine, moved: MovedSpline | undefined): void {
  if (!moved || moved.moves === line.moves) return;
  const position = line.geometry.getAttribute('position');
  if (position.count * 3 !== moved.points.length) return;
  for (let i = 0; i < moved.points.length; i++) (position.array as Float32Array)[i] = moved.points[i];
  position.needsUpdate = true;
  line.geometry.computeBoundingSphere();
  line.moves = moved.moves;
}
