/**
 * Serving a processed image (profile pictures, study covers): webp with its ETag; with `?v=` equal
 * to the current version it is cached as immutable for a year, otherwise for 60 s and revalidated;
 * a matching If-None-Match is answered 304.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface StoredImage {
  bytes: Buffer;
  etag: string;
  version: number;
}

export function sendImage(req: FastifyRequest, reply: FastifyReply, img: StoredImage, requestedVersion: number | undefined) {
  const versioned = requestedVersion !== undefined && requestedVersion === img.version;
  reply
    .header('etag', img.etag)
    .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=60, must-revalidate')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === img.etag) return reply.code(304).send();
  return reply.type('image/webp').send(img.bytes);
}
