import { test, expect } from '@playwright/test';
import { DssError } from '../errors.ts';
import { PaymentPointDirectory, type PaymentPointInfo, type PaymentPointQuery } from './directory.ts';
import { seedPaymentPoints } from './seed.ts';

const directory = new PaymentPointDirectory();
const names = (query: PaymentPointQuery, from = directory): string[] =>
  from.list(query).map((point) => point.payment_point_identification);
/** City of each result that has a street address (areas have none), in result order. */
const cities = (query: PaymentPointQuery): string[] =>
  directory.list(query).flatMap((point) => (point.payment_point_address ?? []).map((address) => address.city_name));

const NAIROBI_CBD = 'cd305228-9064-491b-a337-774f1eb070e6';
const LIBERTY_REMIT = ['Liberty Remit Fifth Avenue', 'Liberty Remit Calle Ocho'];

type Address = NonNullable<PaymentPointInfo['payment_point_address']>[number];

/** A minimal point for directories built in a test; `at` null gives it no coordinates. */
function point(
  name: string,
  at: [number, number] | null,
  addresses: Pick<Address, 'city_name' | 'postal_code'>[] = [],
): PaymentPointInfo {
  return {
    institution_identifications: ['Test Bank'],
    institution_phone_number: '0301234567',
    institution_website_url: 'https://bank.example',
    payment_point_address: addresses.map((address) => ({
      street_name: 'Teststraße',
      bin_or_building_number: '1',
      region_name: 'Test',
      country_code: 'DE',
      ...address,
    })),
    payment_point_business_hours: [{ open_time: '09:00', close_time: '17:00', work_days: ['Monday'] }],
    payment_point_child_uuids: [],
    payment_point_currency: ['EUR'],
    payment_point_geo_coordinates:
      at === null ? [] : [{ geo_type: 'point', geo_coordinates: [{ latitude: at[0], longitude: at[1] }] }],
    payment_point_identification: name,
    payment_point_logo_url: 'https://bank.example/logo.png',
    payment_point_methods: [
      {
        method_identification: 'cashout-branch',
        payment_point_terms: [{ service_title: 'Cash', service_description: 'Cash at the counter.' }],
      },
    ],
    payment_point_parent_uuids: [],
    payment_point_type: 'Bank',
  };
}

test.describe('payment point filters', () => {
  test('no filter lists the whole directory in directory order', () => {
    expect(names({})).toEqual(seedPaymentPoints.map((entry) => entry.payment_point_identification));
  });

  test('an empty value is no filter', () => {
    expect(directory.list({ city_name: '', point_type: '', geo_coordinates: '', address_filter: '' })).toHaveLength(
      seedPaymentPoints.length,
    );
  });

  test('single-valued fields match exactly, ignoring case', () => {
    expect(names({ uuid: '8596FE37-A349-462E-AC89-5555427BD4CF' })).toEqual([
      'Spree Handelsbank Filiale Friedrichstraße',
    ]);
    expect(names({ uuid: '8596fe37-a349-462e-ac89-5555427bd4c' })).toEqual([]);
    // Full case folding: ß is SS in upper case.
    expect(names({ identification: 'KIEZ KASSE ORANIENSTRASSE' })).toEqual(['Kiez Kasse Oranienstraße']);
    expect(names({ identification: 'Kiez Kasse' })).toEqual([]);
    expect(names({ phone_number: '2125550163' })).toEqual(LIBERTY_REMIT);
    expect(names({ website_url: 'HTTPS://WWW.LIBERTYREMIT.EXAMPLE' })).toEqual(LIBERTY_REMIT);
    expect(names({ logo_url: 'https://www.libertyremit.example/logo.png' })).toEqual(LIBERTY_REMIT);
  });

  test('point_type takes the spec’s four values in any case', () => {
    expect(names({ point_type: 'mobile operator' })).toEqual([
      'Funkwelle Shop Kurfürstendamm',
      'Lion City Telecom Orchard Road',
      'Nairobi City County payout area',
      'Nairobi Central Business District payout area',
      'Savanna Mobile Money Moi Avenue agent',
      'Savanna Mobile Money Westlands agent',
      'Tsubame Mobile Jingumae',
    ]);
    expect(
      directory
        .list({ point_type: 'Non-bank Financial Company' })
        .every((entry) => entry.payment_point_type === 'Non-bank Financial Company'),
    ).toBe(true);
    expect(directory.list({ point_type: 'Bank' })).toHaveLength(11);
  });

  test('list fields match when any element matches', () => {
    const usd = directory.list({ currency_code: 'usd' });
    expect(usd.every((entry) => entry.payment_point_currency.includes('USD'))).toBe(true);
    expect(usd.map((entry) => entry.payment_point_identification)).toContain(
      'Spree Handelsbank Filiale Friedrichstraße',
    ); // EUR and USD
    expect(usd.map((entry) => entry.payment_point_identification)).not.toContain(
      'Spree Handelsbank Filiale Alexanderplatz',
    ); // EUR only
    expect(usd).toHaveLength(19);

    expect(names({ institution_identifications: 'harambee remit ltd' })).toEqual([
      'Nairobi City County payout area',
      'Harambee Remit Eastleigh',
      'Harambee Remit Mombasa',
    ]);
    expect(names({ method_identification: 'CASHOUT-DELIVERY' })).toEqual([
      'Isar Finanz Leopoldstraße',
      'Greater London payout area',
      'Pennine Remit Brixton',
      'New York City payout area',
      'Liberty Remit Fifth Avenue',
      'Singapore payout area',
      'Straits Remittance Jurong East',
      'Carioca Câmbio Avenida Rio Branco',
      'Nairobi City County payout area',
      'Harambee Remit Eastleigh',
    ]);
    expect(names({ point_parent_uuid: NAIROBI_CBD })).toEqual([
      'Rift Valley Commercial Bank Kenyatta Avenue',
      'Savanna Mobile Money Moi Avenue agent',
    ]);
    expect(names({ point_child_uuid: NAIROBI_CBD.toUpperCase() })).toEqual(['Nairobi City County payout area']);
  });

  test('address filters match a field of the point’s address exactly, ignoring case', () => {
    expect(names({ city_name: 'münchen' })).toEqual(['Isar Finanz Marienplatz', 'Isar Finanz Leopoldstraße']);
    expect(names({ city_name: 'Munchen' })).toEqual([]); // case-insensitive, not accent-insensitive
    expect(names({ city_name: 'Münch' })).toEqual([]);
    expect(names({ region_name: 'TOKYO' })).toEqual([
      'Kanda Trust Bank Marunouchi',
      'Edo Remittance Nishi-Shinjuku',
      'Tsubame Mobile Jingumae',
      'Konbini Cash Ueno',
    ]);
    expect(names({ street_name: 'moi avenue' })).toEqual([
      'Savanna Mobile Money Moi Avenue agent',
      'Harambee Remit Mombasa',
    ]);
    expect(names({ postal_code: 'ec2v 6dt' })).toEqual(['Thames Mercantile Bank Cheapside']);
    // Areas have no street address, so an address filter never returns one.
    expect(names({ country_code: 'ke' })).toEqual([
      'Rift Valley Commercial Bank Kenyatta Avenue',
      'Savanna Mobile Money Moi Avenue agent',
      'Harambee Remit Eastleigh',
      'Savanna Mobile Money Westlands agent',
      'Harambee Remit Mombasa',
    ]);
  });

  test('all given filters must hold', () => {
    expect(names({ street_name: 'Moi Avenue', city_name: 'Mombasa' })).toEqual(['Harambee Remit Mombasa']);
    expect(names({ country_code: 'DE', point_type: 'bank' })).toEqual([
      'Spree Handelsbank Filiale Friedrichstraße',
      'Spree Handelsbank Filiale Alexanderplatz',
    ]);
    expect(names({ country_code: 'DE', point_type: 'bank', currency_code: 'USD' })).toEqual([
      'Spree Handelsbank Filiale Friedrichstraße',
    ]);
    expect(names({ city_name: 'Berlin', currency_code: 'JPY' })).toEqual([]);
  });

  test('address filters must hold on one and the same address', () => {
    const twoAddresses = new PaymentPointDirectory([
      point(
        'two addresses',
        [52.5, 13.4],
        [
          { city_name: 'Berlin', postal_code: '10117' },
          { city_name: 'München', postal_code: '80331' },
        ],
      ),
    ]);
    expect(names({ city_name: 'Berlin', postal_code: '10117' }, twoAddresses)).toEqual(['two addresses']);
    expect(names({ city_name: 'München', postal_code: '80331' }, twoAddresses)).toEqual(['two addresses']);
    expect(names({ city_name: 'Berlin', postal_code: '80331' }, twoAddresses)).toEqual([]);
  });

  test('values outside the spec’s closed sets are a 400, even when nothing would match', () => {
    expect(() => directory.list({ point_type: 'Bank branch' })).toThrow(/^PAYMENT-POINT-BAD-FILTER:/);
    expect(() => directory.list({ method_identification: 'cashout' })).toThrow(/^PAYMENT-POINT-BAD-FILTER:/);
    expect(() => directory.list({ method_identification: 'cash-pickup', city_name: 'Atlantis' })).toThrow(
      /^PAYMENT-POINT-BAD-FILTER:/,
    );
    const thrown = (() => {
      try {
        directory.list({ point_type: 'Bnak' });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(DssError);
    expect((thrown as DssError).status).toBe(400);
  });

  test('results are frozen: changing them throws, and the directory stays as it was', () => {
    const uuid = '8596fe37-a349-462e-ac89-5555427bd4cf';
    const before = structuredClone(directory.list({ uuid }));
    expect(before).toHaveLength(1);
    for (const entry of directory.list({ uuid })) {
      expect(() => Object.assign(entry, { payment_point_identification: 'changed' })).toThrow(TypeError);
      expect(() => entry.payment_point_currency.push('JPY')).toThrow(TypeError);
      for (const method of entry.payment_point_methods) {
        for (const terms of method.payment_point_terms)
          expect(() => Object.assign(terms, { service_title: 'changed' })).toThrow(TypeError);
      }
    }
    expect(directory.list({ uuid })).toEqual(before);
    expect(names({ currency_code: 'JPY', country_code: 'DE' })).toEqual([]);
  });
});

test.describe('payment point JSON text', () => {
  test('jsonOf writes exactly what JSON.stringify writes of what list() answered, in its order', () => {
    const queries: PaymentPointQuery[] = [
      {},
      { country_code: 'DE' },
      { currency_code: 'usd' },
      { uuid: '00000000-0000-4000-8000-000000000000' },
      { geo_coordinates: '48.8566,2.3522' },
      { address_filter: 'Cheapside, London', point_type: 'bank' },
    ];
    for (const query of queries) {
      const points = directory.list(query);
      expect(directory.jsonOf(points), JSON.stringify(query)).toBe(JSON.stringify(points));
    }
    expect(JSON.parse(directory.jsonOf(directory.list({ country_code: 'DE' })))).toEqual(
      directory.list({ country_code: 'DE' }),
    );
  });

  test('jsonOf refuses a point that is not the directory’s own (a copy could differ from the text kept)', () => {
    const copy = { ...directory.list({})[0]!, payment_point_identification: 'changed' };
    expect(() => directory.jsonOf([copy])).toThrow(/directory’s own points/);
    expect(() => new PaymentPointDirectory([point('Elsewhere', null)]).jsonOf(directory.list({}).slice(0, 1))).toThrow(
      /directory’s own points/,
    );
  });
});

test.describe('payment point sorting by distance', () => {
  test('geo_coordinates sorts nearest first: from Paris, London before Manchester before Munich before Berlin', () => {
    const order = [...new Set(cities({ geo_coordinates: '48.8566,2.3522' }))];
    expect(order.slice(0, 4)).toEqual(['London', 'Manchester', 'München', 'Berlin']);
    // Sorting never filters.
    expect(directory.list({ geo_coordinates: '48.8566,2.3522' })).toHaveLength(seedPaymentPoints.length);
  });

  test('geo_coordinates sorts within a city and combines with filters', () => {
    // Standing at Shinjuku station.
    expect(names({ geo_coordinates: '35.6896,139.7006', region_name: 'Tokyo' })).toEqual([
      'Edo Remittance Nishi-Shinjuku',
      'Tsubame Mobile Jingumae',
      'Kanda Trust Bank Marunouchi',
      'Konbini Cash Ueno',
    ]);
    // Standing in Mombasa, the Kenyan points come from the coast inland.
    expect(cities({ geo_coordinates: '-4.05,39.66', country_code: 'KE' })[0]).toBe('Mombasa');
  });

  test('an area is as near as its nearest corner', () => {
    // Just outside the Nairobi CBD box's north-east corner: the box is nearer than any point in it.
    expect(names({ geo_coordinates: '-1.2789,36.8301' })[0]).toBe('Nairobi Central Business District payout area');
  });

  test('equally distant points keep directory order; points without coordinates come last', () => {
    const tied = new PaymentPointDirectory([
      point('nowhere', null),
      point('far', [10, 10]),
      point('first at origin', [0, 0]),
      point('second at origin', [0, 0]),
      point('also nowhere', null),
      point('third at origin', [0, 0]),
    ]);
    expect(names({ geo_coordinates: '0,0' }, tied)).toEqual([
      'first at origin',
      'second at origin',
      'third at origin',
      'far',
      'nowhere',
      'also nowhere',
    ]);
  });

  test('geo_coordinates that are not "lat,lon" within range are a 400', () => {
    for (const text of ['52.52', '52.52,13.4,1', 'north,east', '91,0', '0,181', '1e1,2']) {
      expect(() => directory.list({ geo_coordinates: text }), text).toThrow(/^PAYMENT-POINT-BAD-COORDINATES:/);
    }
  });
});

test.describe('address_filter', () => {
  test('resolves a written address to its point and sorts from there', () => {
    expect(names({ address_filter: 'Friedrichstraße 76, 10117 Berlin' })[0]).toBe(
      'Spree Handelsbank Filiale Friedrichstraße',
    );
    expect(names({ address_filter: 'friedrichstrasse 76 berlin' })[0]).toBe(
      'Spree Handelsbank Filiale Friedrichstraße',
    );
    // Accents are optional in the text.
    expect(names({ address_filter: 'Avenida Paulista 1374, Sao Paulo' })[0]).toBe(
      'Banco Tietê Mercantil Agência Paulista',
    );
    expect(cities({ address_filter: 'Avenida Paulista 1374, Sao Paulo' }).slice(0, 5)).toEqual([
      'São Paulo',
      'São Paulo',
      'São Paulo',
      'Rio de Janeiro',
      'Rio de Janeiro',
    ]);
    expect(names({ address_filter: '82-10 Roosevelt Avenue, Jackson Heights, NY 11372' })[0]).toBe(
      'Bodega Express Roosevelt Avenue',
    );
  });

  test('the best-matching address wins; ties go to directory order', () => {
    // "Moi Avenue" is a street in Nairobi and in Mombasa; the city decides.
    expect(names({ address_filter: 'Moi Avenue, Mombasa' })[0]).toBe('Harambee Remit Mombasa');
    expect(names({ address_filter: 'Moi Avenue' })[0]).toBe('Savanna Mobile Money Moi Avenue agent');
    // A postal code alone locates the place.
    expect(names({ address_filter: '530-0001' })[0]).toBe('Edo Remittance Umeda');
  });

  test('sorts without filtering, and combines with filters', () => {
    expect(directory.list({ address_filter: 'Cheapside, London' })).toHaveLength(seedPaymentPoints.length);
    expect(names({ address_filter: 'Cheapside, London', point_type: 'Bank', country_code: 'GB' })).toEqual([
      'Thames Mercantile Bank Cheapside',
      'Thames Mercantile Bank Oxford Street',
    ]);
    expect(names({ address_filter: 'Oxford Street, London', point_type: 'Bank', country_code: 'GB' })).toEqual([
      'Thames Mercantile Bank Oxford Street',
      'Thames Mercantile Bank Cheapside',
    ]);
  });

  test('geo_coordinates wins over address_filter', () => {
    expect(names({ address_filter: 'Mombasa', geo_coordinates: '35.6896,139.7006' })[0]).toBe(
      'Edo Remittance Nishi-Shinjuku',
    );
  });

  test('matches whole words only and never reads the text as a pattern', () => {
    expect(() => directory.list({ address_filter: '101170' })).toThrow(/^PAYMENT-POINT-ADDRESS-UNKNOWN:/);
    expect(() => directory.list({ address_filter: 'Friedrich' })).toThrow(/^PAYMENT-POINT-ADDRESS-UNKNOWN:/);
    expect(() => directory.list({ address_filter: '.*' })).toThrow(/^PAYMENT-POINT-ADDRESS-UNKNOWN:/);
    expect(names({ address_filter: 'Broadway (.*[' })[0]).toBe('Hudson Harbor Bank Broadway');
  });

  test('an address the directory does not know is a 400', () => {
    expect(() => directory.list({ address_filter: 'Rue de Rivoli 1, 75001 Paris' })).toThrow(
      /^PAYMENT-POINT-ADDRESS-UNKNOWN:/,
    );
    expect(() => directory.list({ address_filter: '   ' })).toThrow(/^PAYMENT-POINT-ADDRESS-UNKNOWN:/);
  });
});
