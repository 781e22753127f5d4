import sharp from 'sharp';
import type { MediaResult, Model3dFormat } from '../types';

const GRID = 32;

interface Mesh {
  positions: Float32Array;
  colours: Float32Array;
  indices: Uint16Array;
  min: [number, number, number];
  max: [number, number, number];
}

/**
 * A 3D model from an image: a relief (height field) whose height follows the image's luminance
 * and whose vertex colours are the image's colours, written as real binary glTF 2.0 (GLB),
 * glTF JSON with an embedded buffer, or Wavefront OBJ.
 */
export async function localModel3d(image: Buffer, format: Model3dFormat): Promise<MediaResult> {
  const mesh = await heightField(image);
  if (format === 'obj') return { data: Buffer.from(toObj(mesh)), mime: 'model/obj' };
  const { json, bin } = toGltf(mesh);
  if (format === 'gltf') {
    json.buffers = [{ byteLength: bin.length, uri: `data:application/octet-stream;base64,${bin.toString('base64')}` }];
    return { data: Buffer.from(JSON.stringify(json)), mime: 'model/gltf+json' };
  }
  return { data: toGlb(json, bin), mime: 'model/gltf-binary' };
}

async function heightField(image: Buffer): Promise<Mesh> {
  const { data, info } = await sharp(image).removeAlpha().resize(GRID, GRID, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const n = GRID * GRID;
  const positions = new Float32Array(n * 3);
  const colours = new Float32Array(n * 3);
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let y = 0; y < GRID; y++) {
    for (let x = 0; x < GRID; x++) {
      const i = y * GRID + x;
      const p = i * info.channels;
      const [r, g, b] = [data[p]! / 255, data[p + 1]! / 255, data[p + 2]! / 255];
      const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      const v = [x / (GRID - 1) - 0.5, lum * 0.3, y / (GRID - 1) - 0.5];
      for (let c = 0; c < 3; c++) {
        positions[i * 3 + c] = v[c]!;
        min[c] = Math.min(min[c]!, v[c]!);
        max[c] = Math.max(max[c]!, v[c]!);
      }
      colours.set([r, g, b], i * 3);
    }
  }
  const indices = new Uint16Array((GRID - 1) * (GRID - 1) * 6);
  let k = 0;
  for (let y = 0; y < GRID - 1; y++) {
    for (let x = 0; x < GRID - 1; x++) {
      const a = y * GRID + x;
      const b = a + 1;
      const c = a + GRID;
      const d = c + 1;
      indices.set([a, c, b, b, c, d], k);
      k += 6;
    }
  }
  // Float32 rounding can move min/max by an ulp; store the values the buffer really holds.
  return { positions, colours, indices, min: min.map(Math.fround) as Mesh['min'], max: max.map(Math.fround) as Mesh['max'] };
}

type GltfJson = Record<string, unknown> & { buffers?: unknown[] };

function toGltf(mesh: Mesh): { json: GltfJson; bin: Buffer } {
  const parts = [Buffer.from(mesh.positions.buffer), Buffer.from(mesh.colours.buffer), Buffer.from(mesh.indices.buffer)];
  const views: Array<{ buffer: 0; byteOffset: number; byteLength: number; target: number }> = [];
  let offset = 0;
  const chunks: Buffer[] = [];
  parts.forEach((part, i) => {
    views.push({ buffer: 0, byteOffset: offset, byteLength: part.length, target: i === 2 ? 34963 : 34962 });
    const padded = pad(part, 4, 0);
    chunks.push(padded);
    offset += padded.length;
  });
  const vertexCount = mesh.positions.length / 3;
  const json: GltfJson = {
    asset: { version: '2.0', generator: 'atelier local provider' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: 'relief' }],
    meshes: [{ name: 'relief', primitives: [{ attributes: { POSITION: 0, COLOR_0: 1 }, indices: 2, mode: 4 }] }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: vertexCount, type: 'VEC3', min: mesh.min, max: mesh.max },
      { bufferView: 1, componentType: 5126, count: vertexCount, type: 'VEC3' },
      { bufferView: 2, componentType: 5123, count: mesh.indices.length, type: 'SCALAR' },
    ],
    bufferViews: views,
  };
  const bin = Buffer.concat(chunks);
  json.buffers = [{ byteLength: bin.length }];
  return { json, bin };
}

function toGlb(json: GltfJson, bin: Buffer): Buffer {
  const jsonChunk = pad(Buffer.from(JSON.stringify(json)), 4, 0x20);
  const binChunk = pad(bin, 4, 0);
  const total = 12 + 8 + jsonChunk.length + 8 + binChunk.length;
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0); // 'glTF'
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  const chunkHeader = (length: number, type: number) => {
    const b = Buffer.alloc(8);
    b.writeUInt32LE(length, 0);
    b.writeUInt32LE(type, 4);
    return b;
  };
  return Buffer.concat([header, chunkHeader(jsonChunk.length, 0x4e4f534a), jsonChunk, chunkHeader(binChunk.length, 0x004e4942), binChunk]);
}

function toObj(mesh: Mesh): string {
  const lines = ['# atelier local provider: relief from image'];
  for (let i = 0; i < mesh.positions.length; i += 3) {
    const p = mesh.positions;
    const c = mesh.colours;
    lines.push(`v ${p[i]!.toFixed(5)} ${p[i + 1]!.toFixed(5)} ${p[i + 2]!.toFixed(5)} ${c[i]!.toFixed(4)} ${c[i + 1]!.toFixed(4)} ${c[i + 2]!.toFixed(4)}`);
  }
  for (let i = 0; i < mesh.indices.length; i += 3) {
    lines.push(`f ${mesh.indices[i]! + 1} ${mesh.indices[i + 1]! + 1} ${mesh.indices[i + 2]! + 1}`);
  }
  return lines.join('\n') + '\n';
}

function pad(buf: Buffer, align: number, fill: number): Buffer {
  const extra = (align - (buf.length % align)) % align;
  return extra === 0 ? buf : Buffer.concat([buf, Buffer.alloc(extra, fill)]);
}
