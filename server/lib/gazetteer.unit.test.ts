import { describe, expect, it } from 'vitest';
import { createGazetteer } from './gazetteer.js';

const gazetteer = createGazetteer();

describe('gazetteer', () => {
  it('turns a US ZIP code into its town and coordinates', () => {
    const [place] = gazetteer.search('10010');
    expect(place).toMatchObject({ label: 'New York, NY 10010', city: 'New York', zipCode: '10010' });
    expect(place?.latitude).toBeCloseTo(40.74, 1);
  });

  it('finds the most populous town of a name first, narrowed by state or country', () => {
    expect(gazetteer.search('Austin')[0]?.label).toBe('Austin, TX');
    expect(gazetteer.search('Paris')[0]?.label).toBe('Paris, France');
    expect(gazetteer.search('Paris, TX')[0]?.label).toBe('Paris, TX');
    expect(gazetteer.search('springf').every((place) => place.city.startsWith('Springf'))).toBe(true);
  });

  it('ignores accents and case', () => {
    expect(gazetteer.search('montreal')[0]?.city).toBe('Montréal');
  });

  it('locates a profile address by ZIP, else by city and state', () => {
    expect(gazetteer.locate({ zipCode: '78701', city: 'Austin' })?.zipCode).toBe('78701');
    expect(gazetteer.locate({ city: 'Portland', state: 'Maine' })?.label).toBe('Portland, ME');
    expect(gazetteer.locate({ city: 'Nowhereville-on-Sea' })).toBeUndefined();
  });
});
