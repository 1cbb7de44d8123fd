// Deterministic community illustrations (SVG): sky, sun, clouds, hills, a senior-living building
// (one of three styles) with windows, roof and entrance, trees and a path. Colours and shapes vary with
// the community id and the photo number. Self-contained: no external references.
import { Rng } from '../../db/seed/rng';

const W = 640;
const H = 420;

const SKIES: [string, string][] = [
  ['#8ec5ea', '#e4f3fb'],
  ['#a7c8f0', '#f4f8fd'],
  ['#f6c9a8', '#fde9d6'],
  ['#b9b3e3', '#f1e6f4'],
  ['#9fd4e6', '#eef9f4'],
  ['#7fb2dc', '#d9ecf7'],
];
const WALLS = ['#f3ead8', '#e9dcc4', '#d9c2a6', '#c97f5d', '#b8c9b0', '#e6e4df', '#f1e1c9', '#cdd8e3', '#e8d3c0'];
const ROOFS = ['#5b6470', '#9c4f36', '#6b4a3a', '#3f4a55', '#7a5c48', '#455a4f'];
const TRIMS = ['#ffffff', '#f7f3ea', '#fbf7ef'];
const GREENS = ['#5f9e5a', '#4d8a58', '#6fae63', '#3f7a4f', '#7bb36f'];
const HILLS = ['#a8d08d', '#9cc98a', '#b5d89b', '#8fc07f'];
const DOORS = ['#2f5d50', '#7a3b2e', '#33465f', '#5a4636', '#2e6b5e'];
const FLOWERS = ['#f2a7b8', '#f7d46b', '#e9859c', '#ffffff', '#c8a2e8'];

const f = (v: number) => Math.round(v * 10) / 10;

function tree(rng: Rng, x: number, ground: number, scale: number): string {
  const green = rng.pick(GREENS);
  const trunk = `<rect x="${f(x - 4 * scale)}" y="${f(ground - 34 * scale)}" width="${f(8 * scale)}" height="${f(34 * scale)}" fill="#7a5a43"/>`;
  if (rng.chance(0.35)) {
    const h = 90 * scale;
    return `${trunk}<polygon points="${f(x)},${f(ground - 22 * scale - h)} ${f(x - 30 * scale)},${f(ground - 22 * scale)} ${f(x + 30 * scale)},${f(ground - 22 * scale)}" fill="${green}"/>`;
  }
  const r = (24 + rng.next() * 12) * scale;
  const cy = ground - 34 * scale - r * 0.7;
  return `${trunk}<circle cx="${f(x)}" cy="${f(cy)}" r="${f(r)}" fill="${green}"/><circle cx="${f(x - r * 0.55)}" cy="${f(cy + r * 0.3)}" r="${f(r * 0.7)}" fill="${green}"/><circle cx="${f(x + r * 0.55)}" cy="${f(cy + r * 0.25)}" r="${f(r * 0.72)}" fill="${green}" opacity="0.92"/>`;
}

function windows(rng: Rng, x: number, y: number, w: number, floors: number, cols: number, floorH: number, lit: number): string {
  const out: string[] = [];
  const gap = w / cols;
  const ww = Math.min(gap * 0.55, 30);
  const wh = floorH * 0.5;
  const glass = rng.pick(['#cfe6f5', '#d8ecf7', '#bfdcef']);
  for (let r = 0; r < floors; r++) {
    for (let c = 0; c < cols; c++) {
      const wx = x + gap * c + (gap - ww) / 2;
      const wy = y + floorH * r + (floorH - wh) / 2;
      const fill = rng.chance(lit) ? '#fbe7a1' : glass;
      out.push(`<rect x="${f(wx)}" y="${f(wy)}" width="${f(ww)}" height="${f(wh)}" rx="2" fill="${fill}" stroke="#ffffff" stroke-width="2"/>`);
    }
  }
  return out.join('');
}

export function communityIllustration(id: number, n: number): string {
  const rng = new Rng(id, `photo-${n}`);
  const [skyTop, skyBottom] = rng.pick(SKIES);
  const wall = rng.pick(WALLS);
  const roof = rng.pick(ROOFS);
  const trim = rng.pick(TRIMS);
  const door = rng.pick(DOORS);
  const ground = 330 + rng.int(-10, 10);
  const parts: string[] = [];
  parts.push(`<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#sky)"/>`);
  // Sun and clouds.
  const sunX = rng.int(60, 580);
  parts.push(`<circle cx="${sunX}" cy="${rng.int(50, 90)}" r="${rng.int(22, 34)}" fill="#fff3c4" opacity="0.95"/>`);
  for (let k = rng.int(1, 3); k > 0; k--) {
    const cx = rng.int(40, 600);
    const cy = rng.int(40, 120);
    const s = 0.7 + rng.next() * 0.6;
    parts.push(`<g fill="#ffffff" opacity="0.85"><ellipse cx="${cx}" cy="${cy}" rx="${f(34 * s)}" ry="${f(12 * s)}"/><ellipse cx="${f(cx - 16 * s)}" cy="${f(cy - 7 * s)}" rx="${f(18 * s)}" ry="${f(12 * s)}"/><ellipse cx="${f(cx + 12 * s)}" cy="${f(cy - 10 * s)}" rx="${f(20 * s)}" ry="${f(14 * s)}"/></g>`);
  }
  // Hills and lawn.
  const hill = rng.pick(HILLS);
  parts.push(`<path d="M0 ${ground - 40} Q ${rng.int(120, 220)} ${ground - 95} ${rng.int(300, 360)} ${ground - 50} T ${W} ${ground - 60} V ${H} H 0 Z" fill="${hill}" opacity="0.7"/>`);
  parts.push(`<rect y="${ground}" width="${W}" height="${H - ground}" fill="${rng.pick(['#8cc276', '#95c97e', '#84b96f'])}"/>`);
  // Background trees.
  for (let k = rng.int(2, 4); k > 0; k--) parts.push(tree(rng, rng.int(20, 620), ground - 4, 0.7));
  // Building.
  const style = (id + n) % 3;
  const floors = style === 1 ? rng.int(1, 2) : rng.int(2, 4);
  const floorH = 44;
  const bw = style === 1 ? rng.int(220, 300) : rng.int(300, 420);
  const bx = (W - bw) / 2 + rng.int(-40, 40);
  const bh = floors * floorH + 16;
  const by = ground - bh;
  if (style === 0 && rng.chance(0.7)) {
    // Side wings.
    const wingW = rng.int(70, 110);
    const wingH = bh - floorH;
    parts.push(`<rect x="${f(bx - wingW + 6)}" y="${f(ground - wingH)}" width="${wingW}" height="${wingH}" fill="${wall}" stroke="${trim}" stroke-width="3"/>`);
    parts.push(`<rect x="${f(bx + bw - 6)}" y="${f(ground - wingH)}" width="${wingW}" height="${wingH}" fill="${wall}" stroke="${trim}" stroke-width="3"/>`);
    parts.push(`<rect x="${f(bx - wingW)}" y="${f(ground - wingH - 10)}" width="${wingW + 12}" height="12" fill="${roof}"/>`);
    parts.push(`<rect x="${f(bx + bw - 12)}" y="${f(ground - wingH - 10)}" width="${wingW + 12}" height="12" fill="${roof}"/>`);
    const wf = Math.max(1, floors - 1);
    parts.push(windows(rng, bx - wingW + 14, ground - wingH + 6, wingW - 24, wf, 2, floorH, 0.15));
    parts.push(windows(rng, bx + bw + 4, ground - wingH + 6, wingW - 24, wf, 2, floorH, 0.15));
  }
  parts.push(`<rect x="${f(bx)}" y="${f(by)}" width="${bw}" height="${bh}" fill="${wall}" stroke="${trim}" stroke-width="3"/>`);
  if (style === 2) {
    parts.push(`<rect x="${f(bx - 10)}" y="${f(by - 14)}" width="${bw + 20}" height="16" rx="3" fill="${roof}"/>`);
  } else {
    const peak = style === 1 ? rng.int(70, 100) : rng.int(50, 80);
    parts.push(`<polygon points="${f(bx - 16)},${f(by + 2)} ${f(bx + bw / 2)},${f(by - peak)} ${f(bx + bw + 16)},${f(by + 2)}" fill="${roof}"/>`);
    if (rng.chance(0.6)) parts.push(`<circle cx="${f(bx + bw / 2)}" cy="${f(by - peak * 0.45)}" r="11" fill="${trim}" stroke="${roof}" stroke-width="3"/>`);
  }
  const cols = Math.max(3, Math.round(bw / 62));
  parts.push(windows(rng, bx + 10, by + 8, bw - 20, floors, cols, floorH, 0.2));
  // Entrance with awning.
  const dw = 40;
  const dx = bx + bw / 2 - dw / 2;
  parts.push(`<rect x="${f(dx - 10)}" y="${f(ground - 62)}" width="${dw + 20}" height="62" fill="${trim}"/>`);
  parts.push(`<rect x="${f(dx)}" y="${f(ground - 52)}" width="${dw}" height="52" rx="3" fill="${door}"/>`);
  parts.push(`<polygon points="${f(dx - 18)},${f(ground - 60)} ${f(dx + dw + 18)},${f(ground - 60)} ${f(dx + dw + 8)},${f(ground - 74)} ${f(dx - 8)},${f(ground - 74)}" fill="${rng.pick(['#2f6f5e', '#8a3f34', '#35506e', roof])}"/>`);
  // Path, shrubs, flowers.
  parts.push(`<polygon points="${f(dx + 2)},${ground} ${f(dx + dw - 2)},${ground} ${f(dx + dw + 40)},${H} ${f(dx - 40)},${H}" fill="#e8dcc6"/>`);
  for (let k = rng.int(4, 8); k > 0; k--) {
    const sx = rng.chance(0.5) ? rng.int(Math.round(bx), Math.round(dx - 30)) : rng.int(Math.round(dx + dw + 30), Math.round(bx + bw));
    const sr = rng.int(10, 16);
    parts.push(`<ellipse cx="${sx}" cy="${ground + 2}" rx="${sr + 4}" ry="${sr}" fill="${rng.pick(GREENS)}"/>`);
    if (rng.chance(0.6)) {
      const flower = rng.pick(FLOWERS);
      parts.push(`<circle cx="${sx - 5}" cy="${ground - 4}" r="2.5" fill="${flower}"/><circle cx="${sx + 4}" cy="${ground - 1}" r="2.5" fill="${flower}"/>`);
    }
  }
  // Foreground trees.
  for (let k = rng.int(1, 3); k > 0; k--) {
    const left = rng.chance(0.5);
    parts.push(tree(rng, left ? rng.int(15, Math.max(20, Math.round(bx - 30))) : rng.int(Math.min(620, Math.round(bx + bw + 30)), 625), ground + rng.int(8, 30), 1 + rng.next() * 0.3));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="Illustration of a senior living community"><title>Community photo ${n}</title>${parts.join('')}</svg>`;
}
