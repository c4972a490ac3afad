import { z } from 'zod';

/**
 * The maps (issue 39): where tiles come from, and the landmarks of "Near a place".
 */

export const landmarkKinds = ['university', 'hospital', 'business', 'transport'] as const;

export const landmarkSchema = z.object({
  name: z.string(),
  kind: z.enum(landmarkKinds),
  latitude: z.number(),
  longitude: z.number(),
});
export type Landmark = z.infer<typeof landmarkSchema>;

/** GET /api/places?city=Accra */
export const landmarksQuerySchema = z.object({
  city: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(100, { error: 'tooLong' }),
});
export const landmarksSchema = z.object({ places: z.array(landmarkSchema) });

/**
 * GET /api/map: the map's tiles as the server is configured. `styleUrl`: a MapLibre style
 * (MAP_STYLE_URL), or null when `pmtilesUrl`, a PMTiles file this server serves (MAP_PMTILES),
 * is the basemap. The attribution is shown on every map.
 */
export const mapSourceSchema = z.object({
  styleUrl: z.string().nullable(),
  pmtilesUrl: z.string().nullable(),
  attribution: z.string(),
});
export type MapSource = z.infer<typeof mapSourceSchema>;
