/**
 * Which item is picked on the Browse map, and where the pick came from: a pick in the list pans
 * the map to the marker, a pick on the map scrolls the list to the entry. `seq` tells two picks
 * of the same item apart, so choosing it again pans again.
 */
export type MapSelection = { id: number; source: 'list' | 'map'; seq: number };
