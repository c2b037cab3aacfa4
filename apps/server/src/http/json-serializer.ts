/**
 * A route's response serializer that writes the JSON itself when it can and leaves the rest to
 * the zod serializer (fastify-type-provider-zod). The one place that bridges Fastify's types:
 * Fastify types a route's `serializerCompiler` over the route's whole schema, but calls it once
 * per response status with that status's schema, which in this server is always a zod schema.
 */
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';

/**
 * `write(data)` is the answer's JSON, or null for a value it does not take as it is (the zod
 * serializer then answers it as before, including its error for an invalid value).
 */
export function writtenJsonSerializerCompiler(write: (data: unknown) => string | null) {
  return <T>(route: Parameters<FastifySerializerCompiler<T>>[0]): ((data: unknown) => string) => {
    const { schema } = route;
    if (!(schema instanceof $ZodType)) throw new Error(`${route.method} ${route.url}: a response schema that is not zod`);
    const zod = serializerCompiler({ ...route, schema });
    return (data) => write(data) ?? zod(data);
  };
}
