import type { SwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaName, productFields } from '#shared/schemas/catalog.ts';
import { errorBody } from '#shared/schemas/common.ts';
import { serviceFields } from '#shared/schemas/services.ts';
import type { Config } from '../config.ts';
import { operationSummaries } from './openapi-summaries.ts';

/** A file part of a multipart form, as OpenAPI 3.0 describes one. */
const file = z.string().meta({ format: 'binary' });

/**
 * The five create/edit calls read their form with `readMultipart` (files and text), so no body schema can sit
 * on the route (Fastify would validate a body it never parsed): their form is described here, for the document only.
 */
const productForm = z.object({ ...productFields.in.shape, images: z.array(file).max(12).optional() });
const serviceForm = z.object({ ...serviceFields.shape, image: file.optional(), removeImage: z.enum(['true', 'false']).optional() });
const multipartForms: Record<string, z.ZodType> = {
  'POST /api/product': productForm,
  'PUT /api/product/:id': productForm,
  'POST /api/service': serviceForm,
  'PUT /api/service/:id': serviceForm,
  'PUT /api/image/:name': z.object({ name: mediaName.optional(), image: file }),
};

/** The calls that answer a file rather than JSON: what they send, for the document. */
const fileAnswers: Record<string, { type: string; description: string }> = {
  'GET /api/product/export.csv': { type: 'text/csv', description: 'Os produtos, uma linha cada.' },
  'GET /api/order/export.csv': { type: 'text/csv', description: 'As encomendas do período, uma linha por artigo.' },
  'GET /api/images/:id/:version/:file': { type: 'image/webp', description: 'A imagem (em JPEG quando o nome acaba em .jpg).' },
  'GET /api/order/:id/documents/:documentId/pdf': { type: 'application/pdf', description: 'O documento fiscal em PDF.' },
  'GET /api/seo/sitemap.xml': { type: 'application/xml', description: 'O mapa do site (sitemaps.org).' },
  'GET /api/user/me/export.html': { type: 'text/html', description: 'Os dados de quem tem sessão, numa página legível.' },
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const errorAnswer = (description: string) => errorBody.meta({ description });

/**
 * The error answers a route can give (docs/decisions/0003-error-answers.md), worked out from what the route
 * declares: its audience (401, 403), its input schemas (400), an id in its path (404), its rate limit (429).
 * An unsafe method from a foreign origin is a 403 on every route (platform/security.ts).
 */
function errorAnswers(route: RouteOptions, schema: Record<string, unknown>, multipart: boolean) {
  const answers: Record<string, z.ZodType> = {};
  const method = String(route.method);
  if (schema.body || schema.querystring || schema.params || schema.headers || multipart) answers[400] = errorAnswer('Dados inválidos: `fields` diz o que corrigir em cada campo.');
  const audience = route.config?.audience;
  if (audience) answers[401] = errorAnswer('Sem sessão iniciada.');
  if (audience === 'admin') answers[403] = errorAnswer('A sessão não é de um administrador, ou o pedido veio de outra origem.');
  else if (UNSAFE.has(method)) answers[403] = errorAnswer('O pedido veio de outra origem.');
  if (schema.params) answers[404] = errorAnswer('Não encontrado.');
  if (route.config?.rateLimit) answers[429] = errorAnswer('Demasiados pedidos deste endereço: tente mais tarde.');
  return answers;
}

/** `get /api/order/:id/documents/:documentId/pdf` → `getOrderByIdDocumentsByDocumentIdPdf`. */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${part.slice(1, 2).toUpperCase()}${part.slice(2)}` : `${part.slice(0, 1).toUpperCase()}${part.slice(1)}`));
  return `${method.toLowerCase()}${words.join('')}`;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The zod schemas of each route as OpenAPI (fastify-type-provider-zod), completed with what every operation
 * must say: a summary, an id, who may call it (public routes say so with an empty `security`), its error
 * answers and, for the multipart calls, their form.
 */
function transform(input: TransformInput) {
  const { route, url } = input;
  const schema = (input.schema ?? {}) as Record<string, unknown>;
  if (schema.hide) return jsonSchemaTransform(input);
  const method = String(route.method);
  const key = `${method} ${url}`;
  const form = multipartForms[key];
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const documented: Record<string, unknown> = { ...declared };
  const sendsFile = fileAnswers[key];
  if (sendsFile) documented[200] = { description: sendsFile.description, content: { [sendsFile.type]: { schema: file } } };
  for (const [status, answer] of Object.entries(errorAnswers(route, schema, Boolean(form)))) {
    // A route's own description of an error class (the payment callback's 4xx) stands.
    if (!(status in declared) && !(`${status[0]}xx` in declared)) documented[status] = answer;
  }
  const completed = {
    ...schema,
    summary: schema.summary ?? operationSummaries[key],
    operationId: schema.operationId ?? operationId(method, url),
    ...(route.config?.audience || schema.security ? {} : { security: [] }),
    ...(form ? { body: form, consumes: ['multipart/form-data'] } : {}),
    response: documented,
  };
  return jsonSchemaTransform({ ...input, schema: completed as TransformInput['schema'] });
}

/** @fastify/swagger's options: the document served at /api/docs/json. */
export function openApiOptions(config: Config, securitySchemes: Record<string, unknown>): SwaggerOptions {
  return {
    openapi: {
      info: { title: 'Loja API', version: '1.0.0', description: 'A API da loja: catálogo, encomendas, contas e backoffice.' },
      servers: [{ url: config.publicUrl, description: 'Esta loja.' }],
      components: { securitySchemes: securitySchemes as never },
    },
    transform,
  };
}
