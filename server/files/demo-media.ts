/**
 * The demo's pictures and its one document, drawn at seed time (no downloaded images): avatars
 * for some demo accounts, the brand logo, three workshop pictures for the community page's file
 * list, and a one-page PDF of the workshop rules. SVG shapes are rasterised by sharp and stored
 * through the file store like any upload, under the fixed ids that server/demo/*.json name.
 */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { resolveImageOptions } from '../../engine/core/files';
import type { FileStore } from './store';

/** The ids the demo JSON names (Maya and Victor keep their initials: the avatar tests give them pictures); also profiles' avatar, brand 1's logoId, the viewFiles and downloadFile blocks. */
export const DEMO_MEDIA = {
  logo: '0d3e0000-0000-4000-8000-00000000000a',
  avatars: {
    admin: '0d3e0000-0000-4000-8000-000000000a01',
    elena: '0d3e0000-0000-4000-8000-000000000a04',
    amara: '0d3e0000-0000-4000-8000-000000000a05',
    bruno: '0d3e0000-0000-4000-8000-000000000a06',
    chloe: '0d3e0000-0000-4000-8000-000000000a07',
  } as Record<string, string>,
  pictures: {
    woodwork: '0d3e0000-0000-4000-8000-000000000b01',
    electronics: '0d3e0000-0000-4000-8000-000000000b02',
    textiles: '0d3e0000-0000-4000-8000-000000000b03',
  } as Record<string, string>,
  rules: '0d3e0000-0000-4000-8000-000000000c01',
} as const;

const AVATAR_COLOURS: Record<string, [string, string, string]> = {
  admin: ['#0f4c5c', '#5f9ea0', '#f4d35e'],
  elena: ['#6a4c93', '#c77dff', '#2b2d42'],
  amara: ['#2b8a3e', '#8ce99a', '#3b2417'],
  bruno: ['#c92a2a', '#ffa8a8', '#e9c46a'],
  chloe: ['#1864ab', '#74c0fc', '#a0522d'],
};

/** A head and shoulders on a two-tone background: a face for each demo account. */
function avatarSvg([background, light, hair]: [string, string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="${background}"/>
  <circle cx="200" cy="40" r="90" fill="${light}" opacity="0.35"/>
  <ellipse cx="128" cy="250" rx="92" ry="74" fill="${light}"/>
  <circle cx="128" cy="112" r="50" fill="#f1d3b8"/>
  <path d="M78 108 q4 -58 50 -58 q46 0 50 58 q-18 -26 -50 -28 q-32 2 -50 28z" fill="${hair}"/>
</svg>`;
}

/** The brand logo: a gear over a river wave, with the community's initials. */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160" viewBox="0 0 480 160">
  <rect width="480" height="160" rx="24" fill="#0f4c5c"/>
  <g transform="translate(80 80)" fill="#e36414">
    ${Array.from({ length: 8 }, (_, i) => `<rect x="-10" y="-58" width="20" height="26" rx="4" transform="rotate(${i * 45})"/>`).join('')}
    <circle r="40"/>
    <circle r="16" fill="#0f4c5c"/>
  </g>
  <path d="M150 104 q25 -20 50 0 t50 0 t50 0 t50 0 t50 0 t50 0" stroke="#e6f1f3" stroke-width="10" fill="none"/>
  <path d="M150 68 h260" stroke="#e6f1f3" stroke-width="14" stroke-linecap="round"/>
</svg>`;

/** Workshop pictures: a bench with a tool, drawn in each group's colours. */
function pictureSvg(kind: string): string {
  const palette: Record<string, [string, string, string]> = {
    woodwork: ['#f4e1c1', '#8b5a2b', '#5a3e1b'],
    electronics: ['#dbe9f6', '#2f9e44', '#1c3d5a'],
    textiles: ['#fbe3ef', '#c2255c', '#5f3dc4'],
  };
  const [sky, main, dark] = palette[kind];
  const tool =
    kind === 'woodwork'
      ? `<rect x="560" y="250" width="60" height="220" rx="10" fill="${dark}"/><rect x="500" y="200" width="180" height="70" rx="12" fill="#adb5bd"/>`
      : kind === 'electronics'
        ? `<rect x="470" y="300" width="300" height="170" rx="12" fill="${main}"/>${Array.from({ length: 6 }, (_, i) => `<circle cx="${510 + i * 45}" cy="385" r="12" fill="#ffd43b"/>`).join('')}`
        : `<circle cx="620" cy="360" r="110" fill="${main}"/><circle cx="620" cy="360" r="30" fill="${sky}"/><path d="M700 300 q120 -80 200 20" stroke="${dark}" stroke-width="10" fill="none"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <rect width="1200" height="675" fill="${sky}"/>
  <circle cx="1020" cy="140" r="80" fill="#ffffff" opacity="0.6"/>
  <rect x="0" y="470" width="1200" height="205" fill="${dark}"/>
  <rect x="200" y="450" width="800" height="40" rx="8" fill="${main}"/>
  <rect x="240" y="490" width="30" height="160" fill="${main}"/><rect x="930" y="490" width="30" height="160" fill="${main}"/>
  ${tool}
</svg>`;
}

/** A one-page PDF (hand-written objects, offsets computed) with the workshop rules. */
function rulesPdf(): Buffer {
  const lines = [
    'Riverside Makers: workshop rules',
    'Wear eye protection at every machine.',
    'Book the laser cutter a day ahead.',
    'Leave each bench as you found it.',
  ];
  const text = lines.map((l, i) => `BT /F1 ${i ? 14 : 20} Tf 72 ${720 - i * 32} Td (${l}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface DemoFile {
  id: string;
  name: string;
  owner: string;
  bytes: () => Promise<Buffer>;
  isAsset?: boolean;
  contextId?: string;
  type?: 'png' | 'jpeg';
  title?: string;
  description?: string;
}

/** The demo pictures' titles and descriptions: the uploader's words (data, not labels: not translated). */
export const PICTURE_TEXT: Record<string, [string, string]> = {
  woodwork: ['Woodwork bench', 'The joinery bench, with the pillar drill behind it.'],
  electronics: ['Electronics bench', 'Soldering stations and the parts drawers.'],
  textiles: ['Textiles table', 'The big table, the sewing machines and the thread wall.'],
};

const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

function demoFiles(): DemoFile[] {
  return [
    {
      id: DEMO_MEDIA.logo,
      name: 'riverside-makers-logo.png',
      owner: 'admin',
      bytes: () => png(LOGO_SVG),
      isAsset: true,
      contextId: 'brand:1:logo',
      type: 'png',
    },
    ...Object.entries(DEMO_MEDIA.avatars).map(([account, id]) => ({
      id,
      name: `${account}.jpg`,
      owner: account,
      bytes: () => png(avatarSvg(AVATAR_COLOURS[account])),
      contextId: 'avatar',
    })),
    ...Object.entries(DEMO_MEDIA.pictures).map(([kind, id]) => ({
      id,
      name: `${kind}-bench.jpg`,
      owner: 'admin',
      bytes: () => png(pictureSvg(kind)),
      isAsset: true,
      title: PICTURE_TEXT[kind][0],
      description: PICTURE_TEXT[kind][1],
    })),
    { id: DEMO_MEDIA.rules, name: 'workshop-rules.pdf', owner: 'admin', bytes: async () => rulesPdf(), isAsset: true, title: 'Workshop rules' },
  ];
}

/** Stores every demo file the files table lacks (so a second process or a restart adds nothing); returns how many it stored. */
export async function seedDemoMedia(files: FileStore): Promise<number> {
  const wanted = demoFiles();
  const present = new Set((await files.getMany(wanted.map((f) => f.id))).map((f) => f.id));
  const missing = wanted.filter((f) => !present.has(f.id));
  await Promise.all(
    missing.map(async (file) =>
      files
        .receive(
          { stream: Readable.from([await file.bytes()]), filename: file.name },
          {
            id: file.id,
            ownerId: file.owner,
            claimed: true,
            isAsset: file.isAsset,
            contextId: file.contextId ?? null,
            image: resolveImageOptions({ quality: 0.85, type: file.type }),
          },
        )
        .then(() => (file.title ? files.update(file.id, { title: file.title, description: file.description ?? '' }) : undefined))
        // Another process storing the same id first is not a failure.
        .catch(async (error: unknown) => {
          if (!(await files.get(file.id))) throw error;
        }),
    ),
  );
  return missing.length;
}
