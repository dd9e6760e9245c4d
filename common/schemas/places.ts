import { z } from 'zod';

/** A place from the gazetteer: a town centre or ZIP code centroid, never a home. */
export const placeSchema = z.object({
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  city: z.string(),
  zipCode: z.string().nullable(),
});
export type Place = z.infer<typeof placeSchema>;

/** GET /api/places/mine: the place of the parent's profile address, or null when it has none the gazetteer knows. */
export const myPlaceSchema = z.object({ place: placeSchema.nullable() });
export type MyPlace = z.infer<typeof myPlaceSchema>;
