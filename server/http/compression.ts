/**
 * Response compression. @fastify/compress turns every answer it compresses into a stream pipeline
 * (a readable from the string, peek-stream, a zlib stream, chunked transfer): on this server that
 * cost 0.6 ms (gzip) to 1 ms (brotli) of CPU per JSON answer, more than the answer itself. One
 * synchronous zlib call compresses a few kilobytes in 30–50 µs, so answers already in memory and
 * up to SYNC_LIMIT_BYTES are compressed here, whole, with a Content-Length; streams (the built
 * app's files, which are precompressed anyway) and larger bodies are left to the plugin, whose
 * streams keep a big body's compression off the event loop.
 */
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** below this an answer fits a packet or two, and compressing it saves nothing worth the CPU */
export const THRESHOLD_BYTES = 1024;
/** compressing this much synchronously costs well under a millisecond */
export const SYNC_LIMIT_BYTES = 64 * 1024;
const BROTLI_QUALITY = 5;

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

const COMPRESS_WHOLE: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => zlib.gzipSync(body),
};

function isTextual(contentType: unknown): boolean {
  if (typeof contentType !== 'string') return false;
  const type = contentType.split(';', 1)[0].trim().toLowerCase();
  return type === 'application/json' || type.startsWith('text/');
}

function addVary(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('vary');
  const values = typeof current === 'string' ? current.split(',').map((value) => value.trim()).filter(Boolean) : [];
  if (values.includes('*') || values.some((value) => value.toLowerCase() === header.toLowerCase())) return;
  reply.header('vary', [...values, header].join(', '));
}

/** The encoding this request takes, of br and gzip; anything else is left to the plugin. */
function chosenEncoding(request: FastifyRequest): Encoding | null {
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string' || request.headers['x-no-compression'] !== undefined) return null;
  return negotiate<Encoding>(accepted.toLowerCase(), [...ENCODINGS]);
}

function compressWhole(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const encoding = reply.getHeader('content-encoding');
  if (encoding !== undefined && encoding !== 'identity') return payload;
  if (!isTextual(reply.getHeader('content-type'))) return payload;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (body.length < THRESHOLD_BYTES || body.length > SYNC_LIMIT_BYTES) return payload;
  const chosen = chosenEncoding(request);
  // the answer differs by Accept-Encoding from here on, whether this client gets it compressed or not
  addVary(reply, 'Accept-Encoding');
  if (!chosen) return payload;
  reply.header('content-encoding', chosen);
  reply.removeHeader('content-length');
  return COMPRESS_WHOLE[chosen](body);
}

export function registerCompression(app: FastifyInstance): void {
  // app-wide onSend hooks run before the plugin's, which lets an answer it finds already encoded pass
  app.addHook('onSend', async (request, reply, payload) => compressWhole(request, reply, payload));
  app.register(compress, { threshold: THRESHOLD_BYTES, brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } } });
}
