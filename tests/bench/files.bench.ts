import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { makeThumbnail } from '../../server/files/images';
import { signInAt } from '../helpers/api-server';
import { freePort, startServer } from '../helpers/server-process';
import { testJpeg } from '../helpers/uploads';
import { defineBenches, measure, quick, round, rpsLine, summarise } from './harness';
import { pairRatio, pairs, pinApart, type Pinning } from './http-load';

// files.thumbnail: making one 500-wide thumbnail from a 2880x1620 jpeg (CPU time, min / median),
// and requests per second serving that cached thumbnail through the media route (token checked,
// as the app asks for it) vs @fastify/static serving the same bytes from disk, both servers
// pinned to one CPU and autocannon to another where taskset exists, a warm-up pair then measured
// pairs back to back, the order swapped pair by pair (tests/bench/http-load.ts); rps best /
// median, ratio the median of the pairs' ratios (goal: at least 0.7).
// files.upload: the server's resident memory while a 10 MB upload streams in: the peak sampled
// during each upload over the resident memory just before it (goal: under 5 MB growth, for the
// largest run). The server is warmed up by one small upload only (the route's lazily loaded code);
// every 10 MB upload after it is measured, the first included: median / min / max over the runs.
// The server forces no collection: the chunk buffers the HTTP parser copies are garbage once
// written (the upload streams with backpressure) and go at V8's next collection, which an
// otherwise idle server may not run during an upload, so the largest run can reach the upload's size.
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? (quick ? 1 : 2));
const RUNS = quick ? 5 : 9;
const UPLOAD_RUNS = 7;
const WARMUP = 1;

async function staticServer(dir: string): Promise<{ url: string; pid: number; stop(): void }> {
  const port = await freePort();
  const code = `const f=require('fastify')();f.register(require('@fastify/static'),{root:${JSON.stringify(dir)}});f.listen({port:${port},host:'127.0.0.1'}).then(()=>console.log('ready'))`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

async function uploadTo(url: string, token: string, name: string, body: Buffer, route = 'files/uploadImage'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)]), name);
  const res = await fetch(`${url}/api/v1/${route}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { fileIds: string[] }).fileIds[0];
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

export default defineBenches([
  {
    name: 'files.thumbnail',
    async run() {
      const photo = await sharp(await testJpeg(2880, 1620))
        .jpeg({ quality: 90 })
        .toBuffer();
      const make = await measure({ make: () => makeThumbnail(photo, { width: 500, focal: { x: 50, y: 50 }, png: false }) }, { runs: 7, warmup: 2 });
      const server = await startServer();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-static-'));
      let baseline: Awaited<ReturnType<typeof staticServer>> | undefined;
      let pinning: Pinning | undefined;
      try {
        const jwt = await signInAt(server.url, 'maya');
        const id = await uploadTo(server.url, jwt, 'photo.jpg', photo);
        const { token } = (await (await fetch(`${server.url}/api/v1/user/image_access_token`, { headers: { authorization: `Bearer ${jwt}` } })).json()) as {
          token: string;
        };
        const mediaUrl = `${server.url}/api/v1/image/${id}?token=${encodeURIComponent(token)}&width=500`;
        const thumb = Buffer.from(await (await fetch(mediaUrl)).arrayBuffer());
        fs.writeFileSync(path.join(dir, 'thumb.jpg'), thumb);
        baseline = await staticServer(dir);
        const staticUrl = `${baseline.url}/thumb.jpg`;
        pinning = pinApart([server.process.pid!, baseline.pid]);
        const p = await pairs(
          { url: mediaUrl, pid: server.process.pid! },
          { url: staticUrl, pid: baseline.pid },
          { connections: CONNECTIONS, durationS: DURATION_S, warmup: WARMUP, runs: RUNS },
        );
        const rpsOf = (runs: typeof p.ours) =>
          summarise(
            runs.map((r) => r.rps),
            'wall',
          );
        return [
          rpsLine('files.thumbnail', {}, rpsOf(p.ours), rpsOf(p.peer), {
            ratio: pairRatio(p),
            baseline: '@fastify/static',
            pinned: pinning.pinned,
            makeMs: round(make.make.median, 1),
            makeMinMs: round(make.make.min, 1),
            thumbBytes: thumb.length,
          }),
        ];
      } finally {
        pinning?.release();
        baseline?.stop();
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'files.upload',
    async run() {
      const server = await startServer();
      try {
        const jwt = await signInAt(server.url, 'maya');
        // A 10 MB PDF-signature file: a document is stored as it streams (no image decoding).
        const bytes = 10 * 1024 * 1024;
        const body = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 32)]);
        // Warm the route so lazily loaded code is not counted as upload memory.
        const warm = Buffer.from('%PDF-1.4\n%%EOF\n');
        await uploadTo(server.url, jwt, 'warm.pdf', warm, 'files/upload');
        const pid = server.process.pid!;
        const growth: number[] = [];
        for (let run = 0; run < UPLOAD_RUNS; run++) {
          // Let the server settle (the previous upload's buffers freed) before taking the base.
          await new Promise((r) => setTimeout(r, 500));
          const before = rssMb(pid);
          let peak = before;
          const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 5);
          try {
            await uploadTo(server.url, jwt, `big-${run}.pdf`, body, 'files/upload');
          } finally {
            clearInterval(sampler);
          }
          peak = Math.max(peak, rssMb(pid));
          growth.push(peak - before);
        }
        const figures = summarise(growth, 'wall');
        return [
          {
            bench: 'files.upload',
            bytes,
            rssGrowthMb: round(figures.median, 1),
            minRssGrowthMb: round(figures.min, 1),
            maxRssGrowthMb: round(Math.max(...growth), 1),
            warmup: `one ${warm.length}-byte upload`,
            runs: figures.runs,
          },
        ];
      } finally {
        await server.stop();
      }
    },
  },
]);
