import { ClubIdParams } from '../../schemas/common';
import { ClubLogo, ClubLogoQuery } from '../../schemas/club-logos';
import { noneMatch } from '../platform/conditional';
import { defineRoute, type RouteRequest } from '../platform/route';
import { FLOOR, club } from '../platform/authorization';
import { LOGO_TYPES, MAX_LOGO_BYTES, readClubLogo, removeClubLogo, uploadClubLogo } from '../app/club-logos';

const TAGS = ['Clubs'];
/** Screens check for a new logo within a minute, and revalidate with If-None-Match after that. */
const LOGO_CACHE = 'public, max-age=60';
const quoted = (etag: string) => `"${etag}"`;

export const putClubLogoRoute = /* @__PURE__ */ defineRoute({
  operationId: 'putClubLogo',
  access: /* @__PURE__ */ club(FLOOR),
  method: 'PUT',
  path: '/v1/clubs/{clubId}/logo',
  summary: "Upload the club's logo (PNG, JPEG or WebP, at most 200 KB, checked by its magic bytes) for its screens",
  tags: TAGS,
  params: ClubIdParams,
  binaryBody: { mediaTypes: LOGO_TYPES, maxBytes: MAX_LOGO_BYTES, codes: { type: 'LOGO_TYPE', tooLarge: 'LOGO_TOO_LARGE' } },
  etag: true,
  responses: { 200: { description: 'The stored logo', schema: ClubLogo } },
  problems: [422],
  handle: async (req) => {
    const upload = req.bytes as NonNullable<RouteRequest<unknown, unknown, unknown>['bytes']>;
    const { etag } = await uploadClubLogo(req.params.clubId, upload);
    return {
      status: 200,
      body: { contentType: upload.contentType, bytes: upload.bytes.length },
      headers: { etag: quoted(etag) },
    };
  },
});

export const getClubLogoRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getClubLogo',
  // Screens load it without a token: an image the club shows on its TVs is no secret.
  access: { kind: 'public' },
  method: 'GET',
  head: true,
  ignoresBody: true,
  path: '/v1/clubs/{clubId}/logo',
  summary: "The club's logo, as its screens show it (no token)",
  tags: TAGS,
  params: ClubIdParams,
  query: ClubLogoQuery,
  etag: true,
  responses: {
    200: { description: 'The logo', contentType: 'image/png', alsoAs: ['image/jpeg', 'image/webp'] },
    304: { description: 'Not modified: If-None-Match names the current version' },
  },
  handle: async (req) => {
    const logo = await readClubLogo(req.params.clubId);
    const headers = { etag: quoted(logo.etag), 'cache-control': LOGO_CACHE };
    if (noneMatch(req.headers['if-none-match'], quoted(logo.etag))) return { status: 304, headers, raw: true, body: '' };
    return {
      status: 200,
      raw: true,
      body: logo.bytes,
      headers: { ...headers, 'content-type': logo.contentType, 'x-content-type-options': 'nosniff' },
    };
  },
});

export const deleteClubLogoRoute = /* @__PURE__ */ defineRoute({
  operationId: 'deleteClubLogo',
  access: /* @__PURE__ */ club(FLOOR),
  method: 'DELETE',
  path: '/v1/clubs/{clubId}/logo',
  summary: "Remove the club's logo; its screens show none",
  tags: TAGS,
  params: ClubIdParams,
  ignoresBody: true,
  responses: { 204: { description: 'Removed (or there was none)' } },
  handle: async (req) => {
    await removeClubLogo(req.params.clubId);
    return { status: 204 };
  },
});

export const clubLogoRoutes = [putClubLogoRoute, getClubLogoRoute, deleteClubLogoRoute];
