import type { FastifyReply } from 'fastify';

/**
 * Sends an answer that is already JSON text (a shared page's cards, the messages list built by
 * the database) as it is: a string with a JSON content type skips Fastify's serialisation. Typed
 * loosely on purpose: the route's response schema cannot check text, so the route's tests check
 * the answer against it.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
