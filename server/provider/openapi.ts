/**
 * The published contract: the OpenAPI 3.1 document of API v2, generated from the contract's table of
 * calls (src/contract/endpoints.ts) and its zod schemas by zod-openapi (which renders each schema
 * with zod's own z.toJSONSchema). `npm run openapi` writes it to docs/openapi.json (committed, so a
 * diff shows every change of the contract); the provider serves it at `GET openapi.json`, signed like
 * every call. tests/server/openapi.test.ts holds the document, the routes and the file together.
 */
import { Router } from 'express';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { ENDPOINTS, type Endpoint } from '#contract/endpoints';
import { ERROR_MEANING, errorsByStatus } from '#contract/error-codes';
import { WEBHOOK_SIGNATURE_HEADER } from '#contract/payments';
import { API_KEY_SCOPES } from '#contract/api-key-rules';
import { ERROR_STATUS, type ErrorCode } from '#contract/envelope';
import type { ProviderContext } from './context';
import { apiRouter } from './http/api-router';

/** Where the provider mounts API v2 (PROVIDER_MOUNT in app.ts; the test holds them equal). */
export const OPENAPI_SERVER_URL = '/api/v2';

function security(e: Endpoint): Record<string, string[]>[] {
  // the three headers of the gateway signature go together
  const SIGNED = { gatewaySignature: [], gatewayPlatform: [], gatewayTimestamp: [] };
  switch (e.auth) {
    case 'none':
      return [{ ...SIGNED }];
    case 'customer':
      return [{ ...SIGNED, customerSession: [] }];
    case 'merchant':
      return [{ ...SIGNED, merchantKey: e.scope ? [e.scope] : [] }];
    case 'webhook':
      return [{ paymentWebhookSignature: [] }];
    case 'staff':
    case 'owner':
      return [{ ...SIGNED, staffSession: [] }];
  }
}

/** `post` + `auth/otp/request` → `postAuthOtpRequest` */
export function operationId(e: Pick<Endpoint, 'method' | 'path'>): string {
  const words = e.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return e.method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

const ALL_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** Every error answer: the envelope with `error`; each response narrows `error.code` to its own codes. */
const errorEnvelope = z
  .object({
    status: z.number().int().meta({ description: "the HTTP status, always the code's (ERROR_STATUS)" }),
    message: z.string().meta({ description: 'a sentence for people' }),
    data: z.unknown().meta({ description: "null, or details of the refusal named in the code's meaning" }),
    error: z.object({
      code: z.enum(ALL_CODES).meta({ id: 'ErrorCode' }),
      fields: z.record(z.string(), z.string()).optional().meta({ description: 'each bad field and what is wrong with it' }),
    }),
  })
  .meta({ id: 'ErrorEnvelope' });

/** An answer's `status`: the one HTTP status, an integer as the envelope's (a plain literal renders as a number, which viewers flag as at odds with it). */
const statusIs = (status: number) => z.literal(status).meta({ type: 'integer' });

function errorAnswer(status: number, codes: ErrorCode[]) {
  return z.intersection(errorEnvelope, z.object({ status: statusIs(status), error: z.object({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]) }) }));
}

function successContent(e: Endpoint, status: number) {
  const a = e.answer;
  switch (a.kind) {
    case 'envelope':
      return {
        'application/json': {
          schema: z.object({
            status: statusIs(status),
            message: z.string().meta({ description: 'a sentence for people' }),
            data: a.data ?? z.null(),
          }),
        },
      };
    case 'html':
      return { 'text/html': { schema: z.string() } };
    case 'javascript':
      return { 'text/javascript': { schema: z.string() } };
    case 'css':
      return { 'text/css': { schema: z.string() } };
    case 'csv':
      return {
        'text/csv': {
          schema: z.string().meta({ description: 'RFC 4180, a header row first; a cell that starts with = + - @ is prefixed with an apostrophe' }),
        },
      };
    case 'image': {
      const image = { schema: z.string().meta({ contentMediaType: 'application/octet-stream', description: 'the image bytes' }) };
      return { 'image/png': image, 'image/jpeg': image, 'image/webp': image };
    }
    case 'manifest':
      return { 'application/manifest+json': { schema: a.data ?? z.looseObject({}) } };
    case 'pkpass':
      return {
        'application/vnd.apple.pkpass': {
          schema: z
            .string()
            .meta({ contentMediaType: 'application/octet-stream', description: 'a signed pass: a zip of pass.json, its images, manifest.json and signature' }),
        },
      };
    case 'json':
      return {
        'application/json': { schema: z.looseObject({}).meta({ description: "Apple Wallet's own JSON (not the envelope); a 204 or 304 has no body" }) },
      };
    case 'openapi':
      return {
        'application/json': {
          schema: z
            .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) })
            .meta({ description: 'an OpenAPI 3.1 document' }),
        },
      };
  }
}

function responses(e: Endpoint): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  for (const status of e.answer.statuses) {
    out[`${status}` as '200'] = { description: status === 404 ? 'The not-found page.' : e.answer.description, content: successContent(e, status) };
  }
  for (const [status, codes] of errorsByStatus(e)) {
    const key = `${status}` as '400';
    const lines = codes.map((c) => `- \`${c}\`: ${ERROR_MEANING[c]}`).join('\n');
    out[key] = {
      description: `${codes.join(', ')}\n\n${lines}`,
      ...(codes.includes('RATE_LIMITED') ? { headers: z.object({ 'retry-after': z.string().meta({ description: 'seconds to wait' }) }) } : {}),
      content: { 'application/json': { schema: errorAnswer(status, codes) } },
    };
  }
  return out;
}

function operation(e: Endpoint): ZodOpenApiOperationObject {
  const notes = [
    e.description,
    e.inContract ? null : 'An extension: not in CONTRACT.md section 3.',
    e.embeddedOnly ? "The embedded provider's own: an outside provider need not have it." : null,
  ];
  const description = notes.filter(Boolean).join('\n\n');
  return {
    operationId: operationId(e),
    tags: [e.tag],
    summary: e.summary,
    ...(description ? { description } : {}),
    security: security(e),
    ...(e.query || e.params ? { requestParams: { ...(e.query ? { query: e.query } : {}), ...(e.params ? { path: e.params } : {}) } } : {}),
    ...(e.body ? { requestBody: { required: true, content: { 'application/json': { schema: e.body } } } } : {}),
    responses: responses(e),
    'x-in-contract': e.inContract,
    ...(e.embeddedOnly ? { 'x-embedded-only': true } : {}),
    ...(e.idempotent ? { 'x-idempotent': true } : {}),
  };
}

const DESCRIPTION = `The provider's API v2: what a gateway calls, and what any provider must answer to serve the app.
Generated from the contract's zod schemas (src/contract/endpoints.ts); do not edit by hand: \`npm run openapi\`.

- Every call but the payment webhook carries the gateway signature: \`platform\`, \`timestamp\` (unix seconds,
  within 300 s of the provider's clock) and \`token-authorization\`, the lowercase hex SHA-256 of
  base + path + platform + timestamp + secret (base: the provider's API v2 base URL ending in \`/\`; path: the
  call's path under it, without the query, e.g. \`auth/otp/request\`). Missing or wrong: 401 \`BAD_SIGNATURE\`.
- This product's own provider also requires its gateway's HMAC over the whole call (an outside provider need
  not): \`x-call-nonce\` (16 random bytes, base64url) and \`x-call-signature\`, the lowercase hex
  HMAC-SHA256, keyed with HMAC-SHA256(secret, "gateway-call-v1"), of the lines \`v1\`, method, path with its
  query, platform, timestamp, nonce, \`x-forwarded-for\`, \`authorization\`, \`x-merchant-key\` (each as sent,
  or empty) and the hex SHA-256 of the body, joined by \`\\n\`; within 30 s of the provider's clock, and each
  nonce of a call that is not a GET accepted once. Missing or wrong: 401 \`BAD_SIGNATURE\`.
- Customer calls also carry \`authorization: Bearer <token>\` (from sign-in); merchant calls an API key in \`x-merchant-key\`
  (an owner's key from the console, with the scope the call names, or the configuration's \`MERCHANT_API_KEY\` while it is on);
  merchant console calls a staff session's \`authorization: Bearer <token>\` (owner calls: an owner's, else 403 \`ROLE_FORBIDDEN\`).
- Every answer is JSON \`{ "status", "message", "data" }\`; an error also carries
  \`"error": { "code", "fields"? }\`, each code always with the same HTTP status. Unknown path: 404 \`NOT_FOUND\`.
- Money is an integer of the currency's minor unit; times are ISO 8601, UTC.
- Calls marked \`x-idempotent\` take an \`idempotency_key\` (1-64 characters): a repeat with the same key and
  body returns the first answer and changes nothing; the same key with another body: 422
  \`IDEMPOTENCY_MISMATCH\`; while the first is running: 409 \`IDEMPOTENCY_IN_PROGRESS\`.
- \`x-in-contract: false\` marks this product's extensions of CONTRACT.md section 3; \`x-embedded-only\` the
  embedded provider's own pages.`;

/** The OpenAPI 3.1 document of API v2. */
export function buildOpenApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const e of ENDPOINTS) {
    const key = `/${e.path}`;
    paths[key] = { ...paths[key], [e.method]: operation(e) };
  }
  const tags = [...new Set(ENDPOINTS.map((e) => e.tag))].map((name) => ({ name }));
  return createDocument(
    {
      openapi: '3.1.0',
      info: { title: 'Loyalty provider API v2', version: '2', description: DESCRIPTION },
      servers: [{ url: OPENAPI_SERVER_URL, description: "the provider's API v2 base (an outside provider's is the gateway's PROVIDER_API_BASE)" }],
      tags,
      paths,
      components: {
        securitySchemes: {
          gatewaySignature: {
            type: 'apiKey',
            in: 'header',
            name: 'token-authorization',
            description: 'lowercase hex SHA-256 of base + path + platform + timestamp + secret',
          },
          gatewayPlatform: { type: 'apiKey', in: 'header', name: 'platform', description: 'the platform id the signature was made for' },
          gatewayTimestamp: { type: 'apiKey', in: 'header', name: 'timestamp', description: "unix seconds, within 300 s of the provider's clock" },
          gatewayCallSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'x-call-signature',
            description: "this product's provider only: the HMAC of the whole call (see the description), within 30 s",
          },
          gatewayCallNonce: {
            type: 'apiKey',
            in: 'header',
            name: 'x-call-nonce',
            description: "this product's provider only: the call's nonce, accepted once for calls that are not GETs",
          },
          customerSession: { type: 'http', scheme: 'bearer', description: 'the session token a sign-in answered' },
          merchantKey: {
            type: 'apiKey',
            in: 'header',
            name: 'x-merchant-key',
            description: `an API key: an owner's key from the console (Integrations → API keys), allowed the scope each call names (${API_KEY_SCOPES.join(', ')}), or the configuration's merchant key (every scope, until an owner turns it off)`,
          },
          staffSession: {
            type: 'http',
            scheme: 'bearer',
            description: "a merchant console session token (merchant/auth/login, setup, accept-invite); owner calls need an owner's",
          },
          paymentWebhookSignature: {
            type: 'apiKey',
            in: 'header',
            name: WEBHOOK_SIGNATURE_HEADER,
            description: 'the payment gateway\'s signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook secret>`',
          },
        },
      },
      'x-error-status': ERROR_STATUS,
    },
    {
      // answers are open: a client reads the fields it knows and ignores others, so a provider may add
      // one without breaking it (zod renders a plain object's output as closed, since parsing strips)
      override: ({ jsonSchema, io }) => {
        if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
        // z.number().int() says "a safe integer" in bounds no reader needs
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      },
    },
  );
}

/** The document as docs/openapi.json holds it. */
export function openApiJson(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

let built: string | undefined;

/** `GET openapi.json`: the document, built on the first call and kept. */
export function openapiRoutes(_ctx: ProviderContext): Router {
  const r = apiRouter();
  r.get('/openapi.json', (_req, res) => {
    built ??= openApiJson();
    res.set({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' });
    res.status(200).send(built);
  });
  return r;
}
