import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import type { Db } from '../db/client.ts';
import { adminOnly } from './guards.ts';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** One kind of record the back office writes: its path, its schemas, its module's functions (given the db), the deletion's message. */
type RecordWrites<Body extends z.ZodType, Answer extends z.ZodType> = {
  path: string;
  tags: string[];
  body: Body;
  answer: Answer;
  create: (db: Db, values: z.output<Body>) => Promise<z.input<Answer>>;
  update: (db: Db, id: number, values: z.output<Body>) => Promise<z.input<Answer>>;
  remove: (db: Db, id: number) => Promise<void>;
  deleted: string;
};

/**
 * `POST {path}`, `PUT {path}/:id` and `DELETE {path}/:id`, for admins only: the new record with a 201, the
 * changed one, and the deletion's message. The record's module decides everything else (404, 409, the audit).
 */
export function adminRecordWrites<Body extends z.ZodType, Answer extends z.ZodType>(app: RouteApp, db: Db, record: RecordWrites<Body, Answer>) {
  const { path, tags, body, answer } = record;
  // Typed as plain schemas: the type provider cannot resolve a schema that is a type parameter, so these routes
  // take their types from `RecordWrites`. The schemas still check the body and the id, and encode the answers.
  const create: FastifySchema = { tags, body, response: { 201: answer } };
  const update: FastifySchema = { tags, params: idParam, body, response: { 200: answer } };
  const remove: FastifySchema = { tags, params: idParam, response: { 200: messageBody } };
  const valuesOf = (request: FastifyRequest) => request.body as z.output<Body>;
  const idOf = (request: FastifyRequest) => (request.params as z.output<typeof idParam>).id;

  app.post(path, { config: adminOnly, schema: create }, async (request, reply) => reply.status(201).send(await record.create(db, valuesOf(request))));

  app.put(`${path}/:id`, { config: adminOnly, schema: update }, async (request) => record.update(db, idOf(request), valuesOf(request)));

  app.delete(`${path}/:id`, { config: adminOnly, schema: remove }, async (request) => {
    await record.remove(db, idOf(request));
    return { message: record.deleted };
  });
}
