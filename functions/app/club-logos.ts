import { Invalid, NotFound, UnsupportedMediaType } from '../runtime/errors';
import { clubLogoStore, type StoredLogo } from '../adapters/club-logos';
import { entities } from '../store/entities';
import { forgetClubBadge } from './club-badge';

/** The media types a club logo may have. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
/** At most 200 KB (docs/decisions.md, Club logo). */
export const MAX_LOGO_BYTES = 200 * 1024;

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0): boolean => sig.every((b, i) => bytes[at + i] === b);

/** The image type the bytes are by their magic numbers, whatever the request said; undefined for anything else. */
export function sniffLogoType(bytes: Uint8Array): LogoType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF <size> WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/**
 * Stores the club's logo once its bytes are what its Content-Type says: an image of another accepted type is
 * 415 LOGO_TYPE (the label is wrong), bytes that are no such image 422 LOGO_NOT_IMAGE.
 */
export async function uploadClubLogo(clubId: string, logo: { bytes: Uint8Array; contentType: string }): Promise<{ etag: string }> {
  const actual = sniffLogoType(logo.bytes);
  if (!actual) throw new Invalid('LOGO_NOT_IMAGE', `The body is not a ${LOGO_TYPES.join(', ')} image`);
  if (actual !== logo.contentType) throw new UnsupportedMediaType('LOGO_TYPE', `The body is ${actual}, not ${logo.contentType}`);
  const stored = await clubLogoStore().put(clubId, { bytes: logo.bytes, contentType: actual });
  // The bytes first: a screen that reads the new version from the club finds them. Not updatedAt, which
  // guards the profile's edits, not the logo.
  await entities()
    .club.patch({ clubId })
    .set({ logo: { etag: stored.etag, contentType: actual } })
    .go({ response: 'none' });
  forgetClubBadge(clubId);
  return stored;
}

export async function readClubLogo(clubId: string): Promise<StoredLogo> {
  const logo = await clubLogoStore().get(clubId);
  if (!logo) throw new NotFound('LOGO_NOT_FOUND', 'The club has no logo');
  return logo;
}

/** Removes the logo: from the club first, so that no screen asks for bytes that are gone. */
export async function removeClubLogo(clubId: string): Promise<void> {
  await entities().club.patch({ clubId }).remove(['logo']).go({ response: 'none' });
  forgetClubBadge(clubId);
  await clubLogoStore().delete(clubId);
}
