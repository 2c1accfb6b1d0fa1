import { messages } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { BadRequest } from '../lib/errors.ts';
import { isJsonTooDeep, maxJsonDepth } from '../lib/json-depth.ts';

/**
 * Fastify's JSON parser (prototype poisoning refused), behind a depth check: a body nested deeper than
 * `maxJsonDepth` is a 400 before it is parsed. The accounts library's endpoints read their bytes themselves and
 * make the same check (modules/accounts/library.routes.ts).
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (isJsonTooDeep(text)) done(new BadRequest(messages.jsonTooDeep(maxJsonDepth)), undefined);
    else parseJson(request, text, done);
  });
}
