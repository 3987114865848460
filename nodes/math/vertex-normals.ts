// A mesh's vertex normals as Blender recomputes them after a modifier moved its vertices
// (mesh_calc_normals_poly_and_vertex): each polygon's normal by Newell's method (+Z when it has
// none), added to each of its corners' vertices weighted by the polygon's angle at that corner,
// and the sums normalized; a vertex whose sum has no direction takes its own position's.
import { normalize3, safeAcos } from './vector';

const polygonNormal = new Float64Array(3);
const toPrevious = new Float64Array(3);
const toNext = new Float64Array(3);
const v = new Float64Array(3);

/**
 * Writes into `out` (xyz per vertex) the normals of vertices `positions` (xyz per vertex) around
 * the polygons given as loops of vertex numbers: polygon k's corners are
 * `corners[starts[k] .. starts[k + 1])`. A vertex is complete only when every polygon around it
 * is given; the others' normals are partial sums. `polygonNormals`, when given, takes each polygon's
 * unit normal (xyz per polygon): a flat face's normal at every corner.
 */
export function vertexNormals(out: Float64Array, positions: Float64Array, starts: Uint32Array, corners: Uint32Array, polygonNormals?: Float64Array): Float64Array {
  for (let i = 0; i < out.length; i++) out[i] = 0;
  for (let k = 0; k + 1 < starts.length; k++) {
    const first = starts[k], end = starts[k + 1];
    newellNormal(positions, corners, first, end);
    if (polygonNormals) { polygonNormals[3 * k] = polygonNormal[0]; polygonNormals[3 * k + 1] = polygonNormal[1]; polygonNormals[3 * k + 2] = polygonNormal[2]; }
    // Each edge made unit once and used at both its corners, as Blender does: the edge into a corner
    // is the one out of the corner before, turned round (exactly: a − b is −(b − a)).
    edge(toNext, positions, corners[first], corners[end - 1]);
    for (let c = first; c < end; c++) {
      const cur = corners[c], next = corners[c + 1 === end ? first : c + 1];
      toPrevious[0] = -toNext[0]; toPrevious[1] = -toNext[1]; toPrevious[2] = -toNext[2];
      edge(toNext, positions, next, cur);
      // The polygon's angle at this corner (Blender's saacos of the unit edges' dot product).
      const angle = safeAcos(toPrevious[0] * toNext[0] + toPrevious[1] * toNext[1] + toPrevious[2] * toNext[2]);
      out[3 * cur] += polygonNormal[0] * angle;
      out[3 * cur + 1] += polygonNormal[1] * angle;
      out[3 * cur + 2] += polygonNormal[2] * angle;
    }
  }
  for (let i = 0; 3 * i < out.length; i++) {
    v[0] = out[3 * i]; v[1] = out[3 * i + 1]; v[2] = out[3 * i + 2];
    if (!normalize3(v, v)) {
      v[0] = positions[3 * i]; v[1] = positions[3 * i + 1]; v[2] = positions[3 * i + 2];
      normalize3(v, v);
    }
    out[3 * i] = v[0]; out[3 * i + 1] = v[1]; out[3 * i + 2] = v[2];
  }
  return out;
}

/** polygonNormal ← the unit normal of the polygon's corners [first, end) by Newell's method; +Z when it has none. */
function newellNormal(positions: Float64Array, corners: Uint32Array, first: number, end: number): void {
  let x = 0, y = 0, z = 0;
  let a = 3 * corners[end - 1];
  for (let c = first; c < end; c++) {
    const b = 3 * corners[c];
    // Blender's add_newell_cross_v3_v3v3.
    x += (positions[a + 1] - positions[b + 1]) * (positions[a + 2] + positions[b + 2]);
    y += (positions[a + 2] - positions[b + 2]) * (positions[a] + positions[b]);
    z += (positions[a] - positions[b]) * (positions[a + 1] + positions[b + 1]);
    a = b;
  }
  polygonNormal[0] = x; polygonNormal[1] = y; polygonNormal[2] = z;
  if (!normalize3(polygonNormal, polygonNormal)) { polygonNormal[0] = 0; polygonNormal[1] = 0; polygonNormal[2] = 1; }
}

/** out ← the unit vector from vertex `to` towards vertex `from` (zero when they meet). */
function edge(out: Float64Array, positions: Float64Array, from: number, to: number): void {
  out[0] = positions[3 * from] - positions[3 * to];
  out[1] = positions[3 * from + 1] - positions[3 * to + 1];
  out[2] = positions[3 * from + 2] - positions[3 * to + 2];
  normalize3(out, out);
}
