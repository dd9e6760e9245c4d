import { describe, expect, it } from 'vitest';
import { makeItem } from '../../../test/fixtures.js';
import { clusterName, escapeHtml, hasPosition, markerName, sellerFirstName } from './map-labels.js';

describe('map labels', () => {
  it('names markers by exchange type and title, the way the legend reads', () => {
    expect(markerName(makeItem({ exchangeType: 'free', title: 'Train' }))).toBe('Free item: Train');
    expect(markerName(makeItem({ exchangeType: 'swap', title: 'Train' }))).toBe('Swap item: Train');
    expect(markerName(makeItem({ exchangeType: 'sell', price: '12.50', title: 'Train' }))).toBe(
      'Item for sale, $13: Train',
    );
    expect(clusterName(5, false)).toBe('Group of 5 items. Zoom in');
    expect(clusterName(3, true)).toBe('3 items at this spot');
  });

  it("says 'Listed by' the seller's first name, or Anonymous", () => {
    expect(sellerFirstName(makeItem())).toBe('Maya');
    expect(sellerFirstName(makeItem({ user: { ...makeItem().user, firstName: '  ' } }))).toBe('Anonymous');
  });

  it('escapes what parents typed before it goes into marker HTML', () => {
    expect(escapeHtml(`<img src=x onerror="alert('x')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;',
    );
  });

  it('places only items with both coordinates', () => {
    expect(hasPosition(makeItem({ latitude: 1, longitude: 2 }))).toBe(true);
    expect(hasPosition(makeItem({ latitude: null, longitude: null }))).toBe(false);
  });
});
