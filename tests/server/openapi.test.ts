/**
 * The published contract: the OpenAPI 3.1 document (server/provider/openapi.ts, from the table in
 * src/contract/endpoints.ts) held to itself, to the committed docs/openapi.json and to the real provider:
 * - it is OpenAPI 3.1 in its structure (every key, reference, parameter, response and schema checked);
 * - docs/openapi.json is what the contract generates now (else: npm run openapi);
 * - every route the provider's Express app registers is documented with its method and path, and every
 *   documented call answers (never "There is no such API call"), with its documented 401 without credentials;
 * - no route refuses input the table does not document, and the webhook checks its event with the
 *   table's schema (mount() validates every mounted call's body or query with its spec's schema);
 * - a walk through every call on a real provider answers as documented: a documented status, a documented
 *   error code, and `data` that the call's answer schema parses, with no field the schema does not name.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Express } from 'express';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS, type Endpoint } from '#contract/endpoints';
import { errorCodesOf, errorsByStatus } from '#contract/error-codes';
import { ERROR_STATUS } from '#contract/envelope';
import { PROVIDER_MOUNT } from '../../server/provider/app';
import { buildOpenApiDocument, OPENAPI_SERVER_URL, openApiJson, operationId } from '../../server/provider/openapi';
import { WEBHOOK_SIGNATURE_HEADER as SERVER_WEBHOOK_HEADER } from '../../server/provider/payments/sandbox';
import { paymentWebhookEvent, WEBHOOK_SIGNATURE_HEADER } from '#contract/payments';
import { newIp, newPhone } from './auth.helpers';
import { postWebhook, products, signature, unix, webhookEvent } from './orders.helpers';
import { makeVapidKeys } from '../../server/lib/secrets';
import { describeDb, useTestProvider, TEST_MERCHANT_KEY } from './support/provider';
import { SMTPServer } from 'smtp-server';
import { startStripeFake, type StripeFake } from '../fakes/stripe-fake';
import { fakeSid, startTwilioFake, type TwilioFake } from '../fakes/twilio-fake';
import { PASS_TYPE, testPasses } from './support/wallet';
import { unsubscribeCode } from '../../server/provider/campaigns/campaigns.service';
import sharp from 'sharp';
import { newStaff, newStaffEmail, STAFF_PASSWORD } from './merchant.helpers';
import { createOwnerSetupLink } from '../../server/provider/staff/setup-link';
import { readOutbox } from '../../server/provider/auth/sender';
import { receiptToken } from '../../server/provider/receipts/receipts.service';
import { authApi } from '#contract/auth.calls';
import { staffApi } from '#contract/staff.calls';
import { rawCall } from '../support/calls';

const ROOT = resolve(import.meta.dirname, '..', '..');
const NO_SUCH_CALL = 'There is no such API call.';
const keyOf = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method.toUpperCase()} ${e.path}`;
const endpoint = (key: string): Endpoint => {
  const e = ENDPOINTS.find((x) => keyOf(x) === key);
  if (!e) throw new Error(`no ${key} in the table`);
  return e;
};

type Json = any;
const doc: Json = buildOpenApiDocument();

// ---------------------------------------------------------------------------------------------
// OpenAPI 3.1, structurally
// ---------------------------------------------------------------------------------------------

const isExtension = (k: string) => k.startsWith('x-');
const TOP_KEYS = ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags', 'externalDocs'];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const PATH_ITEM_KEYS = [...METHODS, '$ref', 'summary', 'description', 'servers', 'parameters'];
const OPERATION_KEYS = [
  'tags',
  'summary',
  'description',
  'externalDocs',
  'operationId',
  'parameters',
  'requestBody',
  'responses',
  'callbacks',
  'deprecated',
  'security',
  'servers',
];
const PARAMETER_KEYS = [
  'name',
  'in',
  'description',
  'required',
  'deprecated',
  'allowEmptyValue',
  'style',
  'explode',
  'allowReserved',
  'schema',
  'example',
  'examples',
  'content',
];
const RESPONSE_KEYS = ['description', 'headers', 'content', 'links'];
const MEDIA_KEYS = ['schema', 'example', 'examples', 'encoding'];
const HEADER_KEYS = ['description', 'required', 'deprecated', 'style', 'explode', 'schema', 'example', 'examples', 'content'];
const COMPONENT_KEYS = ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'securitySchemes', 'links', 'callbacks', 'pathItems'];
/** JSON Schema 2020-12 keywords and the OpenAPI 3.1 additions; no `nullable` (3.0) or boolean exclusive bounds */
const SCHEMA_KEYS = [
  '$ref',
  '$defs',
  '$id',
  '$schema',
  '$comment',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  'type',
  'enum',
  'const',
  'title',
  'description',
  'default',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
  'items',
  'prefixItems',
  'contains',
  'minContains',
  'maxContains',
  'minItems',
  'maxItems',
  'uniqueItems',
  'unevaluatedItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'discriminator',
  'xml',
  'externalDocs',
];
const TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];
const SCHEME_TYPES = ['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect'];

function pointer(root: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let v: Json = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (v === null || typeof v !== 'object' || !(key in v)) return undefined;
    v = v[key];
  }
  return v;
}

/** Everything in the document that is not OpenAPI 3.1 in its structure, as "where: what" lines. */
function structuralProblems(d: Json): string[] {
  const out: string[] = [];
  const bad = (where: string, what: string) => out.push(`${where}: ${what}`);
  const onlyKeys = (o: Json, allowed: string[], where: string) => {
    if (o === null || typeof o !== 'object' || Array.isArray(o)) return bad(where, 'is not an object');
    for (const k of Object.keys(o)) if (!allowed.includes(k) && !isExtension(k)) bad(where, `unknown key ${k}`);
  };

  const schema = (s: Json, where: string): void => {
    if (typeof s === 'boolean') return;
    onlyKeys(s, SCHEMA_KEYS, where);
    if (s === null || typeof s !== 'object') return;
    if (s.type !== undefined) for (const t of [s.type].flat()) if (!TYPES.includes(t)) bad(where, `type ${t}`);
    for (const k of ['exclusiveMinimum', 'exclusiveMaximum', 'minimum', 'maximum', 'multipleOf'])
      if (k in s && typeof s[k] !== 'number') bad(where, `${k} is not a number`);
    for (const k of ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'])
      if (k in s && !(Number.isInteger(s[k]) && s[k] >= 0)) bad(where, `${k} is not a count`);
    if ('pattern' in s) {
      try {
        new RegExp(s.pattern, 'u');
      } catch {
        bad(where, `pattern ${s.pattern} is not a regular expression`);
      }
    }
    if ('enum' in s && !(Array.isArray(s.enum) && s.enum.length > 0)) bad(where, 'enum is not a non-empty array');
    if ('required' in s) {
      if (!Array.isArray(s.required) || s.required.some((r: unknown) => typeof r !== 'string')) bad(where, 'required is not a list of names');
      else if (s.properties) for (const r of s.required) if (!(r in s.properties)) bad(where, `required ${r} is not a property`);
    }
    if (s.properties) for (const [k, v] of Object.entries(s.properties)) schema(v, `${where}.properties.${k}`);
    if (s.$defs) for (const [k, v] of Object.entries(s.$defs)) schema(v, `${where}.$defs.${k}`);
    for (const k of ['items', 'not', 'propertyNames', 'contains', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems', 'contentSchema'])
      if (k in s) schema(s[k], `${where}.${k}`);
    if ('additionalProperties' in s) schema(s.additionalProperties, `${where}.additionalProperties`);
    for (const k of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
      if (!(k in s)) continue;
      if (!Array.isArray(s[k]) || s[k].length === 0) bad(where, `${k} is not a non-empty array`);
      else s[k].forEach((x: Json, i: number) => schema(x, `${where}.${k}.${i}`));
    }
  };
  const content = (c: Json, where: string) => {
    if (c === null || typeof c !== 'object' || Object.keys(c).length === 0) return bad(where, 'has no media type');
    for (const [type, media] of Object.entries(c as Record<string, Json>)) {
      if (!/^[a-z]+\/[\w.+-]+$/.test(type)) bad(where, `media type ${type}`);
      onlyKeys(media, MEDIA_KEYS, `${where}.${type}`);
      if (!media?.schema) bad(`${where}.${type}`, 'has no schema');
      else schema(media.schema, `${where}.${type}.schema`);
    }
  };

  onlyKeys(d, TOP_KEYS, 'document');
  if (typeof d.openapi !== 'string' || !/^3\.1\.\d+$/.test(d.openapi)) bad('openapi', `${d.openapi} is not 3.1.x`);
  if (typeof d.info?.title !== 'string' || typeof d.info?.version !== 'string') bad('info', 'needs a title and a version');
  for (const [i, s] of (d.servers ?? []).entries()) if (typeof s.url !== 'string') bad(`servers.${i}`, 'has no url');

  const schemes: Record<string, Json> = d.components?.securitySchemes ?? {};
  onlyKeys(d.components ?? {}, COMPONENT_KEYS, 'components');
  for (const [name, s] of Object.entries(schemes)) {
    if (!SCHEME_TYPES.includes(s.type)) bad(`securitySchemes.${name}`, `type ${s.type}`);
    if (s.type === 'apiKey' && !(typeof s.name === 'string' && ['query', 'header', 'cookie'].includes(s.in)))
      bad(`securitySchemes.${name}`, 'an apiKey needs name and in');
    if (s.type === 'http' && typeof s.scheme !== 'string') bad(`securitySchemes.${name}`, 'http needs a scheme');
  }
  for (const [name, s] of Object.entries(d.components?.schemas ?? {})) schema(s, `components.schemas.${name}`);

  const tagNames = (d.tags ?? []).map((t: Json) => t.name);
  if (new Set(tagNames).size !== tagNames.length) bad('tags', 'names repeat');
  const operationIds = new Set<string>();
  if (d.paths === null || typeof d.paths !== 'object') bad('paths', 'is not an object');
  for (const [path, item] of Object.entries((d.paths ?? {}) as Record<string, Json>)) {
    if (!path.startsWith('/')) bad(path, 'does not start with /');
    onlyKeys(item, PATH_ITEM_KEYS, path);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    for (const method of METHODS.filter((m) => m in item)) {
      const op = item[method];
      const where = `${method.toUpperCase()} ${path}`;
      onlyKeys(op, OPERATION_KEYS, where);
      if (typeof op.operationId !== 'string') bad(where, 'has no operationId');
      else if (operationIds.has(op.operationId)) bad(where, `operationId ${op.operationId} repeats`);
      else operationIds.add(op.operationId);
      for (const t of op.tags ?? []) if (!tagNames.includes(t)) bad(where, `tag ${t} is not declared`);
      for (const requirement of op.security ?? [])
        for (const name of Object.keys(requirement)) if (!(name in schemes)) bad(where, `security scheme ${name} is not declared`);
      const params: Json[] = op.parameters ?? [];
      const seen = new Set<string>();
      for (const prm of params) {
        const pw = `${where} parameter ${prm.name}`;
        onlyKeys(prm, PARAMETER_KEYS, pw);
        if (typeof prm.name !== 'string' || !['query', 'header', 'path', 'cookie'].includes(prm.in)) bad(pw, 'needs a name and in');
        if (seen.has(`${prm.in}:${prm.name}`)) bad(pw, 'repeats');
        seen.add(`${prm.in}:${prm.name}`);
        if (prm.in === 'path' && prm.required !== true) bad(pw, 'a path parameter must be required');
        if (!prm.schema && !prm.content) bad(pw, 'has no schema');
        if (prm.schema) schema(prm.schema, `${pw}.schema`);
      }
      const pathParams = params.filter((x) => x.in === 'path').map((x) => x.name);
      if ([...pathParams].sort().join() !== [...templated].sort().join()) bad(where, `path parameters ${pathParams} are not the template's ${templated}`);
      if (op.requestBody) {
        onlyKeys(op.requestBody, ['description', 'content', 'required'], `${where} requestBody`);
        content(op.requestBody.content, `${where} requestBody`);
      }
      const responses = op.responses ?? {};
      if (Object.keys(responses).length === 0) bad(where, 'has no responses');
      for (const [status, r] of Object.entries(responses as Record<string, Json>)) {
        const rw = `${where} ${status}`;
        if (status !== 'default' && !/^[1-5](\d\d|XX)$/.test(status)) bad(rw, 'is not a status');
        onlyKeys(r, RESPONSE_KEYS, rw);
        if (typeof r.description !== 'string' || r.description === '') bad(rw, 'has no description');
        if (r.content) content(r.content, rw);
        for (const [h, header] of Object.entries((r.headers ?? {}) as Record<string, Json>)) {
          onlyKeys(header, HEADER_KEYS, `${rw} header ${h}`);
          if (header.schema) schema(header.schema, `${rw} header ${h}`);
        }
      }
    }
  }

  // every reference resolves
  const refs = (v: Json, where: string): void => {
    if (v === null || typeof v !== 'object') return;
    if (typeof v.$ref === 'string' && pointer(d, v.$ref) === undefined) bad(where, `$ref ${v.$ref} does not resolve`);
    for (const [k, x] of Object.entries(v)) refs(x, `${where}/${k}`);
  };
  refs(d, '#');
  return out;
}

/** Operations of the document as `METHOD path` (path under the base, as the table writes it). */
/** Calls there only while another payment gateway than the test provider's sandbox is in use (tests/server/stripe-webhook.test.ts). */
const OTHER_GATEWAY = new Set(ENDPOINTS.filter((e) => e.gateway !== undefined && e.gateway !== 'sandbox').map(keyOf));
const withSandbox = (calls: string[]) => calls.filter((c) => !OTHER_GATEWAY.has(c));

function documentedCalls(d: Json): string[] {
  return Object.entries(d.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => m in item).map((m) => `${m.toUpperCase()} ${path.slice(1)}`),
  );
}

// ---------------------------------------------------------------------------------------------
// The answers, against their schemas
// ---------------------------------------------------------------------------------------------

/** Fields of `value` that `schema` does not name, as paths (`data.order.items.0.colour`). */
function undocumentedFields(schema: z.ZodType, value: unknown, path = 'data'): string[] {
  if (value === null || value === undefined) return [];
  const def = (schema as unknown as { _zod: { def: Json } })._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return undocumentedFields(def.innerType, value, path);
    case 'pipe':
      return undocumentedFields(def.out, value, path);
    case 'array':
      return Array.isArray(value) ? value.flatMap((v, i) => undocumentedFields(def.element, v, `${path}.${i}`)) : [];
    case 'union': {
      const fits = (def.options as z.ZodType[]).filter((o) => o.safeParse(value).success);
      const each = fits.map((o) => undocumentedFields(o, value, path));
      return each.length ? each.reduce((a, b) => (b.length < a.length ? b : a)) : [];
    }
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return [];
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
        k in shape ? undocumentedFields(shape[k]!, v, `${path}.${k}`) : [`${path}.${k}`],
      );
    }
    default:
      return [];
  }
}

const SUCCESS_MEDIA: Record<Endpoint['answer']['kind'], RegExp> = {
  envelope: /^application\/json/,
  openapi: /^application\/json/,
  html: /^text\/html/,
  javascript: /^text\/javascript/,
  css: /^text\/css/,
  image: /^image\/(png|jpeg|webp)$/,
  csv: /^text\/csv/,
  manifest: /^application\/manifest\+json/,
  pkpass: /^application\/vnd\.apple\.pkpass/,
  // Apple's protocol: a 204 or 304 has no body, nor a type
  json: /^(application\/json|)/,
};

/** What an answer breaks of its call's documentation (empty: it is as documented). */
function answerProblems(e: Endpoint, res: request.Response): string[] {
  const where = `${keyOf(e)} answered ${res.status}`;
  if (e.answer.statuses.includes(res.status)) {
    if (!SUCCESS_MEDIA[e.answer.kind].test(res.headers['content-type'] ?? '')) return [`${where} as ${res.headers['content-type']}, not ${e.answer.kind}`];
    if (e.answer.kind !== 'envelope') return [];
    const body = res.body as Json;
    const problems: string[] = [];
    if (body.status !== res.status || typeof body.message !== 'string' || 'error' in body) problems.push(`${where}: not a success envelope`);
    const schema = e.answer.data ?? z.null();
    const result = schema.safeParse(body.data);
    if (!result.success) problems.push(...result.error.issues.map((i) => `${where}: data.${i.path.join('.')} ${i.message}`));
    problems.push(...undocumentedFields(schema, body.data).map((f) => `${where}: ${f} is not documented`));
    return problems;
  }
  const codes = errorsByStatus(e).get(res.status);
  if (!codes) return [`${where}, a status it does not document (${JSON.stringify(res.body).slice(0, 200)})`];
  const code = (res.body as Json)?.error?.code;
  if (!codes.includes(code)) return [`${where} ${code}, a code it does not document at that status (${codes.join(', ')})`];
  if ((res.body as Json).status !== res.status) return [`${where}: the envelope says ${(res.body as Json).status}`];
  return [];
}

// ---------------------------------------------------------------------------------------------
// The provider's routes
// ---------------------------------------------------------------------------------------------

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string;
}

/** Every route registered on the app, as `METHOD path` with the mount, walking the routers' stacks. */
function registeredRoutes(app: Express): string[] {
  const out: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) if (on) out.push(`${method.toUpperCase()} ${prefix}${layer.route.path}`);
      } else if (layer.handle?.stack) {
        const mount = layer.rawPath === undefined || layer.rawPath === '/' ? '' : layer.rawPath;
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return out;
}

/** `/api/v2/payment/sandbox/:id` → `payment/sandbox/{id}`; null for a route outside API v2. */
function asTablePath(route: string): string | null {
  if (!route.startsWith(`${PROVIDER_MOUNT}/`)) return null;
  return route.slice(PROVIDER_MOUNT.length + 1).replace(/:(\w+)/g, '{$1}');
}

// ---------------------------------------------------------------------------------------------
// The document on its own
// ---------------------------------------------------------------------------------------------

describe('the OpenAPI document', () => {
  it('is the committed docs/openapi.json: after changing the contract, run npm run openapi and commit it', () => {
    const committed = readFileSync(resolve(ROOT, 'docs/openapi.json'), 'utf8');
    // compared whole (not as a diff of parsed objects): the file is what reviewers read
    expect(committed === openApiJson(), 'docs/openapi.json is not what the contract generates: run npm run openapi').toBe(true);
  });

  it('is OpenAPI 3.1 in its structure', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(structuralProblems(doc)).toEqual([]);
  });

  it('finds what is wrong in a document that is not OpenAPI 3.1 (the check above can fail)', () => {
    const broken: Json = structuredClone(doc);
    broken.openapi = '3.0.3';
    broken.paths['/order/detail'].get.responses['200'].content['application/json'].schema.properties.data = { type: 'object', nullable: true };
    broken.paths['/payment/sandbox/{id}'].get.parameters = [];
    broken.paths['/wallet/topup'].post.security = [{ nobody: [] }];
    broken.paths['/wheel/spin'].post.responses['409'] = { content: {} };
    broken.components.schemas.Order.properties.status = { $ref: '#/components/schemas/Nowhere' };
    const problems = structuralProblems(broken).join('\n');
    expect(problems).toContain('openapi: 3.0.3 is not 3.1.x');
    expect(problems).toContain('unknown key nullable');
    expect(problems).toContain('path parameters  are not the template');
    expect(problems).toContain('security scheme nobody is not declared');
    expect(problems).toContain('POST /wheel/spin 409: has no description');
    expect(problems).toContain('$ref #/components/schemas/Nowhere does not resolve');
  });

  it('documents each call of the table once, under the mount the provider serves', () => {
    expect(OPENAPI_SERVER_URL).toBe(PROVIDER_MOUNT);
    expect(doc.servers).toEqual([expect.objectContaining({ url: PROVIDER_MOUNT })]);
    const table = ENDPOINTS.map(keyOf);
    expect(new Set(table).size, 'a call is in the table twice').toBe(table.length);
    expect(documentedCalls(doc).sort()).toEqual([...table].sort());
  });

  it('documents each call with its security, its input and every error code at the status ERROR_STATUS gives it', () => {
    for (const e of ENDPOINTS) {
      const op = doc.paths[`/${e.path}`][e.method];
      const where = keyOf(e);
      expect(op.operationId, where).toBe(operationId(e));
      const schemes = Object.keys(op.security[0]).sort();
      const signed = ['gatewayPlatform', 'gatewaySignature', 'gatewayTimestamp'];
      const expected = {
        none: signed,
        customer: [...signed, 'customerSession'].sort(),
        merchant: [...signed, 'merchantKey'].sort(),
        webhook: ['paymentWebhookSignature'],
        staff: [...signed, 'staffSession'].sort(),
        owner: [...signed, 'staffSession'].sort(),
      }[e.auth];
      expect(schemes, where).toEqual(expected);
      expect(Boolean(op.requestBody), `${where} body`).toBe(Boolean(e.body));
      const queryNames = (op.parameters ?? []).filter((x: Json) => x.in === 'query').map((x: Json) => x.name);
      expect(queryNames, `${where} query`).toEqual(e.query ? Object.keys(e.query.shape) : []);
      for (const s of e.answer.statuses) expect(op.responses[String(s)], `${where} ${s}`).toBeDefined();
      const documented: Record<string, number> = {};
      for (const [status, r] of Object.entries(op.responses as Record<string, Json>)) {
        if (e.answer.statuses.includes(Number(status))) continue;
        const narrowed = r.content['application/json'].schema.allOf[1];
        expect(narrowed.properties.status.const, `${where} ${status}`).toBe(Number(status));
        for (const code of narrowed.properties.error.properties.code.enum) documented[code] = Number(status);
      }
      const codes = errorCodesOf(e);
      expect(documented, where).toEqual(Object.fromEntries(codes.map((c) => [c, ERROR_STATUS[c]])));
      if (e.auth === 'customer') expect(codes).toContain('SESSION_EXPIRED');
      if (e.auth === 'merchant') expect(codes).toContain('FORBIDDEN');
      if (e.auth === 'staff' || e.auth === 'owner') expect(codes).toContain('SESSION_EXPIRED');
      if (e.auth === 'owner') expect(codes).toContain('ROLE_FORBIDDEN');
      if (e.auth !== 'webhook') expect(codes).toContain('BAD_SIGNATURE');
    }
    expect(doc.components.schemas.ErrorCode.enum.sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    expect(doc.components.securitySchemes.paymentWebhookSignature.name).toBe(SERVER_WEBHOOK_HEADER);
    expect(WEBHOOK_SIGNATURE_HEADER).toBe(SERVER_WEBHOOK_HEADER);
  });
});

// ---------------------------------------------------------------------------------------------
// The document against the provider
// ---------------------------------------------------------------------------------------------

const STAND_TWILIO = { accountSid: fakeSid('AC'), authToken: 'openapi-walk-token', from: '+14155550199' };

/** The two tests that make every call (about 250 each): on a slow, busy host they take over the server project's 60 s. */
const WALK_TIMEOUT = 180_000;

describeDb('the OpenAPI document and the provider', (kind) => {
  const CLIENT_ID = 'openapi-test.apps.example';
  let jwks: Server;
  let googleKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    googleKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'openapi-key', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((done) => jwks.listen(0, '127.0.0.1', done));
  });
  afterAll(() => new Promise((done) => jwks?.close(done)));
  // web push set up (its keys; nothing is sent: the job engine does not run here)
  const push = { vapid: { ...makeVapidKeys(), subject: 'mailto:owner@kopi-senja.example' }, allowLoopback: false };
  // the services the console connects, as local stand-ins
  const stand = {} as { stripe: StripeFake; twilio: TwilioFake; smtp: SMTPServer; smtpPort: number };
  beforeAll(async () => {
    stand.stripe = await startStripeFake({ secretKey: 'sk_test_OPENAPIWALK0001' });
    stand.twilio = await startTwilioFake({ ...STAND_TWILIO, numbers: [STAND_TWILIO.from] });
    stand.smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] });
    await new Promise<void>((done) => stand.smtp.listen(0, '127.0.0.1', done));
    stand.smtpPort = (stand.smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await stand.stripe?.close();
    await stand.twilio?.close();
    await new Promise<void>((done) => (stand.smtp ? stand.smtp.close(() => done()) : done()));
  });
  const p = useTestProvider(kind, () => ({
    googleJwksUrl: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`,
    googleClientId: CLIENT_ID,
    push,
    channelEndpoints: { stripeApiBase: `http://127.0.0.1:${stand.stripe.port}`, twilioApiBase: stand.twilio.origin },
  }));

  const googleToken = (sub: string) => {
    const now = unix(p);
    return new SignJWT({ email: `${sub}@gmail.com`, email_verified: true, name: 'Gina Google' })
      .setProtectedHeader({ alg: 'RS256', kid: 'openapi-key', typ: 'JWT' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENT_ID)
      .setSubject(sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(googleKey);
  };

  it('documents every route the provider registers, with its method and path, and nothing it does not have', () => {
    const routes = registeredRoutes(p.app);
    // guards the walk: it found the areas' routers under the mount
    expect(routes.length).toBeGreaterThan(30);
    expect(
      routes.filter((r) => asTablePath(r.split(' ')[1]!) === null),
      'routes outside API v2',
    ).toEqual([]);
    const registered = routes.map((r) => {
      const [method, path] = r.split(' ');
      return `${method} ${asTablePath(path!)}`;
    });
    expect(new Set(registered).size, 'a route is registered twice').toBe(registered.length);
    // every gateway's calls are registered, each answering only while its gateway is in use (one may be
    // connected from the console while the server runs: channel-connections.test.ts)
    const documented = documentedCalls(doc);
    expect(
      registered.filter((r) => !documented.includes(r)),
      'registered but not documented',
    ).toEqual([]);
    expect(
      documented.filter((d) => !registered.includes(d)),
      'documented but not registered',
    ).toEqual([]);
  });

  it(
    'answers every documented call: unsigned 401 BAD_SIGNATURE, without credentials its documented 401 or another documented answer, never "no such call"',
    async () => {
      const problems: string[] = [];
      for (const call of withSandbox(documentedCalls(doc))) {
        const e = endpoint(call);
        const path = e.path.replace(/\{\w+\}/g, randomUUID());
        const url = `${PROVIDER_MOUNT}/${path}`;
        const unsigned =
          e.method === 'post' ? await request(p.app).post(url).set('content-type', 'application/json').send('{}') : await request(p.app).get(url);
        if (unsigned.status !== 401 || unsigned.body?.error?.code !== 'BAD_SIGNATURE')
          problems.push(`${call} unsigned: ${unsigned.status} ${unsigned.body?.error?.code}`);
        if (e.auth === 'webhook') continue;
        const res = await p.call(e.method, path, e.method === 'post' ? { body: {} } : {});
        if (res.body?.message === NO_SUCH_CALL) problems.push(`${call}: ${NO_SUCH_CALL}`);
        if ((e.auth === 'customer' || e.auth === 'staff' || e.auth === 'owner') && (res.status !== 401 || res.body.error?.code !== 'SESSION_EXPIRED'))
          problems.push(`${call} without a session: ${res.status} ${res.body?.error?.code}`);
        if (e.auth === 'merchant' && (res.status !== 401 || res.body.error?.code !== 'FORBIDDEN'))
          problems.push(`${call} without the merchant key: ${res.status} ${res.body?.error?.code}`);
        problems.push(...answerProblems(e, res));
      }
      expect(problems).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it('serves the document at openapi.json, signed like every call, exactly as generated', async () => {
    // the document is not a declared call
    const res = await rawCall(p, 'get', 'openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.text).toBe(openApiJson());
    await request(p.app).get(`${PROVIDER_MOUNT}/openapi.json`).expect(401);
  });

  // Each call validates its body or query with the very schema its spec names: mount() (server/provider/
  // http/mount.ts) parses with nothing else, and reads a GET's query and a POST's body. What is left to a
  // route is held here: input the table does not document is not refused, and the webhook checks its
  // event itself, after the signature, with the table's schema.
  it("refuses no input the table does not document, and checks the webhook's event with the table's schema", async () => {
    const customer = await p.newCustomer();
    const owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const problems: string[] = [];
    for (const e of ENDPOINTS.filter((x) => !OTHER_GATEWAY.has(keyOf(x)))) {
      const key = keyOf(e);
      const path = e.path.replace(/\{\w+\}/g, randomUUID());
      const headers: Record<string, string> = e.auth === 'merchant' ? { 'x-merchant-key': TEST_MERCHANT_KEY } : {};
      const staffCall = (e.auth === 'staff' || e.auth === 'owner') && !e.path.startsWith(staffApi.logout.path);
      const token = e.auth === 'customer' && e.path !== authApi.logout.path ? customer.token : staffCall ? owner.token : undefined;
      const input = { probe: e.method === 'post' ? 'body' : 'query' };
      const expected = e.body ?? e.query;
      if (e.auth === 'webhook') {
        let ranWebhookSchema = false;
        const raw = JSON.stringify(input);
        const original = paymentWebhookEvent.safeParse.bind(paymentWebhookEvent);
        Object.defineProperty(paymentWebhookEvent, 'safeParse', {
          configurable: true,
          value: (v: unknown) => {
            ranWebhookSchema = true;
            return original(v);
          },
        });
        try {
          await postWebhook(p, raw, signature(raw, unix(p)));
        } finally {
          delete (paymentWebhookEvent as { safeParse?: unknown }).safeParse;
        }
        if (!(ranWebhookSchema && expected === paymentWebhookEvent)) problems.push(`${key} does not check its event with the table's schema`);
        continue;
      }
      if (expected) continue;
      const res =
        e.method === 'post' ? await p.call('post', path, { body: input, token, headers }) : await p.call('get', path, { query: input, token, headers });
      if (res.status === 400) problems.push(`${key} refused input the table does not document: ${JSON.stringify(res.body.error)}`);
    }
    expect(problems).toEqual([]);
  });

  it(
    'answers as documented on a walk through every call: statuses, error codes, and data the answer schemas parse with no undocumented field',
    async () => {
      const problems: string[] = [];
      const succeeded = new Set<string>();
      const call = async (
        key: string,
        o: { body?: unknown; query?: Record<string, string | number>; token?: string; params?: Record<string, string>; merchant?: boolean | string } = {},
      ) => {
        const e = endpoint(key);
        const path = e.path.replace(/\{(\w+)\}/g, (_m, name: string) => o.params?.[name] ?? '');
        const res = await p.call(e.method, path, {
          body: o.body,
          query: o.query,
          token: o.token,
          // merchant: the server's key, or an API key's secret
          headers: o.merchant ? { 'x-merchant-key': o.merchant === true ? TEST_MERCHANT_KEY : o.merchant } : {},
          ip: newIp(),
        });
        const found = answerProblems(e, res);
        problems.push(...found);
        if (found.length === 0 && e.answer.statuses.includes(res.status)) succeeded.add(key);
        return res;
      };
      const key = () => randomUUID();

      // public
      await call('GET settings/main-setting');
      await call('GET health');
      await call('GET openapi.json');
      await call('GET shop/catalog');
      const rewards = (await call('GET reward/list')).body.data.rewards as { name: string; points_cost: number; stock: number | null }[];
      const reward = rewards.filter((r) => r.stock === null || r.stock > 0).sort((a, b) => a.points_cost - b.points_cost)[0]!;
      await call('GET reward/detail', { query: { name: reward.name } });
      await call('GET payment/sandbox.js');
      await call('GET payment/sandbox.css');

      // sign-in: register, then log in again, then out
      const phone = newPhone();
      await call('POST auth/otp/request', { body: { phone, purpose: 'register' } });
      const registration = (await call('POST auth/otp/verify', { body: { phone, code: p.lastCode(phone), purpose: 'register' } })).body.data.registration_token;
      const registered = (await call('POST auth/register', { body: { registration_token: registration, name: 'Open Api', email: 'open.api@example.com' } }))
        .body.data;
      p.clock.advance(120_000);
      await call('POST auth/otp/request', { body: { phone, purpose: 'login' } });
      await call('POST auth/otp/verify', { body: { phone, code: p.lastCode(phone), purpose: 'login' } });
      await call('POST auth/logout', { token: registered.token });
      const google = (await call('POST auth/google', { body: { id_token: await googleToken(`g-${randomUUID()}`) } })).body.data;

      // a customer with points and money
      const c = await p.newCustomer({ points: 100_000, wallet: 1_000_000 });
      const token = c.token;
      await call('POST auth/google/link', { token, body: { id_token: await googleToken(`g-${randomUUID()}`) } });
      expect(google.customer.id).not.toBe(c.id);
      await call('POST point/history', { token, body: { customer_id: c.id } });
      await call('GET customer/profile', { token });
      const email = `m-${randomUUID().slice(0, 8)}@example.com`;
      await call('POST customer/change-email', { token, body: { email } });
      p.clock.advance(600_000);
      await call('POST customer/email/verify/request', { token, body: { email } });
      const mail = await p.db.selectFrom('dev_outbox').select('body').where('email', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      await call('POST customer/email/verify', { token, body: { code: /\b(\d{6})\b/.exec(mail.body)![1] } });
      await call('POST customer/birthday', { token, body: { day: 14, month: 3, year: 1990 } });
      await call('POST customer/birthday/remove', { token });
      await call('POST customer/language', { token, body: { language: 'en' } });
      await call('POST customer/name', { token, body: { name: 'Ana Santos' } });
      // web push: this browser's subscription, the kinds, and off again
      await call('GET push/status', { token });
      const pushEndpoint = 'https://fcm.googleapis.com/fcm/send/openapi-walk';
      await call('POST push/subscribe', { token, body: { endpoint: pushEndpoint, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } } });
      await call('POST push/preferences', { token, body: { campaigns: false } });
      await call('POST push/unsubscribe', { token, body: { endpoint: pushEndpoint } });

      // addresses, orders, the merchant
      const address = (
        await call('POST address/create', {
          token,
          body: {
            label: 'Home',
            recipient: 'Ana Cruz',
            phone: '0917 123 4567',
            line1: '12 Calle Mabini',
            city: 'Makati',
            postal_code: '1200',
            lat: 14.55,
            lng: 121.02,
          },
        })
      ).body.data.address;
      await call('GET address/list', { token });
      await call('POST address/update', { token, body: { id: address.id, label: 'Work' } });
      const { latte, croissant } = await products(p);
      const items = [{ product_id: latte.id, qty: 2 }];
      await call('POST order/quote', { token, body: { items, fulfilment: 'delivery', address_id: address.id } });
      const paid = (await call('POST order/create', { token, body: { items, fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() } })).body
        .data.order;
      await call('POST order/create', {
        token,
        body: { items, fulfilment: 'delivery', address_id: address.id, payment_method: 'gateway', idempotency_key: key() },
      });
      await call('GET order/list', { token });
      await call('GET order/detail', { token, query: { name: paid.name } });
      await call('GET order/again', { token, query: { name: paid.name } });
      await call('POST merchant/order/status', { merchant: true, body: { name: paid.name, status: 'preparing' } });
      await call('POST merchant/product/update', { merchant: true, body: { product_id: croissant.id, available: true } });

      // rewards
      await call('POST reward/redeem', { token, body: { name: reward.name, idempotency_key: key() } });
      const vouchers = (await call('GET reward/storage', { token, query: { status: 'active' } })).body.data.vouchers;
      await call('GET reward/voucher', { token, query: { id: vouchers[0].id } });

      // the wallet and payments: the sandbox page pays one top-up, a signed webhook settles another
      const topup = (await call('POST wallet/topup', { token, body: { amount: 10_000, idempotency_key: key() } })).body.data;
      await call('GET wallet/topup/status', { token, query: { topup_id: topup.topup_id } });
      await call('GET payment/sandbox/{id}', { token, params: { id: topup.topup_id } });
      await call('POST payment/sandbox/{id}/complete', { token, params: { id: topup.topup_id }, body: { outcome: 'pay' } });
      const second = (await call('POST wallet/topup', { token, body: { amount: 20_000, idempotency_key: key() } })).body.data;
      const raw = webhookEvent(second.topup_id, 20_000, 'payment.succeeded', unix(p));
      const hook = await postWebhook(p, raw, signature(raw, unix(p)));
      problems.push(...answerProblems(endpoint('POST payment/webhook'), hook));
      if (hook.status === 200) succeeded.add('POST payment/webhook');
      expect(hook.body.data).toEqual({ event_id: expect.any(String), applied: true });
      await call('GET wallet/balance', { token });
      await call('GET wallet/history', { token });
      // a card saved on the sandbox's page, auto-reload on, the card removed (issue 49)
      await call('GET wallet/auto-reload', { token });
      const cardSetup = (await call('POST wallet/card/setup', { token })).body.data;
      await call('GET payment/sandbox/{id}', { token, params: { id: cardSetup.setup_id } });
      await call('POST payment/sandbox/{id}/complete', { token, params: { id: cardSetup.setup_id }, body: { outcome: 'save' } });
      await call('POST wallet/card/confirm', { token, body: { setup_id: cardSetup.setup_id } });
      await call('POST wallet/auto-reload/update', { token, body: { enabled: true, threshold: 10_000, amount: 20_000 } });
      await call('POST wallet/card/remove', { token });

      // notifications, the wheel, and an address deleted
      await call('GET notification/list', { token });
      await call('POST notification/read', { token, body: { all: true } });
      await call('GET wheel/config', { token });
      await call('POST wheel/spin', { token, body: { idempotency_key: key() } });
      await call('POST address/delete', { token, body: { id: address.id } });

      // the merchant console: an owner from a set-up link, a staff member from an invitation, the team, the log
      const ownerEmail = newStaffEmail();
      const setup = (
        await call('POST merchant/auth/setup', {
          body: { token: await createOwnerSetupLink(p.db, p.clock), name: 'Olive Owner', email: ownerEmail, password: STAFF_PASSWORD },
        })
      ).body.data;
      const owner = (await call('POST merchant/auth/login', { body: { email: ownerEmail, password: STAFF_PASSWORD } })).body.data.token as string;
      await call('GET merchant/me', { token: owner });
      const invitation = (await call('POST merchant/staff/invite', { token: owner, body: { role: 'staff' } })).body.data;
      const samEmail = newStaffEmail();
      const joined = (
        await call('POST merchant/auth/accept-invite', {
          body: { token: invitation.invite_token, name: 'Sam Staff', email: samEmail, password: STAFF_PASSWORD },
        })
      ).body.data;
      await call('GET merchant/staff', { token: owner });
      await call('GET merchant/auth/session', { token: owner });
      const pending = (await call('POST merchant/staff/invite', { token: owner, body: { role: 'owner', email: newStaffEmail(), password: STAFF_PASSWORD } }))
        .body.data;
      await call('POST merchant/auth/link', { body: { token: pending.invite_token } });
      await call('GET merchant/staff/invites', { token: owner });
      await call('POST merchant/staff/invites/revoke', { token: owner, body: { id: pending.id } });
      await call('POST merchant/auth/password', { token: joined.token, body: { current_password: STAFF_PASSWORD, new_password: STAFF_PASSWORD } });
      await call('POST merchant/auth/forgot', { body: { email: samEmail } });
      await expect.poll(async () => (await readOutbox(p.db, samEmail)).length).toBeGreaterThan(0);
      const resetToken = /#([A-Za-z0-9_-]{43})/.exec((await readOutbox(p.db, samEmail))[0]!.body)![1]!;
      await call('POST merchant/auth/reset', { body: { token: resetToken, password: STAFF_PASSWORD } });
      await call('POST merchant/staff/update', { token: owner, body: { id: joined.staff.id, role: 'owner' } });
      await call('POST merchant/staff/remove', { token: owner, body: { id: joined.staff.id } });
      await call('GET merchant/audit', { token: owner });
      const draft = (await call('GET merchant/theme/draft', { token: owner })).body.data;
      await call('POST merchant/theme/draft', { token: owner, body: { ...draft.theme, brand_color: '#1f5f8b' } });
      await call('POST merchant/theme/publish', { token: owner });
      const themes = (await call('GET merchant/theme/versions', { token: owner })).body.data.versions;
      await call('POST merchant/theme/restore', { token: owner, body: { id: themes.at(-1).id } });
      const preview = (await call('POST merchant/theme/preview-link', { token: owner })).body.data;
      await call('GET settings/preview', { query: { token: preview.preview_token } });
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#9a4a1c' } })
        .png()
        .toBuffer();
      const image = (await call('POST merchant/images', { token: owner, body: { file: png.toString('base64'), name: 'logo.png', type: 'image/png' } })).body
        .data;
      await call('GET media/{file}', { params: { file: image.url.split('/').at(-1) } });
      // installing the app: the manifest and an icon made from the logo
      const manifest = (await call('GET app/manifest')).body;
      await call('GET app/icon', { query: { size: '192', v: manifest.icons[0].src.split('v=')[1] } });
      // the counter: a voucher's rotating code, looked up, redeemed and undone; the orders board
      const codes = (await call('GET reward/voucher/code', { token, query: { id: vouchers[0].id } })).body.data;
      await call('POST merchant/counter/lookup', { token: owner, body: { code: codes.current.qr } });
      const redeemed = (await call('POST merchant/counter/redeem', { token: owner, body: { code: codes.current.short_code } })).body.data;
      await call('POST merchant/counter/undo', { token: owner, body: { redemption_id: redeemed.redemption.id } });
      await call('GET merchant/counter/recent', { token: owner });
      // the member card: found at the counter by its code and by phone, points given and taken back
      const card = (await call('GET member/card', { token })).body.data;
      await call('POST merchant/counter/member', { token: owner, body: { code: card.current.short_code } });
      const phoneOf = (await p.db.selectFrom('customers').select('phone').where('id', '=', c.id).executeTakeFirstOrThrow()).phone!;
      await call('POST merchant/counter/member', { token: owner, body: { phone: phoneOf } });
      await call('POST merchant/counter/earn/quote', { token: owner, body: { customer_id: c.id, amount: 18_500, items: [{ product_id: latte.id, qty: 1 }] } });
      const earned = (
        await call('POST merchant/counter/earn', {
          token: owner,
          body: { customer_id: c.id, amount: 18_500, items: [{ product_id: latte.id, qty: 1 }], idempotency_key: key() },
        })
      ).body.data;
      await call('GET merchant/counter/earns', { token: owner });
      await call('POST merchant/counter/earn/undo', { token: owner, body: { earn_id: earned.earn.id } });
      // a reward for the member's points, handed over from the card, and undone (the points and the stock back)
      await call('POST merchant/customers/adjust-points', {
        token: owner,
        body: { customer_id: c.id, points: 1_000, reason: 'For the counter', idempotency_key: key() },
      });
      const reach = (await call('POST merchant/counter/member/rewards', { token: owner, body: { customer_id: c.id } })).body.data;
      const served = (
        await call('POST merchant/counter/member/redeem', {
          token: owner,
          body: { code: (await call('GET member/card', { token })).body.data.current.qr, reward: reach.rewards[0].name, idempotency_key: key() },
        })
      ).body.data;
      await call('POST merchant/counter/undo', { token: owner, body: { redemption_id: served.redemption.id } });
      await call('GET merchant/orders/board', { token: owner });
      await call('GET merchant/orders/detail', { token: owner, query: { name: paid.name } });
      await call('POST merchant/orders/advance', { token: owner, body: { name: paid.name, from: 'preparing' } });
      const toCancel = (await call('POST order/create', { token, body: { items, fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() } }))
        .body.data.order;
      await call('POST merchant/orders/cancel', { token: owner, body: { name: toCancel.name, reason: 'Out of oat milk' } });

      // the menu editor
      const category = (await call('POST merchant/menu/category/create', { token: owner, body: { name: 'Seasonal' } })).body.data.category;
      await call('POST merchant/menu/category/rename', { token: owner, body: { id: category.id, name: 'Autumn' } });
      const product = (
        await call('POST merchant/menu/product/create', { token: owner, body: { category_id: category.id, name: 'Pumpkin latte', price: 18_500 } })
      ).body.data.product;
      await call('POST merchant/menu/product/update', { token: owner, body: { id: product.id, available: false } });
      const categories = (await call('GET merchant/menu', { token: owner })).body.data.categories as { id: number }[];
      await call('POST merchant/menu/category/reorder', { token: owner, body: { ids: categories.map((c) => c.id).reverse() } });
      const empty = (await call('POST merchant/menu/category/create', { token: owner, body: { name: 'Empty' } })).body.data.category;
      await call('POST merchant/menu/category/archive-all', { token: owner, body: { id: empty.id } });
      await call('POST merchant/menu/category/delete', { token: owner, body: { id: empty.id } });
      // its product options
      const group = (
        await call('POST merchant/menu/option-group/create', {
          token: owner,
          body: {
            name: 'Size',
            min_choices: 1,
            max_choices: 1,
            options: [
              { name: 'Regular', is_default: true },
              { name: 'Large', price_delta: 2_000 },
            ],
          },
        })
      ).body.data.group;
      await call('POST merchant/menu/option-group/update', {
        token: owner,
        body: { id: group.id, name: 'Cup', min_choices: 0, max_choices: 1, options: [{ id: group.options[0].id, name: 'Small' }] },
      });
      await call('POST merchant/menu/option/availability', { token: owner, body: { id: group.options[0].id, available: false } });
      await call('POST merchant/menu/product/update', { token: owner, body: { id: product.id, option_group_ids: [group.id] } });
      await call('GET merchant/menu/option-groups', { token: owner });
      await call('POST merchant/menu/option-group/delete', { token: owner, body: { id: group.id } });
      const scone = (await call('POST merchant/menu/product/create', { token: owner, body: { category_id: category.id, name: 'Ube scone', price: 9_000 } }))
        .body.data.product;
      await call('POST merchant/menu/product/reorder', { token: owner, body: { category_id: category.id, ids: [scone.id, product.id] } });
      await call('POST merchant/menu/product/archive', { token: owner, body: { id: product.id } });
      await call('POST merchant/menu/product/restore', { token: owner, body: { id: product.id } });
      await call('POST merchant/menu/product/delete', { token: owner, body: { id: scone.id } });

      // the reward catalogue
      await call('GET merchant/rewards', { token: owner });
      const newReward = (
        await call('POST merchant/rewards/create', { token: owner, body: { title: 'Free matcha', points_cost: 200, stock_total: 10, valid_days: 30 } })
      ).body.data.reward;
      await call('POST merchant/rewards/update', { token: owner, body: { name: newReward.name, active: false } });

      // customers: found, shown, their points adjusted
      await call('GET merchant/customers', { token: owner, query: { q: 'Open' } });
      await call('GET merchant/customers/detail', { token: owner, query: { id: c.id } });
      await call('POST merchant/customers/adjust-points', {
        token: owner,
        body: { customer_id: c.id, points: 25, reason: 'A thank-you', idempotency_key: key() },
      });
      // a customer's own data and leaving (one of its own: asking ends their sessions), and the owner's for them
      const leaving = await p.newCustomer();
      await call('GET customer/data', { token: leaving.token });
      await call('GET customer/deletion', { token: leaving.token });
      await call('POST customer/deletion/request', { token: leaving.token, body: { confirm: 'DELETE' } });
      await call('GET merchant/customers/data', { token: owner, query: { customer_id: c.id } });
      await call('POST merchant/customers/deletion/request', { token: owner, body: { customer_id: leaving.id } });
      await call('POST merchant/customers/deletion/cancel', { token: owner, body: { customer_id: leaving.id } });

      // the wheel
      await call('GET merchant/wheel', { token: owner });
      await call('POST merchant/wheel/publish', {
        token: owner,
        body: {
          segments: [
            { label: '10 pts', prize_type: 'points', points: 10, weight: 3 },
            { label: 'Try again', prize_type: 'none', weight: 1, color: '#cccccc' },
          ],
          spin_cost_points: 20,
          free_spins_per_day: 1,
        },
      });

      // the dashboard
      for (const period of ['today', '7d', '30d']) await call('GET merchant/dashboard', { token: owner, query: { period } });
      const today = new Date(p.clock.now().getTime()).toISOString().slice(0, 10);
      await call('GET merchant/export/orders.csv', { token: owner, query: { from: '2026-01-01', to: today > '2026-01-01' ? today : '2026-01-01' } });
      await call('GET merchant/export/ledger.csv', { token: owner, query: { from: today, to: today } });

      // going live: payments and messages, a test message, the set-up checklist
      await call('GET merchant/channels', { token: owner });
      await call('POST merchant/channels/test-message', { token: owner, body: { channel: 'email' } });
      await call('GET merchant/setup', { token: owner });
      // each service connected from the console (tested against its local stand-in), then disconnected:
      // the rest of the walk pays through the sandbox and reads codes from the outbox
      await call('POST merchant/channels/connect/stripe', { token: owner, body: { secret_key: stand.stripe.secretKey, webhook_secret: 'whsec_openapi0001' } });
      await call('POST merchant/channels/disconnect', { token: owner, body: { service: 'stripe' } });
      await call('POST merchant/channels/connect/twilio', {
        token: owner,
        body: { account_sid: STAND_TWILIO.accountSid, auth_token: STAND_TWILIO.authToken, from: STAND_TWILIO.from },
      });
      await call('POST merchant/channels/disconnect', { token: owner, body: { service: 'twilio' } });
      await call('POST merchant/channels/connect/smtp', { token: owner, body: { url: `smtp://127.0.0.1:${stand.smtpPort}`, from: 'no-reply@kopisenja.test' } });
      await call('POST merchant/channels/disconnect', { token: owner, body: { service: 'smtp' } });

      // the shop settings: read, changed, and a currency change refused once money has moved
      await call('GET merchant/settings', { token: owner });
      await call('POST merchant/settings/update', { token: owner, body: { contact_email: 'hello@kopi.example', topup_presets: [10_000, 50_000] } });
      await call('POST merchant/settings/update', { token: owner, body: { currency: 'USD' } });
      // backups: the last one (none yet in this walk), and whether it is too old
      await call('GET merchant/backups', { token: owner });

      // locations: customers' view and pickup times; the owner adds one, changes it, pauses and resumes it; a staff member limited to it
      await call('GET shop/locations');
      const location = (
        await call('POST merchant/locations/create', {
          token: owner,
          body: {
            name: 'BGC',
            address: '30th Street, Taguig',
            lat: 14.55,
            lng: 121.05,
            delivery_areas: [{ kind: 'radius', name: 'Near', radius_km: 3, fee: null, min_order: null }],
          },
        })
      ).body.data.location;
      await call('POST merchant/locations/update', {
        token: owner,
        body: { id: location.id, prep_minutes: 15, exceptions: [{ date: '2026-12-25', periods: [], note: 'Christmas' }] },
      });
      await call('GET shop/pickup-slots', { query: { location_id: location.id } });
      await call('GET shop/pickup-slots', { query: { location_id: 999_999 } });
      await call('GET shop/delivery-check', { query: { lat: 14.551, lng: 121.051 } });
      await call('GET shop/delivery-check', { query: { lat: 95, lng: 121.05 } });
      await call('POST merchant/locations/pause', { token: owner, body: { location_id: location.id, pause: 'until_resumed' } });
      await call('POST merchant/locations/pause', { token: owner, body: { location_id: location.id, pause: 'resume' } });
      await call('GET merchant/locations', { token: owner });
      const barista = await newStaff(p.db, p.clock, { role: 'staff' });
      await call('POST merchant/staff/update', { token: owner, body: { id: barista.id, location_ids: [location.id] } });
      await call('GET merchant/locations', { token: barista.token });
      const elsewhere = (await call('GET shop/locations')).body.data.locations.find((l: { id: number }) => l.id !== location.id).id;
      await call('POST merchant/locations/pause', { token: barista.token, body: { location_id: elsewhere, pause: '15_minutes' } });

      // earning rules: the owner adds a window, changes it, simulates it, ends it (then it cannot resume); staff read them
      const rule = (
        await call('POST merchant/loyalty/rules/create', {
          token: owner,
          body: { kind: 'window', name: 'Double Tuesdays', days: ['tue'], start: '14:00', end: '16:00', multiplier: 2 },
        })
      ).body.data.rule;
      await call('POST merchant/loyalty/rules/update', {
        token: owner,
        body: { id: rule.id, rule: { kind: 'window', name: 'Double Tuesdays', days: ['tue', 'wed'], start: '14:00', end: '16:00', points: 20 } },
      });
      await call('POST merchant/loyalty/rules/update', { token: owner, body: { id: rule.id, rule: { kind: 'first_order', name: 'Welcome', points: 20 } } });
      await call('POST merchant/loyalty/simulate', {
        token: owner,
        body: { rule: { kind: 'bonus', name: '+10 on lattes', points: 10, product_ids: [latte.id] } },
      });
      await call('POST merchant/loyalty/rules/status', { token: owner, body: { id: rule.id, status: 'ended' } });
      await call('POST merchant/loyalty/rules/status', { token: owner, body: { id: rule.id, status: 'active' } });
      await call('GET merchant/loyalty/rules', { token: barista.token });

      // offers and promo codes: the owner adds one (its code once), changes it, pauses and resumes it; staff read
      // them; the customer sees it, quotes and orders with it; a paused code and an unknown one are refused
      const offer = (
        await call('POST merchant/offers/create', {
          token: owner,
          body: { title: '10% off', kind: 'percent_off', value: 10, code: 'WALK10', max_discount: 5000 },
        })
      ).body.data.offer;
      await call('POST merchant/offers/create', { token: owner, body: { title: 'Again', kind: 'amount_off', value: 1000, code: 'walk10' } });
      await call('POST merchant/offers/update', { token: owner, body: { id: offer.id, per_customer_limit: null, max_uses: 100 } });
      await call('POST merchant/offers/update', { token: owner, body: { id: 999_999, title: 'Gone' } });
      await call('POST merchant/offers/status', { token: owner, body: { id: offer.id, status: 'paused' } });
      await call('POST order/quote', { token, body: { items, fulfilment: 'pickup', promo_code: 'WALK10' } });
      await call('POST merchant/offers/status', { token: owner, body: { id: offer.id, status: 'active' } });
      await call('GET merchant/offers', { token: barista.token });
      await call('GET offer/list', { token });
      await call('POST order/quote', { token, body: { items, fulfilment: 'pickup', promo_code: 'walk10' } });
      await call('POST order/quote', { token, body: { items, fulfilment: 'pickup', promo_code: 'NOSUCHCODE' } });
      await call('POST order/create', { token, body: { items, fulfilment: 'pickup', payment_method: 'wallet', promo_code: 'WALK10', idempotency_key: key() } });
      await call('POST merchant/offers/status', { token: owner, body: { id: offer.id, status: 'archived' } });
      await call('POST merchant/offers/status', { token: owner, body: { id: offer.id, status: 'active' } });
      // single-use codes: a batch for a single-use offer (not for a coded one), its list and its CSV
      const flyer = (
        await call('POST merchant/offers/create', { token: owner, body: { title: 'Flyer', kind: 'amount_off', value: 1000, code: null, single_use: true } })
      ).body.data.offer;
      await call('POST merchant/offers/codes/create', { token: owner, body: { offer_id: offer.id, count: 2 } });
      const codeBatch = (await call('POST merchant/offers/codes/create', { token: owner, body: { offer_id: flyer.id, count: 2, prefix: 'walk' } })).body.data
        .batch;
      await call('GET merchant/offers/codes', { token: barista.token, query: { offer_id: flyer.id } });
      await call('GET merchant/offers/codes', { token: barista.token, query: { offer_id: 999_999 } });
      await call('GET merchant/offers/codes.csv', { token: owner, query: { batch_id: codeBatch.id } });
      await call('GET merchant/offers/codes.csv', { token: owner, query: { batch_id: 999_999 } });
      // the loyalty page's sample order: with the code, and with a code that does not apply
      await call('POST merchant/pricing/try', { token: owner, body: { items } });
      await call('POST merchant/pricing/try', { token: owner, body: { items, promo_code: 'NOSUCHCODE' } });

      // gift cards: staff read the settings, the owner turns them on; the customer sees the options, buys an
      // eGift (off first: refused), a friend opens and claims it (twice: refused), the customer refunds another
      await call('GET merchant/gift-cards/settings', { token: barista.token });
      const giftBuy = { amount: 50_000, design: 'celebrate', from_name: 'Ana', to_name: 'Ben', to_phone: '0917 555 0101', payment_method: 'wallet' };
      await call('POST gift-card/buy', { token, body: { ...giftBuy, idempotency_key: key() } });
      const giftSettings = (await call('GET merchant/gift-cards/settings', { token: owner })).body.data.settings;
      await call('POST merchant/gift-cards/settings/update', {
        token: owner,
        body: {
          ...giftSettings,
          enabled: true,
          designs: giftSettings.designs.map(({ id, name, message, enabled }: Record<string, unknown>) => ({ id, name, message, enabled })),
          currency: undefined,
        },
      });
      await call('GET gift-card/options', { token });
      const gift = (await call('POST gift-card/buy', { token, body: { ...giftBuy, idempotency_key: key() } })).body.data.card;
      const toRefund = (await call('POST gift-card/buy', { token, body: { ...giftBuy, idempotency_key: key() } })).body.data.card;
      await call('GET gift-card/sent', { token });
      const recipient = await p.newCustomer();
      await call('GET gift-card/view', { token: recipient.token, query: { number: gift.number } });
      await call('POST gift-card/claim', { token: recipient.token, body: { number: gift.number } });
      await call('POST gift-card/claim', { token: recipient.token, body: { number: gift.number } });
      await call('POST gift-card/refund', { token, body: { id: toRefund.id } });
      await call('POST gift-card/refund', { token, body: { id: gift.id } });
      await call('GET merchant/gift-cards/report', { token: owner, query: { from: '2026-01-01', to: '2026-12-31' } });
      await call('GET merchant/export/gift-cards.csv', { token: owner, query: { from: '2026-01-01', to: '2026-12-31' } });
      // physical gift cards: a batch printed and downloaded; at the counter one sold, checked, part spent, added to a wallet
      const printed = (await call('POST merchant/gift-cards/batches/create', { token: owner, body: { label: 'Walk', count: 2 } })).body.data.batch;
      await call('GET merchant/gift-cards/batches', { token: owner });
      await call('GET merchant/gift-cards/batches.csv', { token: owner, query: { batch_id: printed.id } });
      const physical = (await p.db.selectFrom('gift_cards').select('number').where('batch_id', '=', printed.id).executeTakeFirstOrThrow()).number;
      await call('POST merchant/counter/gift-card', { token: barista.token, body: { number: physical } });
      await call('POST merchant/counter/gift-card/spend', { token: barista.token, body: { number: physical, amount: 1_000, idempotency_key: key() } });
      await call('POST merchant/counter/gift-card/activate', { token: barista.token, body: { number: physical, amount: 50_000, idempotency_key: key() } });
      await call('POST merchant/counter/gift-card/activate', { token: barista.token, body: { number: physical, amount: 50_000, idempotency_key: key() } });
      await call('POST merchant/counter/gift-card/spend', { token: barista.token, body: { number: physical, amount: 1_000, idempotency_key: key() } });
      await call('POST merchant/counter/gift-card/add', { token: barista.token, body: { number: physical, customer_id: (await p.newCustomer()).id } });
      // feedback: an order moved on to completed and rated (too early first: refused; twice: refused), read,
      // listed, answered, and the owner's review link
      const rated = (await call('POST order/create', { token, body: { items, fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() } })).body
        .data.order;
      await call('POST order/feedback/give', { token, body: { name: rated.name, rating: 2 } });
      for (const status of ['preparing', 'ready', 'completed'])
        await call('POST merchant/order/status', { merchant: true, body: { name: rated.name, status } });
      await call('GET order/feedback', { token, query: { name: rated.name } });
      await call('POST merchant/feedback/settings', { token: owner, body: { review_url: 'https://g.page/r/walk/review' } });
      await call('POST order/feedback/give', { token, body: { name: rated.name, rating: 2, reasons: ['speed'], comment: 'Slow today' } });
      await call('POST order/feedback/give', { token, body: { name: rated.name, rating: 5 } });
      const [rating] = (await call('GET merchant/feedback', { token: barista.token, query: { low: 'true' } })).body.data.items;
      await call('POST merchant/feedback/reply', { token: barista.token, body: { id: rating.id, reply: 'Sorry! We were short-handed.' } });
      await call('POST merchant/feedback/reply', { token: barista.token, body: { id: 999_999, reply: 'Nobody' } });
      // tips: refused while off, turned on by the owner, a tipped quote and order, the report and its CSV
      await call('POST order/quote', { token, body: { items, fulfilment: 'pickup', tip: 1_000 } });
      await call('GET merchant/tips/settings', { token: owner });
      await call('POST merchant/tips/settings/update', {
        token: owner,
        body: { enabled: true, kind: 'amount', presets: [1_000, 2_000], custom: true, max: 50_000 },
      });
      await call('POST order/quote', { token, body: { items, fulfilment: 'pickup', tip: 1_000 } });
      await call('POST order/create', { token, body: { items, fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key(), tip: 2_000 } });
      await call('GET merchant/tips/report', { token: owner, query: { from: '2026-01-01', to: '2026-12-31' } });
      await call('GET merchant/export/tips.csv', { token: owner, query: { from: '2026-01-01', to: '2026-12-31' } });
      // kitchen display stations: the owner adds two, routes a category, renames one; a paid order's lines on
      // a screen, bumped line by line (a bump refused for a line of another station), un-bumped, bumped to ready; one removed
      const walkBar = (await call('POST merchant/stations/create', { token: owner, body: { name: 'Walk bar' } })).body.data.stations.at(-1).id;
      const walkKitchen = (
        await call('POST merchant/stations/create', { token: owner, body: { name: 'Walk kitchen', late_minutes: 12 } })
      ).body.data.stations.at(-1).id;
      await call('POST merchant/stations/update', { token: owner, body: { id: walkBar, name: 'Walk bar', late_minutes: 8, is_default: true } });
      await call('POST merchant/stations/update', { token: owner, body: { id: 999_999, name: 'Gone', late_minutes: 8, is_default: false } });
      const latteCategory = (await p.db.selectFrom('products').select('category_id').where('id', '=', latte.id).executeTakeFirstOrThrow()).category_id;
      await call('POST merchant/stations/route', { token: owner, body: { target: 'category', id: latteCategory, station_id: walkBar } });
      await call('POST merchant/stations/route', { token: owner, body: { target: 'product', id: 999_999, station_id: walkBar } });
      await call('GET merchant/stations', { token: barista.token });
      const twoLines = [...items, { product_id: croissant.id, qty: 1 }];
      const made = (
        await call('POST order/create', { token, body: { items: twoLines, fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() } })
      ).body.data.order;
      const [walkTicket] = (await call('GET merchant/stations/tickets', { token: owner, query: { station_id: walkBar } })).body.data.tickets.filter(
        (t: { order: string }) => t.order === made.name,
      );
      await call('GET merchant/stations/tickets', { token: owner, query: { station_id: 999_999 } });
      await call('POST merchant/stations/bump', { token: owner, body: { station_id: walkKitchen, order: made.name } });
      await call('POST merchant/stations/bump', { token: owner, body: { station_id: walkBar, order: made.name, line_ids: [walkTicket.lines[0].id] } });
      await call('POST merchant/stations/unbump', { token: owner, body: { station_id: walkBar, order: made.name, line_ids: [walkTicket.lines[0].id] } });
      await call('POST merchant/stations/bump', { token: owner, body: { station_id: walkBar, order: made.name } });
      await call('POST merchant/stations/unbump', { token: owner, body: { station_id: walkBar, order: made.name } });
      // the barista works at another location: its orders are not theirs
      await call('POST merchant/stations/bump', { token: barista.token, body: { station_id: walkBar, order: made.name } });
      await call('POST merchant/stations/delete', { token: owner, body: { id: walkKitchen } });
      await call('POST merchant/stations/delete', { token: owner, body: { id: walkBar } });
      // receipts: the choice read and set (e-mail refused without a verified address), the rated order's receipt by its link, a forged one
      await call('GET receipt/settings', { token });
      await call('POST receipt/settings/update', { token, body: { receipts: 'email' } });
      await call('POST receipt/settings/update', { token, body: { receipts: 'sms' } });
      const ratedRow = await p.db.selectFrom('orders').select(['id', 'name']).where('name', '=', rated.name).executeTakeFirstOrThrow();
      await call('GET receipt', { query: { token: receiptToken(p.ctx.secret, ratedRow) } });
      await call('GET receipt', { query: { token: `r1.${rated.name}.${'A'.repeat(32)}` } });
      // dine-in: an area and tables, one renamed and removed, its code resolved (and a forged one), an order at the table
      const firstPlace = (await p.db.selectFrom('locations').select('id').orderBy('position').orderBy('id').executeTakeFirstOrThrow()).id;
      await call('GET merchant/tables', { token: owner, query: { location_id: firstPlace } });
      const terrace = (await call('POST merchant/tables/area/create', { token: owner, body: { location_id: firstPlace, name: 'Terrace' } })).body.data.areas[0];
      await call('POST merchant/tables/area/rename', { token: owner, body: { id: terrace.id, name: 'Garden' } });
      const seated = (await call('POST merchant/tables/create', { token: owner, body: { location_id: firstPlace, label: '12', area_id: terrace.id } })).body
        .data.tables[0];
      await call('POST merchant/tables/create', { token: owner, body: { location_id: firstPlace, label: '12' } });
      await call('POST merchant/tables/update', { token: owner, body: { id: seated.id, label: '14' } });
      await call('POST merchant/tables/area/remove', { token: owner, body: { id: terrace.id } });
      await call('GET shop/table', { query: { code: seated.code } });
      await call('GET shop/table', { query: { code: `${seated.code.slice(0, -4)}AAAA` } });
      await call('POST order/create', {
        token,
        body: { items, fulfilment: 'dine_in', table_code: seated.code, payment_method: 'wallet', idempotency_key: key() },
      });
      await call('POST merchant/settings/update', { token: owner, body: { dine_in: true } });
      await call('POST order/quote', { token, body: { items, fulfilment: 'dine_in', table_code: seated.code } });
      await call('POST order/create', {
        token,
        body: { items, fulfilment: 'dine_in', table_code: seated.code, payment_method: 'wallet', idempotency_key: key() },
      });
      // pay at the counter (issue 54): refused while off, then an order paid at the till, and marked again (409)
      await call('POST order/create', {
        token,
        body: { items, fulfilment: 'dine_in', table_code: seated.code, payment_method: 'counter', idempotency_key: key() },
      });
      await call('POST merchant/settings/update', { token: owner, body: { pay_at_counter: true } });
      await call('POST order/quote', { token, body: { items, fulfilment: 'dine_in', table_code: seated.code } });
      const atCounter = (
        await call('POST order/create', {
          token,
          body: { items, fulfilment: 'dine_in', table_code: seated.code, payment_method: 'counter', idempotency_key: key() },
        })
      ).body.data.order;
      await call('GET order/detail', { token, query: { name: atCounter.name } });
      await call('GET merchant/orders/board', { token: owner });
      await call('POST merchant/orders/mark-paid', { token: owner, body: { name: atCounter.name, how: 'cash' } });
      await call('POST merchant/orders/mark-paid', { token: owner, body: { name: atCounter.name, how: 'card' } });
      await call('POST merchant/orders/mark-paid', { token: owner, body: { name: 'KS-ZZZZZZZZ', how: 'card' } });
      // a guest at the table: a session from the code (a bad name refused), an order paid at the till, claimed by a member, claimed again (409)
      await call('POST auth/guest', { body: { table_code: seated.code, name: '1234' } });
      const guest = (await call('POST auth/guest', { body: { table_code: seated.code, name: 'Ana' } })).body.data.token as string;
      await call('GET customer/profile', { token: guest });
      const guestOrder = (
        await call('POST order/create', {
          token: guest,
          body: { items, fulfilment: 'dine_in', table_code: seated.code, payment_method: 'counter', idempotency_key: key() },
        })
      ).body.data.order;
      await call('POST merchant/orders/mark-paid', { token: owner, body: { name: guestOrder.name, how: 'cash' } });
      const guestClaim = (await call('GET order/detail', { token: guest, query: { name: guestOrder.name } })).body.data.order.guest_claim;
      await call('POST order/claim', { token, body: { token: guestClaim.claim_token } });
      await call('POST order/claim', { token, body: { token: guestClaim.claim_token } });
      const spareTable = (await call('POST merchant/tables/create', { token: owner, body: { location_id: firstPlace, label: '15' } })).body.data.tables.find(
        (x: { label: string }) => x.label === '15',
      );
      await call('POST merchant/tables/remove', { token: owner, body: { id: spareTable.id } });
      // outbound webhooks: the owner adds an endpoint (and one refused), changes it, rotates its secret; an order
      // queues a delivery, read in the log and replayed; another endpoint removed
      const webhookEndpoint = (
        await call('POST merchant/webhooks/create', { token: owner, body: { url: 'https://hooks.example.com/walk', events: ['order.created'] } })
      ).body.data.endpoint;
      await call('POST merchant/webhooks/create', { token: owner, body: { url: 'https://169.254.169.254/latest', events: ['order.created'] } });
      await call('POST merchant/webhooks/update', { token: owner, body: { id: webhookEndpoint.id, description: 'The till' } });
      await call('POST merchant/webhooks/update', { token: owner, body: { id: 999_999, description: 'Gone' } });
      await call('POST merchant/webhooks/rotate', { token: owner, body: { id: webhookEndpoint.id } });
      await call('POST order/create', { token, body: { items, fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() } });
      const [delivery] = (await call('GET merchant/webhooks/deliveries', { token: owner, query: { id: webhookEndpoint.id } })).body.data.deliveries;
      await call('POST merchant/webhooks/replay', { token: owner, body: { delivery_id: delivery.id } });
      await call('GET merchant/webhooks', { token: owner });
      const spare = (await call('POST merchant/webhooks/create', { token: owner, body: { url: 'https://example.org/in', events: ['points.earned'] } })).body
        .data.endpoint;
      await call('POST merchant/webhooks/delete', { token: owner, body: { id: spare.id } });

      // stamp cards: the owner adds a programme, changes it, pauses and resumes it; staff read them; the customer sees their cards
      const stampReward = (await p.db.selectFrom('rewards').select('id').where('active', '=', true).orderBy('id').executeTakeFirstOrThrow()).id;
      const stampCard = { name: 'Coffee card', product_ids: [latte.id], per: 'item', stamps_needed: 10, reward_id: stampReward, expiry_days: 365 };
      const programme = (await call('POST merchant/loyalty/stamps/create', { token: owner, body: stampCard })).body.data.program;
      await call('POST merchant/loyalty/stamps/update', { token: owner, body: { id: programme.id, program: { ...stampCard, stamps_needed: 8 } } });
      await call('POST merchant/loyalty/stamps/status', { token: owner, body: { id: programme.id, status: 'paused' } });
      await call('POST merchant/loyalty/stamps/status', { token: owner, body: { id: programme.id, status: 'active' } });
      await call('GET merchant/loyalty/stamps', { token: barista.token });
      await call('GET stamp/cards', { token: c.token });
      await call('POST merchant/loyalty/stamps/status', { token: owner, body: { id: programme.id, status: 'ended' } });
      await call('POST merchant/loyalty/stamps/update', { token: owner, body: { id: programme.id, program: stampCard } });
      // tiers: the customer's progress; staff read the programme, the owner saves it back with Brew's threshold lower
      await call('GET tier/status', { token });
      type TierOfConsole = {
        name: string;
        threshold: number;
        multiplier: number;
        welcome_reward: { id: number } | null;
        birthday_reward: { id: number } | null;
        early_rewards: { id: number }[];
      };
      const tierProgramme = (await call('GET merchant/loyalty/tiers', { token: barista.token })).body.data as {
        enabled: boolean;
        basis: string;
        tiers: TierOfConsole[];
      };
      const tiers = tierProgramme.tiers.map((t, i) => ({
        name: t.name,
        threshold: i === 1 ? t.threshold - 50 : t.threshold,
        multiplier: t.multiplier,
        welcome_reward_id: t.welcome_reward?.id ?? null,
        birthday_reward_id: t.birthday_reward?.id ?? null,
        early_reward_ids: t.early_rewards.map((r) => r.id),
      }));
      await call('POST merchant/loyalty/tiers/update', { token: owner, body: { enabled: tierProgramme.enabled, basis: tierProgramme.basis, tiers } });

      // referrals: the customer's code, whose it is, a friend who signed up with it (the row auth records),
      // the console's list and the owner voiding it (then 409: void already)
      const referral = (await call('GET referral/status', { token })).body.data as { code: string };
      await call('GET referral/lookup', { query: { code: referral.code } });
      await call('GET referral/lookup', { query: { code: 'NOBODY23' } });
      const friend = await p.newCustomer();
      const signedUp = await p.db
        .insertInto('referrals')
        .values({ referrer_id: c.id, friend_id: friend.id, signed_up_at: p.clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await call('GET merchant/loyalty/referrals', { token: barista.token });
      await call('POST merchant/loyalty/referrals/void', { token: owner, body: { id: signedUp.id, reason: 'Testing the walk' } });
      await call('POST merchant/loyalty/referrals/void', { token: owner, body: { id: signedUp.id, reason: 'Again' } });
      // two referrals a fraud signal held for review: the owner's queue, one approved, one rejected (then 409)
      const anOrder = await p.db.selectFrom('orders').select('id').where('customer_id', '=', c.id).orderBy('id').executeTakeFirstOrThrow();
      const held = [];
      for (const signal of ['address', 'phone_block']) {
        const heldFriend = await p.newCustomer();
        held.push(
          await p.db
            .insertInto('referrals')
            .values({
              referrer_id: c.id,
              friend_id: heldFriend.id,
              signed_up_at: p.clock.now(),
              status: 'review',
              order_id: anOrder.id,
              signals: JSON.stringify([signal]),
            })
            .returning('id')
            .executeTakeFirstOrThrow(),
        );
      }
      await call('GET merchant/loyalty/referrals/review', { token: owner });
      await call('POST merchant/settings/update', { token: owner, body: { referral_reward: 'points', referral_points: 100 } });
      await call('POST merchant/loyalty/referrals/approve', { token: owner, body: { id: held[0]!.id } });
      await call('POST merchant/loyalty/referrals/reject', { token: owner, body: { id: held[1]!.id } });
      await call('POST merchant/loyalty/referrals/reject', { token: owner, body: { id: held[1]!.id } });

      // campaigns: the owner turns win-back on, staff read them; the customer's choice, off and on again;
      // an e-mail's unsubscribe page (a good code and a forged one), its script and styles, and its post
      await call('POST merchant/campaigns/update', {
        token: owner,
        body: { kind: 'win_back', enabled: true, title: 'We miss you, {name}', body: 'Come back for a coffee.', reward_id: null, timing: 30 },
      });
      await call('GET merchant/campaigns', { token: barista.token });
      // a one-off broadcast: the owner counts who it reaches and sends it; staff read the list
      await call('GET merchant/campaigns/broadcasts/audience', { token: owner, query: {} });
      await call('POST merchant/campaigns/broadcasts/send', {
        token: owner,
        body: { title: 'Hello {name}', body: 'New pastries today.', idempotency_key: 'openapi-broadcast' },
      });
      await call('GET merchant/campaigns/broadcasts', { token: barista.token });
      await call('GET campaign/preferences', { token });
      await call('POST campaign/unsubscribe', { token, body: { subscribed: false } });
      await call('POST campaign/unsubscribe', { token, body: { subscribed: true } });
      const unsubscribeCodeOfC = unsubscribeCode(p.ctx.secret, c.id);
      await call('GET campaign/unsubscribe', { query: { code: unsubscribeCodeOfC } });
      await call('GET campaign/unsubscribe', { query: { code: '1_AAAAAAAAAAAAAAAAAAAAAAAA' } });
      await call('GET campaign/unsubscribe.js');
      await call('GET campaign/unsubscribe.css');
      await call('POST campaign/unsubscribe/link', { body: { code: unsubscribeCodeOfC } });

      // the wallet card, both wallets configured (self-made certificates): the customer's pass and link,
      // then Apple Wallet's web service with a token the test knows (the pass's own is inside the .pkpass)
      const configured = p.ctx.passes;
      p.ctx.passes = testPasses();
      try {
        await call('GET pass/status', { token });
        await call('GET pass/apple', { token });
        await call('GET pass/google', { token });
        const pass = await p.db.selectFrom('wallet_passes').select('serial').where('customer_id', '=', c.id).executeTakeFirstOrThrow();
        const passToken = 'walk-token-0123456789abcdef';
        await p.db
          .updateTable('wallet_passes')
          .set({ auth_token_hash: createHash('sha256').update(passToken).digest('hex') })
          .where('customer_id', '=', c.id)
          .execute();
        const wallet = async (k: string, params: Record<string, string>, body?: unknown) => {
          const e = endpoint(k);
          const res = await p.call(
            e.method,
            e.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? ''),
            { headers: { authorization: `ApplePass ${passToken}` }, ip: newIp(), ...(body === undefined ? {} : { body }) },
          );
          const found = answerProblems(e, res);
          problems.push(...found);
          if (found.length === 0 && e.answer.statuses.includes(res.status)) succeeded.add(k);
        };
        const ids = { device: 'walk-device', passType: PASS_TYPE, serial: pass.serial };
        await wallet('POST pass/apple/v1/devices/{device}/registrations/{passType}/{serial}', ids, { pushToken: 'ab'.repeat(32) });
        await wallet('GET pass/apple/v1/devices/{device}/registrations/{passType}', ids);
        await wallet('GET pass/apple/v1/passes/{passType}/{serial}', ids);
        await wallet('POST pass/apple/v1/log', ids, { logs: ['walk'] });
        await wallet('DELETE pass/apple/v1/devices/{device}/registrations/{passType}/{serial}', ids);
        // a lost phone: the cards turned off (a new serial and token from now on)
        await call('POST pass/revoke', { token });
      } finally {
        p.ctx.passes = configured;
      }

      // scoped API keys: the owner creates one, which changes a product (its scope); rotates and revokes it;
      // and turns the configuration's merchant key off, after the walk's calls that use it
      const apiKey = (await call('POST merchant/api-keys/create', { token: owner, body: { name: 'Walk till', scopes: ['menu:write', 'points:earn'] } })).body
        .data;
      const tillBody = { phone, amount: 25_000, idempotency_key: key() };
      await call('POST merchant/till/earn', { merchant: apiKey.secret, body: tillBody });
      await call('POST merchant/till/earn', { merchant: apiKey.secret, body: tillBody });
      await call('POST merchant/till/earn', { merchant: apiKey.secret, body: { phone: '+639170000001', amount: 25_000, idempotency_key: key() } });
      await call('POST merchant/till/earn', { merchant: true, body: { phone, amount: 25_000, idempotency_key: key() } });
      await call('GET merchant/api-keys', { token: owner });
      await call('POST merchant/api-keys/rotate', { token: owner, body: { id: apiKey.key.id } });
      await call('POST merchant/api-keys/revoke', { token: owner, body: { id: apiKey.key.id } });
      await call('POST merchant/api-keys/rotate', { token: owner, body: { id: apiKey.key.id } });
      await call('POST merchant/api-keys/legacy-off', { token: owner, body: { confirm: true } });
      await call('POST merchant/product/update', { merchant: true, body: { product_id: croissant.id, available: true } });

      // the demo cleared last: it archives the menu and retires the rewards the walk used
      await call('POST merchant/setup/clear-demo', { token: owner, body: { confirm: true, shop_name: 'Café Luna' } });

      await call('POST merchant/auth/logout', { token: setup.token });
      await call('POST merchant/auth/logout-all', { token: owner });

      expect(problems).toEqual([]);
      expect(
        withSandbox(ENDPOINTS.map(keyOf)).filter((k) => !succeeded.has(k)),
        'calls the walk never saw succeed',
      ).toEqual([]);
    },
    WALK_TIMEOUT,
  );
});
