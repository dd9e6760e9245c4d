import { z } from 'zod';

/** PRODUCT §3 safe_locations: a public place suited to a hand-over, as the safety guide lists it. */
export const safeLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  zipCode: z.string().nullable(),
  locationType: z.string(),
  isVerified: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  hours: z.string().nullable(),
  specialFeatures: z.array(z.string()),
});
export type SafeLocation = z.infer<typeof safeLocationSchema>;

/** PRODUCT §2 safety guide's kinds of meeting places, as shown to people. */
export const SAFE_LOCATION_TYPE_LABELS: Record<string, string> = {
  police_station: 'Police station',
  library: 'Library',
  community_center: 'Community center',
  shopping_center: 'Shopping center',
};
