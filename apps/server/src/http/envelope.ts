import type { ErrorCode } from '@moim/contract';
import type { FastifyReply } from 'fastify';

export function ok<T>(data: T) {
  return { success: true as const, data };
}

export function errorEnvelope(code: ErrorCode | string, message: string, details?: unknown, requestId?: string) {
  return {
    success: false as const,
    error: { code, message, ...(details === undefined ? {} : { details }) },
    message,
    ...(requestId ? { requestId } : {}),
  };
}

/**
 * Send a ready-made envelope's JSON (a string or its UTF-8 bytes): Fastify sends it as it is,
 * skipping the route's response serializer (the hot public lists build their JSON themselves;
 * their tests hold it to what the schema's serialization gives).
 */
export function sendJson(reply: FastifyReply, json: string | Buffer) {
  return reply.type('application/json; charset=utf-8').send(json);
}
